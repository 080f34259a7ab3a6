import type {
  ContractCategory,
  ContractKind,
  DividendPeriod,
  DividendTier,
  SalaryTier,
} from '@jade/contracts/agents';
import type { GameCategory } from '@jade/contracts/games';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { groupCommit } from '../../platform/db/group-commit.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { hashPassword } from '../../platform/passwords.js';
import { addDays, dayOf, dayWindow } from '../../platform/time-zone.js';
import * as accounts from '../accounts/repo.js';
import { uniqueReferralCode } from '../accounts/service.js';
import * as records from '../games/bet-records.js';
import type { Merchant } from '../merchants/repo.js';
import type { Operator } from '../operators/service.js';
import * as ledger from '../wallet/ledger.js';
import * as payments from '../wallet/payments.js';
import { answerOffer, offerContract } from './contracts.js';
import * as payroll from './payroll.js';

/**
 * `jade demo agents`: a team in the demo brand for a newcomer to look at (issue 21). A four-level
 * tree (a top agent holding the brand's contracts, sub-agents at levels 2 and 3, members at level 4),
 * a contract of every kind at every agent, deposits and withdrawals through the payment service, and a
 * month of betting history written by the functions the seamless wallet settles rounds with (ledger
 * legs BET and WIN, the round's record, the member's daily summary), so every agent panel has data.
 *
 * Every step is keyed by what it makes (a username, a contract's holder and kind, a round id, a
 * deposit's reference), so a second run adds nothing; a run on a later day adds that day's bets.
 * The passwords are the demo's, printed with the logins on purpose: these accounts exist to be
 * logged in to by whoever runs the demo.
 */

export const DEMO_AGENT_PASSWORD = 'demo12345';
export const DEMO_AGENT_PAYMENT_PASSWORD = '246810';

type Seat = { username: string; upline: string | null; type: 0 | 1; level: number; name: string };

/** The team, top-down: an upline is always listed before its downline. */
export const DEMO_TEAM: readonly Seat[] = [
  { username: 'demoagent', upline: null, type: 1, level: 1, name: 'Nguyen Van An' },
  { username: 'demosub1', upline: 'demoagent', type: 1, level: 2, name: 'Tran Thi Binh' },
  { username: 'demosub2', upline: 'demoagent', type: 1, level: 2, name: 'Le Van Cuong' },
  { username: 'demosub11', upline: 'demosub1', type: 1, level: 3, name: 'Pham Thi Dung' },
  { username: 'demosub21', upline: 'demosub2', type: 1, level: 3, name: 'Hoang Van Em' },
  { username: 'demoplayer1', upline: 'demosub11', type: 0, level: 4, name: 'Vu Thi Giang' },
  { username: 'demoplayer2', upline: 'demosub11', type: 0, level: 4, name: 'Dang Van Hai' },
  { username: 'demoplayer3', upline: 'demosub11', type: 0, level: 4, name: 'Bui Thi Hoa' },
  { username: 'demoplayer4', upline: 'demosub21', type: 0, level: 4, name: 'Do Van Khanh' },
  { username: 'demoplayer5', upline: 'demosub21', type: 0, level: 4, name: 'Ngo Thi Lan' },
  { username: 'demoplayer6', upline: 'demosub1', type: 0, level: 3, name: 'Duong Van Minh' },
  { username: 'demoplayer7', upline: 'demosub2', type: 0, level: 3, name: 'Ly Thi Ngoc' },
];

/** How many days of history before today; today's bets come on top. */
export const DEMO_HISTORY_DAYS = 30;

/** The seamless vendors of the demo catalogue whose rounds the members play, one per category. */
const GAMES: readonly { vendor: string; games: string[]; category: GameCategory }[] = [
  { vendor: 'JADE_STUDIO', games: ['JADE_FORTUNE', 'JADE_ROULETTE', 'JADE_BACCARAT'], category: 'RNG' },
  { vendor: 'PEARL_LIVE', games: ['PBAC_1', 'PBAC_NC'], category: 'LIVE' },
  { vendor: 'APEX_SPORTS', games: ['SPORTSBOOK'], category: 'SPORTS' },
  { vendor: 'REEF_FISH', games: ['REEF_01', 'REEF_02'], category: 'FISH' },
  { vendor: 'ROYAL_POKER', games: ['RP_HOLDEM'], category: 'PVP' },
];

