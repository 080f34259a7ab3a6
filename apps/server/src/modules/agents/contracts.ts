import { isAgentAccountType } from '@jade/contracts/constants';
import type {
  AgentContract,
  ContractChangeResponse,
  ContractEndReason,
  ContractOfferRequest,
  ContractTier,
  Downline,
  DownlinePage,
  DownlineQuery,
  MyContractsResponse,
  PendingOffer,
} from '@jade/contracts/agent-contracts';
import {
  CONTRACT_KINDS,
  type ContractCategory,
  type ContractKind,
  type DividendPeriod,
} from '@jade/contracts/agents';
import type { ConsolidatedResponse, ContractRequestState } from '@jade/contracts/funds';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { dialectOf, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { notifyMember } from '../messages/inbox.js';
import { teamMemberByAccount } from './guard.js';

/**
 * Agent contracts (§4, decision 0039): an upline offers its direct downline agent a contract of one
 * kind and category, capped tier by tier by what the upline itself holds; the downline accepts or
 * rejects it with the §7 processing calls (decision 0040). Accepting supersedes the holder's earlier
 * contract and ends every contract below it that the new caps no longer cover; a termination ends
 * what below loses its basis. The payroll pays ACCEPTED rows only.
 */

type Row = {
  id: number;
  merchant_id: number;
  holder_id: number;
  offered_by: number | null;
  kind: ContractKind;
  category: string;
  period: string | null;
  tiers: string;
  status: AgentContract['status'];
  created_at: string;
  answered_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  holder: string;
  offerer: string | null;
};

const CONTRACT_COLUMNS = [
  'c.id',
  'c.merchant_id',
  'c.holder_id',
  'c.offered_by',
  'c.kind',
  'c.category',
  'c.period',
  'c.tiers',
  'c.status',
  'c.created_at',
  'c.answered_at',
  'c.ended_at',
  'c.end_reason',
  'h.username as holder',
  'o.username as offerer',
] as const;

const contracts = (db: DbOrTrx, merchantId: number) =>
  db
    .selectFrom('agent_contract as c')
    .innerJoin('member as h', 'h.id', 'c.holder_id')
    .leftJoin('member as o', 'o.id', 'c.offered_by')
    .select(CONTRACT_COLUMNS)
    .where('c.merchant_id', '=', merchantId);

const toContract = (row: Row): AgentContract => ({
  id: row.id,
  holderId: row.holder_id,
  holder: row.holder,
  offeredById: row.offered_by,
  offeredBy: row.offerer,
  kind: row.kind,
  category: row.category as ContractCategory,
  period: row.period as DividendPeriod | null,
  tiers: JSON.parse(row.tiers) as ContractTier[],
  status: row.status,
  createdAt: row.created_at,
  answeredAt: row.answered_at,
  endedAt: row.ended_at,
  endReason: row.end_reason,
});

const findContract = async (db: DbOrTrx, merchantId: number, id: number) => {
  const row = await contracts(db, merchantId).where('c.id', '=', id).executeTakeFirst();
  return row ? toContract(row as Row) : undefined;
};

/** PostgreSQL: serializes contract changes of one holder (SQLite's write transaction already does). */
const lockMember = async (trx: DbOrTrx, memberId: number) => {
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().execute();
  }
};

/** The holder's ACCEPTED contract of a kind and category: the caps of what it may offer below. */
const acceptedOf = async (
  db: DbOrTrx,
  merchantId: number,
  holderId: number,
  kind: ContractKind,
  category: string,
) => {
  const row = await contracts(db, merchantId)
    .where('c.holder_id', '=', holderId)
    .where('c.kind', '=', kind)
    .where('c.category', '=', category)
    .where('c.status', '=', 'ACCEPTED')
    .executeTakeFirst();
  return row ? toContract(row as Row) : undefined;
};

const percent = (bp: number) => `${bp / 100} %`;

/**
 * Where `tiers` pay more than `caps` (decision 0039): tier i against the cap's tier i, and past the
 * cap's last tier against its top tier; rate, fixed amount and share alike. A tier paying a rate
 * under a fixed-amount cap (or the reverse) cannot be compared and is refused too. Returns field
 * errors keyed like the request's fields, and each field's cap.
 */
