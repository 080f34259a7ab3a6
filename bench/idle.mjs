// bench/idle: what an idle server costs (issue 23 item 6, decision 0056), on the built code.
// Starts `node apps/server/dist/main.js` on a fresh demo database (SQLite; the studio off), waits for
// the start-up's seeding to finish, then over --seconds (default 60) of idleness reports the resident
// memory (RSS), the CPU used (% of one core) and the SQLite statements run per minute; then a short
// autocannon load (--load-seconds, default 10, 20 connections on the game list) and the RSS after it.
// Targets: idle RSS under 150 MB, under 400 MB under load. The server runs with the node flags of
// `npm run serve` (decision 0065); apps/server/src/idle-memory.api.test.ts holds the idle target in
// `npm test` for a restarted server (no seeding).
//   node bench/idle.mjs [--seconds 60] [--load-seconds 10] [--server path/to/dist/main.js]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { builtServerMain, freePort, rssMb, serveFlags, servedEnv } from '../scripts/served-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    'load-seconds': { type: 'string', default: '10' },
    /** Another build's main.js, to compare (e.g. a checkout of main). */
    server: { type: 'string', default: builtServerMain },
  },
});
const SECONDS = Number(values.seconds);
const LOAD_SECONDS = Number(values['load-seconds']);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Clock ticks per second of /proc/<pid>/stat (USER_HZ): 100 on Linux.
const ticks = 100;
const procStat = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's ')'.
  return (Number(fields[11]) + Number(fields[12])) / ticks;
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-idle-'));
const countFile = path.join(dir, 'sqlcount');
const port = await freePort();
const server = spawn(
  process.execPath,
  [...serveFlags(), '--import', path.join(root, 'bench/sql-count.mjs'), path.resolve(values.server)],
  {
    cwd: dir,
    env: {
      ...servedEnv({ port, dir, databaseUrl: `sqlite:${path.join(dir, 'site.db')}`, logLevel: 'warn' }),
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
  const cpu0 = procStat(server.pid);
  const sql0 = await statements();
  const t0 = Date.now();
  await sleep(SECONDS * 1000);
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = ((procStat(server.pid) - cpu0) / elapsed) * 100;
  const perMinute = (((await statements()) - sql0) / elapsed) * 60;
  const idleRss = rssMb(server.pid);
  console.log(
    `idle over ${elapsed.toFixed(0)} s: RSS ${idleRss.toFixed(0)} MB, CPU ${cpu.toFixed(2)} % of a core, ${perMinute.toFixed(0)} statements/min`,
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
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
}
