import {
  MAX_INVITATIONS,
  type AgentApplication,
  type ApplicationStatus,
  type Invitation,
  type InvitationKind,
  type InvitedPage,
  type JoinStatus,
  type RegisterDownlineRequest,
  type RegisterDownlineResponse,
} from '@jade/contracts/agent-invitations';
import { isAgentAccountType } from '@jade/contracts/constants';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { randomToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { fileApplication, findInvitation } from '../accounts/invitation-codes.js';
import type { MemberRow } from '../accounts/repo.js';
import * as accountsRepo from '../accounts/repo.js';
import { register, SUB_AGENT_TYPE, type AccountsDeps, type RequestContext } from '../accounts/service.js';
import { moveInTree } from '../accounts/tree.js';
import { endContractsOfMovedMember } from './contracts.js';
import type { Merchant } from '../merchants/repo.js';
import { brandOrigins } from '../merchants/service.js';

/**
 * How members join teams (§1, §2; decision 0042): an agent's invitation codes and the links built
 * from them, registerCenter, the agent application of /join and its decision, and the operator's
 * move of a member under another upline.
 */

const isActiveAgent = (member: Pick<MemberRow, 'type' | 'status'>) =>
  isAgentAccountType(member.type) && member.status === 'ACTIVE';

/**
 * The brand's sign-up addresses for a code: one per configured domain, from the domain's origin
 * (`domain set --url`), never from the request's headers, so a forged Host cannot plant a link.
 */
const linksFor = (origins: readonly string[], code: string) =>
  origins.map((origin) => `${origin}/register?affiliateCode=${encodeURIComponent(code)}`);

/** A new code: eight upper-case letters and digits, unused as an invitation or affiliate code. */
const newCode = async (db: DbOrTrx, merchantId: number) => {
  for (;;) {
    const code = randomToken(9)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toUpperCase();
    if (code.length !== 8) continue;
    if (await findInvitation(db, merchantId, code)) continue;
    if (await accountsRepo.findMemberByCode(db, merchantId, 'affiliate_code', code)) continue;
    return code;
  }
};

const insertInvitation = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  kind: InvitationKind,
  now: Date,
) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db
        .insertInto('agent_invitation')
        .values({
          merchant_id: merchantId,
          agent_id: agentId,
          code: await newCode(db, merchantId),
          kind,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Two sign-ups drew the same code at once: draw again.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
};

/** An agent's codes: its own affiliate code first (an operator's), then its invitation codes, oldest first. */
export const listInvitations = async (
  db: DbOrTrx,
  merchantId: number,
  agent: MemberRow,
): Promise<Invitation[]> => {
  const [origins, rows] = await Promise.all([
    brandOrigins(db, merchantId),
    db
      .selectFrom('agent_invitation')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('agent_id', '=', agent.id)
      .orderBy('id')
      .execute(),
  ]);
  const own: Invitation[] = agent.affiliate_code
    ? [
        {
          id: null,
          code: agent.affiliate_code,
          kind: 'MEMBER',
          links: linksFor(origins, agent.affiliate_code),
          registrations: null,
          createdAt: null,
        },
      ]
    : [];
  return [
    ...own,
    ...rows.map((row) => ({
      id: row.id,
      code: row.code,
      kind: row.kind,
      links: linksFor(origins, row.code),
      registrations: row.registrations,
      createdAt: row.created_at,
    })),
  ];
};

export const createInvitation = async (
  db: Db,
  merchantId: number,
  agent: MemberRow,
  kind: InvitationKind,
  now = new Date(),
): Promise<Invitation[]> => {
  const { count } = await db
    .selectFrom('agent_invitation')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('agent_id', '=', agent.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_INVITATIONS)
    throw new AppError('CONFLICT', `An agent holds at most ${MAX_INVITATIONS} invitation codes`);
  await insertInvitation(db, merchantId, agent.id, kind, now);
  return listInvitations(db, merchantId, agent);
};

/**
 * An agent's codes, giving it a member code first when it has no code at all (an agent made by an
 * operator before invitation codes existed), so its invite panel always has a link to share.
 */
export const invitationsOf = async (db: Db, merchantId: number, agent: MemberRow, now = new Date()) => {
  const codes = await listInvitations(db, merchantId, agent);
  if (codes.length > 0) return codes;
  await insertInvitation(db, merchantId, agent.id, 'MEMBER', now);
  return listInvitations(db, merchantId, agent);
};

/**
 * registerCenter: the agent registers a downline under itself by the brand's registration rules
 * (the register service's own checks). A code given must be one of the agent's own: another's is
 * refused exactly as an unknown one.
 */
export const registerDownline = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  agent: MemberRow,
  request: RegisterDownlineRequest,
  now = new Date(),
): Promise<RegisterDownlineResponse> => {
  const { kind: chosenKind, invitationCode, ...fields } = request;
  let invitation: { kind: InvitationKind; invitationId: number | null } = {
    kind: chosenKind,
    invitationId: null,
  };
  if (invitationCode) {
    const row = await findInvitation(deps.db, ctx.merchant.id, invitationCode);
    if (!row || row.agent_id !== agent.id)
      throw new AppError('INVITATION_CODE_ERROR', 'Not one of your invitation codes', {
        fields: { invitationCode: ['Invalid invitation code'] },
      });
    invitation = { kind: row.kind, invitationId: row.id };
  }
  const registered = await register(
    deps,
    ctx,
    { ...fields, ageConfirmed: true, termsAgreed: true, login: false, registerMethod: 'WEB' },
    'USERNAME',
    now,
    { agent, ...invitation },
  );
  return {
    memberId: registered.memberId,
    username: registered.username,
    type: invitation.kind === 'AGENT' ? SUB_AGENT_TYPE : 0,
  };
};

