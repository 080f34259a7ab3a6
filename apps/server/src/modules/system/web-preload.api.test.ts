import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

// Decision 0091: the brand's language comes with the HTML, as the page's chunk does.

let server: TestServer;
let web: string;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-web-'));
  fs.mkdirSync(path.join(web, '.vite'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Jade</title>');
  const chunk = (file: string) => ({ file: `assets/${file}`, imports: ['index.html'] });
  fs.writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: [] },
      'src/app/router.tsx': chunk('router-def.js'),
      'src/app/pages/home-page.tsx': chunk('home-page-ghi.js'),
      'src/features/lottery/pages/lottery-lobby.tsx': chunk('lottery-lobby-jkl.js'),
      // Named by build/boot-messages.ts's languageParts.
      'jade-i18n/en-core.js': chunk('en-core-1.js'),
      'jade-i18n/en-late.js': chunk('en-late-2.js'),
      'jade-i18n/vi-core.js': chunk('vi-core-3.js'),
      'jade-i18n/vi-late.js': chunk('vi-late-4.js'),
    }),
  );
  server = await startTestServer({ WEB_DIST: web });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const linksOf = async (page: string) =>
  ((await server.fetch(page)).headers.get('link') ?? '').split(', ').map((link) => link.split(';')[0] ?? '');

describe("the brand's language announced with the HTML", () => {
  it("announces the first part of the brand's default language on every page", async () => {
    // The demo brand's default language is Vietnamese: its visitors' app boots in it.
    for (const page of ['/index', '/vnlottery', '/help']) {
      const links = await linksOf(page);
      expect(links, page).toContain('</assets/vi-core-3.js>');
      expect(
        links.filter((link) => link.includes('en-')),
        page,
      ).toEqual([]);
    }
  });

  it('announces the late part beside a page that waits for it, not beside the home page', async () => {
    expect(await linksOf('/vnlottery')).toEqual(
      expect.arrayContaining(['</assets/lottery-lobby-jkl.js>', '</assets/vi-late-4.js>']),
    );
    expect(await linksOf('/index')).not.toContain('</assets/vi-late-4.js>');
  });
});

describe('the boot calls announced with the HTML', () => {
  it("announces the brand and status calls as the app makes them, and they answer the host's brand", async () => {
    for (const page of ['/index', '/vnlottery', '/help']) {
      const links = await linksOf(page);
      // apps/web/src/features/system/api: the query as URLSearchParams writes the page's host.
      const host = new URL(server.url).host;
      expect(links, page).toEqual(
        expect.arrayContaining([
          `</wps/system/whitelabel?url=${new URLSearchParams({ url: host }).toString().slice(4)}>`,
          '</wps/system/status>',
        ]),
      );
    }
    const [whitelabel, status] = (await linksOf('/vnlottery')).filter((link) => link.startsWith('</wps/'));
    for (const call of [whitelabel, status]) {
      const answer = (await (await server.fetch(call!.slice(1, -1))).json()) as { success: boolean };
      expect(answer.success, call).toBe(true);
    }
  });

  it('announces them as fetches the app can take over (same mode and credentials)', async () => {
    const header = (await server.fetch('/vnlottery')).headers.get('link') ?? '';
    const boot = header.split(', ').filter((link) => link.startsWith('</wps/'));
    expect(boot).toHaveLength(2);
    for (const link of boot) expect(link).toMatch(/; rel=preload; as=fetch; crossorigin$/);
  });
});
