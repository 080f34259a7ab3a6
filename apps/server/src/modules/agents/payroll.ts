import {
  dividendTiers,
  salaryTiers,
  type DividendPeriod,
  type DividendTier,
  type SalaryTier,
} from '@jade/contracts/agents';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import type { AgentPaymentStatus } from '../../platform/db/payroll-schema.js';
import { dialectOf, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf, dayWindow, zonedInstant, zonedParts } from '../../platform/time-zone.js';
import { getMoneySettings } from '../wallet/money-settings.js';
import * as ledger from '../wallet/ledger.js';

/**
 * The agent payroll (issue 21 item 6, decision 0041): salaries and dividends computed from the
 * betting records and daily summaries, one `agent_payment` row per (contract, period) written in
 * the same transaction as its ledger post, so a run repeated, cut half-way or run on two instances
 * pays once. The brand pays the top contract holder; an upline pays each direct child from its main
 * wallet and what it cannot cover is owed (agent_debt), settled as soon as its wallet allows.
 */

/** What the payroll needs of a brand. */
export type PayrollBrand = { id: number; timeZone: string };

type ContractRow = {
  id: number;
  merchant_id: number;
  holder_id: number;
  offered_by: number | null;
  kind: 'DAILY_SALARY' | 'HOURLY_SALARY' | 'REALTIME_SALARY' | 'DIVIDEND';
  category: string;
  period: string | null;
  tiers: string;
  answered_at: string | null;
  created_at: string;
};

/** A run's hooks: tests cut a run half-way by throwing from `afterPayment`. */
export type RunOptions = { afterPayment?: (paymentId: number) => void; now?: Date };

export type RunResult = { paid: number; nothing: number; awaiting: number; skipped: number };

const emptyResult = (): RunResult => ({ paid: 0, nothing: 0, awaiting: 0, skipped: 0 });

// ---------------------------------------------------------------- figures

export type TeamFigures = { validBet: number; payout: number; activeMembers: number };

/** Team totals from a per-member list of (valid bet, payout): active members reach the brand's minimum. */
const teamFigures = (
  rows: { valid_bet: number | string; payout: number | string }[],
  minValidBet: number,
) => {
  let validBet = 0;
  let payout = 0;
  let activeMembers = 0;
  for (const row of rows) {
    const v = Number(row.valid_bet);
    validBet += v;
    payout += Number(row.payout);
    if (v > 0 && v >= minValidBet) activeMembers += 1;
  }
  return { validBet, payout, activeMembers };
};

/** The holder's team (itself and every descendant) from the daily summaries of the days, one category. */
export const teamFiguresByDays = async (
  db: DbOrTrx,
  merchantId: number,
  holderId: number,
  category: string,
  fromDay: string,
  toDay: string,
  minValidBet: number,
): Promise<TeamFigures> => {
  const rows = await db
    .selectFrom('member_closure')
    .innerJoin('bet_daily_summary as s', (join) =>
      join.onRef('s.member_id', '=', 'member_closure.descendant_id').on('s.merchant_id', '=', merchantId),
    )
    .select((eb) => [
      's.member_id',
      eb.fn.sum<number | string>('s.valid_bet').as('valid_bet'),
      eb.fn.sum<number | string>('s.payout').as('payout'),
    ])
    .where('member_closure.ancestor_id', '=', holderId)
    .where('s.category', '=', category)
    .where('s.day', '>=', fromDay)
    .where('s.day', '<=', toDay)
    .groupBy('s.member_id')
    .execute();
  return teamFigures(rows, minValidBet);
};

/**
 * The holder's team from the settled records of an instant window [start, end), one category. The
 * settled_day bounds (a day either side of the window, whichever calendar settled_day is kept in)
 * let the (merchant, settled_day) index narrow the scan; settled_at decides.
 */
