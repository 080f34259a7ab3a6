import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type {
  OperatorClaimsQuery,
  PromotionApplyRequest,
  PromotionClaim,
  PromotionClaimStatus,
  PromotionClaimsResponse,
  PromotionCostsResponse,
} from '@jade/contracts/promotion-claims';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { storeImage } from '../../platform/uploads.js';
import { settledTurnover } from '../games/bet-records.js';
import { languageChain, pickName } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import { notifyMember } from '../messages/inbox.js';
import * as ledger from '../wallet/ledger.js';
import { getMoneySettings } from '../wallet/money-settings.js';
import { turnoverBalance, turnoverRemaining } from '../wallet/payments.js';
import * as repo from './repo.js';

/**
 * Applying for, reviewing and claiming promotions (decision 0050). A claim row carries its §4 status;
 * paying a bonus is a conditional update (ISSUED → PROCESS or CLAIMED) in the transaction that posts
 * the bonus from the brand's promotion expense account, under the claim's key, which names the
 * thing paid: promo:<promotion>:<member>[:<deposit>].
 */

/** VIP level: the member row's vip_level, which the VIP rank computation keeps. */
export type ClaimMember = { id: number; type: number; vip_level: number };

/** Why a member may not take a promotion; the web app words each (promoClaim.reasons). */
export type IneligibleReason =
  | 'NOT_CLAIMABLE'
  | 'TRIAL_ACCOUNT'
  | 'LANGUAGE'
  | 'VIP_LEVEL'
  | 'DEPOSIT_COUNT'
  | 'NO_QUALIFYING_DEPOSIT'
  | 'PROOF_REQUIRED';

type Eligibility =
  | {
      ok: true;
      key: string;
      depositId: number | null;
      depositAmount: number | null;
      bonus: number;
      turnover: number;
    }
  | { ok: false; reason: IneligibleReason };

type Promotion = repo.PromotionRow;

export const claimKey = (promotionId: number, memberId: number, depositId: number | null) =>
  `promo:${promotionId}:${memberId}${depositId === null ? '' : `:${depositId}`}`;

