import {
  dividendTiers,
  salaryTiers,
  type DividendPeriod,
  type DividendTier,
  type SalaryTier,
} from '@jade/contracts/agents';
import { sql, type SelectQueryBuilder } from 'kysely';
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
export type RunOptions = {
  afterPayment?: (paymentId: number) => void;
  now?: Date;
  /** Periods paid a transaction (tests make it small to cut a run between chunks). */
  chunkSize?: number;
};

export type RunResult = { paid: number; nothing: number; awaiting: number; skipped: number };

const emptyResult = (): RunResult => ({ paid: 0, nothing: 0, awaiting: 0, skipped: 0 });

// ---------------------------------------------------------------- figures

export type TeamFigures = { validBet: number; payout: number; activeMembers: number };

const NO_FIGURES: TeamFigures = { validBet: 0, payout: 0, activeMembers: 0 };

/** Team figures by holder and category, as `teamKey` names them. */
type TeamFiguresMap = Map<string, TeamFigures>;

type MemberFigures = {
  member_id: number;
  category: string;
  valid_bet: number | string;
  payout: number | string;
};

const teamKey = (holderId: number, category: string) => `${holderId}:${category}`;

/** The holders of the brand's accepted contracts of a kind: the ancestors whose teams are summed. */
const holdersOf = (db: DbOrTrx, merchantId: number, kind: ContractRow['kind']) =>
  db
    .selectFrom('agent_contract')
    .select('holder_id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('status', '=', 'ACCEPTED');

/**
 * Every team's figures from one grouped statement (issue 21's bench: one closure-join query per
 * contract made a brand's daily run take minutes): `perMember` sums each member's valid bet and
 * payout over the window by category; each holder of an accepted contract of `kind` (itself and every
 * descendant, through member_closure) then sums its members', and counts those whose valid bet reaches
 * the brand's minimum as active.
 */
const teamFiguresOf = async <DB, TB extends keyof DB>(
  db: DbOrTrx,
  merchantId: number,
  kind: ContractRow['kind'],
  perMember: SelectQueryBuilder<DB, TB, MemberFigures>,
  minValidBet: number,
): Promise<TeamFiguresMap> => {
  const rows = await db
    .selectFrom(perMember.as('m'))
    .innerJoin('member_closure as c', 'c.descendant_id', 'm.member_id')
    .select([
      'c.ancestor_id',
      'm.category',
      sql<number | string>`sum(m.valid_bet)`.as('valid_bet'),
      sql<number | string>`sum(m.payout)`.as('payout'),
      sql<
        number | string
      >`sum(case when m.valid_bet > 0 and m.valid_bet >= ${minValidBet} then 1 else 0 end)`.as('active'),
    ])
    .where('c.ancestor_id', 'in', holdersOf(db, merchantId, kind))
    .groupBy(['c.ancestor_id', 'm.category'])
    .execute();
  return new Map(
    rows.map((row) => [
      teamKey(row.ancestor_id, row.category),
      { validBet: Number(row.valid_bet), payout: Number(row.payout), activeMembers: Number(row.active) },
    ]),
  );
};

/**
 * Which settled bets a team's figures count: the daily summaries of the business days [fromDay,
 * toDay], or the settled records of an instant window [start, end) (a salary period that is not a
 * whole day).
 */
type FiguresWindow = { fromDay: string; toDay: string } | { start: Date; end: Date };

/** The columns the daily summaries and the settled records have alike (the window's own are named in sql). */
type SettledColumns = {
  merchant_id: number;
  member_id: number;
  category: string;
  valid_bet: number | string;
  payout: number | string;
};

/**
 * Every team's figures over the window, in the categories. In an instant window the settled_day
 * bounds (a day either side of the window, whichever calendar settled_day is kept in) let the
 * brand's settled-day entries (bet_settled_day, decision 0074) narrow the scan; settled_at decides.
 */
const teamFigures = (
  db: DbOrTrx,
  merchantId: number,
  kind: ContractRow['kind'],
  categories: readonly string[],
  window: FiguresWindow,
  minValidBet: number,
) =>
  teamFiguresOf(
    db,
    merchantId,
    kind,
    db
      .selectFrom(
        sql<SettledColumns>`${sql.table('fromDay' in window ? 'bet_daily_summary' : 'bet_record')}`.as('s'),
      )
      .select((eb) => [
        's.member_id',
        's.category',
        eb.fn.sum<number | string>('s.valid_bet').as('valid_bet'),
        eb.fn.sum<number | string>('s.payout').as('payout'),
      ])
      .where('s.merchant_id', '=', merchantId)
      .where('s.category', 'in', categories)
      .where((eb) => {
        if ('fromDay' in window)
          return eb.and([
            eb(sql.ref('s.day'), '>=', window.fromDay),
            eb(sql.ref('s.day'), '<=', window.toDay),
          ]);
        const fromDay = addDays(window.start.toISOString().slice(0, 10), -1);
        const toDay = addDays(window.end.toISOString().slice(0, 10), 1);
        return eb.and([
          eb(sql.ref('s.status'), '=', 'SETTLED'),
          eb(sql.ref('s.settled_day'), '>=', fromDay),
          eb(sql.ref('s.settled_day'), '<=', toDay),
          eb(
            sql.ref('s.id'),
            'in',
            eb
              .selectFrom('bet_settled_day')
              .select('record_id')
              .where('merchant_id', '=', merchantId)
              .where('settled_day', '>=', fromDay)
              .where('settled_day', '<=', toDay),
          ),
          eb(sql.ref('s.settled_at'), '>=', window.start.toISOString()),
          eb(sql.ref('s.settled_at'), '<', window.end.toISOString()),
        ]);
      })
      .groupBy(['s.member_id', 's.category']),
    minValidBet,
  );

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

/** A period of a contract to record and pay, its figures read before the transaction. */
type Due = { contract: ContractRow; figures: Figures };

type Outcome = { id: number; status: AgentPaymentStatus } | 'skipped';

/**
 * Periods recorded and paid in one write transaction (issue 21's bench: a transaction a payment made
 * a brand's daily run take minutes). Small enough that a chunk's locks are held for milliseconds.
 */
const CHUNK = 200;

/** The balances of ledger accounts, locked in ascending id order (PostgreSQL: until commit). */
const lockedBalances = async (trx: DbOrTrx, accountIds: Iterable<number>) => {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const balances = new Map<number, number>();
  if (ids.length === 0) return balances;
  let query = trx.selectFrom('ledger_account').select(['id', 'balance']).where('id', 'in', ids).orderBy('id');
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  for (const row of await query.execute()) balances.set(row.id, Number(row.balance));
  return balances;
};

const openDebtsOf = (trx: DbOrTrx, merchantId: number, debtorIds: readonly number[]) =>
  trx
    .selectFrom('agent_debt')
    .select(['id', 'payment_id', 'debtor_id', 'creditor_id', 'amount', 'settled'])
    .where('merchant_id', '=', merchantId)
    .where('debtor_id', 'in', debtorIds)
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();

type Row = {
  due: Due;
  gross: number;
  paid: number;
  owed: number;
  status: AgentPaymentStatus;
  from: number;
  to: number;
};
type Debt = { id: number; paymentId: number; creditorId: number; amount: number; settled: number };
type Step = { debt: Debt; before: number; pay: number; from: number; to: number };

/**
 * Records a chunk of periods (uplines first) and pays them, in one write transaction, each as if paid
 * on its own in that order. Locks come first and in one order, so two instances paying at once queue
 * instead of deadlocking (PostgreSQL): the chunk's contracts by ascending id, then every wallet the
 * chunk moves (holders, payers, the brand's expense account, the creditors of the holders' open
 * debts) by ascending id. A period already recorded, or whose contract is no longer accepted, is left
 * as it is (skipped). Who pays what is then worked out on the locked balances in order (an upline's
 * salary is in its wallet before it pays its children; what it cannot cover is owed, and what a
 * holder receives settles what it owes first), and written in a few statements, the ledger's posts
 * with `postManyWithin` under each payment's own key.
 */
const payPeriods = async (db: Db, dues: readonly Due[], now: Date): Promise<Outcome[]> =>
  writeTransaction(db, async (trx) => {
    const merchantId = dues[0]!.contract.merchant_id;
    const contractIds = [...new Set(dues.map((d) => d.contract.id))].sort((a, b) => a - b);
    let lock = trx
      .selectFrom('agent_contract')
      .select(['id', 'status'])
      .where('id', 'in', contractIds)
      .orderBy('id');
    if (dialectOf(trx) === 'postgres') lock = lock.forUpdate();
    const accepted = new Set((await lock.execute()).filter((c) => c.status === 'ACCEPTED').map((c) => c.id));
    const periodOf = (contractId: number, key: string) => `${contractId}|${key}`;
    const recorded = new Set(
      (
        await trx
          .selectFrom('agent_payment')
          .select(['contract_id', 'period_key'])
          .where('contract_id', 'in', contractIds)
          .where('period_key', 'in', [...new Set(dues.map((d) => d.figures.periodKey))])
          .execute()
      ).map((p) => periodOf(p.contract_id, p.period_key)),
    );
    // Real-time salary pays the day-to-date gross minus what the day's earlier slots paid.
    const realtime = dues.filter((d) => d.contract.kind === 'REALTIME_SALARY');
    const earlier = new Map<string, number>();
    if (realtime.length > 0) {
      const sums = await trx
        .selectFrom('agent_payment')
        .select((eb) => ['contract_id', 'day', eb.fn.sum<number | string>('gross').as('gross')])
        .where('contract_id', 'in', [...new Set(realtime.map((d) => d.contract.id))])
        .where('day', 'in', [...new Set(realtime.map((d) => d.figures.day))])
        .groupBy(['contract_id', 'day'])
        .execute();
      for (const sum of sums) earlier.set(periodOf(sum.contract_id, sum.day), Number(sum.gross));
    }
    const rows = dues.map((due): Row | null => {
      const key = periodOf(due.contract.id, due.figures.periodKey);
      if (!accepted.has(due.contract.id) || recorded.has(key)) return null;
      recorded.add(key);
      let gross = due.figures.gross;
      if (due.contract.kind === 'REALTIME_SALARY')
        gross = Math.max(0, gross - (earlier.get(periodOf(due.contract.id, due.figures.day)) ?? 0));
      const status: AgentPaymentStatus =
        gross <= 0 ? 'NOTHING' : due.contract.kind === 'DIVIDEND' ? 'AWAITING_APPROVAL' : 'PAID';
      return { due, gross, paid: 0, owed: 0, status, from: 0, to: 0 };
    });
    const paying = rows.filter((r): r is Row => r?.status === 'PAID');

    const newDebts: Row[] = [];
    const steps: Step[] = [];
    if (paying.length > 0) {
      const holders = [...new Set(paying.map((r) => r.due.contract.holder_id))];
      const members = new Set(holders);
      for (const r of paying) if (r.due.contract.offered_by !== null) members.add(r.due.contract.offered_by);
      for (const d of await openDebtsOf(trx, merchantId, holders)) members.add(d.creditor_id);
      const mains = await ledger.memberAccountsIn(trx, merchantId, [...members], 'MAIN');
      const house = paying.some((r) => r.due.contract.offered_by === null)
        ? await ledger.houseAccount(trx, merchantId, 'AGENT_COMMISSION_EXPENSE')
        : undefined;
      const balances = await lockedBalances(
        trx,
        house === undefined ? mains.values() : [...mains.values(), house],
      );
      // Read again under the locks; a debt added in between may name a creditor not locked yet.
      const debts = await openDebtsOf(trx, merchantId, holders);
      const creditors = debts.map((d) => d.creditor_id).filter((id) => !mains.has(id));
      if (creditors.length > 0) {
        const more = await ledger.memberAccountsIn(trx, merchantId, creditors, 'MAIN');
        for (const [member, id] of more) mains.set(member, id);
        for (const [id, balance] of await lockedBalances(trx, more.values())) balances.set(id, balance);
      }
      const debtsOf = new Map<number, Debt[]>();
      for (const d of debts) {
        const list = debtsOf.get(d.debtor_id) ?? [];
        list.push({
          id: d.id,
          paymentId: d.payment_id,
          creditorId: d.creditor_id,
          amount: Number(d.amount),
          settled: Number(d.settled),
        });
        debtsOf.set(d.debtor_id, list);
      }
      const move = (from: number, to: number, amount: number) => {
        balances.set(from, balances.get(from)! - amount);
        balances.set(to, balances.get(to)! + amount);
      };
      for (const row of paying) {
        const { holder_id: holder, offered_by: payer } = row.due.contract;
        row.to = mains.get(holder)!;
        row.from = payer === null ? house! : mains.get(payer)!;
        row.paid = payer === null ? row.gross : Math.max(0, Math.min(row.gross, balances.get(row.from)!));
        row.owed = row.gross - row.paid;
        if (row.owed > 0) row.status = 'OWED';
        if (row.owed > 0 && payer !== null) newDebts.push(row);
        if (row.paid === 0) continue;
        move(row.from, row.to, row.paid);
        // What the holder just received settles what it owes its own children, oldest first.
        for (const debt of debtsOf.get(holder) ?? []) {
          const balance = balances.get(row.to)!;
          if (balance <= 0) break;
          const pay = Math.min(debt.amount - debt.settled, balance);
          if (pay <= 0) continue;
          const to = mains.get(debt.creditorId)!;
          steps.push({ debt, before: debt.settled, pay, from: row.to, to });
          debt.settled += pay;
          move(row.to, to, pay);
        }
      }
    }

    const recording = rows.filter((r): r is Row => r !== null);
    const ids = new Map<string, number>();
    if (recording.length > 0) {
      const inserted = await trx
        .insertInto('agent_payment')
        .values(
          recording.map(({ due: { contract, figures }, gross, paid, owed, status }) => ({
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
            paid,
            owed,
            status,
            created_at: now.toISOString(),
            approved_by: null,
            approved_at: null,
          })),
        )
        .returning(['id', 'contract_id', 'period_key'])
        .execute();
      for (const p of inserted) ids.set(periodOf(p.contract_id, p.period_key), p.id);
    }
    const idOf = (row: Row) => ids.get(periodOf(row.due.contract.id, row.due.figures.periodKey))!;
    if (newDebts.length > 0) {
      await trx
        .insertInto('agent_debt')
        .values(
          newDebts.map((row) => ({
            merchant_id: merchantId,
            payment_id: idOf(row),
            debtor_id: row.due.contract.offered_by!,
            creditor_id: row.due.contract.holder_id,
            amount: row.owed,
            settled: 0,
            status: 'OPEN' as const,
            created_at: now.toISOString(),
            settled_at: null,
          })),
        )
        .execute();
    }
    // Each debt settled moves on from what it was read as (its debtor's wallet is locked meanwhile).
    const settledBy = new Map<Debt, number>();
    for (const step of steps) settledBy.set(step.debt, (settledBy.get(step.debt) ?? 0) + step.pay);
    for (const [debt, total] of settledBy) {
      const done = debt.settled === debt.amount;
      const updated = await trx
        .updateTable('agent_debt')
        .set({
          settled: debt.settled,
          status: done ? 'SETTLED' : 'OPEN',
          settled_at: done ? now.toISOString() : null,
        })
        .where('id', '=', debt.id)
        .where('settled', '=', debt.settled - total)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Error(`agent debt ${debt.id} moved under its lock`);
      await trx
        .updateTable('agent_payment')
        .set({
          paid: sql`paid + ${total}`,
          owed: sql`owed - ${total}`,
          status: sql`case when owed - ${total} = 0 then 'PAID' else status end`,
        })
        .where('id', '=', debt.paymentId)
        .execute();
    }
    const postings: ledger.Posting[] = [
      ...paying
        .filter((row) => row.paid > 0)
        .map((row): ledger.Posting => ({
          merchantId,
          idempotencyKey: ledgerKey(row.due.contract, row.due.figures.periodKey),
          legs: [
            {
              kind: row.due.contract.kind === 'DIVIDEND' ? 'AGENT_DIVIDEND' : 'AGENT_SALARY',
              debitAccountId: row.from,
              creditAccountId: row.to,
              amount: row.paid,
              reference: `agent-payment:${idOf(row)}`,
            },
          ],
        })),
      ...steps.map((step): ledger.Posting => ({
        merchantId,
        idempotencyKey: `agent-debt:${step.debt.id}:${step.before}`,
        legs: [
          {
            kind: 'AGENT_DEBT',
            debitAccountId: step.from,
            creditAccountId: step.to,
            amount: step.pay,
            reference: `agent-payment:${step.debt.paymentId}`,
          },
        ],
      })),
    ];
    if (postings.length > 0) await ledger.postManyWithin(db, trx, postings, now);
    return rows.map((row): Outcome => (row === null ? 'skipped' : { id: idOf(row), status: row.status }));
  });

const tally = (result: RunResult, outcome: Outcome, options: RunOptions) => {
  if (outcome === 'skipped') {
    result.skipped += 1;
    return;
  }
  if (outcome.status === 'NOTHING') result.nothing += 1;
  else if (outcome.status === 'AWAITING_APPROVAL') result.awaiting += 1;
  else result.paid += 1;
  options.afterPayment?.(outcome.id);
};

/**
 * Records and pays the periods in order, a chunk a transaction. A chunk refused as a whole (one of its
 * payments refused by the ledger) is paid again a period a transaction, so the periods before the one
 * refused are paid and the refusal is that period's alone, as when every period had its own.
 */
const payAll = async (db: Db, dues: readonly Due[], result: RunResult, options: RunOptions) => {
  const now = options.now ?? new Date();
  const size = Math.max(1, options.chunkSize ?? CHUNK);
  for (let i = 0; i < dues.length; i += size) {
    const chunk = dues.slice(i, i + size);
    let outcomes: Outcome[];
    try {
      outcomes = await payPeriods(db, chunk, now);
    } catch (error) {
      if (chunk.length === 1) throw error;
      for (const due of chunk)
        for (const outcome of await payPeriods(db, [due], now)) tally(result, outcome, options);
      continue;
    }
    for (const outcome of outcomes) tally(result, outcome, options);
  }
  return result;
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
  const { agents } = await getMoneySettings(db, brand.id);
  // Periods already recorded are skipped before their figures are read (a catch-up pass is cheap).
  const done = await recordedContracts(db, brand.id, window.periodKey);
  const due: ContractRow[] = [];
  for (const contract of await acceptedContracts(db, brand.id, kind)) {
    if (!startedBefore(contract, window.end)) continue;
    if (done.has(contract.id)) result.skipped += 1;
    else due.push(contract);
  }
  if (due.length === 0) return result;
  const categories = [...new Set(due.map((c) => c.category))];
  const teams = await teamFigures(
    db,
    brand.id,
    kind,
    categories,
    kind === 'DAILY_SALARY' ? { fromDay: window.day, toDay: window.day } : window,
    agents.activeMemberMinValidBet,
  );
  const dues = due.map((contract): Due => {
    const team = teams.get(teamKey(contract.holder_id, contract.category)) ?? NO_FIGURES;
    const { tier, gross } = salaryFor(
      salaryTiers.parse(JSON.parse(contract.tiers)),
      team.validBet,
      team.activeMembers,
    );
    const figures = {
      ...window,
      teamValidBet: team.validBet,
      netLoss: 0,
      carriedIn: 0,
      activeMembers: team.activeMembers,
      tier,
      gross,
    };
    return { contract, figures };
  });
  return payAll(db, dues, result, options);
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
 * Bonuses each holder's team received in the window, by holder: what the brand's promotion expense
 * paid into team members' accounts other than rebates (decision 0041: a bonus names no category, so
 * every category's contract counts it). Rebates name theirs and are counted by `teamRebates`.
 */
const teamPromotions = async (
  db: DbOrTrx,
  merchantId: number,
  holderIds: readonly number[],
  start: Date,
  end: Date,
) => {
  const house = await ledger.houseAccount(db, merchantId, 'PROMOTION_EXPENSE');
  const rows = await db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
    .innerJoin('member_closure as c', 'c.descendant_id', 'a.member_id')
    .select((eb) => ['c.ancestor_id', eb.fn.sum<number | string>('t.amount').as('total')])
    .where('t.merchant_id', '=', merchantId)
    .where('t.debit_account_id', '=', house)
    .where('t.kind', '!=', 'REBATE')
    .where('c.ancestor_id', 'in', holderIds)
    .where('t.created_at', '>=', start.toISOString())
    .where('t.created_at', '<', end.toISOString())
    .groupBy('c.ancestor_id')
    .execute();
  return new Map(rows.map((row) => [row.ancestor_id, Number(row.total)]));
};

/**
 * Rebates paid to each holder's team in the window, by holder and category (decision 0051): each
 * rebate is of one category, so only that category's contracts count it.
 */
const teamRebates = async (
  db: DbOrTrx,
  merchantId: number,
  holderIds: readonly number[],
  start: Date,
  end: Date,
) => {
  const rows = await db
    .selectFrom('rebate as r')
    .innerJoin('member_closure as c', 'c.descendant_id', 'r.member_id')
    .select((eb) => ['c.ancestor_id', 'r.category', eb.fn.sum<number | string>('r.amount').as('total')])
    .where('r.merchant_id', '=', merchantId)
    .where('c.ancestor_id', 'in', holderIds)
    .where('r.created_at', '>=', start.toISOString())
    .where('r.created_at', '<', end.toISOString())
    .groupBy(['c.ancestor_id', 'r.category'])
    .execute();
  return new Map(rows.map((row) => [teamKey(row.ancestor_id, row.category), Number(row.total)]));
};

/**
 * Salaries paid into each holder's team from outside it in the days, by holder and category: the
 * holder's own salaries (it pays its children from them).
 */
const teamSalaries = async (
  db: DbOrTrx,
  merchantId: number,
  holderIds: readonly number[],
  fromDay: string,
  toDay: string,
) => {
  const rows = await db
    .selectFrom('agent_payment')
    .select((eb) => ['holder_id', 'category', eb.fn.sum<number | string>('gross').as('total')])
    .where('merchant_id', '=', merchantId)
    .where('holder_id', 'in', holderIds)
    .where('kind', 'in', ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .groupBy(['holder_id', 'category'])
    .execute();
  return new Map(rows.map((row) => [teamKey(row.holder_id, row.category), Number(row.total)]));
};

/**
 * Computes the dividends of every accepted dividend contract whose period contains `day` and has
 * ended (the caller passes a period's last day, or any day of one that is over): the team's net loss
 * is valid bets − payouts − rebates − bonuses − salaries; with carry-forward on, the previous period's
 * team profit lowers it. A positive net loss reaching a tier waits for an operator's approval. The
 * contracts sharing a period have their figures read together, a few grouped statements a period.
 */
export const runDividends = async (db: Db, brand: PayrollBrand, day: string, options: RunOptions = {}) => {
  const result = emptyResult();
  const now = options.now ?? new Date();
  const { agents } = await getMoneySettings(db, brand.id);
  const byPeriod = new Map<string, { period: DividendPeriod; contracts: ContractRow[] }>();
  const contracts = await acceptedContracts(db, brand.id, 'DIVIDEND');
  for (const contract of contracts) {
    const period = (contract.period ?? 'MONTHLY') as DividendPeriod;
    const group = byPeriod.get(period) ?? { period, contracts: [] };
    group.contracts.push(contract);
    byPeriod.set(period, group);
  }
  const dues: Due[] = [];
  for (const group of byPeriod.values()) {
    const period = dividendPeriodOf(group.period, day);
    const start = dayWindow(brand.timeZone, period.fromDay).start;
    const end = dayWindow(brand.timeZone, period.toDay).end;
    if (end.getTime() > now.getTime()) continue;
    const done = await recordedContracts(db, brand.id, period.key);
    const due: ContractRow[] = [];
    for (const contract of group.contracts) {
      if (!startedBefore(contract, end)) continue;
      if (done.has(contract.id)) result.skipped += 1;
      else due.push(contract);
    }
    if (due.length === 0) continue;
    const holders = [...new Set(due.map((c) => c.holder_id))];
    const teams = await teamFigures(
      db,
      brand.id,
      'DIVIDEND',
      [...new Set(due.map((c) => c.category))],
      { fromDay: period.fromDay, toDay: period.toDay },
      agents.activeMemberMinValidBet,
    );
    const promotions = await teamPromotions(db, brand.id, holders, start, end);
    const rebates = await teamRebates(db, brand.id, holders, start, end);
    const salaries = await teamSalaries(db, brand.id, holders, period.fromDay, period.toDay);
    // The previous period's team profit (a negative net loss, itself after what it carried in).
    const previous = new Map<number, number>();
    if (agents.dividendCarryForward) {
      const rows = await db
        .selectFrom('agent_payment')
        .select(['contract_id', 'net_loss'])
        .where(
          'contract_id',
          'in',
          due.map((c) => c.id),
        )
        .where('period_key', '=', dividendPeriodOf(group.period, addDays(period.fromDay, -1)).key)
        .execute();
      for (const row of rows) previous.set(row.contract_id, Number(row.net_loss));
    }
    for (const contract of due) {
      const key = teamKey(contract.holder_id, contract.category);
      const team = teams.get(key) ?? NO_FIGURES;
      let netLoss =
        team.validBet -
        team.payout -
        (promotions.get(contract.holder_id) ?? 0) -
        (rebates.get(key) ?? 0) -
        (salaries.get(key) ?? 0);
      const before = previous.get(contract.id) ?? 0;
      const carriedIn = before < 0 ? -before : 0;
      netLoss -= carriedIn;
      const { tier, gross } = dividendFor(
        dividendTiers.parse(JSON.parse(contract.tiers)),
        netLoss,
        team.activeMembers,
      );
      const figures = {
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
      };
      dues.push({ contract, figures });
    }
  }
  // Uplines first across the periods, as the contracts were read.
  const order = new Map(contracts.map((c, i) => [c.id, i]));
  dues.sort((a, b) => order.get(a.contract.id)! - order.get(b.contract.id)!);
  return payAll(db, dues, result, { ...options, now });
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
