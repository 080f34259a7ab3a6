// A diagnostic preload (`--import`): counts the server's PostgreSQL round trips, one a Sync sent
// (extended protocol) or a simple query, each answered by one ReadyForQuery, and writes the running
// count to PG_ROUND_TRIPS_FILE every 50 ms. bench/ledger-http.mjs reads it around the measured load
// (decision 0082: round trips a transfer under load).
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
// Written aside and renamed, so a reader never sees a half-written count.
const write = () => {
  fs.writeFileSync(`${file}.new`, String(roundTrips));
  fs.renameSync(`${file}.new`, file);
};
if (file) setInterval(write, 50).unref();
