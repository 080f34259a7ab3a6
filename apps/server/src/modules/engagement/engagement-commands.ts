import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { readImportJson } from '../../platform/import-file.js';
import type { Merchant } from '../merchants/repo.js';
import * as engagement from './service.js';
import { rebateCategory } from '@jade/contracts/rebates';
import { listRates, runDailyRebates, setRates } from './rebates.js';
import { recomputeVipRanks, setMemberRank, setVipPeriodDays } from './vip.js';

const integerArg = (text: string | undefined, name: string, min: number, max: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AppError('BAD_REQUEST', `${name} must be a whole number from ${min} to ${max}`);
  return n;
};

/** The VIP actions of `engagement` (decision 0049); false for an action that is not one. */
const runVipCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (action === 'vip-ranks') {
    const { periodDays, ranks } = await engagement.listVipRanksForOperator(db, merchant);
    out(`${merchant.code}: ranks over the last ${periodDays} business days`);
    for (const r of ranks)
      out(
        `  ${r.level}  ${Object.values(r.names)[0] ?? ''}  deposits >= ${r.depositRequirement}  valid bets >= ${r.turnoverRequirement}  upgrade bonus ${r.upgradeBonus}${r.isEnabled ? '' : '  (off)'}`,
      );
    return true;
  }
  if (action === 'vip-period') {
    const days = integerArg(args[0], 'DAYS', 1, 366);
    await setVipPeriodDays(db, merchant.id, days);
    out(`${merchant.code}: VIP ranks now computed over the last ${days} business days`);
    return true;
  }
  if (action === 'vip-rank') {
    if (args.length !== 2) throw new AppError('BAD_REQUEST', `'engagement vip-rank' takes <ACCOUNT> <LEVEL>`);
    const result = await setMemberRank(
      db,
      merchant,
      args[0] as string,
      integerArg(args[1], 'LEVEL', 0, 99),
      'cli',
    );
    out(
      `${merchant.code}: ${result.account} VIP${result.fromLevel} -> VIP${result.level}, upgrade bonus paid ${result.bonusPaid}`,
    );
    return true;
  }
  if (action === 'vip-recompute') {
    out(`${merchant.code}: ${await recomputeVipRanks(db)} VIP ranks changed (every brand)`);
    return true;
  }
  return false;
};

/** The rebate actions of `engagement` (decision 0051); false for an action that is not one. */
const runRebateCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (action === 'rebate-rates') {
    out(`${merchant.code}: rebate rates (basis points of valid bet) by category and VIP level`);
    for (const r of await listRates(db, merchant.id)) out(`  ${r.category}  VIP${r.vipLevel}  ${r.rateBp}`);
    return true;
  }
  if (action === 'rebate-rate') {
    const category = rebateCategory.safeParse(args[0]);
    if (args.length !== 3 || !category.success)
      throw new AppError(
        'BAD_REQUEST',
        `'engagement rebate-rate' takes <CATEGORY> <LEVEL> <BP>; categories: ${rebateCategory.options.join(', ')}`,
      );
    const rate = {
      category: category.data,
      vipLevel: integerArg(args[1], 'LEVEL', 0, 99),
      rateBp: integerArg(args[2], 'BP', 0, 1_000),
    };
    await setRates(db, merchant.id, [rate]);
    out(`${merchant.code}: ${rate.category} VIP${rate.vipLevel} rebate now ${rate.rateBp} bp of valid bet`);
    return true;
  }
  if (action === 'rebate-run') {
    out(`${merchant.code}: ${await runDailyRebates(db)} rebates paid (every brand without MANPLAYREB3)`);
    return true;
  }
  return false;
};

export const ENGAGEMENT_USAGE = `VIP ranks and promotions
  engagement import <FILE>               load VIP ranks (by level) and promotions (by code) from a
                                         JSON file; ones already there are replaced, others kept
  engagement vip-ranks                   the VIP ranks (level, requirements, upgrade bonus) and the
                                         rolling period they are computed over
  engagement vip-period <DAYS>           set the rolling period, in the brand's business days (1-366)
  engagement vip-rank <ACCOUNT> <LEVEL>  set a member's rank; ranks reached for the first time pay
                                         their upgrade bonus (once ever per rank)
  engagement vip-recompute               recompute every member's rank now (the job does every 5 min)
  engagement rebate-rates                the rebate rates by category and VIP level (basis points)
  engagement rebate-rate <CATEGORY> <LEVEL> <BP>
                                         set a rate (LOTT ELOTT LIVE RNG SPORTS FISH PVP; 0-1000 bp);
                                         a level without a rate takes the one of the level below
  engagement rebate-run                  pay yesterday's rebates now (brands without MANPLAYREB3;
                                         the job does every 10 min, each period once)`;

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
  if (await runVipCommand(db, merchant, action, args, out)) return true;
  if (await runRebateCommand(db, merchant, action, args, out)) return true;
  if (action !== 'import') return false;
  if (args.length !== 1) throw new AppError('BAD_REQUEST', `'engagement import' takes one JSON file path`);
  const file = args[0] as string;
  const json = readImportJson(file);
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