export const teamFiguresByInstants = async (
  db: DbOrTrx,
  merchantId: number,
  holderId: number,
  category: string,
  start: Date,
  end: Date,
  minValidBet: number,
): Promise<TeamFigures> => {
  const rows = await db
    .selectFrom('member_closure')
    .innerJoin('bet_record as r', 'r.member_id', 'member_closure.descendant_id')
    .select((eb) => [
      'r.member_id',
      eb.fn.sum<number | string>('r.valid_bet').as('valid_bet'),
      eb.fn.sum<number | string>('r.payout').as('payout'),
    ])
    .where('member_closure.ancestor_id', '=', holderId)
    .where('r.merchant_id', '=', merchantId)
    .where('r.status', '=', 'SETTLED')
    .where('r.category', '=', category)
    .where('r.settled_day', '>=', addDays(start.toISOString().slice(0, 10), -1))
    .where('r.settled_day', '<=', addDays(end.toISOString().slice(0, 10), 1))
    .where('r.settled_at', '>=', start.toISOString())
    .where('r.settled_at', '<', end.toISOString())
    .groupBy('r.member_id')
    .execute();
  return teamFigures(rows, minValidBet);
};

const bpOf = (amount: number, bp: number) => Number((BigInt(amount) * BigInt(bp)) / 10_000n);

/** The highest tier whose two thresholds are both met, and what it pays; none met: nothing. */
export const salaryFor = (tiers: readonly SalaryTier[], validBet: number, activeMembers: number) => {
  let reached: number | null = null;
  tiers.forEach((t, i) => {
    if (validBet >= t.minValidBet && activeMembers >= t.minActive) reached = i;
  });
  if (reached === null) return { tier: null, gross: 0 };
  const tier = tiers[reached]!;
  return { tier: reached as number, gross: tier.amount ?? bpOf(validBet, tier.rateBp ?? 0) };
};

export const dividendFor = (tiers: readonly DividendTier[], netLoss: number, activeMembers: number) => {
  if (netLoss <= 0) return { tier: null, gross: 0 };
  let reached: number | null = null;
  tiers.forEach((t, i) => {
    if (netLoss >= t.minNetLoss && activeMembers >= t.minActive) reached = i;
  });
  if (reached === null) return { tier: null, gross: 0 };
  return { tier: reached as number, gross: bpOf(netLoss, tiers[reached]!.shareBp) };
};

// ---------------------------------------------------------------- contracts

/** The brand's accepted contracts of a kind, uplines first (a payer is paid before it pays). */
const acceptedContracts = async (db: DbOrTrx, merchantId: number, kind: ContractRow['kind']) =>
  (await db
    .selectFrom('agent_contract as c')
    .select([
      'c.id',
      'c.merchant_id',
      'c.holder_id',
      'c.offered_by',
      'c.kind',
      'c.category',
      'c.period',
      'c.tiers',
      'c.answered_at',
      'c.created_at',
      (eb) =>
        eb
          .selectFrom('member_closure')
          .select((e) => e.fn.max('depth').as('d'))
          .whereRef('member_closure.descendant_id', '=', 'c.holder_id')
          .as('depth'),
    ])
    .where('c.merchant_id', '=', merchantId)
    .where('c.kind', '=', kind)
    .where('c.status', '=', 'ACCEPTED')
    .orderBy('depth')
    .orderBy('c.id')
    .execute()) as (ContractRow & { depth: number | null })[];

/** A contract pays the periods that end after it was accepted. */
const startedBefore = (contract: ContractRow, end: Date) =>
  Date.parse(contract.answered_at ?? contract.created_at) < end.getTime();

const recordedContracts = async (db: DbOrTrx, merchantId: number, periodKey: string) =>
  new Set(
    (
      await db
        .selectFrom('agent_payment')
        .select('contract_id')
        .where('merchant_id', '=', merchantId)
        .where('period_key', '=', periodKey)
        .execute()
    ).map((row) => row.contract_id),
  );

// ---------------------------------------------------------------- paying

