import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { readImportJson } from '../../platform/import-file.js';
import type { Merchant } from '../merchants/repo.js';
import * as games from './service.js';

/**
 * `npm run jade -- catalogue <action>`: import, list and switch the brand's vendors.
 * Answers false for an action it does not know, so the CLI can print its usage error.
 */
export const runCatalogueCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  const need = (n: number, what: string) => {
    if (args.length !== n) throw new AppError('BAD_REQUEST', `'catalogue ${action}' takes ${what}`);
  };

  if (action === 'import') {
    need(1, 'one JSON file path');
    const file = args[0] as string;
    const json = readImportJson(file);
    const result = await games.importCatalogue(db, merchant.id, games.parseCatalogue(json, file));
    out(`${merchant.code}: imported ${result.vendors} vendors and ${result.games} games from ${file}`);
    return true;
  }

  if (action === 'list') {
    need(0, 'no arguments');
    const vendors = await games.listCatalogue(db, merchant.id);
    if (vendors.length === 0) out(`${merchant.code}: no vendors`);
    for (const v of vendors) {
      out(
        `${v.code}\t${v.category}\t${v.isEnabled ? 'enabled' : 'disabled'}\torder ${v.sortOrder}\t${v.games} games\t${v.name}\t${v.isConnected ? 'connected' : 'no connection'}`,
      );
    }
    return true;
  }

  if (action === 'enable' || action === 'disable') {
    need(1, 'one vendor code');
    const code = args[0] as string;
    await games.setVendorEnabled(db, merchant.id, code, action === 'enable');
    out(`${merchant.code}: ${code} ${action}d`);
    return true;
  }

  return false;
};
