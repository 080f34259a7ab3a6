import { seedDemoEngagement } from '../modules/engagement/service.js';
import { seedDemoCatalogue } from '../modules/games/service.js';
import { DEMO_MERCHANT_CODE, seedDemoMerchant } from '../modules/merchants/demo-seed.js';
import { seedDemoLotteryHistory } from '../modules/lottery/results.js';
import { seedDemoAnnouncements } from '../modules/messages/service.js';
import { seedDemoPayments } from '../modules/wallet/payments.js';
import { getMerchantByCode } from '../modules/merchants/service.js';
import type { Config } from './config.js';
import { openDb, type DbHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';

/**
 * The demo brand's domains: this machine's loopback names on the server's port, and PUBLIC_URL's host
 * when given. Links the server sends are built from these rows, never from request headers.
 */
const demoDomains = (config: Config) => {
  const local = (host: string) => ({
    host,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`,
  });
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : undefined;
  return [
    ...(publicUrl ? [{ host: publicUrl.hostname.replace(/^\[|\]$/g, ''), origin: publicUrl.origin }] : []),
    local('localhost'),
    local('127.0.0.1'),
    local('::1'),
  ];
};

/** Opens the database named by the config, migrates it, and seeds the demo brand on an empty one. */
export const openAndPrepareDb = async (
  config: Config,
): Promise<DbHandle & { migrated: string[]; seeded: boolean }> => {
  const handle = openDb(config.databaseUrl);
  try {
    const migrated = await migrateToLatest(handle.db);
    const seeded = config.seedDemo ? await seedDemoMerchant(handle.db, demoDomains(config)) : false;
    if (seeded) {
      const demo = await getMerchantByCode(handle.db, DEMO_MERCHANT_CODE);
      await seedDemoCatalogue(handle.db, demo.id);
      await seedDemoAnnouncements(handle.db, demo.id);
      await seedDemoPayments(handle.db, demo.id);
      await seedDemoEngagement(handle.db, demo.id);
      await seedDemoLotteryHistory(handle.db);
    }
    return { ...handle, migrated, seeded };
  } catch (error) {
    await handle.close();
    throw error;
  }
};
