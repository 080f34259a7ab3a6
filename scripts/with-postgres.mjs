// Runs a command with TEST_POSTGRES_URL pointing at a throwaway PostgreSQL cluster (and TEST_REDIS_URL
// at a throwaway Redis, when redis-server is installed):
//   node scripts/with-postgres.mjs npx vitest run --project api
import { spawnSync } from 'node:child_process';
import { findPostgresBin, startPostgres } from './postgres.mjs';
import { findRedisServer, startRedis } from './redis.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
const bin = findPostgresBin();
if (!bin) {
  console.error('PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql');
  process.exit(1);
}
const pg = await startPostgres(bin);
const redisServer = findRedisServer();
const redis = redisServer ? await startRedis(redisServer) : undefined;
let status = 1;
try {
  const env = { ...process.env, TEST_POSTGRES_URL: pg.url, ...(redis ? { TEST_REDIS_URL: redis.url } : {}) };
  status = spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
} finally {
  pg.stop();
  await redis?.stop();
}
process.exit(status);
