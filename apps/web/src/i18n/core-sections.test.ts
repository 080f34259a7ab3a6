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
const coreSections = Object.keys(Object.values(parts.core)[0] ?? {});
const lateSections = Object.keys(Object.values(parts.late)[0] ?? {});
const sections = [...coreSections, ...lateSections];

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

// What /index runs for its first paint: the entry, the router's chunk (boot.tsx starts it at once) and
// the home page.
const firstPage = staticClosure(['../main.tsx', '../app/router.tsx', '../app/pages/home-page.tsx']);

describe("the language's first part", () => {
  it('holds exactly the sections the shell and the home page use', () => {
    expect(firstPage.size).toBeGreaterThan(50);
    expect(lateSections).toContain('wallet');
    expect([...sectionsUsed(firstPage)].sort()).toEqual([...coreSections].sort());
  });

  it('comes before any screen the first page loads later that uses the late part', () => {
    const unwrapped: string[] = [];
    for (const file of firstPage)
      for (const match of (sources[file] ?? '').matchAll(DYNAMIC_IMPORT)) {
        const [, wrapped, loader, specifier = ''] = match;
        const target = resolve(file, specifier);
        if (!target || wrapped || (loader && onlyLatePages(sources[file] ?? '', loader))) continue;
        const late = [...sectionsUsed(staticClosure([target]))].filter((s) => lateSections.includes(s));
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