export const capViolations = (tiers: ContractTier[], caps: ContractTier[]) => {
  const fields: Record<string, string[]> = {};
  const limits: Record<string, number | null> = {};
  tiers.forEach((tier, i) => {
    const cap = caps[Math.min(i, caps.length - 1)];
    if (!cap) return;
    for (const key of ['rateBp', 'amount', 'shareBp'] as const) {
      const value = tier[key];
      if (value === undefined) continue;
      const limit = cap[key];
      const field = `tiers.${i}.${key}`;
      if (limit === undefined) {
        fields[field] = [
          key === 'rateBp' ? 'Your own tier pays a fixed amount' : 'Your own tier pays a rate',
        ];
        limits[field] = null;
      } else if (value > limit) {
        fields[field] = [`At most ${key === 'amount' ? limit : percent(limit)}, your own tier`];
        limits[field] = limit;
      }
    }
  });
  return Object.keys(fields).length > 0 ? { fields, limits } : undefined;
};

type Ending = { contract: AgentContract; reason: ContractEndReason };

/**
 * Which contracts below `rootId` (same kind and category, waiting or in force) end once the root
 * holds `rootTiers` (null: no contract): each against its offerer's contract as it will stand,
 * top-down, so an ended contract takes with it what its holder offered below (decision 0039).
 * Contracts the brand offered (offered_by null) have no upline cap and stay.
 */
const planBelow = async (
  db: DbOrTrx,
  merchantId: number,
  rootId: number,
  kind: ContractKind,
  category: string,
  rootTiers: ContractTier[] | null,
): Promise<Ending[]> => {
  const rows = await contracts(db, merchantId)
    .innerJoin('member_closure as t', 't.descendant_id', 'c.holder_id')
    .select('t.depth')
    .where('t.ancestor_id', '=', rootId)
    .where('t.depth', '>', 0)
    .where('c.kind', '=', kind)
    .where('c.category', '=', category)
    .where('c.status', 'in', ['PENDING', 'ACCEPTED'])
    .orderBy('t.depth')
    .orderBy('c.id')
    .execute();
  const held = new Map<number, ContractTier[] | null>([[rootId, rootTiers]]);
  for (const row of rows) {
    if (row.status === 'ACCEPTED') held.set(row.holder_id, JSON.parse(row.tiers) as ContractTier[]);
  }
  const endings: Ending[] = [];
  for (const row of rows) {
    if (row.offered_by === null) continue;
    const contract = toContract(row as Row);
    const basis = held.has(row.offered_by) ? held.get(row.offered_by) : undefined;
    // An offerer outside the subtree is not affected by this change.
    if (basis === undefined) continue;
    const reason: ContractEndReason | undefined =
      basis === null
        ? 'UPLINE_CONTRACT_ENDED'
        : capViolations(contract.tiers, basis)
          ? 'ABOVE_UPLINE_RATE'
          : undefined;
    if (!reason) continue;
    endings.push({ contract, reason });
    if (row.status === 'ACCEPTED') held.set(row.holder_id, null);
  }
  return endings;
};

/**
 * Tells a member in their inbox (decision 0047) that a contract changed, in the change's transaction:
 * the holder of an offer or an ending, the offerer of an answer (none when the brand offered).
 */
const tell = async (
  trx: DbOrTrx,
  merchantId: number,
  memberId: number | null,
  kind: 'CONTRACT_OFFERED' | 'CONTRACT_ACCEPTED' | 'CONTRACT_REJECTED' | 'CONTRACT_TERMINATED',
  contract: AgentContract,
  now: Date,
) => {
  if (memberId === null) return;
  await notifyMember(
    trx,
    {
      merchantId,
      memberId,
      kind,
      params: {
        id: contract.id,
        contract: contract.kind,
        category: contract.category,
        // The other side: who offered it (the holder hears of), or who answered (the offerer hears of).
        account: (memberId === contract.holderId ? contract.offeredBy : contract.holder) ?? '',
        reason: contract.endReason ?? '',
      },
    },
    now,
  );
};

/** Tells each holder whose contract a change ended. */
const tellEnded = async (trx: DbOrTrx, merchantId: number, ended: AgentContract[], now: Date) => {
  for (const contract of ended)
    await tell(trx, merchantId, contract.holderId, 'CONTRACT_TERMINATED', contract, now);
};