/** VND in hundredths (the demo brand's currency exponent). */
const DONG = 100;

type ContractSpec = {
  kind: ContractKind;
  category: ContractCategory;
  period: DividendPeriod | null;
  tiers: (level: number) => SalaryTier[] | DividendTier[];
};

/**
 * A contract of each kind at every agent; a downline's rate is below its upline's in every tier (§4),
 * the thresholds the same. Tiers a small demo team reaches on most days.
 */
const CONTRACTS: readonly ContractSpec[] = [
  {
    kind: 'DAILY_SALARY',
    category: 'RNG',
    period: null,
    tiers: (level) => [
      { minValidBet: 200_000 * DONG, minActive: 1, rateBp: 120 - level * 30 },
      { minValidBet: 5_000_000 * DONG, minActive: 2, rateBp: 180 - level * 40 },
    ],
  },
  {
    kind: 'HOURLY_SALARY',
    category: 'LIVE',
    period: null,
    tiers: (level) => [{ minValidBet: 50_000 * DONG, minActive: 1, rateBp: 80 - level * 20 }],
  },
  {
    kind: 'REALTIME_SALARY',
    category: 'SPORTS',
    period: null,
    tiers: (level) => [{ minValidBet: 100_000 * DONG, minActive: 1, rateBp: 60 - level * 15 }],
  },
  {
    kind: 'DIVIDEND',
    category: 'RNG',
    period: 'WEEKLY',
    tiers: (level) => [
      { minNetLoss: 100_000 * DONG, minActive: 1, shareBp: 3_000 - level * 500 },
      { minNetLoss: 2_000_000 * DONG, minActive: 3, shareBp: 4_000 - level * 500 },
    ],
  },
];

