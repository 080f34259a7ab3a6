import type { Db } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { sendBroadcast, sendPersonalMessage } from './inbox.js';

const HOUR = 60 * 60 * 1000;
const DEMO_SENDER = 'demo';

/**
 * The demo brand's inboxes (decision 0047), once: broadcasts to everyone and to VIP ranks, personal
 * messages to the demo team's first member and agent, and the platform messages of their older
 * deposits, withdrawals and contracts marked read, so each inbox shows a few unread ones. Run after
 * the demo team exists; a second run adds nothing.
 */
export const seedDemoInbox = async (db: Db, merchantId: number, now = new Date()): Promise<number> => {
  const seeded = await db
    .selectFrom('inbox_broadcast')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('sent_by', '=', DEMO_SENDER)
    .executeTakeFirst();
  if (seeded) return 0;
  const at = (hours: number) => new Date(now.getTime() - hours * HOUR);
  let sent = 0;
  await writeTransaction(db, async (trx) => {
    // Older platform news counts as seen: the inbox opens on what is new.
    await trx
      .updateTable('inbox_message')
      .set({ read_at: now.toISOString() })
      .where('merchant_id', '=', merchantId)
      .where('read_at', 'is', null)
      .where('created_at', '<', at(48).toISOString())
      .execute();
    const broadcasts = [
      {
        hours: 72,
        input: {
          audience: 'ALL' as const,
          title: 'Your inbox is here',
          content:
            'Deposits, withdrawals, bonuses, rebates and contracts now tell you here when they change. Messages from the team arrive here too.',
        },
      },
      {
        hours: 20,
        input: {
          audience: 'VIP' as const,
          vipLevel: 0,
          title: 'VIP week: double points on live casino',
          content:
            'From Monday to Sunday every valid bet on live casino earns double points in the points mall.',
        },
      },
      {
        hours: 2,
        input: {
          audience: 'ALL' as const,
          title: 'Maintenance tonight 02:00–03:00',
          content:
            'The site is under maintenance tonight from 02:00 to 03:00 (GMT+7). Your balance and open bets are safe.',
        },
      },
    ];
    for (const { hours, input } of broadcasts) {
      await sendBroadcast(trx, merchantId, input, DEMO_SENDER, at(hours));
      sent++;
    }
    const personal = [
      {
        account: 'demoplayer1',
        hours: 30,
        title: 'Welcome from your account manager',
        content: 'Hello! I am Linh, your account manager. Write to customer service any time and ask for me.',
      },
      {
        account: 'demoplayer1',
        hours: 1,
        title: 'Your bank account is verified',
        content:
          'Your bank account was checked and verified. Withdrawals to it are now paid without extra checks.',
      },
      {
        account: 'demoagent',
        hours: 5,
        title: 'Monthly agent meeting',
        content:
          'The agent meeting is on Friday at 15:00. Bring your team’s questions about the new dividend tiers.',
      },
    ];
    for (const { account, hours, title, content } of personal) {
      const exists = await trx
        .selectFrom('member')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('username_key', '=', account)
        .executeTakeFirst();
      if (!exists) continue;
      await sendPersonalMessage(trx, merchantId, { account, title, content }, DEMO_SENDER, at(hours));
      sent++;
    }
  });
  return sent;
};
