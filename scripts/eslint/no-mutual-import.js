// A local ESLint rule: no file imports a file that imports it back, type-only imports included
// (decision 0027). eslint-plugin-import-x's no-cycle finds longer cycles but skips type imports, and a
// pair of files that know each other's types is still a cycle. Only relative imports are followed.
import fs from 'node:fs';
import path from 'node:path';

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The file a relative specifier names: TypeScript sources are imported by their .js name. */
const resolve = (fromFile, specifier) => {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.js`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
};

const importsOf = new Map();
/** The files a file imports, read once per lint run. */
const relativeImports = (file) => {
  let found = importsOf.get(file);
  if (!found) {
    found = new Set();
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? match[2]);
      if (target) found.add(target);
    }
    importsOf.set(file, found);
  }
  return found;
};

export const noMutualImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid importing a file that imports this one back (type imports included).' },
    messages: { mutual: "'{{target}}' imports this file back: the two form a cycle." },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      if (target && target !== file && relativeImports(target).has(file))
        context.report({ node, messageId: 'mutual', data: { target: specifier } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const localRules = { rules: { 'no-mutual-import': noMutualImport } };
