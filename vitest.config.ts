import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { bootMessages, languageParts } from './apps/web/build/boot-messages';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Tests import the contracts' TypeScript source, so no build is needed before a test run. */
const alias = [
  {
    find: /^@jade\/contracts\/(.*)$/,
    replacement: `${path.join(root, 'packages/contracts/src')}/$1.ts`,
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/studio/src/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          // One migrated, seeded database that every test server copies (apps/server/src/test).
          globalSetup: [path.join(root, 'apps/server/src/test/template-database.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share their worker's modules instead of importing the whole server again each
          // (the import was a third of the API pass). Each file still starts its own server on its
          // own database copy; a test helper that counts keeps one count per file (funded-member.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        plugins: [bootMessages(), languageParts()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // CI's two cores run the API and web passes side by side: a render that takes 100 ms alone
          // can take seconds there, so a test and its findBy waits get room (a passing test waits no longer).
          testTimeout: 20_000,
          setupFiles: [path.join(root, 'apps/web/src/testing/setup.ts')],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          // One migrated, seeded database that every file's server starts from.
          globalSetup: [path.join(root, 'e2e/support/global-setup.ts')],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each with its own server and Chromium: much of a browser test waits
          // (for a draw, a page, a poll), so two share a 2-core machine well and the suite takes
          // about two thirds of the time of one at a time. E2E_WORKERS=1 runs them one by one.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
    ],
  },
});
