// `npm run test:ledger-full`: the ledger's model-based property test with 10,000 runs (LEDGER_RUNS
// overrides), on SQLite, then on a throwaway PostgreSQL when its binaries are installed.
import { spawnSync } from 'node:child_process';
import { findPostgresBin, startPostgres } from './postgres.mjs';

const runs = process.env.LEDGER_RUNS ?? '10000';
const vitest = (env) =>
  spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'api', 'apps/server/src/modules/wallet/ledger.model.api.test.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, LEDGER_RUNS: runs, ...env },
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
