import type { DbOrTrx } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';

/**
 * The registration side of joining a team (decision 0042): the agent invitation codes a sign-up may
 * carry and the agent application /join files. The agents module writes and lists them; it lives
 * here so registration reads it without the accounts module importing the agents module.
 */

export type InvitationRow = { id: number; agent_id: number; kind: 'MEMBER' | 'AGENT' };

/** Invitation codes are upper case letters and digits; a code is typed or read off a link either way. */
export const normalizeInvitationCode = (code: string) => code.trim().toUpperCase();

export const findInvitation = async (
  db: DbOrTrx,
  merchantId: number,
  code: string,
): Promise<InvitationRow | undefined> =>
  db
    .selectFrom('agent_invitation')
    .select(['id', 'agent_id', 'kind'])
    .where('merchant_id', '=', merchantId)
    .where('code', '=', normalizeInvitationCode(code))
    .executeTakeFirst();

export const countInvitationUse = async (db: DbOrTrx, invitationId: number) => {
  await db
    .updateTable('agent_invitation')
    .set((eb) => ({ registrations: eb('registrations', '+', 1) }))
    .where('id', '=', invitationId)
    .execute();
};

/** Files a member's application to become an agent; CONFLICT while one is still waiting. */
export const fileApplication = async (db: DbOrTrx, merchantId: number, memberId: number, now: Date) => {
  try {
    await db
      .insertInto('agent_application')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        status: 'PENDING',
        created_at: now.toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'Your application is already waiting for a decision');
    throw error;
  }
};
