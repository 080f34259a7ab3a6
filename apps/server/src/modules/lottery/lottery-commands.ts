import { lotterySettingsPatch, resultRows } from '@jade/contracts/lottery';
import { PRIZE_MODES } from '@jade/contracts/system';
import { parseImportFile, parseImportJson, readImportFile } from '../../platform/import-file.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { findLotteryGame } from './service.js';
import {
  findGameDraw,
  findLotteryGameById,
  importResults,
  parseXsmbCsv,
  resultTrail,
  setGameSource,
  type ResultRow,
} from './results.js';
import { isPrizeMode, setOfferedModes, setVendorMode, vendorModes } from './prize-modes.js';
import { ANY_GAME, changeSettings, currentSettings, modeSettings, type SettingsScope } from './settings.js';
import { LOTTERY_VENDORS } from './schedule.js';

export const LOTTERY_USAGE = `Lottery (odds, costs and stake limits per game; a bet keeps the odds it was placed under)
  lottery settings show <GAME|VENDOR:*|mode:MODE>
                                         the odds, costs and limits in force on a game (e.g. VN_HN),
                                         a vendor or a prize mode
  lottery settings set <GAME|VENDOR:*|mode:MODE> '<JSON>'
                                         change any part, e.g. '{"odds":{"vn":{"LO2":9700}},
                                         "costs":{"LO2":23},"limits":{"minStake":1000}}'; Vietnamese
                                         odds in hundredths of a point per point, 4D ("big", "small")
                                         in points per point by tier; costs: what a point of a
                                         Vietnamese per-number type costs, where not the standard
                                         (LO2 on the North: 27); limits in minor units, 0 for none;
                                         TCG_SEA:* sets every game of a vendor without its own,
                                         mode:Elott every vendor of a prize mode without its own
  lottery modes show                     the prize modes the brand offers and each vendor's mode
  lottery modes offer <MODE,MODE...>     the prize modes offered (Lott, ZY, Elott, SEA); a vendor of
                                         any other takes no bets and leaves the lobbies
  lottery modes vendor <VENDOR> <MODE>   play a vendor under another mode (its odds and limits)
  lottery source <GAME> fair|official    fair: the engine draws (provably fair); official: draws wait
                                         for the official result, keyed in by two operators
                                         (POST /api/operator/lottery/results) or imported
  lottery results import <GAME> <FILE>   official results from a file or feed: CSV in the columns of
                                         resources/xsmb-results.csv, or JSON [{"numero","result"}];
                                         waiting draws take theirs and settle, past ones are added
  lottery results show <GAME> <NUMERO>   a draw's state and every result given for it (audit trail)`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** A game code, VENDOR:* for every game of a lottery vendor, or mode:MODE for a prize mode. */
const targetOf = async (db: Db, merchant: Merchant, name: string): Promise<SettingsScope> => {
  const [vendor, star] = name.split(':');
  if (vendor === 'mode') {
    const mode = star ?? '';
    if (!isPrizeMode(mode)) throw bad(`'${mode}' is not a prize mode (${PRIZE_MODES.join(', ')})`);
    return { prizeMode: mode };
  }
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
  if (group !== 'lottery') return false;
  if (action === 'source') return setSource(db, args, out);
  if (action === 'results') return resultsCommand(db, args, out);
  if (action === 'modes') return modesCommand(db, merchant, args, out);
  if (action !== 'settings') return false;
  const [verb, name, json] = args;
  if (!name || (verb !== 'show' && verb !== 'set'))
    throw bad(`'lottery settings' takes show <GAME> or set <GAME> '<JSON>'`);
  const target = await targetOf(db, merchant, name);
  const label =
    'prizeMode' in target ? `prize mode ${target.prizeMode}` : `${target.vendorCode} ${target.gameId}`;
  if (verb === 'show') {
    const settings =
      'prizeMode' in target
        ? await modeSettings(db, merchant.id, target.prizeMode)
        : await currentSettings(db, merchant.id, target.vendorCode, target.gameId);
    out(`${merchant.code} ${label}: version ${settings.id ?? 'built-in'}`);
    out(JSON.stringify({ odds: settings.odds, costs: settings.costs, limits: settings.limits }, null, 2));
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
    scope: target,
    patch: patch.data,
    by: 'cli',
  });
  out(`${merchant.code} ${label}: version ${saved.id} in force for new bets`);
  return true;
};

const modesCommand = async (db: Db, merchant: Merchant, args: string[], out: (line: string) => void) => {
  const [verb, first, second] = args;
  if (verb === 'offer' && first) {
    const modes = await setOfferedModes(db, merchant.id, first);
    out(`${merchant.code}: prize modes offered ${modes.join(', ')}`);
    return true;
  }
  if (verb === 'vendor' && first && second) {
    const mode = await setVendorMode(db, merchant.id, first, second);
    out(`${merchant.code} ${first}: plays under ${mode} for new bets`);
    return true;
  }
  if (verb !== 'show')
    throw bad(`'lottery modes' takes show, offer <MODE,MODE...> or vendor <VENDOR> <MODE>`);
  out(`${merchant.code}: prize modes offered ${merchant.prizeModes.join(', ')}`);
  for (const [vendor, mode] of await vendorModes(db, merchant.id))
    out(`  ${vendor}: ${mode}${merchant.prizeModes.includes(mode) ? '' : ' (not offered: takes no bets)'}`);
  return true;
};

const setSource = async (db: Db, args: string[], out: (line: string) => void) => {
  const [name, source] = args;
  if (!name || (source !== 'fair' && source !== 'official'))
    throw bad(`'lottery source' takes <GAME> fair|official`);
  const game = await findLotteryGameById(db, name);
  await setGameSource(db, game, source === 'fair' ? 'FAIR' : 'OPERATOR');
  out(`${game.vendorCode} ${game.gameId}: ${source} results for the draws made from now on`);
  return true;
};

const resultsCommand = async (db: Db, args: string[], out: (line: string) => void) => {
  const [verb, name, arg] = args;
  if (!name || !arg || (verb !== 'import' && verb !== 'show'))
    throw bad(`'lottery results' takes import <GAME> <FILE> or show <GAME> <NUMERO>`);
  if (verb === 'show') {
    const trail = await resultTrail(db, await findGameDraw(db, name, arg));
    out(`${name} ${arg}: ${trail.status} (${trail.source === 'FAIR' ? 'fair draw' : 'official result'})`);
    if (trail.result) out(JSON.stringify(trail.result));
    for (const e of trail.entries)
      out(`  ${e.createdAt} ${e.kind} ${e.status} by ${e.operator}: ${JSON.stringify(e.result)}`);
    return true;
  }
  const text = readImportFile(arg);
  const rows: ResultRow[] = text.trimStart().startsWith('[')
    ? parseImportFile(resultRows, parseImportJson(text, arg), arg)
    : parseXsmbCsv(text);
  const counts = await importResults(db, await findLotteryGameById(db, name), rows, {
    id: null,
    name: `file:${arg}`,
  });
  out(
    `${name}: ${counts.applied} applied and settled, ${counts.added} past draws added, ${counts.unchanged} unchanged, ${counts.skipped} skipped, ${counts.conflicts.length} differ from the result on record${counts.conflicts.length ? ` (${counts.conflicts.join(', ')})` : ''}`,
  );
  return true;
};
