import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db/index.js';
import { listResources } from '../merchants/repo.js';
import { resolveMerchantByHost } from '../merchants/service.js';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The app's page chunk of the routes people land on (apps/web/src/app/routes.tsx). */
export const PAGE_CHUNKS: Record<string, string> = {
  '/': 'src/app/pages/home-page.tsx',
  '/index': 'src/app/pages/home-page.tsx',
  '/register': 'src/app/pages/home-page.tsx',
  '/register.html': 'src/app/pages/home-page.tsx',
  '/rng': 'src/features/games/pages/slots-page.tsx',
  '/vnlottery': 'src/features/lottery/pages/lottery-lobby.tsx',
  '/lottery': 'src/features/lottery/pages/lottery-lobby.tsx',
  '/seaLottery': 'src/features/lottery/pages/lottery-lobby.tsx',
  '/promotions': 'src/features/promotions/pages/promotions-page.tsx',
};
/** The routes that show the brand's banners first: the home page, the one page without the late strings. */
const BANNER_ROUTES = new Set(['/', '/index', '/register', '/register.html']);
/**
 * A language's two parts in the build's manifest (apps/web/build/boot-messages.ts, languageParts): the
 * first every page renders with, the late one every page but the home page waits for (decision 0087).
 */
const languageChunk = (language: string, part: 'core' | 'late') => `jade-i18n/${language}-${part}.js`;
const ROUTER_CHUNK = 'src/app/router.tsx';
/** The web app's language files (apps/web/src/i18n/*.json): a banner's '{lang}' is one of these. */
const WEB_LANGUAGES = new Set(['en', 'es', 'hi', 'id', 'ja', 'th', 'tl', 'vi', 'zh']);

/**
 * The language file the web app opens first for a brand: its default language's locale ('vi-VN' →
 * vi), as apps/web/src/i18n/i18n.ts chooses it (Filipino ships as Tagalog; English when not shipped).
 */
const webLanguageOf = (merchant: {
  defaultLanguage: string;
  languages: { code: string; locale: string }[];
}) => {
  const locale = merchant.languages.find((l) => l.code === merchant.defaultLanguage)?.locale ?? 'en';
  const part = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  const language = part === 'fil' ? 'tl' : part;
  return WEB_LANGUAGES.has(language) ? language : 'en';
};

/**
 * Link headers for the app's HTML (issue 9, item 19): the router and the first page's chunks are
 * announced as modulepreload, so they download while the entry script boots instead of after it,
 * the brand's first banner (the home page's largest image) as a high-priority image preload, and the
 * boot calls as fetch preloads.
 * Read from the build's manifest once; without one (no build, tests) nothing is announced.
 */
export const createWebPreload = (webDist: string, db: Db) => {
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    manifest = undefined;
  }
  const entry = manifest && Object.values(manifest).find((chunk) => chunk.isEntry);
  /** What the HTML already loads: the entry and its static imports. */
  const inHtml = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest?.[key]?.file)]);

  const chunksOf = (key: string, seen = new Set<string>()): ManifestChunk[] => {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk, ...(chunk.imports ?? []).flatMap((next) => chunksOf(next, seen))];
  };
  const linksFor = (route: string, language: string | undefined) => {
    const strings = !language
      ? []
      : BANNER_ROUTES.has(route) || !PAGE_CHUNKS[route]
        ? [languageChunk(language, 'core')]
        : [languageChunk(language, 'core'), languageChunk(language, 'late')];
    const chunks = [ROUTER_CHUNK, PAGE_CHUNKS[route], ...strings]
      .filter(Boolean)
      .flatMap((key) => chunksOf(key!));
    const scripts = [...new Set(chunks.map((c) => c.file))].filter((file) => !inHtml.has(file));
    const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    return [
      ...scripts.map((file) => `</${file}>; rel=modulepreload`),
      // crossorigin as the page's own stylesheet links have it (index.html and Vite's loader): a
      // preload in another mode never matches them, and the browser downloads each style twice.
      ...styles.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
    ];
  };
  const cache = new Map<string, string[]>();

  return async (route: string, hostHeader: string): Promise<string | undefined> => {
    if (!manifest) return undefined;
    let merchant: Awaited<ReturnType<typeof resolveMerchantByHost>> | undefined;
    try {
      merchant = await resolveMerchantByHost(db, hostHeader);
    } catch {
      // No brand at this host: the app shows its own error; the chunks are still worth having.
    }
    // The language the app boots in unless the visitor chose another one before (kept in the
    // browser, src/i18n/brand-language.ts): a wrong guess costs one preloaded chunk.
    const language = merchant && webLanguageOf(merchant);
    // By what the links depend on, not by path: any path is a page's HTML, the cache stays small.
    const key = `${PAGE_CHUNKS[route] ?? ''} ${BANNER_ROUTES.has(route)} ${language ?? ''}`;
    let links = cache.get(key);
    if (!links) cache.set(key, (links = linksFor(route, language)));
    if (merchant && language && BANNER_ROUTES.has(route)) {
      try {
        const banner = (await listResources(db, merchant.id)).find((r) => r.resourceType === 'BANNER');
        if (banner && banner.url.startsWith('/')) {
          // A banner drawn in every language: the one a first visit shows (decision 0035).
          const url = banner.url.replaceAll('{lang}', language);
          links = [`<${encodeURI(url)}>; rel=preload; as=image; fetchpriority=high`, ...links];
        }
      } catch {
        // The banners could not be read: the page's chunks are announced without its image.
      }
    }
    // The boot calls (apps/web/src/app/boot.tsx) start with the HTML, not once the scripts have run:
    // every first screen waits for them (decision 0093). The URLs the app asks for (its `url` is
    // window.location.host), in the mode and credentials of its fetch, so the browser hands it these.
    links = [
      `</wps/system/whitelabel?${new URLSearchParams({ url: hostHeader }).toString()}>; rel=preload; as=fetch; crossorigin`,
      '</wps/system/status>; rel=preload; as=fetch; crossorigin',
      ...links,
    ];
    return links.join(', ');
  };
};
