import { sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { markUplinesStale } from '../agents/team-rollup.js';

/**
 * The member tree (decision 0037): `member.upline_id` names each member's one upline, and
 * `member_closure` holds every (ancestor, descendant) pair with the member itself at depth 0, so a
 * team is one indexed lookup: `where ancestor_id = X`. Written with the member, rewritten by a move.
 */

/** A member's created_at, copied onto its closure rows (the overview's new members by day, decision 0054). */
const joinedAt = (memberId: number) =>
  sql<string | null>`(select created_at from member where id = ${memberId})`;

/** Writes a new member's rows: itself at depth 0, and under every ancestor of its upline. */
export const attachToTree = async (
  db: DbOrTrx,
  merchantId: number,
  memberId: number,
  uplineId: number | null,
): Promise<void> => {
  await db
    .insertInto('member_closure')
    .values({
      merchant_id: merchantId,
      ancestor_id: memberId,
      descendant_id: memberId,
      depth: 0,
      joined_at: joinedAt(memberId),
    })
    .onConflict((oc) => oc.columns(['ancestor_id', 'descendant_id']).doNothing())
    .execute();
  if (uplineId === null) return;
  await db
    .insertInto('member_closure')
    .columns(['merchant_id', 'ancestor_id', 'descendant_id', 'depth', 'joined_at'])
    .expression((eb) =>
      eb
        .selectFrom('member_closure')
        .select([
          'merchant_id',
          'ancestor_id',
          sql.lit(memberId).as('descendant_id'),
          sql<number>`depth + 1`.as('depth'),
          joinedAt(memberId).as('joined_at'),
        ])
        .where('descendant_id', '=', uplineId)
        .where('merchant_id', '=', merchantId),
    )
    .onConflict((oc) => oc.columns(['ancestor_id', 'descendant_id']).doNothing())
    .execute();
};

/** Whether `memberId` is `ancestorId` or one of its descendants, in the same brand. */
export const isInTeam = async (db: DbOrTrx, merchantId: number, ancestorId: number, memberId: number) =>
  (await db
    .selectFrom('member_closure')
    .select('depth')
    .where('merchant_id', '=', merchantId)
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', memberId)
    .executeTakeFirst()) !== undefined;

/** How far below `ancestorId` a member is (0: itself), or undefined when it is not in the team. */
export const depthBelow = async (db: DbOrTrx, merchantId: number, ancestorId: number, memberId: number) =>
  (
    await db
      .selectFrom('member_closure')
      .select('depth')
      .where('merchant_id', '=', merchantId)
      .where('ancestor_id', '=', ancestorId)
      .where('descendant_id', '=', memberId)
      .executeTakeFirst()
  )?.depth;

/** The ids of a member's uplines, nearest first. */
export const uplineChain = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('member_closure')
      .select('ancestor_id')
      .where('merchant_id', '=', merchantId)
      .where('descendant_id', '=', memberId)
      .where('depth', '>', 0)
      .orderBy('depth')
      .execute()
  ).map((r) => r.ancestor_id);

/**
 * Moves a member, with everything below it, under another upline (or to the top, null). Run it in a
 * write transaction: the subtree's rows under its old ancestors go, rows under the new ones come,
 * its rows inside the subtree stay. Refuses a move under the member itself or its own downline.
 */
export const moveInTree = async (
  trx: DbOrTrx,
  merchantId: number,
  memberId: number,
  newUplineId: number | null,
  changedBy: string,
  now = new Date(),
): Promise<void> => {
  const member = await trx
    .selectFrom('member')
    .select(['id', 'upline_id'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND', 'No such member');
  if (newUplineId !== null && (await isInTeam(trx, merchantId, memberId, newUplineId))) {
    throw new AppError('VALIDATION_FAILED', 'A member cannot move under itself or its own downline', {
      fields: { upline: ['Inside the member’s own team'] },
    });
  }
  const subtree = (eb: DbOrTrx) =>
    eb.selectFrom('member_closure').select('descendant_id').where('ancestor_id', '=', memberId);
  // The old uplines' and the new uplines' team totals are rebuilt by the roll-up job (decision 0054).
  await markUplinesStale(trx, merchantId, memberId);
  await trx
    .deleteFrom('member_closure')
    .where('merchant_id', '=', merchantId)
    .where('descendant_id', 'in', subtree(trx))
    .where('ancestor_id', 'not in', subtree(trx))
    .execute();
  if (newUplineId !== null) {
    await trx
      .insertInto('member_closure')
      .columns(['merchant_id', 'ancestor_id', 'descendant_id', 'depth', 'joined_at'])
      .expression((eb) =>
        eb
          .selectFrom('member_closure as above')
          .innerJoin('member_closure as below', (join) => join.on('below.ancestor_id', '=', memberId))
          .select([
            'above.merchant_id',
            'above.ancestor_id',
            'below.descendant_id',
            sql<number>`above.depth + below.depth + 1`.as('depth'),
            'below.joined_at',
          ])
          .where('above.descendant_id', '=', newUplineId)
          .where('above.merchant_id', '=', merchantId),
      )
      .execute();
    await markUplinesStale(trx, merchantId, memberId);
  }
  await trx
    .updateTable('member')
    .set({ upline_id: newUplineId, updated_at: now.toISOString() })
    .where('id', '=', memberId)
    .execute();
  await trx
    .insertInto('member_upline_change')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      from_upline_id: member.upline_id,
      to_upline_id: newUplineId,
      changed_by: changedBy,
      created_at: now.toISOString(),
    })
    .execute();
};
