// `npm run test:ledger-full`: the ledger's model-based property test with 10,000 runs (LEDGER_RUNS
// overrides), on SQLite, then on a throwaway PostgreSQL when its binaries are installed.
// `npm run test:points-full` (argument `points`): the points ledger's model test (decision 0046) with
// 1,000 runs (POINTS_RUNS overrides), the same way.
import { spawnSync } from 'node:child_process';
import { findPostgresBin, startPostgres } from './postgres.mjs';

const model =
  process.argv[2] === 'points'
    ? {
        file: 'apps/server/src/modules/points/points.model.api.test.ts',
        variable: 'POINTS_RUNS',
        runs: '1000',
      }
    : {
        file: 'apps/server/src/modules/wallet/ledger.model.api.test.ts',
        variable: 'LEDGER_RUNS',
        runs: '10000',
      };
const runs = process.env[model.variable] ?? model.runs;
const vitest = (env) =>
  spawnSync('npx', ['vitest', 'run', '--project', 'api', model.file], {
    stdio: 'inherit',
    env: { ...process.env, [model.variable]: runs, ...env },
  }).status;

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
