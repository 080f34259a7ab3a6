// A preload for bench/idle.mjs: counts every SQLite statement the process runs (better-sqlite3's
// run/get/all/iterate), and writes the count to $SQLCOUNT_FILE when sent SIGUSR2. better-sqlite3 is
// loaded from beside $SQLCOUNT_SERVER (the server's main.js), the copy that server uses.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const SQLite = createRequire(process.env.SQLCOUNT_SERVER)('better-sqlite3');
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
