import { openAndPrepareDb } from './boot.js';
import { seedDemoStartExtras } from './demo/seed.js';
import { loadConfig } from './platform/config.js';
import { loadSecrets } from './platform/secrets.js';

/** The levels at which the server logs its info lines. */
const INFO = new Set(['trace', 'debug', 'info']);

/**
 * The demo brand, seeded on a fresh database by a process of its own that `main.ts` starts and waits
 * for (issue 23 item 6): the seeding's months of bets leave ~100 MB of freed memory that neither V8
 * nor the allocator hands back, which the server would carry for its whole life. Logs plain lines
 * (at LOG_LEVEL info or finer); the server's own log starts after.
 */
const seed = async () => {
  const config = loadConfig();
  const secrets = loadSecrets(config);
  const { db, close, seeded } = await openAndPrepareDb(config);
  try {
    if (!seeded) return;
    await seedDemoStartExtras(db, secrets.sessionSecret, (line) => {
      if (INFO.has(config.logLevel)) console.log(line);
    });
  } finally {
    await close();
  }
};

seed().catch((error: unknown) => {
  console.error('Jade could not seed the demo brand:', error);
  process.exit(1);
});
