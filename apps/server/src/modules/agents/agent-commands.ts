import { APPLICATION_STATUSES, type ApplicationStatus } from '@jade/contracts/agent-invitations';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { decideApplication, listApplications, moveMember } from './invitations.js';

export const AGENT_JOIN_USAGE = `Agents: joining teams (decision 0042)
  agents applications [--status PENDING|APPROVED|REJECTED]
                                         applications to become an agent, oldest first
  agents approve <ID>                    the member becomes an agent (type 1) with an invitation code
  agents reject <ID>
  agents move <ACCOUNT> --upline <ACCOUNT|none>
                                         move a member and its team under another active agent of
                                         the brand (none: to the top); past reports keep their figures`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** `npm run jade -- agents applications|approve|reject|move ...`; false for an action it does not know. */
export const runAgentJoinCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  options: { status?: string | undefined; upline?: string | undefined },
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'agents') return false;
  if (action === 'applications') {
    const status = (options.status ?? 'PENDING').toUpperCase();
    if (!(APPLICATION_STATUSES as readonly string[]).includes(status))
      throw bad(`--status is one of ${APPLICATION_STATUSES.join(', ')}`);
    const page = await listApplications(db, merchant.id, {
      status: status as ApplicationStatus,
      page: 1,
      size: 100,
    });
    for (const a of page.items)
      out(`${a.id}\t${a.account}\t${a.status}\t${a.createdAt}${a.decidedBy ? `\t${a.decidedBy}` : ''}`);
    if (page.items.length === 0) out(`no ${status} applications`);
    return true;
  }
  if (action === 'approve' || action === 'reject') {
    const id = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(id) || id <= 0)
      throw bad(`'agents ${action}' takes an application id`);
    const decided = await decideApplication(db, merchant.id, id, action === 'approve', 'cli');
    out(`${decided.account}: application ${decided.id} ${decided.status}`);
    return true;
  }
  if (action === 'move') {
    if (args.length !== 1 || !options.upline)
      throw bad("'agents move' takes an account and --upline <ACCOUNT|none>");
    const moved = await moveMember(
      db,
      merchant,
      args[0]!,
      options.upline.toLowerCase() === 'none' ? null : options.upline,
      'cli',
    );
    out(`${moved.account}: upline ${moved.upline ?? 'none'}`);
    if (moved.endedContracts.length > 0) out(`contracts ended: ${moved.endedContracts.join(', ')}`);
    return true;
  }
  return false;
};
