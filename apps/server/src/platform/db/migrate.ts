import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './index.js';
import * as foundation from './migrations/2026-11-21T0900-foundation.js';

/** Every migration in order; names are timestamps so the order is also the name order. */
const migrations: Record<string, Migration> = {
  '2026-11-21T0900-foundation': foundation,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
};