type Figures = {
  periodKey: string;
  day: string;
  start: Date;
  end: Date;
  teamValidBet: number;
  netLoss: number;
  carriedIn: number;
  activeMembers: number;
  tier: number | null;
  gross: number;
};

const ledgerKey = (contract: ContractRow, periodKey: string) =>
  `${contract.kind === 'DIVIDEND' ? 'agent-dividend' : 'agent-salary'}:${contract.id}:${periodKey}`;

/** The locked balance of a member's main wallet (PostgreSQL: the row stays locked until commit). */
const lockedMainBalance = async (trx: DbOrTrx, merchantId: number, memberId: number) => {
  const id = await ledger.memberAccount(trx, merchantId, memberId, 'MAIN');
  let query = trx.selectFrom('ledger_account').select(['id', 'balance']).where('id', '=', id);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return { accountId: id, balance: Number(row.balance) };
};

/**
 * Moves a payment's gross from its payer to its holder inside the caller's transaction: the brand
 * pays in full; an upline pays what its main wallet holds and owes the rest. Answers what was paid.
 */
const transferPayment = async (
  trx: DbOrTrx,
  contract: ContractRow,
  payment: { id: number; periodKey: string; gross: number },
  now: Date,
) => {
  const merchantId = contract.merchant_id;
  const to = await ledger.memberAccount(trx, merchantId, contract.holder_id, 'MAIN');
  let paid = payment.gross;
  let from: number;
  if (contract.offered_by === null) {
    from = await ledger.houseAccount(trx, merchantId, 'AGENT_COMMISSION_EXPENSE');
  } else {
    const payer = await lockedMainBalance(trx, merchantId, contract.offered_by);
    from = payer.accountId;
    paid = Math.min(payment.gross, payer.balance);
  }
  if (paid > 0) {
    await ledger.postTransfersIn(
      trx,
      {
        merchantId,
        idempotencyKey: ledgerKey(contract, payment.periodKey),
        legs: [
          {
            kind: contract.kind === 'DIVIDEND' ? 'AGENT_DIVIDEND' : 'AGENT_SALARY',
            debitAccountId: from,
            creditAccountId: to,
            amount: paid,
            reference: `agent-payment:${payment.id}`,
          },
        ],
      },
      now,
    );
  }
  const owed = payment.gross - paid;
  if (owed > 0 && contract.offered_by !== null) {
    await trx
      .insertInto('agent_debt')
      .values({
        merchant_id: merchantId,
        payment_id: payment.id,
        debtor_id: contract.offered_by,
        creditor_id: contract.holder_id,
        amount: owed,
        settled: 0,
        status: 'OPEN',
        created_at: now.toISOString(),
        settled_at: null,
      })
      .execute();
  }
  // What the holder just received may settle what it owes its own children.
  if (paid > 0) await settleDebtsIn(trx, merchantId, contract.holder_id, now);
  return { paid, owed };
};