/** The member's approved deposits, oldest first: the first is deposit number 1. */
const approvedDeposits = async (db: DbOrTrx, merchantId: number, memberId: number) =>
  (
    await db
      .selectFrom('deposit')
      .select(['id', 'amount', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('status', '=', 'APPROVED')
      .orderBy('id')
      .execute()
  ).map((d) => ({ id: d.id, amount: Number(d.amount), createdAt: d.created_at }));

const usedKeys = async (db: DbOrTrx, merchantId: number, memberId: number) =>
  new Set(
    (
      await db
        .selectFrom('promotion_claim')
        .select('claim_key')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute()
    ).map((r) => r.claim_key),
  );

const inCount = (promotion: Promotion, count: number) =>
  count >= promotion.rules.minDepositCount &&
  (promotion.rules.maxDepositCount === null || count <= promotion.rules.maxDepositCount);

/** The promotion's turnover on `amount` (times its multiplier, whole minor units up). */
const turnoverOf = (promotion: Promotion, amount: number) =>
  Math.ceil(amount * Math.max(0, promotion.terms.turnoverMultiplier ?? 0));

/**
 * Whether the member may take the promotion now, and on what: for a deposit match, the newest
 * approved deposit that qualifies (its number among the member's deposits within the counts, at
 * least the minimum, made since the offer started, not yet used for this offer); NEW_MEMBER offers
 * reward the first deposit only, MEMBER offers the later ones.
 */
const eligibility = (
  promotion: Promotion,
  member: ClaimMember,
  language: string,
  deposits: { id: number; amount: number; createdAt: string }[],
  used: Set<string>,
): Eligibility => {
  const { rules, terms } = promotion;
  if (member.type === TRIAL_ACCOUNT_TYPE) return { ok: false, reason: 'TRIAL_ACCOUNT' };
  if (rules.kind === 'NONE') return { ok: false, reason: 'NOT_CLAIMABLE' };
  if (rules.languages && !rules.languages.includes(language.toUpperCase())) {
    return { ok: false, reason: 'LANGUAGE' };
  }
  if (member.vip_level < promotion.minVipLevel) return { ok: false, reason: 'VIP_LEVEL' };
  if (rules.kind === 'DEPOSIT_MATCH') {
    for (let i = deposits.length - 1; i >= 0; i--) {
      const deposit = deposits[i]!;
      const number = i + 1;
      if (promotion.audience === 'NEW_MEMBER' && number !== 1) continue;
      if (promotion.audience === 'MEMBER' && number < 2) continue;
      if (!inCount(promotion, number)) continue;
      if (deposit.amount < (terms.minDeposit ?? 1)) continue;
      if (deposit.createdAt < promotion.startsAt) continue;
      const key = claimKey(promotion.id, member.id, deposit.id);
      if (used.has(key)) continue;
      const bonus = Math.min(
        terms.maxBonus ?? 0,
        Math.floor((deposit.amount * (terms.bonusRateBp ?? 0)) / 10_000),
      );
      if (bonus <= 0) continue;
      return {
        ok: true,
        key,
        depositId: deposit.id,
        depositAmount: deposit.amount,
        bonus,
        turnover: turnoverOf(promotion, deposit.amount + bonus),
      };
    }
    return { ok: false, reason: 'NO_QUALIFYING_DEPOSIT' };
  }
  const count = deposits.length;
  if (promotion.audience === 'NEW_MEMBER' && count > 0) return { ok: false, reason: 'DEPOSIT_COUNT' };
  if (promotion.audience === 'MEMBER' && count === 0) return { ok: false, reason: 'DEPOSIT_COUNT' };
  if (!inCount(promotion, count)) return { ok: false, reason: 'DEPOSIT_COUNT' };
  const bonus = rules.kind === 'FIXED_BONUS' ? (rules.bonusAmount ?? 0) : 0;
  return {
    ok: true,
    key: claimKey(promotion.id, member.id, null),
    depositId: null,
    depositAmount: null,
    bonus,
    turnover: turnoverOf(promotion, bonus),
  };
};

const runningPromotion = async (db: DbOrTrx, merchantId: number, id: number, now: Date) =>
  (await repo.findCurrentPromotion(db, { merchantId, now: now.toISOString() }, id)) ??
  (() => {
    throw new AppError('PROMOTION_NOT_FOUND', `No running promotion ${id}`);
  })();

/**
 * Applies for a running promotion: a rebate boost is Joined, one an operator reviews is Applying,
 * any other is Issued (claim it next). Proof images are checked by content and size and stored under
 * the data directory before the row is written.
 */
export const applyForPromotion = async (
  db: Db,
  dataDir: string,
  merchant: Merchant,
  member: ClaimMember,
  promotionId: number,
  request: PromotionApplyRequest,
  now = new Date(),
): Promise<PromotionClaim> => {
  const promotion = await runningPromotion(db, merchant.id, promotionId, now);
  const language = request.language ?? merchant.defaultLanguage;
  const result = eligibility(
    promotion,
    member,
    language,
    await approvedDeposits(db, merchant.id, member.id),
    await usedKeys(db, merchant.id, member.id),
  );
  if (!result.ok) {
    // A deposit offer whose every qualifying deposit is taken, or a one-off already taken.
    const taken =
      result.reason === 'NO_QUALIFYING_DEPOSIT' || promotion.rules.kind !== 'DEPOSIT_MATCH'
        ? await alreadyApplied(db, merchant.id, member.id, promotion)
        : false;
    if (taken) throw new AppError('PROMOTION_ALREADY_CLAIMED', 'This promotion was already applied for');
    throw new AppError('PROMOTION_NOT_ELIGIBLE', 'The promotion rules do not allow this member', {
      details: { reason: result.reason },
    });
  }
  const images = request.images ?? [];
  if (promotion.rules.proofRequired && images.length === 0) {
    throw new AppError('PROMOTION_NOT_ELIGIBLE', 'Attach proof to apply', {
      details: { reason: 'PROOF_REQUIRED' },
    });
  }
  if ((await usedKeys(db, merchant.id, member.id)).has(result.key)) {
    throw new AppError('PROMOTION_ALREADY_CLAIMED', 'This promotion was already applied for');
  }
  const files: string[] = [];
  for (const image of images)
    files.push(await storeImage(dataDir, `promotions/${merchant.id}`, image.base64));
  const status: PromotionClaimStatus =
    promotion.rules.kind === 'REBATE_BOOST' ? 'JOINED' : promotion.rules.needsReview ? 'APPLYING' : 'ISSUED';
  try {
    const row = await db
      .insertInto('promotion_claim')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        promotion_id: promotion.id,
        deposit_id: result.depositId,
        claim_key: result.key,
        status,
        deposit_amount: result.depositAmount,
        bonus: result.bonus,
        turnover_required: result.turnover,
        comment: request.comment?.trim() || null,
        proof_files: files.length > 0 ? JSON.stringify(files) : null,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await memberClaims(db, merchant, member.id, language)).find((c) => c.id === row.id)!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('PROMOTION_ALREADY_CLAIMED', 'This promotion was already applied for');
    }
    throw error;
  }
};

