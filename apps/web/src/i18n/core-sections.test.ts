import { describe, expect, it } from 'vitest';
import bootMessages from 'virtual:boot-messages';
import type en from './en.json';

// The app's source as text, and English split the way the build splits it (build/boot-messages.ts).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const parts = {
  core: import.meta.glob<Partial<typeof en>>('./en.json', {
    query: '?part=core',
    import: 'default',
    eager: true,
  }),
  late: import.meta.glob<Partial<typeof en>>('./en.json', {
    query: '?part=late',
    import: 'default',
    eager: true,
  }),
};
const core = Object.values(parts.core)[0] ?? {};
const coreSections = Object.keys(core);
const lateSections = Object.keys(Object.values(parts.late)[0] ?? {});
const sections = [...new Set([...coreSections, ...lateSections])];
/** Sections split at key level (build/boot-messages.ts, CORE_KEYS): in both parts. */
const splitSections = coreSections.filter((section) => lateSections.includes(section));

type Tree = { [key: string]: string | Tree };
const leavesOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leavesOf(value, `${prefix}${key}.`),
  );
/** A key a module names covers a message: the message itself, what is under it, or (`label.`) under a prefix. */
const covers = (named: string, leaf: string) =>
  named.endsWith('.') ? leaf.startsWith(named) : leaf === named || leaf.startsWith(`${named}.`);

/** Resolves a relative import of `from` to a key of `sources`, or undefined for a package or a non-source file. */
const resolve = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) =>
    Object.hasOwn(sources, file),
  );
};
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;
// An import wrapped in withLateStrings or given to routes.tsx's latePage (group 1), or a loader's
// body (group 2: its name).
const DYNAMIC_IMPORT =
  /(withLateStrings\(\s*|latePage\(\s*\(\)\s*=>\s*)?(?:const (\w+) = \(\) => )?import\(\s*'([^']+)'\s*\)/g;
/** A loader (`const live = () => import(…)`) that is only ever passed to routes.tsx's latePage. */
const onlyLatePages = (source: string, name: string) => {
  const text = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const passed = text.match(new RegExp(`[(,]\\s*${name}\\b`, 'g'))?.length ?? 0;
  const toLatePage = text.match(new RegExp(`latePage\\(\\s*${name}\\b`, 'g'))?.length ?? 0;
  return passed > 0 && toLatePage === passed;
};

/** The modules a set of modules imports statically, themselves included: what loads with them. */
const staticClosure = (roots: string[]): Set<string> => {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of (sources[file] ?? '').matchAll(STATIC_IMPORT)) {
      const target = resolve(file, match[1] ?? match[2] ?? '');
      if (target) stack.push(target);
    }
  }
  return seen;
};
/** The message sections a module's text names ('nav.home', `download.apps.${type}.short`). */
const sectionsUsed = (files: Iterable<string>): Set<string> => {
  const used = new Set<string>();
  for (const file of files)
    for (const section of sections)
      if (new RegExp(`['"\`]${section}\\.`).test(sources[file] ?? '')) used.add(section);
  return used;
};

/** The keys of a section a module's text names ('accounts.login.title' → login.title; `…label.${x}` → label.). */
const keysUsed = (files: Iterable<string>, section: string): Set<string> => {
  const used = new Set<string>();
  for (const file of files)
    for (const match of (sources[file] ?? '').matchAll(new RegExp(`['"\`]${section}\\.([\\w.]+)`, 'g')))
      used.add(match[1]!);
  return used;
};
/** The late messages a set of modules names: whole late sections, and the late keys of split ones. */
const lateUsed = (files: Set<string>): string[] => {
  const used = [...sectionsUsed(files)];
  const coreLeaves = (section: string) => leavesOf(core[section as keyof typeof core] as Tree);
  return [
    ...used.filter((section) => !coreSections.includes(section)),
    ...used
      .filter((section) => splitSections.includes(section))
      .flatMap((section) =>
        [...keysUsed(files, section)]
          .filter((key) => !coreLeaves(section).some((leaf) => covers(key, leaf) || covers(leaf, key)))
          .map((key) => `${section}.${key}`),
      ),
  ];
};

// What /index runs for its first paint: the entry, the router's chunk (boot.tsx starts it at once) and
// the home page.
const firstPage = staticClosure(['../main.tsx', '../app/router.tsx', '../app/pages/home-page.tsx']);

describe("the language's first part", () => {
  it('holds exactly the sections the shell and the home page use', () => {
    expect(firstPage.size).toBeGreaterThan(50);
    expect(lateSections).toContain('wallet');
    expect([...sectionsUsed(firstPage)].sort()).toEqual([...coreSections].sort());
  });

  it('holds exactly the keys the shell and the home page use of a section split by key', () => {
    expect(splitSections).toContain('accounts');
    for (const section of splitSections) {
      const used = [...keysUsed(firstPage, section)];
      const leaves = leavesOf(core[section as keyof typeof core] as Tree);
      // Each key the first page names is in the first part; each message there is one it names.
      expect(used.filter((key) => !leaves.some((leaf) => covers(key, leaf))).sort(), section).toEqual([]);
      expect(leaves.filter((leaf) => !used.some((key) => covers(key, leaf))).sort(), section).toEqual([]);
    }
  });

  it('comes before any screen the first page loads later that uses the late part', () => {
    const unwrapped: string[] = [];
    for (const file of firstPage)
      for (const match of (sources[file] ?? '').matchAll(DYNAMIC_IMPORT)) {
        const [, wrapped, loader, specifier = ''] = match;
        const target = resolve(file, specifier);
        if (!target || wrapped || (loader && onlyLatePages(sources[file] ?? '', loader))) continue;
        const late = lateUsed(staticClosure([target]));
        if (late.length > 0) unwrapped.push(`${file} → ${specifier}: ${late.join(', ')}`);
      }
    expect(unwrapped).toEqual([]);
  });

  it('has every boot error message in both boot languages', () => {
    for (const messages of Object.values(bootMessages)) {
      const errors = messages.errors as Record<string, unknown>;
      expect(Object.keys(errors).length).toBeGreaterThan(5);
      for (const [code, text] of Object.entries(errors))
        expect([code, typeof text]).toEqual([code, 'string']);
    }
  });
});
