// Gzipped JavaScript per route of the web app: builds what is missing, starts the built server on a
// free port with a throwaway database, loads each route in Chromium and adds up the gzip size of every
// script the page fetched. Budget (issue 9, item 19): /index under 150 KB gzipped.
//
//   node bench/web-size.mjs            all routes
//   node bench/web-size.mjs /index     some routes
//   node bench/web-size.mjs --detail /index   and each script's size
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 150;
const DETAIL = process.argv.includes('--detail');
const ARGS = process.argv.slice(2).filter((arg) => arg !== '--detail');
const ROUTES = ARGS.length
  ? ARGS
  : [
      '/index',
      '/register',
      '/noticePage',
      '/vip',
      '/pointMall',
      '/lottery',
      '/vnlottery',
      '/seaLottery',
      '/elott',
      '/rng',
      '/live',
      '/fish',
      '/pvp',
      '/sports',
      '/promotions',
      '/promoDetail',
      '/seamless',
      '/help',
      '/helpmc',
      '/down',
      '/join',
      '/game?vassalage=GOLDEN_REELS',
      '/login',
    ];

const run = (args) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
};
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  run(['run', 'build', '-w', '@jade/contracts']);
  run(['run', 'build', '-w', '@jade/server']);
}
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) run(['run', 'build', '-w', '@jade/web']);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dataDir = await mkdtemp(path.join(tmpdir(), 'jade-bench-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  console.log('route                          scripts   raw KB   gzip KB');
  for (const route of ROUTES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(baseUrl)) return;
      try {
        scripts.set(response.url(), await response.body());
      } catch {
        // a response the page abandoned
      }
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    // Some pages keep a request going (a countdown, a ticker): idle network is waited for, not required.
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    await context.close();
    const bodies = [...scripts.values()];
    const raw = bodies.reduce((sum, body) => sum + body.length, 0);
    const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    const over = route === '/index' && gzip / 1024 > BUDGET_KB;
    failed ||= over;
    console.log(
      `${route.padEnd(30)} ${String(bodies.length).padStart(7)} ${(raw / 1024).toFixed(1).padStart(8)} ${(
        gzip / 1024
      )
        .toFixed(1)
        .padStart(9)}${over ? `  over the ${BUDGET_KB} KB budget` : ''}`,
    );
    if (DETAIL)
      for (const [url, body] of [...scripts].sort((a, b) => b[1].length - a[1].length))
        console.log(
          `  ${new URL(url).pathname.padEnd(52)} ${(gzipSync(body, { level: 9 }).length / 1024).toFixed(1).padStart(7)}`,
        );
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
