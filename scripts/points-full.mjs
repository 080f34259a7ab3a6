// `npm run test:points-full`: the points ledger model test (decision 0046) with 1,000 runs (POINTS_RUNS
// overrides), on SQLite, then on a throwaway PostgreSQL when its binaries are installed.
import { spawnSync } from 'node:child_process';
import { findPostgresBin, startPostgres } from './postgres.mjs';

const runs = process.env.POINTS_RUNS ?? '1000';
const vitest = (env) =>
  spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'api', 'apps/server/src/modules/points/points.model.api.test.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, POINTS_RUNS: runs, ...env },
    },
  ).status;

let status = vitest({});
const bin = findPostgresBin();
if (status === 0 && bin) {
  const pg = await startPostgres(bin);
  try {
    status = vitest({ TEST_POSTGRES_URL: pg.url });
  } finally {
    pg.stop();
  }
} else if (!bin) {
  console.log('PostgreSQL binaries not found: the PostgreSQL run was skipped');
}
process.exit(status ?? 1);
