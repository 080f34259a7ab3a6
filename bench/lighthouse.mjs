// Lighthouse scores of the built site (mobile emulation, simulated slow 4G, Debian Chromium): the four
// category scores for /index, /rng and /vnlottery, the median of several runs each, with first
// contentful paint and total blocking time. Starts the built server on a free port with a throwaway
// database, like bench/web-size.mjs. Target (issue 9, item 19): performance at least 90 on each.
//
//   node bench/lighthouse.mjs                 3 runs of each route
//   node bench/lighthouse.mjs --runs 5 /index
//   LIGHTHOUSE_REPORTS=dir node bench/lighthouse.mjs   also writes each run's JSON report there
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchDatabase, root, median, printResult, startServer } from './support.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const ROUTES = args.length ? args : ['/index', '/rng', '/vnlottery'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = 90;

const build = (workspace) => {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building ${workspace} failed`);
};
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  build('@jade/contracts');
  build('@jade/server');
}
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) build('@jade/web');

const database = await benchDatabase('lighthouse');
const server = await startServer(database.env, { web: true });
const baseUrl = server.url;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let below = false;
const figures = [];
try {
  console.log(
    `Lighthouse ${RUNS} run(s) per route, mobile emulation; ${cpus().length} × ${cpus()[0]?.model}`,
  );
  console.log(
    'route          performance  accessibility  best-practices  seo   FCP ms  LCP ms  TBT ms   SI ms    CLS',
  );
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${baseUrl}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const { categories, audits } = result.lhr;
      if (process.env.LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        fs.writeFileSync(
          path.join(process.env.LIGHTHOUSE_REPORTS, `${route.replace(/\W+/g, '_')}-${i + 1}.json`),
          JSON.stringify(result.lhr),
        );
      }
      runs.push({
        ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])),
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        si: audits['speed-index']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
    }
    const score = (key) => median(runs.map((r) => r[key])).value;
    const performance = score('performance');
    below ||= performance < TARGET;
    figures.push({
      name: `Lighthouse performance ${route}`,
      value: performance,
      unit: 'score',
      target: TARGET,
    });
    const cells = [
      route.padEnd(14),
      String(performance).padStart(11),
      String(score('accessibility')).padStart(13),
      String(score('best-practices')).padStart(14),
      String(score('seo')).padStart(3),
      ...['fcp', 'lcp', 'tbt', 'si'].map((key) => String(Math.round(score(key))).padStart(6)),
      score('cls').toFixed(3).padStart(6),
    ];
    console.log(`${cells.join('  ')}   (performance runs: ${runs.map((r) => r.performance).join(', ')})`);
  }
  if (below) console.log(`performance is below the target of ${TARGET} on at least one route`);
} finally {
  await chrome.kill();
  await server.stop();
  await database.drop();
}
printResult('lighthouse', 'none', figures);