/** Locks the contract for the payment (PostgreSQL: two instances paying it queue here). */
const lockContract = async (trx: DbOrTrx, contractId: number) => {
  let query = trx.selectFrom('agent_contract').select(['id', 'status']).where('id', '=', contractId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
};

/**
 * Records one period of one contract and pays it, in one write transaction. A period already
 * recorded is left as it is (skipped). Real-time salary pays the day-to-date gross minus what the
 * earlier slots of that day already paid, read under the contract's lock.
 */
const payPeriod = async (
  db: Db,
  contract: ContractRow,
  figures: Figures,
  now: Date,
): Promise<{ id: number; status: AgentPaymentStatus } | 'skipped'> =>
  writeTransaction(db, async (trx) => {
    const locked = await lockContract(trx, contract.id);
    if (locked?.status !== 'ACCEPTED') return 'skipped' as const;
    const existing = await trx
      .selectFrom('agent_payment')
      .select('id')
      .where('contract_id', '=', contract.id)
      .where('period_key', '=', figures.periodKey)
      .executeTakeFirst();
    if (existing) return 'skipped' as const;
    let gross = figures.gross;
    if (contract.kind === 'REALTIME_SALARY') {
      const before = await trx
        .selectFrom('agent_payment')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('gross'), eb.lit(0)).as('gross'))
        .where('contract_id', '=', contract.id)
        .where('day', '=', figures.day)
        .executeTakeFirstOrThrow();
      gross = Math.max(0, figures.gross - Number(before.gross));
    }
    const status: AgentPaymentStatus =
      gross <= 0 ? 'NOTHING' : contract.kind === 'DIVIDEND' ? 'AWAITING_APPROVAL' : 'PAID';
    const { id } = await trx
      .insertInto('agent_payment')
      .values({
        merchant_id: contract.merchant_id,
        contract_id: contract.id,
        holder_id: contract.holder_id,
        payer_id: contract.offered_by,
        kind: contract.kind,
        category: contract.category,
        period_key: figures.periodKey,
        day: figures.day,
        window_start: figures.start.toISOString(),
        window_end: figures.end.toISOString(),
        team_valid_bet: figures.teamValidBet,
        net_loss: figures.netLoss,
        carried_in: figures.carriedIn,
        active_members: figures.activeMembers,
        tier: figures.tier,
        gross,
        paid: 0,
        owed: 0,
        status,
        created_at: now.toISOString(),
        approved_by: null,
        approved_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status !== 'PAID') return { id, status };
    const { paid, owed } = await transferPayment(
      trx,
      contract,
      { id, periodKey: figures.periodKey, gross },
      now,
    );
    const final: AgentPaymentStatus = owed > 0 ? 'OWED' : 'PAID';
    await trx.updateTable('agent_payment').set({ paid, owed, status: final }).where('id', '=', id).execute();
    return { id, status: final };
  });

const tally = (result: RunResult, outcome: Awaited<ReturnType<typeof payPeriod>>, options: RunOptions) => {
  if (outcome === 'skipped') {
    result.skipped += 1;
    return;
  }
  if (outcome.status === 'NOTHING') result.nothing += 1;
  else if (outcome.status === 'AWAITING_APPROVAL') result.awaiting += 1;
  else result.paid += 1;
  options.afterPayment?.(outcome.id);
};

// ---------------------------------------------------------------- salary runs

const salaryRun = async (
  db: Db,
  brand: PayrollBrand,
  kind: 'DAILY_SALARY' | 'HOURLY_SALARY' | 'REALTIME_SALARY',
  window: { periodKey: string; day: string; start: Date; end: Date },
  options: RunOptions,
) => {
  const result = emptyResult();
  const now = options.now ?? new Date();
  const { agents } = await getMoneySettings(db, brand.id);
  // Periods already recorded are skipped before their figures are read (a catch-up pass is cheap).
  const done = await recordedContracts(db, brand.id, window.periodKey);
  for (const contract of await acceptedContracts(db, brand.id, kind)) {
    if (!startedBefore(contract, window.end)) continue;
    if (done.has(contract.id)) {
      result.skipped += 1;
      continue;
    }
    const figures =
      kind === 'DAILY_SALARY'
        ? await teamFiguresByDays(
            db,
            brand.id,
            contract.holder_id,
            contract.category,
            window.day,
            window.day,
            agents.activeMemberMinValidBet,
          )
        : await teamFiguresByInstants(
            db,
            brand.id,
            contract.holder_id,
            contract.category,
            window.start,
            window.end,
            agents.activeMemberMinValidBet,
          );
    const { tier, gross } = salaryFor(
      salaryTiers.parse(JSON.parse(contract.tiers)),
      figures.validBet,
      figures.activeMembers,
    );
    const outcome = await payPeriod(
      db,
      contract,
      {
        ...window,
        teamValidBet: figures.validBet,
        netLoss: 0,
        carriedIn: 0,
        activeMembers: figures.activeMembers,
        tier,
        gross,
      },
      now,
    );
    tally(result, outcome, options);
  }
  return result;
};

