import { checkPattern } from '@jade/contracts/patterns';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomToken } from '../../platform/crypto.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Secrets } from '../../platform/secrets.js';
import type { Merchant } from '../merchants/repo.js';
import { ruleError } from './profile.js';
import * as repo from './repo.js';
import { getAuthSettings } from './settings.js';

/** §4: a reset link lives 30 minutes. */
const RESET_LINK_MINUTES = 30;

const tokenHash = (secrets: Secrets, token: string) => keyedHash(secrets.sessionSecret, 'reset-link', token);
const invalid = () => new AppError('CODE_INVALID', 'This reset link is not valid');

/** Ends every outstanding link of the member (a new one was issued, or one was used). */
const endOutstanding = (db: DbOrTrx, memberId: number, at: string) =>
  db
    .updateTable('password_reset')
    .set({ ended_at: at })
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .execute();

/** A new reset link for exactly one member; the member's older links stop working. Answers the token. */
export const issuePasswordReset = async (
  db: Db,
  secrets: Secrets,
  merchantId: number,
  memberId: number,
  now: Date,
): Promise<string> => {
  const token = randomToken(32);
  const at = now.toISOString();
  await writeTransaction(db, async (trx) => {
    await endOutstanding(trx, memberId, at);
    await trx
      .insertInto('password_reset')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        token_hash: tokenHash(secrets, token),
        created_at: at,
        expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
        ended_at: null,
      })
      .execute();
  });
  return token;
};

/**
 * Uses a reset link once: the member it names gets the new password, every link of theirs ends, and
 * every session ends.
 */
export const resetPasswordWithToken = async (
  db: Db,
  secrets: Secrets,
  merchant: Merchant,
  input: { token: string; newPassword: string },
  now = new Date(),
) => {
  const at = now.toISOString();
  const row = await db
    .selectFrom('password_reset')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('token_hash', '=', tokenHash(secrets, input.token))
    .executeTakeFirst();
  if (!row || row.ended_at !== null) throw invalid();
  if (row.expires_at <= at)
    throw new AppError('CODE_EXPIRED', 'This reset link has expired; ask for a new one');
  const member = await repo.findMemberById(db, merchant.id, row.member_id);
  if (!member || member.status !== 'ACTIVE') throw invalid();
  const settings = await getAuthSettings(db, merchant.id);
  const failure = checkPattern(input.newPassword, settings.passwordRule);
  if (failure) throw ruleError('newPassword', failure);
  const passwordHash = await hashPassword(input.newPassword);
  await writeTransaction(db, async (trx) => {
    const used = await trx
      .updateTable('password_reset')
      .set({ ended_at: at })
      .where('id', '=', row.id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw invalid();
    await endOutstanding(trx, member.id, at);
    await repo.updateMember(trx, member.id, {
      password_hash: passwordHash,
      password_changed_at: at,
      must_change_password: 0,
      updated_at: at,
    });
    await repo.revokeMemberSessions(trx, member.id, at);
  });
};
