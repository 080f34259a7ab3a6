import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

// Issue 9, item 19: the web app's files go out precompressed and cacheable, with preload hints.

let server: TestServer;
let web: string;
const script = `export const app = ${JSON.stringify('x'.repeat(4000))};`;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.mkdirSync(path.join(web, '.vite'));
  fs.mkdirSync(path.join(web, 'media', 'banners'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Jade</title>');
  fs.writeFileSync(
    path.join(web, 'media', 'banners', 'welcome.vi.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  for (const name of ['index-abc.js', 'router-def.js', 'home-page-ghi.js']) {
    const file = path.join(web, 'assets', name);
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, gzipSync(script));
  }
  fs.writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: [] },
      'src/app/router.tsx': {
        file: 'assets/router-def.js',
        imports: ['index.html'],
        css: ['assets/router.css'],
      },
      'src/app/pages/home-page.tsx': { file: 'assets/home-page-ghi.js', imports: ['src/app/router.tsx'] },
    }),
  );
  server = await startTestServer({ WEB_DIST: web });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('static files', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('sends the %s copy made at build time to a browser that accepts it', async (accept, encoding) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/router-def.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBeLessThan(script.length / 4);
  });

  it('sends the plain file to a browser that accepts no compression', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/assets/router-def.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('caches hashed assets for a year, immutable, and revalidates the HTML', async () => {
    const asset = await server.fetch('/assets/index-abc.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const page of ['/index', '/rng', '/register.html']) {
      expect((await server.fetch(page)).headers.get('cache-control'), page).toBe('no-cache');
    }
  });

  it("announces the router, the landing page's chunk and the brand's first banner", async () => {
    const links = (await server.fetch('/index')).headers.get('link') ?? '';
    expect(links).toContain('</assets/router-def.js>; rel=modulepreload');
    expect(links).toContain('</assets/home-page-ghi.js>; rel=modulepreload');
    expect(links).toContain('</assets/router.css>; rel=preload; as=style; crossorigin');
    // The demo brand's banner in its default language, Vietnamese.
    expect(links).toContain('</media/banners/welcome.vi.svg>; rel=preload; as=image; fetchpriority=high');
    // The entry is in the HTML already; another page gets the router but no banner.
    expect(links).not.toContain('index-abc.js');
    const other = (await server.fetch('/help')).headers.get('link') ?? '';
    expect(other).toContain('router-def.js');
    expect(other).not.toContain('banners');
  });

  it('answers an API path it has no route for with a 404 envelope however the path is written', async () => {
    // Issue 19, item 4: the fallback decides on the path the router reads (decoded), not the raw one.
    for (const url of [
      '/wps/nothing',
      '/%77ps/nothing',
      '/%6Cotto/nothing',
      '/%6cgw/x',
      '//wps/nothing',
      '/%61pi/x',
    ]) {
      const response = await server.fetch(url);
      expect(response.status, url).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code, url).toBe('NOT_FOUND');
    }
    expect((await server.fetch('/%69ndex')).status).toBe(200);
  });
});