/** Daily salaries of the brand's day `day` (its daily summaries), for every accepted daily contract. */
export const runDailySalaries = (db: Db, brand: PayrollBrand, day: string, options: RunOptions = {}) =>
  salaryRun(
    db,
    brand,
    'DAILY_SALARY',
    { periodKey: `D:${day}`, day, ...dayWindow(brand.timeZone, day) },
    options,
  );

const pad = (n: number) => String(n).padStart(2, '0');

/** Hourly salaries of the hour starting at `hour` o'clock of the brand's day `day`. */
export const runHourlySalaries = (
  db: Db,
  brand: PayrollBrand,
  day: string,
  hour: number,
  options: RunOptions = {},
) => {
  const start = zonedInstant(brand.timeZone, day, hour);
  const end = new Date(start.getTime() + 3_600_000);
  return salaryRun(
    db,
    brand,
    'HOURLY_SALARY',
    { periodKey: `H:${day}T${pad(hour)}`, day, start, end },
    options,
  );
};

const SLOT_MS = 5 * 60_000;

/**
 * Real-time salaries up to the 5-minute slot ending at or before `at` (§9), or up to `at` itself
 * with `exact` (the CLI's "now"): each pays the brand's day-to-date gross minus what the day's
 * earlier payments paid, so the day's payments sum to the daily figure. A window ending at the
 * brand's midnight belongs to the day before. The period is named by the window's end.
 */
export const runRealtimeSalaries = (
  db: Db,
  brand: PayrollBrand,
  at: Date,
  options: RunOptions & { exact?: boolean } = {},
) => {
  const end = options.exact
    ? new Date(Math.floor(at.getTime() / 1000) * 1000)
    : new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);
  const day = dayOf(brand.timeZone, new Date(end.getTime() - 1));
  const { start } = dayWindow(brand.timeZone, day);
  const endsAt = end.getTime() === dayWindow(brand.timeZone, day).end.getTime() ? '24:00:00' : undefined;
  const p = zonedParts(brand.timeZone, end);
  const periodKey = `R:${day}@${endsAt ?? `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`}`;
  return salaryRun(db, brand, 'REALTIME_SALARY', { periodKey, day, start, end }, options);
};

// ---------------------------------------------------------------- dividends

/** The dividend period a brand's day falls in: its key and first and last days. */
export const dividendPeriodOf = (period: DividendPeriod, day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = `${y}-${pad(m)}`;
  const lastOfMonth = addDays(`${month}-01`, new Date(Date.UTC(y, m, 0)).getUTCDate() - 1);
  switch (period) {
    case 'DAILY':
      return { key: `DAILY:${day}`, fromDay: day, toDay: day };
    case 'WEEKLY': {
      const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
      return { key: `WEEKLY:${monday}`, fromDay: monday, toDay: addDays(monday, 6) };
    }
    case 'SEMIMONTHLY':
      return d <= 15
        ? { key: `SEMIMONTHLY:${month}-1`, fromDay: `${month}-01`, toDay: `${month}-15` }
        : { key: `SEMIMONTHLY:${month}-2`, fromDay: `${month}-16`, toDay: lastOfMonth };
    case 'MONTHLY':
      return { key: `MONTHLY:${month}`, fromDay: `${month}-01`, toDay: lastOfMonth };
  }
};

/**
 * Rebates and bonuses the team received in the window: what the brand's promotion expense paid into
 * team members' accounts (decision 0041: every category, since a rebate names none).
 */
