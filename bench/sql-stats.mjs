// A diagnostic preload: counts and times every SQLite statement the process runs, and writes the 40
// most frequent to /tmp/sqlstat.txt at exit. `SQLSTAT=1 node bench/games.mjs --only http` loads it
// into the server under load, to see which queries a call makes.
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
const stats = new Map();
const S = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
for (const m of ['run', 'get', 'all']) {
  const orig = S[m];
  S[m] = function (...a) {
    const t = process.hrtime.bigint();
    try {
      return orig.apply(this, a);
    } finally {
      const d = Number(process.hrtime.bigint() - t);
      const k = this.source.slice(0, 120);
      const s = stats.get(k) || { n: 0, t: 0 };
      s.n++;
      s.t += d;
      stats.set(k, s);
    }
  };
}
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
