// A preload for bench/idle.mjs: counts every SQLite statement the process runs (better-sqlite3's
// run/get/all/iterate), and writes the count to $SQLCOUNT_FILE when sent SIGUSR2.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';

let count = 0;
const Statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = Statement[method];
  Statement[method] = function (...args) {
    count += 1;
    return original.apply(this, args);
  };
}
process.on('SIGUSR2', () => fs.writeFileSync(process.env.SQLCOUNT_FILE, String(count)));