const teamPromotions = async (db: DbOrTrx, merchantId: number, holderId: number, start: Date, end: Date) => {
  const house = await ledger.houseAccount(db, merchantId, 'PROMOTION_EXPENSE');
  const row = await db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
    .innerJoin('member_closure as c', 'c.descendant_id', 'a.member_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('t.amount'), eb.lit(0)).as('total'))
    .where('t.merchant_id', '=', merchantId)
    .where('t.debit_account_id', '=', house)
    .where('c.ancestor_id', '=', holderId)
    .where('t.created_at', '>=', start.toISOString())
    .where('t.created_at', '<', end.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

/** Salaries paid into the team from outside it in the days: the holder's own salaries (it pays its children from them). */
const teamSalaries = async (
  db: DbOrTrx,
  merchantId: number,
  holderId: number,
  category: string,
  fromDay: string,
  toDay: string,
) => {
  const row = await db
    .selectFrom('agent_payment')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('gross'), eb.lit(0)).as('total'))
    .where('merchant_id', '=', merchantId)
    .where('holder_id', '=', holderId)
    .where('kind', 'in', ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'])
    .where('category', '=', category)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

/**
 * Computes the dividends of every accepted dividend contract whose period contains `day` and has
 * ended (the caller passes a period's last day, or any day of one that is over): the team's net loss
 * is valid bets − payouts − rebates − bonuses − salaries; with carry-forward on, the previous period's
 * team profit lowers it. A positive net loss reaching a tier waits for an operator's approval.
 */
export const runDividends = async (db: Db, brand: PayrollBrand, day: string, options: RunOptions = {}) => {
  const result = emptyResult();
  const now = options.now ?? new Date();
  const { agents } = await getMoneySettings(db, brand.id);
  for (const contract of await acceptedContracts(db, brand.id, 'DIVIDEND')) {
    const period = dividendPeriodOf((contract.period ?? 'MONTHLY') as DividendPeriod, day);
    const start = dayWindow(brand.timeZone, period.fromDay).start;
    const end = dayWindow(brand.timeZone, period.toDay).end;
    if (end.getTime() > now.getTime() || !startedBefore(contract, end)) continue;
    if ((await recordedContracts(db, brand.id, period.key)).has(contract.id)) {
      result.skipped += 1;
      continue;
    }
    const team = await teamFiguresByDays(
      db,
      brand.id,
      contract.holder_id,
      contract.category,
      period.fromDay,
      period.toDay,
      agents.activeMemberMinValidBet,
    );
    const promotions = await teamPromotions(db, brand.id, contract.holder_id, start, end);
    const salaries = await teamSalaries(
      db,
      brand.id,
      contract.holder_id,
      contract.category,
      period.fromDay,
      period.toDay,
    );
    let netLoss = team.validBet - team.payout - promotions - salaries;
    let carriedIn = 0;
    if (agents.dividendCarryForward) {
      const previousKey = dividendPeriodOf(
        (contract.period ?? 'MONTHLY') as DividendPeriod,
        addDays(period.fromDay, -1),
      ).key;
      const previous = await db
        .selectFrom('agent_payment')
        .select('net_loss')
        .where('contract_id', '=', contract.id)
        .where('period_key', '=', previousKey)
        .executeTakeFirst();
      // The previous period's team profit (a negative net loss, itself after what it carried in).
      if (previous && Number(previous.net_loss) < 0) carriedIn = -Number(previous.net_loss);
      netLoss -= carriedIn;
    }
    const { tier, gross } = dividendFor(
      dividendTiers.parse(JSON.parse(contract.tiers)),
      netLoss,
      team.activeMembers,
    );
    const outcome = await payPeriod(
      db,
      contract,
      {
        periodKey: period.key,
        day: period.toDay,
        start,
        end,
        teamValidBet: team.validBet,
        netLoss,
        carriedIn,
        activeMembers: team.activeMembers,
        tier,
        gross,
      },
      now,
    );
    tally(result, outcome, options);
  }
  return result;
};

/**
 * An operator approves a dividend waiting for it, and it is paid in the same transaction. Top-down:
 * a child's dividend is refused while its upline's dividend of the same category and period waits.
 */
export const approveDividend = async (
  db: Db,
  merchantId: number,
  paymentId: number,
  approvedBy: string,
  now = new Date(),
) =>
  writeTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('agent_payment')
      .selectAll()
      .where('id', '=', paymentId)
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', 'DIVIDEND');
    if (dialectOf(trx) === 'postgres') query = query.forUpdate();
    const payment = await query.executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', `No dividend ${paymentId}`);
    if (payment.status !== 'AWAITING_APPROVAL') {
      throw new AppError('CONFLICT', 'This dividend is not waiting for approval');
    }
    if (payment.payer_id !== null) {
      const upline = await trx
        .selectFrom('agent_payment')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('holder_id', '=', payment.payer_id)
        .where('kind', '=', 'DIVIDEND')
        .where('category', '=', payment.category)
        .where('period_key', '=', payment.period_key)
        .where('status', '=', 'AWAITING_APPROVAL')
        .executeTakeFirst();
      if (upline) {
        throw new AppError('AGENT_DIVIDEND_UPLINE_PENDING', "Approve the upline's dividend first", {
          details: { uplinePaymentId: upline.id },
        });
      }
    }
    const contract = (await trx
      .selectFrom('agent_contract')
      .select(['id', 'merchant_id', 'holder_id', 'offered_by', 'kind', 'category', 'period', 'tiers'])
      .select(['answered_at', 'created_at'])
      .where('id', '=', payment.contract_id)
      .executeTakeFirstOrThrow()) as ContractRow;
    const claimed = await trx
      .updateTable('agent_payment')
      .set({ status: 'PAID', approved_by: approvedBy, approved_at: now.toISOString() })
      .where('id', '=', paymentId)
      .where('status', '=', 'AWAITING_APPROVAL')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'Already approved');
    const { paid, owed } = await transferPayment(
      trx,
      { ...contract, offered_by: payment.payer_id, holder_id: payment.holder_id },
      { id: payment.id, periodKey: payment.period_key, gross: Number(payment.gross) },
      now,
    );
    await trx
      .updateTable('agent_payment')
      .set({ paid, owed, status: owed > 0 ? 'OWED' : 'PAID' })
      .where('id', '=', paymentId)
      .execute();
    return { id: paymentId, paid, owed };
  });

