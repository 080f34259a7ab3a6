// A diagnostic preload (`--import`): counts the server's PostgreSQL round trips, one a Sync sent
// (extended protocol) or a simple query, each answered by one ReadyForQuery, and writes the running
// count to PG_ROUND_TRIPS_FILE every 50 ms when it changed. bench/ledger-http.mjs reads it around the
// measured load, while the server is idle (decision 0082: round trips a transfer under load).
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.PG_ROUND_TRIPS_FILE;
// The pg the server itself loads: resolved from its entry point.
const Connection = createRequire(process.argv[1])('pg/lib/connection.js');
let roundTrips = 0;
for (const method of ['sync', 'query']) {
  const original = Connection.prototype[method];
  Connection.prototype[method] = function (...args) {
    roundTrips++;
    return original.apply(this, args);
  };
}
// One write of a fixed width in place, on a file held open: a new file and a rename every 50 ms were
// 2.5 % of the server's CPU profile under the transfer load, counted as the server's CPU a call
// (decision 0090). The reader reads while the server is idle, when nothing is written.
let written = -1;
const fd = file ? fs.openSync(file, 'w') : undefined;
const write = () => {
  if (roundTrips === written) return;
  written = roundTrips;
  fs.writeSync(fd, String(roundTrips).padStart(20, '0'), 0);
};
if (file) {
  write();
  setInterval(write, 50).unref();
}
