import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openAndPrepareDb } from './boot.js';
import { seedDemoAgents, seedDemoRaffleRounds } from './demo/seed.js';
import { loadSecrets } from './platform/secrets.js';
import { startJobs } from './platform/jobs.js';
import { serverJobs, wakeJobsOnChanges } from './server-jobs.js';
import { startStudio } from './modules/vendors/studio.js';
import { recomputeVipRanks } from './modules/engagement/vip.js';

const start = async () => {
  const config = loadConfig();
  const secrets = loadSecrets(config);
  const { db, close, changes, migrated, seeded } = await openAndPrepareDb(config);
  // The studio's connections are made before the app reads the vendors' origins for its CSP.
  const studio = await startStudio(config, db, secrets.sessionSecret, console);
  const app = await buildApp({ config, db, secrets });
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');
  if (seeded) {
    app.log.info('demo brand seeded (code DEMO, hosts localhost and 127.0.0.1)');
    const started = Date.now();
    app.log.info(`${await seedDemoAgents(db)} (built in ${Date.now() - started} ms)`);
    // Raffles need the server secret (their seeds are sealed under it) and the team's bets.
    app.log.info(`demo raffles: ${await seedDemoRaffleRounds(db, secrets.sessionSecret)} drawn`);
    // The demo team's month of deposits and bets ranks its members now, not at the job's first run.
    app.log.info(`demo VIP ranks: ${await recomputeVipRanks(db)} members ranked`);
  }

  const stopJobs = startJobs(db, serverJobs(db, secrets.sessionSecret, app.log), app.log);
  const stopWaking = wakeJobsOnChanges(changes);

  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
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
