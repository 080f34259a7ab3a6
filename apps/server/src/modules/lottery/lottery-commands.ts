import { lotterySettingsPatch, officialResultRequest, resultRows } from '@jade/contracts/lottery';
import { PRIZE_MODES } from '@jade/contracts/system';
import { parseImportFile, parseImportJson, readImportFile } from '../../platform/import-file.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { assertOperatorMay } from '../operators/roles.js';
import { checkOperatorPassword } from '../operators/service.js';
import { findLotteryGame } from './service.js';
import {
  enterOfficialResult,
  findGameDraw,
  findLotteryGameById,
  importResults,
  listOwed,
  parseXsmbCsv,
  resultTrail,
  setGameSource,
  withdrawOrRejectResult,
  type ResultAuthor,
  type ResultRow,
} from './results.js';
import type { DrawResult } from './structures.js';
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
                                         (POST /api/operator/lottery/results) or imported; applies
                                         to every draw of the game not yet drawn
  The acts of the two-person rule name their operator: --operator NAME, with that operator's
  password in JADE_OPERATOR_PASSWORD (an all-brands ADMIN or FINANCE operator).
  lottery results enter <GAME> <NUMERO> '<JSON>' --operator NAME
                                         the first entry of a draw's result, e.g. '{"SPECIAL":
                                         ["123456"],"FIRST":["12345"],...}' (or a JSON file's path);
                                         it waits for a second operator
  lottery results confirm <GAME> <NUMERO> '<JSON>' --operator NAME
                                         a second operator keys the same result in (blind): a match
                                         applies it and settles the draw, a difference is refused
  lottery results withdraw <GAME> <NUMERO> --operator NAME
                                         the author takes their waiting entry back
  lottery results reject <GAME> <NUMERO> --operator NAME
                                         a second operator refuses the waiting entry
  lottery results import <GAME> <FILE> --operator NAME
                                         official results from a file or feed: CSV in the columns of
                                         resources/xsmb-results.csv, or JSON [{"numero","result"}];
                                         a waiting draw takes its result as one entry (a second
                                         operator confirms it), past draws are added
  lottery results show <GAME> <NUMERO>   a draw's state and every result given for it (audit trail;
                                         a waiting entry's numbers are not shown)
  lottery owed                           what corrected results could not take back from the
                                         brand's members (the rest of a win taken back)`;

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

export type LotteryCommandOptions = {
  operator?: string | undefined;
  operatorPassword?: string | undefined;
  serverSecret?: (() => string) | undefined;
};

/**
 * The operator an act of the two-person rule is done as: named with --operator and proved with their
 * password (JADE_OPERATOR_PASSWORD), checked against the hash with the login's lockout, so one shell
 * user cannot enter and confirm a result by naming two operators. The API's rights apply.
 */
const cliOperator = async (db: Db, options: LotteryCommandOptions): Promise<ResultAuthor> => {
  if (!options.operator) throw bad('name the operator acting with --operator NAME');
  if (!options.operatorPassword)
    throw bad(`set JADE_OPERATOR_PASSWORD to the password of operator '${options.operator}'`);
  const operator = await checkOperatorPassword(db, {
    username: options.operator,
    password: options.operatorPassword,
    ip: 'cli',
  });
  assertOperatorMay(operator, 'lottery-results.enter');
  if (operator.merchant_id !== null)
    throw new AppError('FORBIDDEN', "A draw's result is given by an operator of every brand");
  return { id: operator.id, name: operator.username };
};

/** A result typed on the command line as JSON, or the path of a JSON file holding it. */
const resultArg = (arg: string): DrawResult => {
  const text = arg.trimStart().startsWith('{') ? arg : readImportFile(arg);
  const parsed = officialResultRequest.shape.result.safeParse(parseImportJson(text, 'the result'));
  if (!parsed.success) throw bad('The result is not {"TIER":["number",...],...}');
  return parsed.data;
};