/** Dividends waiting for approval, uplines first (the order they can be approved in). */
export const pendingDividends = async (db: DbOrTrx, merchantId: number) =>
  db
    .selectFrom('agent_payment as p')
    .innerJoin('member as m', 'm.id', 'p.holder_id')
    .select(['p.id', 'p.holder_id', 'm.username', 'p.category', 'p.period_key', 'p.net_loss', 'p.gross'])
    .select((eb) =>
      eb
        .selectFrom('member_closure')
        .select((e) => e.fn.max('depth').as('d'))
        .whereRef('member_closure.descendant_id', '=', 'p.holder_id')
        .as('depth'),
    )
    .where('p.merchant_id', '=', merchantId)
    .where('p.status', '=', 'AWAITING_APPROVAL')
    .orderBy('depth')
    .orderBy('p.id')
    .execute();

// ---------------------------------------------------------------- debts

/**
 * Settles what a member owes its children, oldest first, as far as its main wallet allows, inside
 * the caller's transaction. Each step is a conditional update on what was settled before it.
 */
export const settleDebtsIn = async (trx: DbOrTrx, merchantId: number, debtorId: number, now = new Date()) => {
  const debts = await trx
    .selectFrom('agent_debt')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('debtor_id', '=', debtorId)
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
  if (debts.length === 0) return 0;
  const payer = await lockedMainBalance(trx, merchantId, debtorId);
  let balance = payer.balance;
  let total = 0;
  for (const debt of debts) {
    if (balance <= 0) break;
    const before = Number(debt.settled);
    const pay = Math.min(Number(debt.amount) - before, balance);
    const done = before + pay === Number(debt.amount);
    const updated = await trx
      .updateTable('agent_debt')
      .set({
        settled: before + pay,
        status: done ? 'SETTLED' : 'OPEN',
        settled_at: done ? now.toISOString() : null,
      })
      .where('id', '=', debt.id)
      .where('settled', '=', before)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) continue;
    await ledger.postTransfersIn(
      trx,
      {
        merchantId,
        idempotencyKey: `agent-debt:${debt.id}:${before}`,
        legs: [
          {
            kind: 'AGENT_DEBT',
            debitAccountId: payer.accountId,
            creditAccountId: await ledger.memberAccount(trx, merchantId, debt.creditor_id, 'MAIN'),
            amount: pay,
            reference: `agent-payment:${debt.payment_id}`,
          },
        ],
      },
      now,
    );
    await trx
      .updateTable('agent_payment')
      .set({
        paid: sql`paid + ${pay}`,
        owed: sql`owed - ${pay}`,
        status: sql`case when owed - ${pay} = 0 then 'PAID' else status end`,
      })
      .where('id', '=', debt.payment_id)
      .execute();
    balance -= pay;
    total += pay;
  }
  return total;
};