const alreadyApplied = async (db: DbOrTrx, merchantId: number, memberId: number, promotion: Promotion) =>
  (await db
    .selectFrom('promotion_claim')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('promotion_id', '=', promotion.id)
    .executeTakeFirst()) !== undefined;

/**
 * Pays an Issued claim: the conditional update (ISSUED → PROCESS, or CLAIMED when no turnover is
 * asked), the bonus from the brand's promotion expense to the member's main wallet, and the bonus's
 * turnover joined to the member's requirement, in one transaction. Wagering done before the bonus
 * does not count towards it. A second claim of the same thing answers PROMOTION_CLAIM_STATE.
 */
export const claimBonus = async (
  db: Db,
  merchant: Merchant,
  member: ClaimMember,
  claimId: number,
  now = new Date(),
): Promise<PromotionClaim> => {
  const settings = await getMoneySettings(db, merchant.id);
  const house = await ledger.houseAccount(db, merchant.id, 'PROMOTION_EXPENSE');
  const main = await ledger.memberAccount(db, merchant.id, member.id, 'MAIN');
  await writeTransaction(db, async (trx) => {
    const claim = await trx
      .selectFrom('promotion_claim')
      .select(['id', 'promotion_id', 'claim_key', 'status', 'bonus', 'turnover_required'])
      .where('id', '=', claimId)
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (!claim) throw new AppError('NOT_FOUND', `No claim ${claimId}`);
    if (claim.status !== 'ISSUED') {
      throw new AppError('PROMOTION_CLAIM_STATE', 'Only an issued bonus can be claimed', {
        details: { status: claim.status },
      });
    }
    await runningPromotion(trx, merchant.id, claim.promotion_id, now);
    const required = Number(claim.turnover_required);
    const before = await turnoverBalance(trx, merchant.id, member.id, settings.turnoverMultiplier);
    const at = now.toISOString();
    const updated = await trx
      .updateTable('promotion_claim')
      .set({
        status: required > 0 ? 'PROCESS' : 'CLAIMED',
        paid_at: at,
        completed_at: required > 0 ? null : at,
        turnover_baseline: await settledTurnover(trx, merchant.id, member.id),
      })
      .where('id', '=', claim.id)
      .where('status', '=', 'ISSUED')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new AppError('PROMOTION_CLAIM_STATE', 'Only an issued bonus can be claimed');
    }
    const bonus = Number(claim.bonus);
    if (bonus <= 0) return;
    const posted = await ledger.postTransfersIn(
      trx,
      {
        merchantId: merchant.id,
        idempotencyKey: claim.claim_key,
        legs: [
          {
            kind: 'PROMOTION_BONUS',
            debitAccountId: house,
            creditAccountId: main,
            amount: bonus,
            reference: `promotion:${claim.promotion_id}`,
          },
        ],
      },
      now,
    );
    if (!posted.replayed) {
      await notifyMember(trx, {
        merchantId: merchant.id,
        memberId: member.id,
        kind: 'BONUS_ISSUED',
        params: { amount: bonus, promotion: claim.promotion_id },
      });
    }
    if (required > 0 && !posted.replayed) {
      // As with upline transfers: the bonus's turnover is owed in full, whatever was wagered before.
      await trx
        .insertInto('turnover_adjustment')
        .values({
          merchant_id: merchant.id,
          member_id: member.id,
          amount: required + Math.max(0, -before),
          ledger_transfer_id: posted.transfers[0]!.id,
          created_at: at,
        })
        .execute();
    }
  });
  return (await memberClaims(db, merchant, member.id)).find((c) => c.id === claimId)!;
};