/** The agent's direct downlines, newest first: the members it invited or registered. */
export const invitedMembers = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  { page, size }: { page: number; size: number },
): Promise<InvitedPage> => {
  const base = db.selectFrom('member').where('merchant_id', '=', merchantId).where('upline_id', '=', agentId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['username', 'type', 'created_at'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return {
    items: rows.map((r) => ({ account: r.username, type: r.type, createdAt: r.created_at })),
    total: Number(total),
    page,
    size,
  };
};

/** The member's standing for /join: an agent already, or its latest application. */
export const joinStatusOf = async (db: DbOrTrx, member: MemberRow): Promise<JoinStatus> => {
  const latest = await db
    .selectFrom('agent_application')
    .select(['status', 'created_at', 'decided_at'])
    .where('member_id', '=', member.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    isAgent: isActiveAgent(member),
    application: latest
      ? { status: latest.status, createdAt: latest.created_at, decidedAt: latest.decided_at }
      : null,
  };
};

/** A logged-in plain member applies to become an agent (an agent or a trial account cannot). */
export const applyForAgent = async (db: DbOrTrx, merchantId: number, member: MemberRow, now = new Date()) => {
  if (member.type !== 0 || member.status !== 'ACTIVE')
    throw new AppError('CONFLICT', 'Only a member who is not an agent may apply');
  await fileApplication(db, merchantId, member.id, now);
  return joinStatusOf(db, member);
};

const applications = (db: DbOrTrx) =>
  db
    .selectFrom('agent_application as a')
    .innerJoin('member as m', 'm.id', 'a.member_id')
    .innerJoin('merchant', 'merchant.id', 'a.merchant_id');

const APPLICATION_COLUMNS = [
  'a.id',
  'merchant.code as merchant',
  'm.username',
  'a.status',
  'a.created_at',
  'a.decided_at',
  'a.decided_by',
] as const;

const toApplication = (r: {
  id: number;
  merchant: string;
  username: string;
  status: ApplicationStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}): AgentApplication => ({
  id: r.id,
  merchant: r.merchant,
  account: r.username,
  status: r.status,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  decidedBy: r.decided_by,
});

/** Applications by status, oldest first: a brand operator sees its brand, an all-brands one all. */
export const listApplications = async (
  db: DbOrTrx,
  merchantId: number | null,
  { status, page, size }: { status: ApplicationStatus; page: number; size: number },
) => {
  let base = applications(db).where('a.status', '=', status);
  if (merchantId !== null) base = base.where('a.merchant_id', '=', merchantId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(APPLICATION_COLUMNS)
      .orderBy('a.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return { items: rows.map(toApplication), total: Number(total), page, size };
};

/**
 * Approves or rejects a waiting application, once: the conditional update decides which of two
 * operators wins. Approval makes the member an agent (type 1) with a member invitation code.
 */
export const decideApplication = async (
  db: Db,
  merchantId: number | null,
  applicationId: number,
  approve: boolean,
  decidedBy: string,
  now = new Date(),
): Promise<AgentApplication> => {
  await writeTransaction(db, async (trx) => {
    const application = await trx
      .selectFrom('agent_application')
      .selectAll()
      .where('id', '=', applicationId)
      .executeTakeFirst();
    if (!application || (merchantId !== null && application.merchant_id !== merchantId))
      throw new AppError('NOT_FOUND', 'No such application');
    const decided = await trx
      .updateTable('agent_application')
      .set({
        status: approve ? 'APPROVED' : 'REJECTED',
        decided_at: now.toISOString(),
        decided_by: decidedBy,
      })
      .where('id', '=', applicationId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1)
      throw new AppError('CONFLICT', 'This application was already decided');
    if (!approve) return;
    // Only a plain, active member becomes an agent: one suspended or made a trial since is refused.
    const promoted = await trx
      .updateTable('member')
      .set({ type: SUB_AGENT_TYPE, updated_at: now.toISOString() })
      .where('id', '=', application.member_id)
      .where('type', '=', 0)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (Number(promoted.numUpdatedRows) !== 1)
      throw new AppError('CONFLICT', 'The member is no longer an active plain member');
    await insertInvitation(trx, application.merchant_id, application.member_id, 'MEMBER', now);
  });
  return toApplication(
    await applications(db)
      .select(APPLICATION_COLUMNS)
      .where('a.id', '=', applicationId)
      .executeTakeFirstOrThrow(),
  );
};

/**
 * Moves a member, with its team, under another upline (or to the top): the new upline must be an
 * active agent of the same brand; the tree refuses a move into the member's own team. Reports keep
 * their figures: summaries and bets are the member's own rows, not the tree's.
 */
export const moveMember = async (
  db: Db,
  merchant: Merchant,
  account: string,
  uplineAccount: string | null,
  changedBy: string,
  now = new Date(),
) =>
  writeTransaction(db, async (trx) => {
    const member = await accountsRepo.findMemberByUsername(trx, merchant.id, account.trim());
    if (!member) throw new AppError('NOT_FOUND', `No member '${account}' in ${merchant.code}`);
    let upline: MemberRow | undefined;
    if (uplineAccount !== null) {
      upline = await accountsRepo.findMemberByUsername(trx, merchant.id, uplineAccount.trim());
      if (!upline || !isActiveAgent(upline))
        throw new AppError(
          'VALIDATION_FAILED',
          `'${uplineAccount}' is not an active agent of ${merchant.code}`,
          {
            fields: { upline: ['Not an active agent of this brand'] },
          },
        );
    }
    const uplineId = upline?.id ?? null;
    // Contracts follow the upline that offered them: a member leaving it leaves them (decision 0045).
    const ended =
      uplineId === member.upline_id
        ? []
        : await endContractsOfMovedMember(trx, merchant.id, member.id, member.upline_id, now);
    await moveInTree(trx, merchant.id, member.id, uplineId, changedBy, now);
    return {
      account: member.username,
      upline: upline?.username ?? null,
      endedContracts: ended.map((c) => c.id),
    };
  });
