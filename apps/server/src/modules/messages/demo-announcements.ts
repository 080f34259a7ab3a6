import type { AnnouncementType } from '@jade/contracts/messages';
import { WELCOME_TURNOVER } from '../engagement/demo-engagement.js';

type Text = { title: string; content: string };

/** The demo brand's notices, newest first, each in EN and TY (shipped as Vietnamese). */
export const demoAnnouncements: { type: AnnouncementType; isPinned?: boolean; EN: Text; TY: Text }[] = [
  {
    type: 'B',
    isPinned: true,
    EN: {
      title: 'Welcome to Jade Demo',
      content:
        '<p>Welcome! This is a demonstration brand: every balance, bet and prize here is play money.</p><p>Explore lottery, live casino, slots, sports and more.</p>',
    },
    TY: {
      title: 'Chào mừng đến với Jade Demo',
      content:
        '<p>Chào mừng bạn! Đây là thương hiệu trình diễn: mọi số dư, cược và giải thưởng đều là tiền ảo.</p><p>Hãy khám phá xổ số, sòng bài trực tuyến, slot, thể thao và nhiều hơn nữa.</p>',
    },
  },
  {
    type: 'PU',
    EN: {
      title: 'Scheduled maintenance on Sunday 02:00–04:00',
      content:
        '<p>The site will be under maintenance on <strong>Sunday from 02:00 to 04:00 (GMT+7)</strong>. Balances are not affected.</p>',
    },
    TY: {
      title: 'Bảo trì định kỳ Chủ nhật 02:00–04:00',
      content:
        '<p>Hệ thống sẽ bảo trì vào <strong>Chủ nhật từ 02:00 đến 04:00 (GMT+7)</strong>. Số dư không bị ảnh hưởng.</p>',
    },
  },
  {
    type: 'PR',
    EN: {
      title: 'First deposit bonus 100%',
      content: `<p>Make your first deposit and claim a <strong>100% bonus</strong> up to 5,000,000 ₫ from the promotion page. Deposit plus bonus must be wagered ${WELCOME_TURNOVER} times before withdrawal.</p>`,
    },
    TY: {
      title: 'Thưởng nạp đầu 100%',
      content: `<p>Nạp tiền lần đầu và nhận <strong>thưởng 100%</strong> tối đa 5.000.000 ₫ tại trang khuyến mãi. Tiền nạp cộng tiền thưởng phải đạt doanh thu cược gấp ${WELCOME_TURNOVER} lần trước khi rút.</p>`,
    },
  },
  {
    type: 'H',
    EN: {
      title: 'New: SEA 4D lottery lobby',
      content:
        '<p>The SEA 4D lobby is open with Magnum, Toto and Da Ma Cai draws. Find it under Lottery.</p>',
    },
    TY: {
      title: 'Mới: Sảnh xổ số SEA 4D',
      content: '<p>Sảnh SEA 4D đã mở với các kỳ quay Magnum, Toto và Da Ma Cai. Xem trong mục Xổ số.</p>',
    },
  },
  {
    type: 'PL',
    EN: {
      title: 'Keep your account safe',
      content:
        '<p>We will never ask for your password. Set a payment password and bind your mobile number in the security centre.</p>',
    },
    TY: {
      title: 'Bảo vệ tài khoản của bạn',
      content:
        '<p>Chúng tôi không bao giờ hỏi mật khẩu của bạn. Hãy đặt mật khẩu thanh toán và liên kết số điện thoại trong trung tâm bảo mật.</p>',
    },
  },
  {
    type: 'B',
    EN: {
      title: 'Cashback up to 1.2%',
      content:
        '<p>Slots and fishing earn up to <strong>1.2%</strong> cashback on every valid bet. Claim it whenever you like from Cashback in your personal centre.</p>',
    },
    TY: {
      title: 'Hoàn trả đến 1,2%',
      content:
        '<p>Slot và bắn cá được hoàn trả đến <strong>1,2%</strong> trên mọi cược hợp lệ. Nhận bất cứ lúc nào tại mục Hoàn trả trong trung tâm cá nhân.</p>',
    },
  },
  {
    type: 'PR',
    EN: {
      title: 'Live casino rebates rise with your rank',
      content:
        '<p>Baccarat, roulette and sic bo pay a rebate of 0.4% of valid bets at VIP0, rising with each rank to 1.0% at VIP6.</p>',
    },
    TY: {
      title: 'Hoàn trả sòng bài trực tuyến tăng theo cấp VIP',
      content:
        '<p>Baccarat, roulette và tài xỉu được hoàn trả 0,4% tiền cược hợp lệ ở VIP0, tăng theo từng cấp đến 1,0% ở VIP6.</p>',
    },
  },
  {
    type: 'H',
    EN: {
      title: 'Mobile app updated',
      content: '<p>Version 3.2 of the app brings faster game loading. Download it from the App page.</p>',
    },
    TY: {
      title: 'Cập nhật ứng dụng di động',
      content: '<p>Phiên bản 3.2 giúp tải trò chơi nhanh hơn. Tải về tại trang Ứng dụng.</p>',
    },
  },
  {
    type: 'B',
    EN: {
      title: 'Invite friends, earn rewards',
      content: '<p>Share your referral link. When a friend deposits, both of you receive bonus points.</p>',
    },
    TY: {
      title: 'Mời bạn bè, nhận thưởng',
      content: '<p>Chia sẻ liên kết giới thiệu. Khi bạn bè nạp tiền, cả hai đều nhận điểm thưởng.</p>',
    },
  },
  {
    type: 'PU',
    EN: {
      title: 'Bank transfer delays',
      content:
        '<p>Some banks are processing transfers slowly today. Deposits will be credited as soon as they arrive.</p>',
    },
    TY: {
      title: 'Chậm trễ chuyển khoản ngân hàng',
      content: '<p>Một số ngân hàng đang xử lý chậm hôm nay. Tiền nạp sẽ được cộng ngay khi nhận được.</p>',
    },
  },
  {
    type: 'PR',
    EN: {
      title: 'VIP upgrade bonus',
      content:
        '<p>Reach a new VIP level this month and receive a one-off upgrade bonus. See the VIP page.</p>',
    },
    TY: {
      title: 'Thưởng thăng cấp VIP',
      content: '<p>Đạt cấp VIP mới trong tháng này để nhận thưởng thăng cấp một lần. Xem trang VIP.</p>',
    },
  },
  {
    type: 'H',
    EN: {
      title: 'Points mall restocked',
      content: '<p>New rewards are available in the points mall. Points never expire.</p>',
    },
    TY: {
      title: 'Cửa hàng điểm đã bổ sung',
      content: '<p>Phần thưởng mới đã có trong cửa hàng điểm. Điểm không bao giờ hết hạn.</p>',
    },
  },
  {
    type: 'B',
    EN: {
      title: 'Responsible gaming',
      content: '<p>Set deposit limits or take a break at any time. Contact customer service for help.</p>',
    },
    TY: {
      title: 'Chơi có trách nhiệm',
      content:
        '<p>Đặt giới hạn nạp tiền hoặc tạm nghỉ bất cứ lúc nào. Liên hệ chăm sóc khách hàng để được hỗ trợ.</p>',
    },
  },
  {
    type: 'PL',
    EN: {
      title: 'Update your contact details',
      content: '<p>Keep your mobile number and email current so we can reach you about withdrawals.</p>',
    },
    TY: {
      title: 'Cập nhật thông tin liên hệ',
      content: '<p>Hãy cập nhật số điện thoại và email để chúng tôi liên hệ khi rút tiền.</p>',
    },
  },
  {
    type: 'PR',
    EN: {
      title: 'Fishing tournament',
      content:
        '<p>Catch the golden dragon in Deep Blue Fishing to climb the weekly leaderboard. Top 20 share the prize pool.</p>',
    },
    TY: {
      title: 'Giải đấu bắn cá',
      content:
        '<p>Bắn rồng vàng trong Deep Blue Fishing để leo bảng xếp hạng tuần. Top 20 chia nhau giải thưởng.</p>',
    },
  },
];
