import { gameCategory } from '@jade/contracts/games';
import { redeemStatus, rewardInput } from '@jade/contracts/points';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import * as points from './service.js';

export const POINTS_USAGE = `Points mall (points are shown and typed as points, e.g. 12.50; decision 0046)
  points rewards                         the brand's rewards with cost, stock and id
  points reward-add <COST> <STOCK> <NAME...>
                                         add a reward (its English name; more through the operator API)
  points stock <ID> <+N|-N>              add to or take from a reward's stock (never below zero)
  points queue [STATUS]                  redemptions IN_PROCESS (or REJECTED, APPROVED), oldest first
  points approve <ID>                    approve a redemption
  points reject <ID> [REMARK...]         reject it: the points and the stock come back, once
  points rate <CATEGORY> <RATE>          points per currency unit of valid bet (LIVE 0.70)
  points conversion <POINTS> <AMOUNT>    POINTS convert to AMOUNT in minor units`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** '12.50' points as hundredths (1250). */
const hundredths = (text: string | undefined, what: string) => {
  if (!text || !/^\d{1,13}(\.\d{1,2})?$/.test(text))
    throw bad(`${what} must be a number of points such as 12.50`);
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const wholeNumber = (text: string | undefined, what: string) => {
  if (!text || !/^[+-]?\d{1,9}$/.test(text)) throw bad(`${what} must be a whole number`);
  return Number(text);
};
const shown = (value: number) => (value / 100).toFixed(2);

/** `npm run jade -- points ...`; false for a group it does not know. */
export const runPointsCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'points') return false;
  if (action === 'rewards') {
    const rewards = await points.operatorRewards(db, merchant.id);
    if (rewards.length === 0) out(`${merchant.code}: no rewards`);
    for (const r of rewards)
      out(
        `${r.id}\t${shown(r.cost)} points\tstock ${r.stock}\t${r.enabled ? 'on' : 'off'}\t${r.names.EN ?? Object.values(r.names)[0]}`,
      );
    return true;
  }
  if (action === 'reward-add') {
    const [cost, stock, ...name] = args;
    const input = rewardInput.parse({
      names: { EN: name.join(' ') || undefined },
      cost: hundredths(cost, 'COST'),
      stock: wholeNumber(stock, 'STOCK'),
    });
    const reward = await points.createReward(db, merchant.id, input);
    out(`${merchant.code}: reward ${reward.id} added (${shown(reward.cost)} points, stock ${reward.stock})`);
    return true;
  }
  if (action === 'stock') {
    const reward = await points.changeStock(
      db,
      merchant.id,
      wholeNumber(args[0], 'ID'),
      wholeNumber(args[1], 'N'),
    );
    out(`${merchant.code}: reward ${reward.id} has ${reward.stock} in stock`);
    return true;
  }
  if (action === 'queue') {
    const status = redeemStatus.parse(args[0] ?? 'IN_PROCESS');
    const queue = await points.redemptionQueue(db, merchant.id, status, 200);
    if (queue.length === 0) out(`${merchant.code}: no redemptions ${status}`);
    for (const r of queue)
      out(`${r.id}\t${r.username}\t${r.rewardName}\t${shown(r.points)} points\t${r.createdAt}`);
    return true;
  }
  if (action === 'approve' || action === 'reject') {
    const [id, ...remark] = args;
    const decided = await points.decideRedemption(
      db,
      merchant.id,
      wholeNumber(id, 'ID'),
      action === 'approve',
      'cli',
      remark.join(' ') || undefined,
    );
    out(`${merchant.code}: redemption ${decided.id} of ${decided.username} ${decided.status}`);
    return true;
  }
  if (action === 'rate') {
    const category = gameCategory.parse(args[0]);
    const rate = hundredths(args[1], 'RATE');
    await points.setPointSettings(db, merchant.id, { rates: [{ category, rate }] });
    out(`${merchant.code}: ${category} earns ${shown(rate)} points per unit of valid bet`);
    return true;
  }
  if (action === 'conversion') {
    const current = (await points.getPointConfig(db, merchant)).conversion;
    const conversion = {
      ...current,
      points: hundredths(args[0], 'POINTS'),
      amount: wholeNumber(args[1], 'AMOUNT'),
    };
    await points.setPointSettings(db, merchant.id, { conversion });
    out(`${merchant.code}: ${shown(conversion.points)} points convert to ${conversion.amount} (minor units)`);
    return true;
  }
  return false;
};
