import { importedMission } from '@jade/contracts/missions';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { readImportJson } from '../../platform/import-file.js';
import type { Merchant } from '../merchants/repo.js';
import { listMissions, saveMission } from './missions.js';

export const MISSION_USAGE = `Missions (decision 0052)
  missions list                          the brand's missions, their rules and what they paid
  missions import <FILE>                 load missions (a JSON array) by code; ones already there
                                         are replaced, others kept`;

/** `npm run jade -- missions <action>`; false for an action it does not know (the CLI prints its usage). */
export const runMissionCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (action === 'list') {
    const { missions } = await listMissions(db, merchant.id);
    for (const m of missions)
      out(
        `${m.code}\t${m.kind}${m.category ? `:${m.category}` : ''} >= ${m.target}\t${m.period}\t` +
          `reward ${m.rewardAmount} + ${m.rewardPoints} points\t${m.claims} claims, paid ${m.paidAmount} + ${m.paidPoints} points${m.isEnabled ? '' : '\t(off)'}`,
      );
    out(`${merchant.code}: ${missions.length} missions`);
    return true;
  }
  if (action !== 'import') return false;
  if (args.length !== 1) throw new AppError('BAD_REQUEST', `'missions import' takes one JSON file path`);
  const file = args[0] as string;
  const json = readImportJson(file);
  const parsed = z.array(importedMission).min(1).max(500).safeParse(json);
  if (!parsed.success)
    throw new AppError(
      'BAD_REQUEST',
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  for (const mission of parsed.data) await saveMission(db, merchant.id, mission);
  out(`${merchant.code}: imported ${parsed.data.length} missions from ${file}`);
  return true;
};
