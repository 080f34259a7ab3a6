// bench/idle: what an idle server costs (issue 23 item 6, decision 0056), on the built code.
// Starts `node apps/server/dist/main.js` on a fresh demo database (SQLite, or with --pg a database on
// the PostgreSQL cluster of TEST_POSTGRES_URL; the studio off), waits for the start-up's seeding to
// finish, then over --seconds (default 60) of idleness reports the resident memory (RSS), the CPU used
// (% of one core) and the SQL statements run per minute (the database's wakeups); then a short
// autocannon load (--load-seconds, default 10, 20 connections on the game list) and the RSS after it.
// Targets: idle RSS under 150 MB, under 400 MB under load. The server runs with the node flags of
// `npm run serve` (decision 0065); apps/server/src/idle-memory.api.test.ts holds the idle target in
// `npm test` for a restarted server (no seeding).
// The last line is the bench-json result for bench/all.mjs.
//   node bench/idle.mjs [--seconds 60] [--load-seconds 10] [--server path/to/dist/main.js]
//   node scripts/with-postgres.mjs node bench/idle.mjs --pg
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { builtServerMain, freePort, rssMb, serveFlags, servedEnv } from '../scripts/served-server.mjs';
import { benchDatabase, databaseName, printResult, processCpuMs } from './support.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    'load-seconds': { type: 'string', default: '10' },
    /** Another build's main.js, to compare (e.g. a checkout of main). */
    server: { type: 'string', default: builtServerMain },
    pg: { type: 'boolean', default: false },
  },
});
const DB_NAME = databaseName(values.pg);
const SECONDS = Number(values.seconds);
const LOAD_SECONDS = Number(values['load-seconds']);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await benchDatabase('idle', { pg: values.pg });
const { dir } = database;
const countFile = path.join(dir, 'sqlcount');
const port = await freePort();
const server = spawn(
  process.execPath,
  [...serveFlags(), '--import', path.join(root, 'bench/sql-count.mjs'), path.resolve(values.server)],
  {
    cwd: dir,
    env: {
      ...servedEnv({ port, dir, databaseUrl: database.databaseUrl, logLevel: 'warn' }),
      SQLCOUNT_FILE: countFile,
      SQLCOUNT_SERVER: path.resolve(values.server),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const statements = async () => {
  fs.rmSync(countFile, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(countFile); i++) await sleep(20);
  return Number(fs.readFileSync(countFile, 'utf8'));
};
try {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error('the server did not start in 5 minutes');
    await sleep(250);
  }
  console.log(`started (demo seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The first runs of the jobs (catch-up) are start-up, not idleness.
  await sleep(10_000);
  const cpu0 = processCpuMs(server.pid);
  const sql0 = await statements();
  const t0 = Date.now();
  await sleep(SECONDS * 1000);
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = ((processCpuMs(server.pid) - cpu0) / 1000 / elapsed) * 100;
  const perMinute = (((await statements()) - sql0) / elapsed) * 60;
  const idleRss = rssMb(server.pid);
  console.log(
    `${DB_NAME} idle over ${elapsed.toFixed(0)} s: RSS ${idleRss.toFixed(0)} MB, CPU ${cpu.toFixed(2)} % of a core, ${perMinute.toFixed(0)} statements/min`,
  );
  let peak = idleRss;
  const watch = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 200);
  const load = await autocannon({
    url: `http://127.0.0.1:${port}/lgw/games/game_menus`,
    connections: 20,
    duration: LOAD_SECONDS,
  });
  clearInterval(watch);
  console.log(
    `under load (${LOAD_SECONDS} s, 20 connections, ${load.requests.average.toFixed(0)} req/s, ${load.non2xx} non-2xx): peak RSS ${peak.toFixed(0)} MB`,
  );
  console.log(
    `targets: idle RSS < 150 MB ${idleRss < 150 ? 'ok' : 'MISSED'}; under load < 400 MB ${peak < 400 ? 'ok' : 'MISSED'}`,
  );
  printResult('idle', DB_NAME, [
    { name: 'idle server RSS', value: idleRss, unit: 'MB', better: 'lower', target: 150 },
    { name: 'idle server CPU', value: cpu, unit: '% of a core', better: 'lower' },
    { name: 'idle server SQL statements', value: perMinute, unit: 'statements/min', better: 'lower' },
    { name: 'peak RSS under load', value: peak, unit: 'MB', better: 'lower', target: 400 },
  ]);
} finally {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await database.drop();
}