type ClaimRecord = {
  id: number;
  member_id: number;
  promotion_id: number;
  deposit_id: number | null;
  status: string;
  deposit_amount: number | null;
  bonus: number;
  turnover_required: number;
  turnover_baseline: number;
  comment: string | null;
  proof_files: string | null;
  review_note: string | null;
  created_at: string;
  decided_at: string | null;
  paid_at: string | null;
  completed_at: string | null;
  code: string;
  category: string;
  titles: string;
  kind: string;
};

const claimQuery = (db: DbOrTrx) =>
  db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .select([
      'c.id',
      'c.member_id',
      'c.promotion_id',
      'c.deposit_id',
      'c.status',
      'c.deposit_amount',
      'c.bonus',
      'c.turnover_required',
      'c.turnover_baseline',
      'c.comment',
      'c.proof_files',
      'c.review_note',
      'c.created_at',
      'c.decided_at',
      'c.paid_at',
      'c.completed_at',
      'p.code',
      'p.category',
      'p.titles',
      'p.kind',
    ]);

const toClaim = (r: ClaimRecord, chain: readonly string[], wagered: number): PromotionClaim => {
  const required = Number(r.turnover_required);
  const done =
    r.status === 'CLAIMED'
      ? required
      : r.status === 'PROCESS'
        ? Math.min(required, Math.max(0, wagered - Number(r.turnover_baseline)))
        : 0;
  return {
    id: r.id,
    promotionId: r.promotion_id,
    code: r.code,
    title: pickName(JSON.parse(r.titles) as Record<string, string>, chain),
    category: r.category as PromotionClaim['category'],
    kind: r.kind as PromotionClaim['kind'],
    status: r.status as PromotionClaimStatus,
    depositId: r.deposit_id,
    depositAmount: r.deposit_amount === null ? null : Number(r.deposit_amount),
    bonus: Number(r.bonus),
    turnoverRequired: required,
    turnoverDone: done,
    comment: r.comment,
    proofCount: r.proof_files ? (JSON.parse(r.proof_files) as string[]).length : 0,
    reviewNote: r.review_note,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    paidAt: r.paid_at,
    completedAt: r.completed_at,
  };
};

/**
 * Moves the member's PROCESS claims whose turnover is met (their own wagering since they were paid,
 * or nothing owed at all) to CLAIMED, by a conditional update; answers the member's settled turnover.
 * Every reader of claims runs it first (the member's lists, the operators' queue and the CLI), so no
 * reader sees a met bonus still in Process (issue 22): the state is the same whoever looks first.
 */
const completeMetClaims = async (db: DbOrTrx, merchantId: number, memberId: number) => {
  const wagered = await settledTurnover(db, merchantId, memberId);
  const open = await db
    .selectFrom('promotion_claim')
    .select(['id', 'turnover_baseline', 'turnover_required'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'PROCESS')
    .execute();
  if (open.length === 0) return wagered;
  const settings = await getMoneySettings(db, merchantId);
  const owed = await turnoverRemaining(db, merchantId, memberId, settings.turnoverMultiplier);
  const at = new Date().toISOString();
  for (const r of open) {
    const met = wagered - Number(r.turnover_baseline) >= Number(r.turnover_required) || owed === 0;
    if (!met) continue;
    await db
      .updateTable('promotion_claim')
      .set({ status: 'CLAIMED', completed_at: at })
      .where('id', '=', r.id)
      .where('status', '=', 'PROCESS')
      .execute();
  }
  return wagered;
};

/** The member's claims, newest first, met bonuses moved to CLAIMED first. */
const memberClaims = async (db: DbOrTrx, merchant: Merchant, memberId: number, language?: string) => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const wagered = await completeMetClaims(db, merchant.id, memberId);
  const rows = await claimQuery(db).where('c.member_id', '=', memberId).orderBy('c.id', 'desc').execute();
  return rows.map((r) => toClaim(r, chain, wagered));
};

/**
 * rewardCenter and bonusDetails: the member's claims (only the paid ones for bonusDetails), the
 * promotions they can claim at once, the header badge's count and the turnover still owed.
 */
export const listMemberClaims = async (
  db: Db,
  merchant: Merchant,
  member: ClaimMember,
  query: { language?: string | undefined; view: 'all' | 'bonus' },
  now = new Date(),
): Promise<PromotionClaimsResponse> => {
  const language = query.language ?? merchant.defaultLanguage;
  const claims = await memberClaims(db, merchant, member.id, language);
  const claimable = await claimableOffers(db, merchant, member, language, now);
  const settings = await getMoneySettings(db, merchant.id);
  return {
    claims: query.view === 'bonus' ? claims.filter((c) => c.paidAt !== null) : claims,
    claimable,
    claimableCount: claimable.length + claims.filter((c) => c.status === 'ISSUED').length,
    turnoverRemaining: await turnoverRemaining(db, merchant.id, member.id, settings.turnoverMultiplier),
  };
};

