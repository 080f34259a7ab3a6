// `npm test`: lint, type checks, build, unit + API + component tests on SQLite, the API tests again
// on a throwaway PostgreSQL, then the browser tests against the built app on the real server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findPostgresBin, startPostgres } from './postgres.mjs';
import { findRedisServer, startRedis } from './redis.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];

const banner = (text) => console.log(`\n\x1b[1m=== ${text} ===\x1b[0m`);
const step = (name, command, args, env = {}) => {
  banner(name);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    summary();
    process.exit(1);
  }
};
const vitest = (name, projects, env = {}) => {
  const report = path.join(results, `vitest-${name}.json`);
  fs.rmSync(report, { force: true });
  banner(`tests: ${name}`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  } else if (result.status !== 0) {
    totals.failed += 1;
  }
  if (result.status !== 0) {
    console.error(`\ntests: ${name} failed.`);
    summary();
    process.exit(1);
  }
};
const summary = () => {
  for (const note of notes) console.log(note);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
};

step('lint', 'npx', ['eslint', '.']);
step('format', 'npx', ['prettier', '--check', '.']);
step('build', 'npm', ['run', 'build']);
step('type-check tests', 'npx', ['tsc', '-p', 'apps/server/tsconfig.test.json']);
vitest('sqlite', ['unit', 'api', 'web']);
step('ledger crash test', 'node', ['scripts/ledger-crash.mjs', '--kills', process.env.CRASH_KILLS ?? '20']);
totals.passed += 1;

const pgBin = findPostgresBin();
if (pgBin) {
  banner('starting a throwaway PostgreSQL and Redis');
  // Redis beside PostgreSQL, as a brand with several instances runs them (issue 23); the tests that
  // need it are skipped without it, and CI (REQUIRE_POSTGRES=1) requires it.
  const redisServer = findRedisServer();
  if (!redisServer && process.env.REQUIRE_POSTGRES === '1') {
    console.error('\nREQUIRE_POSTGRES=1 but no redis-server was found: apt-get install redis-server');
    totals.failed += 1;
    summary();
    process.exit(1);
  }
  const pg = await startPostgres(pgBin);
  const redis = redisServer ? await startRedis(redisServer) : undefined;
  try {
    vitest('postgres', ['api'], {
      TEST_POSTGRES_URL: pg.url,
      ...(redis ? { TEST_REDIS_URL: redis.url } : {}),
    });
  } finally {
    pg.stop();
    await redis?.stop();
  }
} else if (process.env.REQUIRE_POSTGRES === '1') {
  console.error('\nREQUIRE_POSTGRES=1 but no PostgreSQL binaries were found: apt-get install postgresql');
  totals.failed += 1;
  summary();
  process.exit(1);
} else {
  const line = '!'.repeat(78);
  notes.push(
    `\n${line}\n!! SKIPPED the PostgreSQL pass: no initdb/pg_ctl found (apt-get install postgresql)\n${line}`,
  );
  console.log(notes.at(-1));
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  vitest('browser', ['e2e'], { CHROMIUM_PATH: chromium });
} else if (process.env.SKIP_E2E === '1') {
  notes.push(`\n!! SKIPPED the browser tests (SKIP_E2E=1, no Chromium at ${chromium})`);
} else {
  console.error(
    `\nNo Chromium at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH, or SKIP_E2E=1).`,
  );
  totals.failed += 1;
  summary();
  process.exit(1);
}
summary();
