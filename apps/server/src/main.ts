import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openAndPrepareDb } from './boot.js';
import { loadSecrets } from './platform/secrets.js';
import { startJobs } from './platform/jobs.js';
import { serverJobs, wakeJobsOnChanges } from './server-jobs.js';
import { startStudio } from './modules/vendors/studio.js';
import { countMerchants } from './modules/merchants/repo.js';
import { seedDemoStartExtras } from './demo/seed.js';

/** Runs seed-demo-main.js with this process's node and flags, and waits for it. */
const seedDemoApart = () =>
  new Promise<void>((resolve, reject) => {
    const file = fileURLToPath(new URL('./seed-demo-main.js', import.meta.url));
    const child = spawn(process.execPath, [...process.execArgv, file], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`the demo seeding stopped (${signal ?? `exit code ${code}`})`)),
    );
  });

const start = async () => {
  const config = loadConfig();
  const secrets = loadSecrets(config);
  // A fresh database is seeded by a child process (seed-demo-main.ts): the memory seeding uses goes
  // back to the system with it, so an idle server is not carrying it (issue 23 item 6). An in-memory
  // database is seen by this process alone and is seeded here.
  const apart = config.seedDemo && !config.databaseUrl.match(/^sqlite:(:memory:)?$/);
  const { db, close, changes, migrated, seeded } = await openAndPrepareDb({
    ...config,
    seedDemo: config.seedDemo && !apart,
  });
  if (apart && (await countMerchants(db)) === 0) await seedDemoApart();
  // The studio's connections are made before the app reads the vendors' origins for its CSP.
  const studio = await startStudio(config, db, secrets.sessionSecret, console);
  const app = await buildApp({ config, db, secrets });
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');
  if (seeded) await seedDemoStartExtras(db, secrets.sessionSecret, (line) => app.log.info(line));

  const stopJobs = startJobs(db, serverJobs(db, secrets.sessionSecret, app.log), app.log);
  const stopWaking = wakeJobsOnChanges(changes);

  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Waits for runs in progress, then releases their leases: another instance takes the jobs at once.
    await stopJobs();
    stopWaking();
    studio?.kill('SIGTERM');
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  studio?.on('exit', (code) => {
    if (!closing) app.log.warn({ code }, 'the game studio stopped');
  });
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Jade failed to start:', error);
  }
  process.exit(1);
});
