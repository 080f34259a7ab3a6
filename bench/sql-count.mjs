// A preload for bench/idle.mjs: counts every SQL statement the process runs (better-sqlite3's
// run/get/all/iterate; on PostgreSQL each query pg's Client sends), and writes the count to
// $SQLCOUNT_FILE when sent SIGUSR2. better-sqlite3 and pg are loaded from beside $SQLCOUNT_SERVER (the
// server's main.js), the copies that server uses.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(process.env.SQLCOUNT_SERVER);
const SQLite = require('better-sqlite3');
let count = 0;
const Statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1'));
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = Statement[method];
  Statement[method] = function (...args) {
    count += 1;
    return original.apply(this, args);
  };
}
const { Client } = require('pg');
const query = Client.prototype.query;
Client.prototype.query = function (...args) {
  count += 1;
  return query.apply(this, args);
};
process.on('SIGUSR2', () => fs.writeFileSync(process.env.SQLCOUNT_FILE, String(count)));
