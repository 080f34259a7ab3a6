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
          title: 'Hộp thư của bạn đã sẵn sàng',
          content:
            'Nạp tiền, rút tiền, tiền thưởng, đổi điểm và hợp đồng đại lý đều báo cho bạn tại đây khi có thay đổi. Tin nhắn từ đội ngũ hỗ trợ cũng đến đây.',
        },
      },
      {
        hours: 20,
        input: {
          audience: 'VIP' as const,
          vipLevel: 0,
          title: 'Tích điểm khi chơi',
          content:
            'Mỗi cược hợp lệ đều được cộng điểm vào Cửa hàng điểm. Đổi điểm lấy quà, hoặc đổi sang số dư trong ví.',
        },
      },
      {
        hours: 2,
        input: {
          audience: 'ALL' as const,
          title: 'Xổ số miền Bắc mỗi tối',
          content: 'Kết quả xổ số miền Bắc có lúc 18:15 (GMT+7) mỗi ngày, ngay trên trang xổ số.',
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
        title: 'Lời chào từ quản lý tài khoản',
        content:
          'Xin chào! Tôi là Linh, quản lý tài khoản của bạn. Hãy nhắn cho bộ phận chăm sóc khách hàng bất cứ lúc nào và hỏi tên tôi.',
      },
      {
        account: 'demoplayer1',
        hours: 1,
        title: 'Tài khoản ngân hàng đã được xác minh',
        content: 'Tài khoản ngân hàng của bạn đã được kiểm tra. Bạn có thể rút tiền về tài khoản này.',
      },
      {
        account: 'demoagent',
        hours: 5,
        title: 'Họp đại lý hằng tháng',
        content: 'Buổi họp đại lý vào thứ Sáu lúc 15:00. Hãy mang theo câu hỏi của đội về các bậc cổ tức.',
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
