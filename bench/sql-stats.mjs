// A diagnostic preload: counts every SQL statement the process runs (SQLite through better-sqlite3,
// timed; PostgreSQL through pg, untimed: its answer comes later), and writes the 40 most frequent to /tmp/sqlstat.txt at exit.
// `SQLSTAT=1 node bench/games.mjs --only http` loads it into the server under load, to see which
// queries a call makes. With SQLSTAT_COUNT_FILE set, SIGUSR2 writes the number of statements run so
// far to that file: bench/support.mjs counts a call's statements with it (startServer's
// countStatements).
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
import pg from 'pg';

const stats = new Map();
let total = 0;
const record = (text, started) => {
  total++;
  const d = Number(process.hrtime.bigint() - started);
  const k = String(text).slice(0, 120);
  const s = stats.get(k) || { n: 0, t: 0 };
  s.n++;
  s.t += d;
  stats.set(k, s);
};
const S = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
for (const m of ['run', 'get', 'all', 'iterate']) {
  const orig = S[m];
  S[m] = function (...a) {
    const t = process.hrtime.bigint();
    try {
      return orig.apply(this, a);
    } finally {
      record(this.source, t);
    }
  };
}
const exec = SQLite.prototype.exec;
SQLite.prototype.exec = function (source) {
  const t = process.hrtime.bigint();
  try {
    return exec.call(this, source);
  } finally {
    record(source, t);
  }
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  record(typeof config === 'string' ? config : config?.text, process.hrtime.bigint());
  return query.call(this, config, ...rest);
};
if (process.env.SQLSTAT_COUNT_FILE)
  process.on('SIGUSR2', () => fs.writeFileSync(process.env.SQLSTAT_COUNT_FILE, String(total)));
process.on('exit', () => {
  fs.writeFileSync(
    '/tmp/sqlstat.txt',
    [...stats]
      .sort((a, b) => b[1].n - a[1].n)
      .slice(0, 40)
      .map(
        ([k, s]) =>
          `${String(s.n).padStart(7)} ${(s.t / 1e6).toFixed(0).padStart(6)}ms ${k.replace(/\n/g, ' ')}`,
      )
      .join('\n'),
  );
});