/** The job step: every debtor of the brand settles what its wallet can cover now. */
export const settleAllDebts = async (db: Db, merchantId: number, now = new Date()) => {
  const debtors = await db
    .selectFrom('agent_debt')
    .select('debtor_id')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'OPEN')
    .execute();
  let total = 0;
  for (const { debtor_id } of debtors) {
    total += await writeTransaction(db, (trx) => settleDebtsIn(trx, merchantId, debtor_id, now));
  }
  return total;
};

// ---------------------------------------------------------------- jobs

const brands = async (db: DbOrTrx) =>
  (
    await db
      .selectFrom('merchant')
      .select(['id', 'time_zone'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('agent_contract')
            .select('id')
            .whereRef('agent_contract.merchant_id', '=', 'merchant.id')
            .where('agent_contract.status', '=', 'ACCEPTED'),
        ),
      )
      .execute()
  ).map((row) => ({ id: row.id, timeZone: row.time_zone }));

/** How far back a job catches up periods it missed (the server was down). */
const CATCH_UP_DAYS = 7;
const CATCH_UP_HOURS = 48;

/** Job: the daily salaries of every ended day of the last week not paid yet, and debts. */
export const runDueDailySalaries = async (db: Db, now = new Date()) => {
  for (const brand of await brands(db)) {
    const today = dayOf(brand.timeZone, now);
    for (let n = CATCH_UP_DAYS; n >= 1; n--) await runDailySalaries(db, brand, addDays(today, -n), { now });
    await settleAllDebts(db, brand.id, now);
  }
};

/** Job: the hourly salaries of every ended hour of the last two days not paid yet. */
export const runDueHourlySalaries = async (db: Db, now = new Date()) => {
  const lastEnd = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  for (const brand of await brands(db)) {
    for (let n = CATCH_UP_HOURS; n >= 1; n--) {
      const start = new Date(lastEnd - n * 3_600_000);
      const p = zonedParts(brand.timeZone, start);
      await runHourlySalaries(db, brand, dayOf(brand.timeZone, start), p.hour, { now });
    }
  }
};

/**
 * Job: the real-time slot that just ended; and the last slot of yesterday, so a day missed at its
 * end still pays up to its daily figure (later slots of a day only add what the day grew by).
 */
export const runDueRealtimeSalaries = async (db: Db, now = new Date()) => {
  for (const brand of await brands(db)) {
    const today = dayOf(brand.timeZone, now);
    await runRealtimeSalaries(db, brand, dayWindow(brand.timeZone, addDays(today, -1)).end, { now });
    await runRealtimeSalaries(db, brand, now, { now });
  }
};

/** Job: dividends of periods that ended in the last week (each brand day's period, once it is over). */
export const runDueDividends = async (db: Db, now = new Date()) => {
  for (const brand of await brands(db)) {
    const today = dayOf(brand.timeZone, now);
    for (let n = CATCH_UP_DAYS; n >= 1; n--) await runDividends(db, brand, addDays(today, -n), { now });
  }
};
