import { seedDemo } from './demo/seed.js';
import type { Config } from './platform/config.js';
import { openDb, type DbHandle } from './platform/db/index.js';
import { migrateToLatest } from './platform/db/migrate.js';

/**
 * Opens the database named by the config, migrates it, and seeds the demo brand on an empty one.
 * `tellsServer`: a process beside the server (the CLI), whose messages reach a SQLite server through
 * the outbox (decision 0069).
 */
export const openAndPrepareDb = async (
  config: Config,
  { tellsServer = false }: { tellsServer?: boolean } = {},
): Promise<DbHandle & { migrated: string[]; seeded: boolean }> => {
  const handle = openDb(config.databaseUrl, {
    redisUrl: config.redisUrl,
    tellsServer,
    poolSize: config.databasePoolSize,
  });
  try {
    const migrated = await migrateToLatest(handle.db);
    const seeded = config.seedDemo ? await seedDemo(handle.db, config) : false;
    return { ...handle, migrated, seeded };
  } catch (error) {
    await handle.close();
    throw error;
  }
};