/** A generator with a fixed seed: the same team gets the same history on every run. */
const seeded = (seed: number) => {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The demo's operator: deposits and withdrawals are decided in its name. */
const demoOperator = (merchant: Merchant): Operator => ({
  id: 0,
  username: 'demo-agents',
  role: 'FINANCE',
  merchantId: merchant.id,
});

export type DemoAgentsResult = {
  created: string[];
  contracts: number;
  bets: number;
  deposits: number;
  withdrawals: number;
  paid: PayrollTally;
  logins: { username: string; level: number; agent: boolean }[];
};

const ensureMembers = async (db: Db, merchant: Merchant, created: string[], now: Date) => {
  const ids = new Map<string, number>();
  let hashes: { password: string; payment: string } | undefined;
  for (const [i, seat] of DEMO_TEAM.entries()) {
    const existing = await accounts.findMemberByUsername(db, merchant.id, seat.username);
    if (existing) {
      ids.set(seat.username, existing.id);
      continue;
    }
    hashes ??= {
      password: await hashPassword(DEMO_AGENT_PASSWORD),
      payment: await hashPassword(DEMO_AGENT_PAYMENT_PASSWORD),
    };
    // Registered a day before the history starts, so the team overview counts them as members then.
    const at = new Date(now.getTime() - (DEMO_HISTORY_DAYS + 1) * DAY_MS).toISOString();
    const upline = seat.upline === null ? null : (ids.get(seat.upline) ?? null);
    const id = await writeTransaction(db, async (trx) =>
      accounts.insertMember(trx, {
        merchant_id: merchant.id,
        username: seat.username,
        username_key: seat.username.toLowerCase(),
        password_hash: hashes!.password,
        payment_password_hash: hashes!.payment,
        type: seat.type,
        upline_id: upline,
        affiliate_code: seat.type === 0 ? null : seat.username.toUpperCase().slice(0, 12),
        referral_code: await uniqueReferralCode(trx, merchant.id),
        mobile_dial_code: '+84',
        mobile_number: `9${String(10_000_000 + i).padStart(8, '0')}`,
        mobile_verified: 1,
        email: null,
        payee_name: seat.name,
        nickname: null,
        qq_num: null,
        line: null,
        whatsapp: null,
        facebook: null,
        wechat: null,
        id_number: null,
        avatar_url: null,
        register_method: 'SCRIPT',
        register_url: null,
        register_ip: '127.0.0.1',
        age_confirmed_at: at,
        terms_agreed_at: at,
        first_login_at: null,
        last_login_at: null,
        password_changed_at: at,
        totp_secret: null,
        created_at: at,
        updated_at: at,
      }),
    );
    ids.set(seat.username, id);
    created.push(seat.username);
  }
  return ids;
};

/**
 * Every agent's contracts, offered and accepted as an agent would: the top agent's by the brand
 * (offered_by null), each other agent's by its upline, top-down so that an upline holds its own
 * before it offers below it (contracts.ts checks every offer against the offerer's caps). A holder
 * that already has an accepted contract of the kind and category is left alone.
 */
const ensureContracts = async (db: Db, merchant: Merchant, ids: Map<string, number>, at: Date) => {
  let added = 0;
  for (const seat of DEMO_TEAM) {
    if (seat.type === 0) continue;
    const holder = ids.get(seat.username)!;
    for (const spec of CONTRACTS) {
      const existing = await db
        .selectFrom('agent_contract')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .where('holder_id', '=', holder)
        .where('kind', '=', spec.kind)
        .where('category', '=', spec.category)
        .where('status', '=', 'ACCEPTED')
        .executeTakeFirst();
      if (existing) continue;
      const offer = await offerContract(
        db,
        merchant.id,
        seat.upline === null ? null : ids.get(seat.upline)!,
        {
          account: seat.username,
          kind: spec.kind,
          category: spec.category,
          ...(spec.period && { period: spec.period }),
          tiers: spec.tiers(seat.level),
        },
        at,
      );
      await answerOffer(db, merchant.id, holder, spec.kind, { contractId: offer.id, accept: true }, at);
      added++;
    }
  }
  return added;
};

const memberFor = async (db: DbOrTrx, merchant: Merchant, id: number): Promise<payments.Member> => {
  const row = await accounts.findMemberById(db, merchant.id, id);
  if (!row) throw new Error(`demo agents: member ${id} vanished`);
  return row;
};

/** A deposit through the brand's manual bank channel, approved by the demo operator; once per reference. */
const deposit = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  amount: number,
  reference: string,
  at: Date,
) => {
  const done = await db
    .selectFrom('deposit')
    .select('id')
    .where('member_id', '=', memberId)
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (done) return false;
  const member = await memberFor(db, merchant, memberId);
  const made = await payments.createDeposit(
    db,
    // A manual bank transfer stores no receipt here and opens no channel secret.
    { dataDir: '', serverSecret: '' },
    merchant,
    member,
    { channelCode: 'VCB_MANUAL', amount, reference },
    'http://localhost',
    at,
  );
  await payments.decideDeposit(db, demoOperator(merchant), made.id, true, 'demo', at);
  return true;
};

/** A withdrawal to the member's own bank account, paid by the demo operator; once per day and member. */
const withdraw = async (db: Db, merchant: Merchant, memberId: number, amount: number, at: Date) => {
  const { start, end } = dayWindow(merchant.timeZone, dayOf(merchant.timeZone, at));
  const done = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('member_id', '=', memberId)
    .where('created_at', '>=', start.toISOString())
    .where('created_at', '<', end.toISOString())
    .executeTakeFirst();
  if (done) return false;
  const member = await memberFor(db, merchant, memberId);
  let bank = (await payments.listBankAccounts(db, memberId))[0];
  bank ??= await payments.bindBankAccount(db, member, {
    bankName: 'Vietcombank',
    accountNumber: `00710${String(memberId).padStart(8, '0')}`,
    accountName: member.payee_name ?? 'Demo',
  });
  const made = await payments.requestWithdrawal(
    db,
    merchant,
    await memberFor(db, merchant, memberId),
    { bankAccountId: bank.id, amount, paymentPassword: DEMO_AGENT_PAYMENT_PASSWORD },
    at,
  );
  await payments.decideWithdrawal(db, demoOperator(merchant), made.id, true, 'demo', at);
  return true;
};

type Round = {
  memberId: number;
  vendor: string;
  gameId: string;
  category: GameCategory;
  roundId: string;
  stake: number;
  payout: number;
  at: Date;
};

