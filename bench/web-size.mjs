// Gzipped JavaScript per route of the web app: builds what is missing, starts the built server on a
// free port with a throwaway database, loads each route in Chromium and adds up the gzip size of every
// script the page fetched. Budget (issue 9, item 19): /index under 150 KB gzipped.
//
//   node bench/web-size.mjs            all routes
//   node bench/web-size.mjs /index     some routes
//   node bench/web-size.mjs --detail /index   and each script's size
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { benchDatabase, root, printResult, startServer } from './support.mjs';

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

const database = await benchDatabase('web-size');
const server = await startServer(database.env, { web: true });
const baseUrl = server.url;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let failed = false;
const figures = [];
try {
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
    // No database and no ceiling: the budget is the figure's bound.
    if (route === '/index')
      figures.push({
        name: 'web /index JS gzipped',
        value: gzip / 1024,
        unit: 'KB',
        better: 'lower',
        target: BUDGET_KB,
      });
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
  await server.stop();
  await database.drop();
}
if (failed) process.exitCode = 1;
printResult('web-size', 'none', figures);
