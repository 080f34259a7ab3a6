import type { Db } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { sendBroadcast, sendPersonalMessage } from './inbox.js';

const HOUR = 60 * 60 * 1000;
const DEMO_SENDER = 'demo';

/**
 * The demo brand's inboxes (decision 0047), once, written in Vietnamese with English and Chinese
 * texts beside (decision 0067): broadcasts to everyone and to VIP ranks, personal
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
          translations: {
            EN: {
              title: 'Your inbox is ready',
              content:
                'Deposits, withdrawals, bonuses, point redemptions and agent contracts are reported here whenever they change. Messages from our support team arrive here too.',
            },
            ZH: {
              title: '您的收件箱已就绪',
              content:
                '存款、提款、奖金、积分兑换和代理合同有任何变动都会在这里通知您。客服团队的消息也会发送到这里。',
            },
          },
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
          translations: {
            EN: {
              title: 'Earn points as you play',
              content:
                'Every valid bet adds points in the Points Mall. Redeem them for gifts, or convert them into your wallet balance.',
            },
            ZH: {
              title: '边玩边赚积分',
              content: '每笔有效投注都会在积分商城累积积分。可用积分兑换礼品，或转换为钱包余额。',
            },
          },
        },
      },
      {
        hours: 2,
        input: {
          audience: 'ALL' as const,
          title: 'Xổ số miền Bắc mỗi tối',
          content: 'Kết quả xổ số miền Bắc có lúc 18:15 (GMT+7) mỗi ngày, ngay trên trang xổ số.',
          translations: {
            EN: {
              title: 'Northern lottery every evening',
              content:
                "The Northern lottery's results are in at 18:15 (GMT+7) every day, right on the lottery page.",
            },
            ZH: {
              title: '北部彩票每晚开奖',
              content: '北部彩票每天18:15（GMT+7）公布开奖结果，可直接在彩票页面查看。',
            },
          },
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
        translations: {
          EN: {
            title: 'A hello from your account manager',
            content:
              "Hello! I'm Linh, your account manager. Write to customer service at any time and ask for me by name.",
          },
          ZH: {
            title: '来自客户经理的问候',
            content: '您好！我是您的客户经理Linh。您可以随时联系客服并指名找我。',
          },
        },
      },
      {
        account: 'demoplayer1',
        hours: 1,
        title: 'Tiền thưởng chào mừng đang được tính cược',
        content:
          'Tiền thưởng nạp đầu của bạn cần cược 15 lần (tiền nạp cộng tiền thưởng) trước khi rút. Xem tiến độ tại Chi tiết tiền thưởng.',
        translations: {
          EN: {
            title: 'Your welcome bonus is being wagered',
            content:
              'Your first-deposit bonus must be wagered 15 times (deposit plus bonus) before a withdrawal. See your progress in Bonus details.',
          },
          ZH: {
            title: '您的迎新奖金正在流水中',
            content: '首存奖金需完成（存款加奖金）15倍流水后方可提款。请在奖金详情中查看进度。',
          },
        },
      },
      {
        account: 'demoagent',
        hours: 5,
        title: 'Họp đại lý hằng tháng',
        content: 'Buổi họp đại lý vào thứ Sáu lúc 15:00. Hãy mang theo câu hỏi của đội về các bậc cổ tức.',
        translations: {
          EN: {
            title: 'Monthly agents meeting',
            content:
              "The agents' meeting is on Friday at 15:00. Bring your team's questions about the dividend tiers.",
          },
          ZH: {
            title: '每月代理会议',
            content: '代理会议定于周五15:00举行。请带上团队关于分红等级的问题。',
          },
        },
      },
    ];
    for (const { account, hours, title, content, translations } of personal) {
      const exists = await trx
        .selectFrom('member')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('username_key', '=', account)
        .executeTakeFirst();
      if (!exists) continue;
      await sendPersonalMessage(
        trx,
        merchantId,
        { account, title, content, translations },
        DEMO_SENDER,
        at(hours),
      );
      sent++;
    }
  });
  return sent;
};
