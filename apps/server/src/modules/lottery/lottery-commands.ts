import { lotterySettingsPatch } from '@jade/contracts/lottery';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { findLotteryGame } from './service.js';
import { ANY_GAME, changeSettings, currentSettings } from './settings.js';
import { LOTTERY_VENDORS } from './tick.js';

export const LOTTERY_USAGE = `Lottery (odds and stake limits per game; a bet keeps the odds it was placed under)
  lottery settings show <GAME>           the odds and limits in force on a game (e.g. VN_HN)
  lottery settings set <GAME|VENDOR:*> '<JSON>'
                                         change any part, e.g. '{"odds":{"vn":{"LO2":9700}},
                                         "limits":{"minStake":1000,"perNumber":2000000000}}'; Vietnamese
                                         odds in hundredths of a point per point, 4D ("big", "small")
                                         in points per point by tier; limits in minor units, 0 for none;
                                         TCG_SEA:* sets every game of a vendor without its own`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** A game code, or VENDOR:* for every game of a lottery vendor. */
const targetOf = async (db: Db, merchant: Merchant, name: string) => {
  const [vendor, star] = name.split(':');
  if (star === ANY_GAME) {
    if (!(LOTTERY_VENDORS as readonly string[]).includes(vendor ?? ''))
      throw bad(`'${vendor}' is not a lottery vendor (${LOTTERY_VENDORS.join(', ')})`);
    return { vendorCode: vendor!, gameId: ANY_GAME };
  }
  const game = await findLotteryGame(db, merchant, name);
  return { vendorCode: game.vendorCode, gameId: game.gameId };
};

/** `npm run jade -- lottery ...`; false for a group it does not know. */
export const runLotteryCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'lottery' || action !== 'settings') return false;
  const [verb, name, json] = args;
  if (!name || (verb !== 'show' && verb !== 'set'))
    throw bad(`'lottery settings' takes show <GAME> or set <GAME> '<JSON>'`);
  const target = await targetOf(db, merchant, name);
  if (verb === 'show') {
    const settings = await currentSettings(db, merchant.id, target.vendorCode, target.gameId);
    out(`${merchant.code} ${target.vendorCode} ${target.gameId}: version ${settings.id ?? 'built-in'}`);
    out(JSON.stringify({ odds: settings.odds, limits: settings.limits }, null, 2));
    return true;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '');
  } catch {
    throw bad('The settings are not JSON');
  }
  const patch = lotterySettingsPatch.safeParse(parsed);
  if (!patch.success)
    throw bad(
      `The settings do not fit: ${patch.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  const saved = await changeSettings(db, {
    merchantId: merchant.id,
    ...target,
    patch: patch.data,
    by: 'cli',
  });
  out(`${merchant.code} ${target.vendorCode} ${target.gameId}: version ${saved.id} in force for new bets`);
  return true;
};
