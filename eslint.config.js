import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { localRules } from './scripts/eslint/no-mutual-import.js';
import tseslint from 'typescript-eslint';

/**
 * No AsyncLocalStorage or async hook in the server (decision 0077): the first one used turns on V8's
 * promise hooks for the whole process, and every promise of every request pays for them. What must
 * follow a piece of work (a write's after-commit scope) goes with the handle it runs on.
 */
const noAsyncHooks = ['node:async_hooks', 'async_hooks'].map((name) => ({
  name,
  message: 'No AsyncLocalStorage or async hooks in the server: pass the handle instead (decision 0077).',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The import graph is one-way (decision 0027): no file imports a file that imports it back, type
    // imports included (the local rule), and no longer cycle of value imports (import-x's no-cycle).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX, local: localRules },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/contracts/tsconfig.json', 'apps/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-mutual-import': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: noAsyncHooks }] },
  },
  {
    // The platform layer and the contracts sit below the modules: they never import them.
    files: ['apps/server/src/platform/**/*.ts', 'packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noAsyncHooks,
          patterns: [
            {
              group: ['**/modules/**', '**/demo/**'],
              message: 'platform/ and packages/contracts sit below the modules (decision 0027).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON answers and assert on their shape.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Only the config module reads the environment (STYLE.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/platform/config.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through platform/config.ts.' },
      ],
    },
  },
);