/**
 * A day's rounds, each bet and settled as the seamless wallet writes one: the stake leaves the main
 * wallet for the vendor float (BET), the round's record opens, the payout comes back (WIN), the record
 * settles into the member's daily summary; the ledger posts under the seamless wallet's keys, all of
 * the day's at once (`postManyWithin`, as a lottery draw's settlement posts its wins), so a month of
 * history costs a few statements a round. Rounds already written are left alone. Answers how many
 * it wrote.
 */
const playRounds = async (
  db: Db,
  merchant: Merchant,
  wallets: { mains: Map<number, number>; float: number },
  rounds: readonly Round[],
): Promise<number> => {
  if (rounds.length === 0) return 0;
  const written = new Set(
    (
      await db
        .selectFrom('bet_record')
        .select(['vendor_code', 'round_id'])
        .where('merchant_id', '=', merchant.id)
        .where(
          'round_id',
          'in',
          rounds.map((round) => round.roundId),
        )
        .execute()
    ).map((row) => `${row.vendor_code}:${row.round_id}`),
  );
  const fresh = rounds.filter((round) => !written.has(`${round.vendor}:${round.roundId}`));
  if (fresh.length === 0) return 0;
  const postings: ledger.Posting[] = fresh.flatMap((round) => {
    const main = wallets.mains.get(round.memberId)!;
    const reference = records.roundReference(round.vendor, round.roundId);
    const leg = (kind: ledger.Leg['kind'], debit: number, credit: number, amount: number) => ({
      kind,
      debitAccountId: debit,
      creditAccountId: credit,
      amount,
      reference,
    });
    return [
      {
        merchantId: merchant.id,
        idempotencyKey: `wallet:${round.vendor}:${round.roundId}-bet`,
        legs: [leg('BET', main, wallets.float, round.stake)],
      },
      ...(round.payout > 0
        ? [
            {
              merchantId: merchant.id,
              idempotencyKey: `seamless-win:${round.vendor}:${round.roundId}`,
              legs: [leg('WIN', wallets.float, main, round.payout)],
            },
          ]
        : []),
    ];
  });
  const last = new Date(Math.max(...fresh.map((round) => round.at.getTime())));
  await groupCommit(db, async (trx) => {
    await ledger.postManyWithin(db, trx, postings, last);
    for (const round of fresh) {
      const at = round.at.toISOString();
      const key = { merchantId: merchant.id, vendorCode: round.vendor, roundId: round.roundId };
      const id = await records.addStake(trx, {
        ...key,
        memberId: round.memberId,
        gameId: round.gameId,
        category: round.category,
        amount: round.stake,
        at,
      });
      // The record as addStake left it: open, the stake staked, nothing paid.
      const opened: records.BetRecord = {
        id,
        ...key,
        memberId: round.memberId,
        gameId: round.gameId,
        category: round.category,
        stake: round.stake,
        validBet: 0,
        payout: 0,
        winLoss: -round.stake,
        status: 'OPEN',
        placedAt: at,
        settledAt: null,
        settledDay: null,
        refunded: 0,
        detail: null,
      };
      const { state, summary } = records.afterPayout(opened, {
        amount: round.payout,
        close: true,
        at,
        timeZone: merchant.timeZone,
      });
      await records.writeRecordState(trx, id, state);
      if (summary) await records.addToDailySummary(trx, summary);
    }
  });
  return fresh.length;
};

/** A time of a day's bets: 10:00–17:59 on the brand's clock. */
const betTime = (timeZone: string, day: string, random: () => number) =>
  new Date(dayWindow(timeZone, day).start.getTime() + (10 * 60 + Math.floor(random() * 8 * 60)) * 60_000);
/** The brand's hours the members play in, whose hourly salaries the demo pays. */
const PLAY_HOURS = [10, 11, 12, 13, 14, 15, 16, 17];
/**
 * A time of one of today's rounds: the last minutes before `now`, and when the day is younger than
 * that, spread evenly over what there is of it. Every round of the day is placed whatever the hour,
 * so a run a moment later finds the same rounds (it once added the round that had just crossed
 * midnight).
 */
const todayBetTime = (start: Date, now: Date, player: number, round: number, count: number) => {
  const recent = now.getTime() - (count - round) * 7 * 60_000 - player * 60_000;
  if (recent >= start.getTime()) return new Date(recent);
  return new Date(
    start.getTime() + Math.floor(((now.getTime() - start.getTime()) * (round + 1)) / (count + 1)),
  );
};

