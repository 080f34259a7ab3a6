import { operatorBroadcast, operatorPersonalMessage } from '@jade/contracts/inbox';
import type { Db } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import * as inbox from './inbox.js';

export const INBOX_USAGE = `Members' inboxes (messageV2; decision 0047)
  message personal <ACCOUNT> <TITLE> --message TEXT
                                         a personal message to one member
  message broadcast <TITLE> --message TEXT [--vip LEVEL | --to A,B,...]
                                         a broadcast to every member of the brand, to VIP rank
                                         LEVEL and above, or to a list of accounts
  message list [--limit N]               what the brand sent, newest first, with how many read it`;

/** Zod's verdict as the CLI's error: the fields that failed, in one line. */
const parsed = <T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
) => {
  if (result.success) return result.data;
  throw new AppError(
    'VALIDATION_FAILED',
    result.error.issues.map((i) => `${i.path.map(String).join('.') || 'input'}: ${i.message}`).join('; '),
  );
};

/** `npm run jade -- message <action>`; answers false for a command that is not its own. */
export const runInboxCommand = async (
  db: Db,
  merchant: Merchant,
  group: string | undefined,
  action: string | undefined,
  args: string[],
  options: {
    message?: string | undefined;
    vip?: string | undefined;
    to?: string | undefined;
    limit?: string | undefined;
  },
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'message') return false;
  if (action === 'personal') {
    const [account, ...title] = args;
    const input = parsed(
      operatorPersonalMessage.safeParse({ account, title: title.join(' '), content: options.message }),
    );
    const { id } = await writeTransaction(db, (trx) =>
      inbox.sendPersonalMessage(trx, merchant.id, input, 'cli'),
    );
    out(`${merchant.code}: message ${id} sent to ${input.account}`);
    return true;
  }
  if (action === 'broadcast') {
    const base = { title: args.join(' '), content: options.message };
    const input = parsed(
      operatorBroadcast.safeParse(
        options.vip !== undefined
          ? { ...base, audience: 'VIP', vipLevel: Number(options.vip) }
          : options.to !== undefined
            ? { ...base, audience: 'LIST', accounts: options.to.split(',').filter(Boolean) }
            : { ...base, audience: 'ALL' },
      ),
    );
    const sent = await writeTransaction(db, (trx) => inbox.sendBroadcast(trx, merchant.id, input, 'cli'));
    out(
      `${merchant.code}: broadcast ${sent.id} sent to ${
        sent.recipients === null
          ? input.audience === 'VIP'
            ? `VIP ${input.vipLevel}+`
            : 'all members'
          : `${sent.recipients} members`
      }`,
    );
    return true;
  }
  if (action === 'list') {
    const limit = Math.min(Math.max(Number(options.limit ?? 20) || 20, 1), 100);
    const { items, totalCount } = await inbox.listSent(db, merchant.id, { pageNo: 1, pageSize: limit });
    for (const m of items)
      out(
        `${m.id}\t${m.createdAt}\t${m.audience}\t${m.to}\tread ${m.readCount}\t${m.sentBy ?? ''}\t${m.title}`,
      );
    out(`${items.length} of ${totalCount}`);
    return true;
  }
  return false;
};