/** `npm run jade -- lottery ...`; false for a group it does not know. */
export const runLotteryCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
  options: LotteryCommandOptions = {},
): Promise<boolean> => {
  if (group !== 'lottery') return false;
  if (action === 'source') return setSource(db, args, out, options);
  if (action === 'results') return resultsCommand(db, args, out, options);
  if (action === 'owed') return owedCommand(db, merchant, out);
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

const setSource = async (
  db: Db,
  args: string[],
  out: (line: string) => void,
  options: LotteryCommandOptions,
) => {
  const [name, source] = args;
  if (!name || (source !== 'fair' && source !== 'official'))
    throw bad(`'lottery source' takes <GAME> fair|official`);
  const game = await findLotteryGameById(db, name);
  const { switched } = await setGameSource(db, game, source === 'fair' ? 'FAIR' : 'OPERATOR', {
    serverSecret: options.serverSecret,
  });
  out(
    `${game.vendorCode} ${game.gameId}: ${source} results for every draw not yet drawn (${switched} switched now)`,
  );
  return true;
};

const owedCommand = async (db: Db, merchant: Merchant, out: (line: string) => void) => {
  const owed = await listOwed(db, merchant.id);
  if (owed.length === 0) out(`${merchant.code}: nothing owed from corrected results`);
  for (const o of owed)
    out(
      `${o.createdAt} ${o.username} ${o.gameCode} ${o.numero} bet ${o.betId}: payout ${o.oldPayout} -> ${o.newPayout}, owes ${o.owed}`,
    );
  return true;
};

const RESULTS_USAGE = `'lottery results' takes enter|confirm <GAME> <NUMERO> '<JSON>', withdraw|reject <GAME> <NUMERO>, import <GAME> <FILE> or show <GAME> <NUMERO>`;

const resultsCommand = async (
  db: Db,
  args: string[],
  out: (line: string) => void,
  options: LotteryCommandOptions,
) => {
  const [verb, name, arg, json] = args;
  if (!name || !arg) throw bad(RESULTS_USAGE);
  if (verb === 'show') {
    // The console is no operator: a waiting entry's numbers stay hidden here too.
    const trail = await resultTrail(db, await findGameDraw(db, name, arg), null);
    out(`${name} ${arg}: ${trail.status} (${trail.source === 'FAIR' ? 'fair draw' : 'official result'})`);
    if (trail.result) out(JSON.stringify(trail.result));
    for (const e of trail.entries)
      out(
        `  ${e.createdAt} ${e.kind} ${e.status} by ${e.operator}${e.result ? `: ${JSON.stringify(e.result)}` : ''}`,
      );
    return true;
  }
  if (verb === 'enter' || verb === 'confirm') {
    if (!json) throw bad(RESULTS_USAGE);
    const result = resultArg(json);
    const by = await cliOperator(db, options);
    const draw = await findGameDraw(db, name, arg);
    const { status } = await enterOfficialResult(db, {
      drawId: draw.id,
      result,
      by,
      expect: verb === 'enter' ? 'FIRST' : 'CONFIRM',
    });
    out(
      `${name} ${arg}: ${status}${status === 'PENDING' ? ' (waiting for a second operator)' : ' (drawn and settled)'}`,
    );
    return true;
  }
  if (verb === 'withdraw' || verb === 'reject') {
    const by = await cliOperator(db, options);
    const draw = await findGameDraw(db, name, arg);
    const { status } = await withdrawOrRejectResult(db, {
      drawId: draw.id,
      by,
      action: verb === 'withdraw' ? 'WITHDRAW' : 'REJECT',
    });
    out(`${name} ${arg}: the waiting entry is ${status}`);
    return true;
  }
  if (verb !== 'import') throw bad(RESULTS_USAGE);
  const text = readImportFile(arg);
  const rows: ResultRow[] = text.trimStart().startsWith('[')
    ? parseImportFile(resultRows, parseImportJson(text, arg), arg)
    : parseXsmbCsv(text);
  // A file's results are one entry each: the importer is named, so they cannot confirm them too.
  const by = await cliOperator(db, options);
  const counts = await importResults(db, await findLotteryGameById(db, name), rows, by);
  out(
    `${name}: ${counts.applied} applied and settled, ${counts.pending} waiting for a second operator, ${counts.added} past draws added, ${counts.unchanged} unchanged, ${counts.skipped} skipped, ${counts.conflicts.length} differ from the result on record${counts.conflicts.length ? ` (${counts.conflicts.join(', ')})` : ''}`,
  );
  for (const refused of counts.refused) out(`  refused ${refused}`);
  return true;
};