/** How many past days get hourly and afternoon real-time runs. */
const HOURLY_DAYS = 7;

export type PayrollTally = { daily: number; hourly: number; realtime: number; dividends: number };

/**
 * The payroll of the history, as its jobs would have run it: every past day's daily salaries and
 * real-time salaries at the day's end, the last week's hourly salaries of the hours the members
 * played and real-time salaries at 14:00, and each week's dividends, approved top-down. Every run
 * is keyed by (contract, period), so a second demo run pays nothing again. Answers what each kind
 * paid.
 */
const runPayroll = async (db: Db, merchant: Merchant, today: string, now: Date): Promise<PayrollTally> => {
  const tz = merchant.timeZone;
  const tally: PayrollTally = { daily: 0, hourly: 0, realtime: 0, dividends: 0 };
  const ended = (at: Date) => at.getTime() <= now.getTime();
  for (let d = DEMO_HISTORY_DAYS; d >= 0; d--) {
    const day = addDays(today, -d);
    const { start, end } = dayWindow(tz, day);
    // The last week's hours and afternoons: enough to fill those panels, at a few runs a day.
    if (d <= HOURLY_DAYS) {
      for (const hour of PLAY_HOURS) {
        if (!ended(new Date(start.getTime() + (hour + 1) * HOUR_MS))) continue;
        tally.hourly += (await payroll.runHourlySalaries(db, merchant, day, hour, { now })).paid;
      }
      const afternoon = new Date(start.getTime() + 14 * HOUR_MS);
      if (ended(afternoon))
        tally.realtime += (await payroll.runRealtimeSalaries(db, merchant, afternoon, { now })).paid;
    }
    // Today's real-time slots are the server's job (every 5 minutes): a run at "now" here would
    // make a new period on every demo run.
    if (d === 0) continue;
    tally.realtime += (await payroll.runRealtimeSalaries(db, merchant, end, { now })).paid;
    tally.daily += (await payroll.runDailySalaries(db, merchant, day, { now })).paid;
    // A week's dividends once the week is over (runDividends finds the period of the day).
    if (new Date(`${addDays(day, 1)}T00:00:00Z`).getUTCDay() === 1 || d === 1)
      await payroll.runDividends(db, merchant, day, { now });
  }
  // Uplines first: a child's dividend waits for its upline's (decision 0041).
  for (const pending of await payroll.pendingDividends(db, merchant.id)) {
    await payroll.approveDividend(db, merchant.id, pending.id, 'demo-agents', now);
    tally.dividends++;
  }
  return tally;
};

