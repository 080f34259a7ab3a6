import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import * as engagement from './service.js';

export const ENGAGEMENT_USAGE = `VIP ranks and promotions
  engagement import <FILE>               load VIP ranks (by level) and promotions (by code) from a
                                         JSON file; ones already there are replaced, others kept`;

/**
 * `npm run jade -- engagement <action>`. Answers false for an action it does not know, so the CLI can
 * print its usage error.
 */
export const runEngagementCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (action !== 'import') return false;
  if (args.length !== 1) throw new AppError('BAD_REQUEST', `'engagement import' takes one JSON file path`);
  const file = args[0] as string;
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new AppError('BAD_REQUEST', `Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('BAD_REQUEST', `${file} is not valid JSON: ${(error as Error).message}`);
  }
  const result = await engagement.importEngagement(
    db,
    merchant.id,
    engagement.parseEngagementFile(json, file),
  );
  out(
    `${merchant.code}: imported ${result.ranks} VIP ranks and ${result.promotions} promotions from ${file}`,
  );
  return true;
};
