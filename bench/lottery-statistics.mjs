// bench/lottery-statistics: what one call of the VN number statistics costs the server (issue 19 item
// 17), on the built code (`npm run build`, or `npx tsc -b apps/server`, first). The real server app
// answers in-process (Fastify's inject, no sockets) on a fresh SQLite database seeded with the demo's
// North history (VN_HN, thousands of real results). Per call, CPU time and wall time:
//   - a bare route beside it: the system status;
//   - statistics?count=500 cold: its memo forgotten before every call, so each call computes, as every
//     call did before the fix;
//   - statistics?count=500 cached: the memo holds the answer for the newest result.
// Then the status call's latency while 20 clients ask for the statistics as fast as they can, cold and
// cached, each call from a new address (the throttle never refuses); then as 20 anonymous clients of
// one address each, whom the throttle (30 calls a minute) refuses after their 30th call. The
// throttle's database hit is part of every measured cost.
//   node bench/lottery-statistics.mjs [--calls 200]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dist, printMachine, printResult } from './support.mjs';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '200' } } });
const CALLS = Number(values.calls);
printMachine();

const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
const { buildApp } = await import(`${dist}/app.js`);
const { forgetVnNumbers } = await import(`${dist}/modules/lottery/service.js`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-stats-'));
const config = loadConfig({
  DATA_DIR: dir,
  DATABASE_URL: `sqlite:${dir}/site.db`,
  LOG_LEVEL: 'silent',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  TRUSTED_PROXIES: '127.0.0.1',
  WEB_DIST: path.join(dir, 'no-web'),
});
const handle = await openAndPrepareDb(config);
const app = await buildApp({ config, db: handle.db, secrets: loadSecrets(config) });
await app.ready();

let address = 0;
const call = async (url) => {
  address++;
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
};
const STATUS = '/wps/system/status';
const STATS = '/lgw/vn/numeros/statistics?gameCode=VN_HN&count=500';
const draws = JSON.parse((await call(STATS)).body).value.draws;
console.log(`VN_HN results counted per call: ${draws}`);

const measure = async (label, url, before = () => {}) => {
  for (let i = 0; i < 10; i++) {
    before();
    await call(url);
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) {
    before();
    await call(url);
  }
  const wall = (performance.now() - start) / CALLS;
  const used = process.cpuUsage(cpu);
  const perCall = (used.user + used.system) / CALLS / 1_000;
  console.log(
    `${label.padEnd(34)} ${perCall.toFixed(3).padStart(8)} ms CPU/call ${wall.toFixed(3).padStart(8)} ms wall/call`,
  );
  return perCall;
};
const bareCpu = await measure('bare route (system status)', STATUS);
const coldCpu = await measure('statistics count=500, cold', STATS, forgetVnNumbers);
const cachedCpu = await measure('statistics count=500, cached', STATS);

// Under load the server listens on a port: in-process calls on a synchronous database resolve in
// microtasks alone and would never let a timer run.
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
/** A call over HTTP from a new address each time, or from `from`; a 429 (throttled) is an answer. */
const get = async (url, from) => {
  address++;
  const ip = from ?? `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  const response = await fetch(base + url, { headers: { 'x-forwarded-for': ip } });
  await response.arrayBuffer();
  if (response.status !== 200 && response.status !== 429) throw new Error(`${url}: ${response.status}`);
};

/** The status call's latency while 20 clients call the statistics back to back for `ms`. */
const underLoad = async (label, cold, { ms = 3_000, throttled = false } = {}) => {
  let running = true;
  let served = 0;
  const clients = Array.from({ length: 20 }, async (_, i) => {
    const from = throttled ? `192.0.2.${i + 1}` : undefined;
    while (running) {
      if (cold) forgetVnNumbers();
      await get(STATS, from);
      served++;
    }
  });
  const latencies = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const start = performance.now();
    await get(STATUS);
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  running = false;
  await Promise.all(clients);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  console.log(
    `status beside 20 statistics clients (HTTP), ${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; ${Math.round((served * 1_000) / ms)} statistics answers/s`,
  );
};
await get(STATUS);
await underLoad('cold', true);
await underLoad('cached', false);
await underLoad('cached, each client one address (throttled after 30 calls)', false, { throttled: true });

await app.close();
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });
// In-process on SQLite only: the server's own status call is the ceiling (every hook, no work).
const ceiling = { name: 'bare route (system status)', value: bareCpu, unit: 'ms CPU/call' };
printResult('lottery-statistics', 'SQLite', [
  { name: 'VN statistics count=500, cold', value: coldCpu, unit: 'ms CPU/call', better: 'lower', ceiling },
  {
    name: 'VN statistics count=500, cached',
    value: cachedCpu,
    unit: 'ms CPU/call',
    better: 'lower',
    ceiling,
  },
]);