/** Ends the planned contracts; each update is conditional on the contract still waiting or in force. */
const applyEndings = async (trx: DbOrTrx, endings: Ending[], at: string) => {
  const ended: AgentContract[] = [];
  for (const { contract, reason } of endings) {
    const result = await trx
      .updateTable('agent_contract')
      .set({ status: 'TERMINATED', ended_at: at, end_reason: reason })
      .where('id', '=', contract.id)
      .where('status', 'in', ['PENDING', 'ACCEPTED'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      ended.push({ ...contract, status: 'TERMINATED', endedAt: at, endReason: reason });
    }
  }
  return ended;
};

/**
 * A member moved under another upline (decision 0045), in the move's write transaction: what its
 * old upline offered it (the brand, for a member that was a top agent), waiting or in force, ends
 * (MEMBER_MOVED), and so, down its team, what it offered below on a contract that ended
 * (UPLINE_CONTRACT_ENDED, decision 0039). The new upline offers it contracts of its own.
 */
export const endContractsOfMovedMember = async (
  trx: DbOrTrx,
  merchantId: number,
  memberId: number,
  oldUplineId: number | null,
  now: Date,
) => {
  if (oldUplineId !== null) await lockMember(trx, oldUplineId);
  await lockMember(trx, memberId);
  const held = await contracts(trx, merchantId)
    .where('c.holder_id', '=', memberId)
    .where('c.status', 'in', ['PENDING', 'ACCEPTED'])
    .where('c.offered_by', oldUplineId === null ? 'is' : '=', oldUplineId)
    .orderBy('c.id')
    .execute();
  const endings: Ending[] = [];
  for (const contract of held.map((row) => toContract(row as Row))) {
    endings.push({ contract, reason: 'MEMBER_MOVED' });
    if (contract.status === 'ACCEPTED')
      endings.push(...(await planBelow(trx, merchantId, memberId, contract.kind, contract.category, null)));
  }
  return applyEndings(trx, endings, now.toISOString());
};

/** The member an offer goes to: an agent directly below the offerer (or a top agent, for the brand). */
const offerTarget = async (db: DbOrTrx, merchantId: number, offererId: number | null, account: string) => {
  const target =
    offererId === null
      ? await db
          .selectFrom('member')
          .select(['id', 'username', 'type', 'upline_id', 'status'])
          .where('merchant_id', '=', merchantId)
          .where('username_key', '=', account.trim().toLowerCase())
          .executeTakeFirst()
      : await (async () => {
          const found = await teamMemberByAccount(db, merchantId, offererId, account);
          return db
            .selectFrom('member')
            .select(['id', 'username', 'type', 'upline_id', 'status'])
            .where('id', '=', found.id)
            .executeTakeFirstOrThrow();
        })();
  if (!target) throw new AppError('NOT_FOUND', 'No such member');
  if (target.upline_id !== offererId) {
    throw new AppError(
      'VALIDATION_FAILED',
      offererId === null ? 'The brand offers contracts to its top agents' : 'Only a direct downline',
      { fields: { account: [offererId === null ? 'Not a top agent' : 'Not your direct downline'] } },
    );
  }
  if (!isAgentAccountType(target.type)) {
    throw new AppError('VALIDATION_FAILED', 'Contracts are for agents', {
      fields: { account: ['Not an agent'] },
    });
  }
  return target;
};

/**
 * An offer from an upline (`offererId`) or the brand (null). It replaces the holder's earlier
 * waiting offer of the same kind and category. An upline's tiers may not exceed its own ACCEPTED
 * contract's, and an upline without one cannot offer (VALIDATION_FAILED with field errors).
 */
export const offerContract = async (
  db: Db,
  merchantId: number,
  offererId: number | null,
  offer: ContractOfferRequest,
  now = new Date(),
): Promise<AgentContract> => {
  const tiers = offer.tiers as ContractTier[];
  return writeTransaction(db, async (trx) => {
    const target = await offerTarget(trx, merchantId, offererId, offer.account);
    if (offererId !== null) {
      await lockMember(trx, offererId);
      const own = await acceptedOf(trx, merchantId, offererId, offer.kind, offer.category);
      if (!own) {
        throw new AppError('VALIDATION_FAILED', 'You hold no accepted contract of this kind and category', {
          fields: { kind: ['You hold no accepted contract of this kind and category'] },
        });
      }
      const violations = capViolations(tiers, own.tiers);
      if (violations) {
        throw new AppError('VALIDATION_FAILED', 'A tier pays more than your own contract', {
          fields: violations.fields,
          details: { caps: violations.limits },
        });
      }
    }
    await lockMember(trx, target.id);
    const at = now.toISOString();
    await trx
      .updateTable('agent_contract')
      .set({ status: 'TERMINATED', ended_at: at, end_reason: 'REPLACED' })
      .where('holder_id', '=', target.id)
      .where('kind', '=', offer.kind)
      .where('category', '=', offer.category)
      .where('status', '=', 'PENDING')
      .execute();
    const { id } = await trx
      .insertInto('agent_contract')
      .values({
        merchant_id: merchantId,
        holder_id: target.id,
        offered_by: offererId,
        kind: offer.kind,
        category: offer.category,
        period: offer.kind === 'DIVIDEND' ? (offer.period ?? null) : null,
        tiers: JSON.stringify(tiers),
        status: 'PENDING',
        created_at: at,
        answered_at: null,
        ended_at: null,
        end_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contract = (await findContract(trx, merchantId, id))!;
    await tell(trx, merchantId, contract.holderId, 'CONTRACT_OFFERED', contract, now);
    return contract;
  });
};

const notPending = () => new AppError('CONFLICT', 'This offer is no longer waiting for an answer');

/** The answer, only while the offer still waits: a rival answer that came first leaves it CONFLICT. */
const settleAnswer = async (trx: DbOrTrx, id: number, status: 'ACCEPTED' | 'REJECTED', at: string) => {
  const result = await trx
    .updateTable('agent_contract')
    .set({ status, answered_at: at })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notPending();
};

/**
 * The holder's answer to a waiting offer (§7 processing calls). Accepting, in one transaction:
 * the offer becomes ACCEPTED, the holder's previous contract of the kind and category and any other
 * waiting offer of it end (SUPERSEDED), and every contract below that the new caps no longer cover
 * ends too. A second answer to the same offer, or to a rival offer, finds it no longer PENDING.
 */
export const answerOffer = async (
  db: Db,
  merchantId: number,
  holderId: number,
  kind: ContractKind,
  answer: { contractId: number; accept: boolean },
  now = new Date(),
): Promise<ContractChangeResponse> =>
  writeTransaction(db, async (trx) => {
    const offer = await findContract(trx, merchantId, answer.contractId);
    // Another member's offer, or one of another kind, is unknown to this call.
    if (!offer || offer.holderId !== holderId || offer.kind !== kind) {
      throw new AppError('NOT_FOUND', 'No such contract offer');
    }
    // Top-down, as every contract change locks: the offerer, then the holder.
    if (offer.offeredById !== null) await lockMember(trx, offer.offeredById);
    await lockMember(trx, holderId);
    const at = now.toISOString();
    if (!answer.accept) {
      await settleAnswer(trx, offer.id, 'REJECTED', at);
      const rejected = (await findContract(trx, merchantId, offer.id))!;
      await tell(trx, merchantId, rejected.offeredById, 'CONTRACT_REJECTED', rejected, now);
      return { contract: rejected, terminated: [] };
    }
    const current = await findContract(trx, merchantId, offer.id);
    if (current?.status !== 'PENDING') throw notPending();
    if (offer.offeredById !== null) {
      const own = await acceptedOf(trx, merchantId, offer.offeredById, kind, offer.category);
      if (!own || capViolations(offer.tiers, own.tiers)) {
        throw new AppError('CONFLICT', 'The upline’s own contract no longer covers this offer');
      }
    }
    const endings = await planBelow(trx, merchantId, holderId, kind, offer.category, offer.tiers);
    const superseded = await trx
      .updateTable('agent_contract')
      .set({ status: 'TERMINATED', ended_at: at, end_reason: 'SUPERSEDED' })
      .where('holder_id', '=', holderId)
      .where('kind', '=', kind)
      .where('category', '=', offer.category)
      .where('id', '!=', offer.id)
      .where('status', 'in', ['ACCEPTED', 'PENDING'])
      .returning('id')
      .execute();
    await settleAnswer(trx, offer.id, 'ACCEPTED', at);
    const ended = await applyEndings(trx, endings, at);
    const replaced = await Promise.all(superseded.map((r) => findContract(trx, merchantId, r.id)));
    const accepted = (await findContract(trx, merchantId, offer.id))!;
    await tell(trx, merchantId, accepted.offeredById, 'CONTRACT_ACCEPTED', accepted, now);
    await tellEnded(trx, merchantId, ended, now);
    return {
      contract: accepted,
      terminated: [...replaced.filter((c): c is AgentContract => c !== undefined), ...ended],
    };
  });

/**
 * Ends a contract (waiting or in force) its offerer (`byId`; null: the brand) no longer wants.
 * Ending an accepted one ends what its holder offered below on it, down the tree.
 */
export const terminateContract = async (
  db: Db,
  merchantId: number,
  byId: number | null,
  contractId: number,
  now = new Date(),
): Promise<ContractChangeResponse> =>
  writeTransaction(db, async (trx) => {
    const contract = await findContract(trx, merchantId, contractId);
    // An agent may end only what it offered; anything else is unknown to it.
    if (!contract || (byId !== null && contract.offeredById !== byId)) {
      throw new AppError('NOT_FOUND', 'No such contract');
    }
    if (contract.offeredById !== null) await lockMember(trx, contract.offeredById);
    await lockMember(trx, contract.holderId);
    const at = now.toISOString();
    const wasAccepted = contract.status === 'ACCEPTED';
    const endings = wasAccepted
      ? await planBelow(trx, merchantId, contract.holderId, contract.kind, contract.category, null)
      : [];
    const result = await trx
      .updateTable('agent_contract')
      .set({
        status: 'TERMINATED',
        ended_at: at,
        end_reason: byId === null ? 'TERMINATED_BY_BRAND' : 'TERMINATED_BY_UPLINE',
      })
      .where('id', '=', contract.id)
      .where('status', '=', contract.status)
      .where('status', 'in', ['PENDING', 'ACCEPTED'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new AppError('CONFLICT', 'This contract is not waiting or in force');
    }
    const terminated = (await findContract(trx, merchantId, contract.id))!;
    const ended = await applyEndings(trx, endings, at);
    await tell(trx, merchantId, terminated.holderId, 'CONTRACT_TERMINATED', terminated, now);
    await tellEnded(trx, merchantId, ended, now);
    return { contract: terminated, terminated: ended };
  });

const HISTORY_LIMIT = 200;

/** The agent's contracts: those offered to it and those it offered its downlines, newest first. */
export const myContracts = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
): Promise<MyContractsResponse> => {
  const held = await contracts(db, merchantId)
    .where('c.holder_id', '=', agentId)
    .orderBy('c.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  const offered = await contracts(db, merchantId)
    .where('c.offered_by', '=', agentId)
    .orderBy('c.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return { held: held.map((r) => toContract(r as Row)), offered: offered.map((r) => toContract(r as Row)) };
};

/** The offers waiting for the agent's answer, each with what accepting it would end (decision 0039). */
export const pendingOffers = async (
  db: DbOrTrx,
  merchantId: number,
  holderId: number,
): Promise<PendingOffer[]> => {
  const rows = await contracts(db, merchantId)
    .where('c.holder_id', '=', holderId)
    .where('c.status', '=', 'PENDING')
    .orderBy('c.id')
    .execute();
  const items: PendingOffer[] = [];
  for (const row of rows) {
    const contract = toContract(row as Row);
    const replaces = await acceptedOf(db, merchantId, holderId, contract.kind, contract.category);
    const endings = await planBelow(
      db,
      merchantId,
      holderId,
      contract.kind,
      contract.category,
      contract.tiers,
    );
    items.push({
      contract,
      replaces: replaces ?? null,
      wouldTerminate: endings.map((e) => ({ ...e.contract, endReason: e.reason })),
    });
  }
  return items;
};

/** Contracts of a holder, by the brand's operator or the CLI (all brands' members are the brand's). */
export const contractsOfBrand = async (db: DbOrTrx, merchantId: number, holder?: string) => {
  let query = contracts(db, merchantId).orderBy('c.id', 'desc').limit(HISTORY_LIMIT);
  if (holder) query = query.where('h.username_key', '=', holder.trim().toLowerCase());
  return (await query.execute()).map((r) => toContract(r as Row));
};

const REQUEST_FIELDS = {
  DAILY_SALARY: 'dailysalreqtype',
  DIVIDEND: 'divtypereq',
  HOURLY_SALARY: 'contracthoursalreq',
  REALTIME_SALARY: 'realtimesalreqtype',
} as const satisfies Record<ContractKind, keyof ConsolidatedResponse>;

/**
 * §3/§7 consolidated's contract part: per kind, PENDING when an offer waits, else ACCEPTED when one
 * is held, else the latest REJECTED or TERMINATED, else NONE; info types are the kinds with an
 * offer waiting, so the site prompts the agent after login.
 */
export const contractRequestStates = async (db: DbOrTrx, merchantId: number, memberId: number) => {
  const rows = await db
    .selectFrom('agent_contract')
    .select(['kind', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('holder_id', '=', memberId)
    .orderBy('id', 'desc')
    .execute();
  const stateOf = (kind: ContractKind): ContractRequestState => {
    const mine = rows.filter((r) => r.kind === kind);
    if (mine.some((r) => r.status === 'PENDING')) return 'PENDING';
    if (mine.some((r) => r.status === 'ACCEPTED')) return 'ACCEPTED';
    return mine[0]?.status ?? 'NONE';
  };
  const states = Object.fromEntries(CONTRACT_KINDS.map((k) => [REQUEST_FIELDS[k], stateOf(k)])) as Record<
    (typeof REQUEST_FIELDS)[ContractKind],
    ContractRequestState
  >;
  return { ...states, infoTypes: CONTRACT_KINDS.filter((k) => stateOf(k) === 'PENDING') };
};

const downlineContracts = async (db: DbOrTrx, merchantId: number, holderIds: number[], history: boolean) => {
  if (holderIds.length === 0) return new Map<number, AgentContract[]>();
  let query = contracts(db, merchantId).where('c.holder_id', 'in', holderIds).orderBy('c.id', 'desc');
  if (!history) query = query.where('c.status', 'in', ['PENDING', 'ACCEPTED']);
  const byHolder = new Map<number, AgentContract[]>();
  for (const row of await query.limit(HISTORY_LIMIT * 5).execute()) {
    const list = byHolder.get(row.holder_id) ?? [];
    list.push(toContract(row as Row));
    byHolder.set(row.holder_id, list);
  }
  return byHolder;
};

const downlineBase = (db: DbOrTrx, merchantId: number, agentId: number) =>
  db
    .selectFrom('member_closure as t')
    .innerJoin('member as m', 'm.id', 't.descendant_id')
    .leftJoin('member as u', 'u.id', 'm.upline_id')
    .where('t.merchant_id', '=', merchantId)
    .where('t.ancestor_id', '=', agentId)
    .where('t.depth', '>', 0);

const DOWNLINE_COLUMNS = [
  'm.id',
  'm.username',
  'm.type',
  'm.created_at',
  'm.last_login_at',
  't.depth',
  'u.username as upline',
] as const;

type DownlineRow = {
  id: number;
  username: string;
  type: number;
  created_at: string;
  last_login_at: string | null;
  depth: number;
  upline: string | null;
};

const teamSizes = async (db: DbOrTrx, merchantId: number, ids: number[]) => {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('member_closure')
    .select(['ancestor_id', (eb) => eb.fn.countAll<number>().as('size')])
    .where('merchant_id', '=', merchantId)
    .where('ancestor_id', 'in', ids)
    .where('depth', '>', 0)
    .groupBy('ancestor_id')
    .execute();
  return new Map(rows.map((r) => [r.ancestor_id, Number(r.size)]));
};

const toDownlines = async (db: DbOrTrx, merchantId: number, rows: DownlineRow[], history: boolean) => {
  const ids = rows.map((r) => r.id);
  const sizes = await teamSizes(db, merchantId, ids);
  const held = await downlineContracts(db, merchantId, ids, history);
  return rows.map((r): Downline => ({
    memberId: r.id,
    account: r.username,
    type: r.type,
    level: r.depth,
    upline: r.upline,
    registeredAt: r.created_at,
    lastLoginAt: r.last_login_at,
    teamSize: sizes.get(r.id) ?? 0,
    contracts: held.get(r.id) ?? [],
  }));
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `downlineManagmentView`: the agent's direct downlines or its whole team, by part of an account, a page at a time. */
export const listDownlines = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  query: DownlineQuery,
): Promise<DownlinePage> => {
  let base = downlineBase(db, merchantId, agentId);
  if (query.scope === 'DIRECT') base = base.where('t.depth', '=', 1);
  if (query.account) {
    base = base.where(
      sql<boolean>`m.username_key like ${`%${escapeLike(query.account.toLowerCase())}%`} escape '\\'`,
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(DOWNLINE_COLUMNS)
    .orderBy('t.depth')
    .orderBy('m.username_key')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return {
    items: await toDownlines(db, merchantId, rows, false),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** One downline's details with its whole contract history; NOT_FOUND outside the agent's team. */
export const downlineDetail = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  memberId: number,
): Promise<Downline> => {
  const row = await downlineBase(db, merchantId, agentId)
    .select(DOWNLINE_COLUMNS)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such member in your team');
  const [detail] = await toDownlines(db, merchantId, [row], true);
  return detail!;
};