/** Builds (or completes) the demo team; answers what it made and the logins to print. */
export const buildDemoAgents = async (
  db: Db,
  merchant: Merchant,
  now = new Date(),
  {
    afterFirstDeposits,
  }: {
    /**
     * Runs once the members' first deposits are approved and before any bet of the history (at `at`,
     * an hour after them): what the demo takes on those deposits (a welcome bonus) is then wagered by
     * the month that follows.
     */
    afterFirstDeposits?: (ids: ReadonlyMap<string, number>, at: Date) => Promise<void>;
  } = {},
): Promise<DemoAgentsResult> => {
  const tz = merchant.timeZone;
  const today = dayOf(tz, now);
  const first = addDays(today, -DEMO_HISTORY_DAYS);
  const start = dayWindow(tz, first).start;
  const created: string[] = [];
  const ids = await ensureMembers(db, merchant, created, new Date(start.getTime() - DAY_MS));
  const contracts = await ensureContracts(db, merchant, ids, new Date(start.getTime() - DAY_MS / 2));

  let deposits = 0;
  let withdrawals = 0;
  let bets = 0;
  const players = DEMO_TEAM.filter((seat) => seat.type === 0);
  // Every member deposits before the history starts, and again half-way. The first player's first
  // deposit is a newcomer's, which the welcome bonus doubles (seed.ts).
  const before = new Date(start.getTime() - DAY_MS / 4);
  for (const seat of players) {
    const id = ids.get(seat.username)!;
    const first = seat === players[0] ? 5_000_000 * DONG : 50_000_000 * DONG;
    if (await deposit(db, merchant, id, first, `DEMO-${seat.username}-1`, before)) deposits++;
    const mid = new Date(start.getTime() + 15 * DAY_MS + 9 * HOUR_MS);
    if (await deposit(db, merchant, id, 10_000_000 * DONG, `DEMO-${seat.username}-2`, mid)) deposits++;
  }
  await afterFirstDeposits?.(ids, new Date(before.getTime() + HOUR_MS));

  // Accounts are made outside the writes (ledger.ts remembers only ids read outside transactions).
  const float = await ledger.houseAccount(db, merchant.id, 'VENDOR_FLOAT');
  const mains = new Map<number, number>();
  for (const seat of players) {
    const id = ids.get(seat.username)!;
    mains.set(id, await ledger.memberAccount(db, merchant.id, id, 'MAIN'));
  }
  for (let d = 0; d <= DEMO_HISTORY_DAYS; d++) {
    const day = addDays(first, d);
    const isToday = d === DEMO_HISTORY_DAYS;
    const rounds: Round[] = [];
    for (const [p, seat] of players.entries()) {
      const memberId = ids.get(seat.username)!;
      // One generator per member and day: a rerun, or a run on another day, replays the same rounds.
      const random = seeded(Date.parse(day) / DAY_MS + p * 7_919);
      const count = 2 + Math.floor(random() * 4);
      for (let r = 0; r < count; r++) {
        const game = GAMES[Math.floor(random() * GAMES.length)]!;
        const gameId = game.games[Math.floor(random() * game.games.length)]!;
        const stake = (10 + Math.floor(random() * 50) * 10) * 1_000 * DONG;
        // A house edge of about 7 %: half the rounds lose, most others pay 1.6–2 times, a few 4 times.
        const roll = random();
        const payout = roll < 0.52 ? 0 : roll < 0.97 ? Math.round(stake * (1.6 + random() * 0.4)) : stake * 4;
        const at = isToday
          ? todayBetTime(dayWindow(tz, day).start, now, p, r, count)
          : betTime(tz, day, random);
        if (at.getTime() > now.getTime()) continue;
        rounds.push({
          memberId,
          vendor: game.vendor,
          gameId,
          category: game.category,
          roundId: `DEMO-${seat.username}-${day}-${r}`,
          stake,
          payout,
          at,
        });
      }
    }
    bets += await playRounds(db, merchant, { mains, float }, rounds);
    // Two members cash out every week (not the first, whose welcome bonus's wagering is not met).
    if (!isToday && d % 7 === 6) {
      for (const seat of [players[1]!, players[3]!]) {
        const at = new Date(dayWindow(tz, day).start.getTime() + 19 * HOUR_MS);
        if (await withdraw(db, merchant, ids.get(seat.username)!, 2_000_000 * DONG, at)) withdrawals++;
      }
    }
  }
  const paid = await runPayroll(db, merchant, today, now);

  return {
    created,
    contracts,
    bets,
    deposits,
    withdrawals,
    paid,
    logins: DEMO_TEAM.map((seat) => ({ username: seat.username, level: seat.level, agent: seat.type !== 0 })),
  };
};

export const DEMO_USAGE = `Demo
  demo agents                            build a team in the brand (a 4-level tree of agents and
                                         members, a contract of every kind, a month of bets, deposits
                                         and withdrawals) and print its logins; a second run adds nothing`;

/** `npm run jade -- demo agents`; false for a group it does not know. */
export const runDemoCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'demo' || action !== 'agents') return false;
  const result = await buildDemoAgents(db, merchant);
  out(
    `${merchant.code}: demo team ${result.created.length ? `made (${result.created.length} accounts)` : 'already there'}; ` +
      `added ${result.contracts} contracts, ${result.bets} bets, ${result.deposits} deposits, ${result.withdrawals} withdrawals`,
  );
  const { daily, hourly, realtime, dividends } = result.paid;
  out(
    `payroll: ${daily} daily, ${hourly} hourly and ${realtime} real-time salary payments, ${dividends} dividends approved and paid`,
  );
  out(`Logins (demo accounts only; every one has the password ${DEMO_AGENT_PASSWORD}):`);
  for (const login of result.logins)
    out(`  ${login.username.padEnd(12)} level ${login.level}  ${login.agent ? 'agent' : 'member'}`);
  return true;
};
