import { seedDemoEngagement } from '../modules/engagement/service.js';
import { seedDemoCatalogue } from '../modules/games/service.js';
import { DEMO_MERCHANT_CODE, seedDemoMerchant } from '../modules/merchants/demo-seed.js';
import { seedDemoAnnouncements } from '../modules/messages/service.js';
import { seedDemoPayments } from '../modules/wallet/payments.js';
import { getMerchantByCode, normalizeHost } from '../modules/merchants/service.js';
import type { Config } from './config.js';
import { openDb, type DbHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';

/** Opens the database named by the config, migrates it, and seeds the demo brand on an empty one. */
export const openAndPrepareDb = async (
  config: Config,
): Promise<DbHandle & { migrated: string[]; seeded: boolean }> => {
  const handle = openDb(config.databaseUrl);
  try {
    const migrated = await migrateToLatest(handle.db);
    const extraHosts = config.publicUrl ? [normalizeHost(config.publicUrl)] : [];
    const seeded = config.seedDemo ? await seedDemoMerchant(handle.db, extraHosts) : false;
    if (seeded) {
      const demo = await getMerchantByCode(handle.db, DEMO_MERCHANT_CODE);
      await seedDemoCatalogue(handle.db, demo.id);
      await seedDemoAnnouncements(handle.db, demo.id);
      await seedDemoPayments(handle.db, demo.id);
      await seedDemoEngagement(handle.db, demo.id);
    }
    return { ...handle, migrated, seeded };
  } catch (error) {
    await handle.close();
    throw error;
  }
};