/** Running offers the member could apply for and claim at once (no review, no proof), not yet taken. */
export const claimableOffers = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: ClaimMember,
  language: string | undefined,
  now: Date,
) => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const lang = language ?? merchant.defaultLanguage;
  const deposits = await approvedDeposits(db, merchant.id, member.id);
  const used = await usedKeys(db, merchant.id, member.id);
  const running = await repo.listPromotions(db, { merchantId: merchant.id, now: now.toISOString() });
  return running.flatMap((promotion) => {
    if (promotion.rules.needsReview || promotion.rules.proofRequired) return [];
    if (promotion.rules.kind !== 'DEPOSIT_MATCH' && promotion.rules.kind !== 'FIXED_BONUS') return [];
    const result = eligibility(promotion, member, lang, deposits, used);
    if (!result.ok || used.has(result.key)) return [];
    const title = pickName(promotion.titles, chain);
    return [{ promotionId: promotion.id, code: promotion.code, title, bonus: result.bonus }];
  });
};

/** The header's bonus badge: the offers claimable at once plus bonuses issued and waiting to be claimed. */
export const claimableCount = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: ClaimMember,
  offers: readonly unknown[],
) => {
  const issued = await db
    .selectFrom('promotion_claim')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', member.id)
    .where('status', '=', 'ISSUED')
    .executeTakeFirstOrThrow();
  return offers.length + Number(issued.n);
};

// ---------------------------------------------------------------- operators

/** Claims of the brand (or of every brand for an operator of all of them) in one status, oldest first. */
export const listClaims = async (db: DbOrTrx, merchantId: number | null, query: OperatorClaimsQuery) => {
  // Whatever the status asked, a met bonus is CLAIMED before the queue is read (completeMetClaims).
  let owing = db.selectFrom('promotion_claim').select(['merchant_id', 'member_id']).distinct();
  if (merchantId !== null) owing = owing.where('merchant_id', '=', merchantId);
  const wagered = new Map<number, number>();
  for (const o of await owing.where('status', '=', 'PROCESS').execute())
    wagered.set(o.member_id, await completeMetClaims(db, o.merchant_id, o.member_id));
  let base = db.selectFrom('promotion_claim').where('status', '=', query.status);
  if (merchantId !== null) base = base.where('merchant_id', '=', merchantId);
  const total = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  let rows = claimQuery(db)
    .innerJoin('member as m', 'm.id', 'c.member_id')
    .select('m.username')
    .where('c.status', '=', query.status);
  if (merchantId !== null) rows = rows.where('c.merchant_id', '=', merchantId);
  const page = await rows
    .orderBy('c.id')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return {
    claims: page.map((r) => ({
      ...toClaim(r, ['EN'], wagered.get(r.member_id) ?? 0),
      memberId: r.member_id,
      username: r.username,
    })),
    totalCount: Number(total.n),
  };
};

const DECISIONS = {
  approve: { from: ['APPLYING'], to: 'ISSUED' },
  reject: { from: ['APPLYING'], to: 'REJECTED' },
  close: { from: ['APPLYING', 'ISSUED', 'JOINED'], to: 'CLOSE' },
} as const satisfies Record<string, { from: readonly PromotionClaimStatus[]; to: PromotionClaimStatus }>;
export type ClaimDecision = keyof typeof DECISIONS;

/**
 * An operator's review: approve (APPLYING → ISSUED, the member may claim it), reject (APPLYING →
 * REJECTED), or close an unpaid claim (→ CLOSE). A conditional update: two operators deciding at
 * once decide once.
 */
