// bench/pg-statement: the server process's CPU (user and system, from process.cpuUsage) for one named
// statement on the PostgreSQL pool's client (platform/db/pg-client.ts), one connection, one statement
// at a time: a wide row as arrays (41 columns, like the session read) and a narrow one as objects.
// Isolates the driver's per-statement work from HTTP and the app; BENCH_SERVER_DIST sets two builds
// side by side (decision 0088).
//   node scripts/with-postgres.mjs node bench/pg-statement.mjs [--statements 10000]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { dist } from './support.mjs';

const { values } = parseArgs({ options: { statements: { type: 'string', default: '10000' } } });
const N = Number(values.statements);
const url = process.env.TEST_POSTGRES_URL;
if (!url) throw new Error('run under scripts/with-postgres.mjs (TEST_POSTGRES_URL)');
const { postgresPool, PREPARED, ROWS_AS_ARRAYS } = await import(
  pathToFileURL(path.join(dist, 'platform/db/pg-client.js')).href
);
const pool = postgresPool(url, 1);
const client = await pool.connect();
const columns = Array.from({ length: 40 }, (_, i) => `$1::integer + ${i} as c${i}`).join(', ');
const statements = [
  ['wide row (41 columns) as arrays', `${ROWS_AS_ARRAYS}${PREPARED}select ${columns}, $2::text as t`],
  ['narrow row (3 columns) as objects', `${PREPARED}select $1::integer as a, $2::text as b, now() as c`],
];
const run = async (text, n) => {
  for (let i = 0; i < n; i++) await client.query(text, [i, 'v']);
};
for (const [, text] of statements) await run(text, 2_000);
for (const [label, text] of statements) {
  const start = process.cpuUsage();
  await run(text, N);
  const { user, system } = process.cpuUsage(start);
  console.log(
    `${label} (${dist}): ${((user + system) / N).toFixed(1)} µs of CPU a statement (user ${(user / N).toFixed(1)}, system ${(system / N).toFixed(1)})`,
  );
}
client.release();
await pool.end();