export const decideClaim = async (
  db: Db,
  merchantId: number | null,
  claimId: number,
  decision: ClaimDecision,
  operatorId: number,
  note: string | undefined,
  now = new Date(),
) => {
  const rule = DECISIONS[decision];
  let query = db
    .updateTable('promotion_claim')
    .set({
      status: rule.to,
      operator_id: operatorId || null,
      review_note: note ?? null,
      decided_at: now.toISOString(),
    })
    .where('id', '=', claimId)
    .where('status', 'in', [...rule.from]);
  if (merchantId !== null) query = query.where('merchant_id', '=', merchantId);
  const updated = await query.executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    let find = db.selectFrom('promotion_claim').select('status').where('id', '=', claimId);
    if (merchantId !== null) find = find.where('merchant_id', '=', merchantId);
    const row = await find.executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `No claim ${claimId}`);
    throw new AppError('PROMOTION_CLAIM_STATE', `A ${row.status} claim cannot be decided that way`, {
      details: { status: row.status },
    });
  }
  const row = await claimQuery(db)
    .innerJoin('member as m', 'm.id', 'c.member_id')
    .select('m.username')
    .where('c.id', '=', claimId)
    .executeTakeFirstOrThrow();
  return { ...toClaim(row, ['EN'], 0), memberId: row.member_id, username: row.username };
};

/**
 * What promotions cost the brand: bonuses paid per promotion, and the total the promotion expense
 * account paid out as bonuses (the ledger's own figure).
 */
export const promotionCosts = async (db: DbOrTrx, merchantId: number): Promise<PromotionCostsResponse> => {
  const rows = await db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .select(['p.id', 'p.code'])
    .select((eb) => [
      eb.fn.countAll<number | string>().as('claims'),
      eb.fn.coalesce(eb.fn.sum<number | string>('c.bonus'), eb.lit(0)).as('paid'),
    ])
    .where('c.merchant_id', '=', merchantId)
    .where('c.paid_at', 'is not', null)
    .groupBy(['p.id', 'p.code'])
    .orderBy('p.id')
    .execute();
  const house = await ledger.houseAccount(db, merchantId, 'PROMOTION_EXPENSE');
  const total = await db
    .selectFrom('ledger_transfer')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
    .where('merchant_id', '=', merchantId)
    .where('debit_account_id', '=', house)
    .where('kind', '=', 'PROMOTION_BONUS')
    .executeTakeFirstOrThrow();
  return {
    promotions: rows.map((r) => ({
      promotionId: r.id,
      code: r.code,
      claims: Number(r.claims),
      paid: Number(r.paid),
    })),
    total: Number(total.total),
  };
};

/**
 * The demo team's members join the brand's rebate boosts (JOINED, no money moves), so the reward
 * centre of a demo login shows a claim; a second run adds nothing.
 */
export const seedDemoClaims = async (db: Db, merchant: Merchant, usernames: readonly string[]) => {
  const members = await db
    .selectFrom('member')
    .select(['id', 'type', 'vip_level'])
    .where('merchant_id', '=', merchant.id)
    .where('username', 'in', usernames.length > 0 ? [...usernames] : [''])
    .execute();
  const boosts = (
    await repo.listPromotions(db, { merchantId: merchant.id, now: new Date().toISOString() })
  ).filter((p) => p.rules.kind === 'REBATE_BOOST');
  let joined = 0;
  for (const member of members) {
    for (const promotion of boosts) {
      const used = await usedKeys(db, merchant.id, member.id);
      if (used.has(claimKey(promotion.id, member.id, null))) continue;
      await applyForPromotion(db, '', merchant, member, promotion.id, {});
      joined += 1;
    }
  }
  return joined;
};

/**
 * The demo's welcome bonus (issue 22: bonusDetails shows data after `npm start`): `username` applies
 * for and claims the first-deposit offer `code` at `at`, through the member's own calls, once. Run
 * before the demo's history of bets, which then counts towards its wagering.
 */
export const seedDemoWelcomeBonus = async (
  db: Db,
  merchant: Merchant,
  username: string,
  code: string,
  at: Date,
) => {
  const member = await db
    .selectFrom('member')
    .select(['id', 'type', 'vip_level'])
    .where('merchant_id', '=', merchant.id)
    .where('username', '=', username)
    .executeTakeFirst();
  const promotion = (await repo.listPromotions(db, { merchantId: merchant.id, now: at.toISOString() })).find(
    (p) => p.code === code,
  );
  if (!member || !promotion || (await alreadyApplied(db, merchant.id, member.id, promotion))) return false;
  const claim = await applyForPromotion(db, '', merchant, member, promotion.id, {}, at);
  await claimBonus(db, merchant, member, claim.id, at);
  return true;
};
