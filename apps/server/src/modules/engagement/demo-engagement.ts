import type { EngagementFileInput } from '@jade/contracts/engagement';

/** VND has two minor digits on the demo brand (currency exponent 2). */
const vnd = (amount: number) => amount * 100;
const DAY = 24 * 60 * 60 * 1000;

const rank = (
  level: number,
  EN: string,
  TY: string,
  figures: {
    deposit: number;
    turnover: number;
    withdrawals: number;
    withdrawalLimit: number;
    birthday: number;
    upgrade: number;
    rebateBp: number;
  },
) => ({
  level,
  names: { EN, TY },
  depositRequirement: vnd(figures.deposit),
  turnoverRequirement: vnd(figures.turnover),
  dailyWithdrawalCount: figures.withdrawals,
  dailyWithdrawalLimit: vnd(figures.withdrawalLimit),
  birthdayBonus: vnd(figures.birthday),
  upgradeBonus: vnd(figures.upgrade),
  rebateRateBp: figures.rebateBp,
});

/**
 * The demo brand's engagement file, dated around `now` so the offers are running whenever the demo
 * is seeded. VIP5 is the rank above 4 that §6 sends to VIP customer service.
 */
export const demoEngagement = (now: Date): EngagementFileInput => {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  return {
    ranks: [
      rank(0, 'Member', 'Thành viên', {
        deposit: 0,
        turnover: 0,
        withdrawals: 3,
        withdrawalLimit: 50_000_000,
        birthday: 0,
        upgrade: 0,
        rebateBp: 30,
      }),
      rank(1, 'Bronze', 'Đồng', {
        deposit: 5_000_000,
        turnover: 50_000_000,
        withdrawals: 5,
        withdrawalLimit: 100_000_000,
        birthday: 188_000,
        upgrade: 88_000,
        rebateBp: 40,
      }),
      rank(2, 'Silver', 'Bạc', {
        deposit: 20_000_000,
        turnover: 200_000_000,
        withdrawals: 5,
        withdrawalLimit: 200_000_000,
        birthday: 388_000,
        upgrade: 288_000,
        rebateBp: 50,
      }),
      rank(3, 'Gold', 'Vàng', {
        deposit: 100_000_000,
        turnover: 1_000_000_000,
        withdrawals: 8,
        withdrawalLimit: 500_000_000,
        birthday: 888_000,
        upgrade: 888_000,
        rebateBp: 60,
      }),
      rank(4, 'Platinum', 'Bạch kim', {
        deposit: 500_000_000,
        turnover: 5_000_000_000,
        withdrawals: 10,
        withdrawalLimit: 1_000_000_000,
        birthday: 2_888_000,
        upgrade: 2_888_000,
        rebateBp: 80,
      }),
      rank(5, 'Diamond', 'Kim cương', {
        deposit: 2_000_000_000,
        turnover: 20_000_000_000,
        withdrawals: 15,
        withdrawalLimit: 3_000_000_000,
        birthday: 8_888_000,
        upgrade: 8_888_000,
        rebateBp: 100,
      }),
    ],
    promotions: [
      {
        code: 'WELCOME_100',
        category: 'DEPOSIT',
        audience: 'NEW_MEMBER',
        sortOrder: 1,
        imageUrl: '/media/promotions/welcome-100.svg',
        startsAt: at(-30),
        endsAt: null,
        terms: {
          bonusRateBp: 10_000,
          maxBonus: vnd(5_000_000),
          minDeposit: vnd(100_000),
          turnoverMultiplier: 15,
        },
        titles: {
          EN: '100% First Deposit Bonus up to ₫5,000,000',
          TY: 'Thưởng 100% nạp đầu lên đến 5.000.000 ₫',
        },
        summaries: {
          EN: 'New to Jade Demo? Double your first deposit and start with up to ₫5,000,000 extra.',
          TY: 'Thành viên mới? Nhân đôi lần nạp đầu tiên và nhận thêm tới 5.000.000 ₫.',
        },
        contents: {
          EN:
            '<p>Make your first deposit of ₫100,000 or more and we match it 100%, up to ₫5,000,000.</p>' +
            '<h3>How to take part</h3><ol><li>Register and verify your mobile number.</li>' +
            '<li>Deposit at least ₫100,000 into your main wallet.</li>' +
            '<li>The bonus is credited within 10 minutes of the deposit being approved.</li></ol>' +
            '<h3>Terms</h3><ul><li>Deposit plus bonus must be wagered 15 times before withdrawal.</li>' +
            '<li>One first-deposit bonus per person, household, device and IP address.</li>' +
            '<li>Live casino baccarat bets count 50% towards the turnover.</li></ul>',
          TY:
            '<p>Nạp lần đầu từ 100.000 ₫ trở lên, chúng tôi tặng thêm 100% giá trị nạp, tối đa 5.000.000 ₫.</p>' +
            '<h3>Cách tham gia</h3><ol><li>Đăng ký và xác minh số điện thoại.</li>' +
            '<li>Nạp tối thiểu 100.000 ₫ vào ví chính.</li>' +
            '<li>Tiền thưởng được cộng trong vòng 10 phút sau khi lệnh nạp được duyệt.</li></ol>' +
            '<h3>Điều khoản</h3><ul><li>Tiền nạp cộng tiền thưởng phải đạt doanh thu cược gấp 15 lần trước khi rút.</li>' +
            '<li>Mỗi người, hộ gia đình, thiết bị và địa chỉ IP chỉ nhận một lần thưởng nạp đầu.</li>' +
            '<li>Cược baccarat tại sòng bài trực tiếp được tính 50% vào doanh thu.</li></ul>',
        },
      },
      {
        code: 'WEEKEND_RELOAD',
        category: 'DEPOSIT',
        audience: 'MEMBER',
        sortOrder: 2,
        imageUrl: '/media/promotions/weekend-reload.svg',
        startsAt: at(-10),
        endsAt: at(50),
        terms: {
          bonusRateBp: 5_000,
          maxBonus: vnd(2_000_000),
          minDeposit: vnd(200_000),
          turnoverMultiplier: 10,
        },
        titles: { EN: '50% Weekend Reload Bonus', TY: 'Thưởng nạp lại cuối tuần 50%' },
        summaries: {
          EN: 'Every Saturday and Sunday, top up and get 50% extra, up to ₫2,000,000.',
          TY: 'Thứ Bảy và Chủ Nhật hằng tuần, nạp tiền nhận thêm 50%, tối đa 2.000.000 ₫.',
        },
        contents: {
          EN:
            '<p>Deposit ₫200,000 or more on a Saturday or Sunday (GMT+7) and receive a 50% bonus, up to ₫2,000,000 per weekend.</p>' +
            '<ul><li>For members who have made at least one deposit before.</li>' +
            '<li>Deposit plus bonus must be wagered 10 times on slots, fishing or lottery.</li>' +
            '<li>Ask customer service for the bonus before you bet with the deposit.</li></ul>',
          TY:
            '<p>Nạp từ 200.000 ₫ vào thứ Bảy hoặc Chủ Nhật (GMT+7) để nhận thưởng 50%, tối đa 2.000.000 ₫ mỗi cuối tuần.</p>' +
            '<ul><li>Dành cho thành viên đã nạp tiền ít nhất một lần.</li>' +
            '<li>Tiền nạp cộng tiền thưởng phải đạt doanh thu cược gấp 10 lần ở slot, bắn cá hoặc xổ số.</li>' +
            '<li>Liên hệ chăm sóc khách hàng để nhận thưởng trước khi đặt cược bằng khoản nạp.</li></ul>',
        },
      },
      {
        code: 'SLOTS_CASHBACK',
        category: 'REBATE',
        audience: 'ALL',
        sortOrder: 3,
        imageUrl: '/media/promotions/slots-cashback.svg',
        startsAt: at(-60),
        endsAt: null,
        terms: { bonusRateBp: 120, maxBonus: vnd(10_000_000), minDeposit: null, turnoverMultiplier: 1 },
        titles: { EN: 'Daily Slots Cashback 1.2%', TY: 'Hoàn trả slot hằng ngày 1,2%' },
        summaries: {
          EN: 'Win or lose, get 1.2% of your slot bets back every day, up to ₫10,000,000.',
          TY: 'Dù thắng hay thua, nhận lại 1,2% tiền cược slot mỗi ngày, tối đa 10.000.000 ₫.',
        },
        contents: {
          EN:
            "<p>Every day at 12:00 (GMT+7) we pay back 1.2% of yesterday's valid slot bets, up to ₫10,000,000.</p>" +
            '<ul><li>Bets with every slot provider on the site count.</li>' +
            '<li>Cashback needs to be wagered only once before withdrawal.</li>' +
            '<li>VIP members receive the higher rebate rate of their rank instead.</li></ul>',
          TY:
            '<p>Vào 12:00 (GMT+7) mỗi ngày, chúng tôi hoàn trả 1,2% tổng cược hợp lệ ở slot của ngày hôm trước, tối đa 10.000.000 ₫.</p>' +
            '<ul><li>Áp dụng cho cược ở tất cả nhà cung cấp slot trên trang.</li>' +
            '<li>Tiền hoàn trả chỉ cần cược 1 lần trước khi rút.</li>' +
            '<li>Thành viên VIP được áp dụng mức hoàn trả cao hơn theo cấp bậc.</li></ul>',
        },
      },
      {
        code: 'PARLAY_INSURANCE',
        category: 'SPORTS',
        audience: 'ALL',
        sortOrder: 4,
        imageUrl: '/media/promotions/parlay-insurance.svg',
        startsAt: at(-5),
        endsAt: at(25),
        terms: { bonusRateBp: null, maxBonus: vnd(1_000_000), minDeposit: null, turnoverMultiplier: 3 },
        titles: { EN: 'Football Parlay Insurance', TY: 'Bảo hiểm cược xiên bóng đá' },
        summaries: {
          EN: 'Lost a parlay of 5 or more legs by a single match? We refund your stake, up to ₫1,000,000.',
          TY: 'Thua cược xiên từ 5 trận chỉ vì một trận? Chúng tôi hoàn lại tiền cược, tối đa 1.000.000 ₫.',
        },
        contents: {
          EN:
            '<p>Place a football parlay of 5 legs or more at odds of 1.50 or higher per leg. If exactly one leg loses, your stake comes back as a bonus, up to ₫1,000,000.</p>' +
            '<ul><li>One refund per member per day.</li>' +
            '<li>Draws and void legs do not count as losing legs.</li>' +
            '<li>The refund must be wagered 3 times on sports.</li></ul>',
          TY:
            '<p>Đặt cược xiên bóng đá từ 5 trận trở lên với tỷ lệ mỗi trận từ 1.50. Nếu chỉ thua đúng một trận, tiền cược được hoàn lại dưới dạng tiền thưởng, tối đa 1.000.000 ₫.</p>' +
            '<ul><li>Mỗi thành viên được hoàn một lần mỗi ngày.</li>' +
            '<li>Trận hòa hoặc trận bị hủy không tính là trận thua.</li>' +
            '<li>Tiền hoàn phải đạt doanh thu cược gấp 3 lần ở thể thao.</li></ul>',
        },
      },
      {
        code: 'VIP_BIRTHDAY',
        category: 'VIP',
        audience: 'ALL',
        minVipLevel: 1,
        sortOrder: 5,
        imageUrl: '/media/promotions/vip-birthday.svg',
        startsAt: at(-90),
        endsAt: null,
        terms: { bonusRateBp: null, maxBonus: vnd(8_888_000), minDeposit: null, turnoverMultiplier: 1 },
        titles: { EN: 'VIP Birthday Gift', TY: 'Quà sinh nhật VIP' },
        summaries: {
          EN: 'From VIP 1 upwards, celebrate your birthday month with a gift of up to ₫8,888,000.',
          TY: 'Từ VIP 1 trở lên, đón tháng sinh nhật với quà tặng lên đến 8.888.000 ₫.',
        },
        contents: {
          EN:
            '<p>Members of VIP 1 and above receive a gift in their birthday month. The amount depends on your rank and is listed in the VIP club table.</p>' +
            '<ul><li>Your date of birth must be verified in My account.</li>' +
            '<li>The gift needs to be wagered once before withdrawal.</li>' +
            '<li>The gift is valid for 30 days after it is credited.</li></ul>',
          TY:
            '<p>Thành viên từ VIP 1 trở lên nhận quà trong tháng sinh nhật. Giá trị quà tùy theo cấp bậc và được liệt kê trong bảng câu lạc bộ VIP.</p>' +
            '<ul><li>Ngày sinh phải được xác minh trong mục Tài khoản của tôi.</li>' +
            '<li>Quà tặng chỉ cần cược 1 lần trước khi rút.</li>' +
            '<li>Quà có hiệu lực trong 30 ngày kể từ khi được cộng.</li></ul>',
        },
      },
      {
        code: 'LOTTO_SUNDAY',
        category: 'LOTTERY',
        audience: 'ALL',
        sortOrder: 6,
        imageUrl: '/media/promotions/lotto-sunday.svg',
        startsAt: at(-3),
        endsAt: at(40),
        terms: { bonusRateBp: 1_000, maxBonus: vnd(20_000_000), minDeposit: null, turnoverMultiplier: 0 },
        titles: { EN: 'Lucky Sunday Southern Lottery', TY: 'Chủ Nhật may mắn xổ số miền Nam' },
        summaries: {
          EN: 'Every Sunday, hit the 2D special prize of the Southern lottery and win 10% extra.',
          TY: 'Mỗi Chủ Nhật, trúng đề 2D giải đặc biệt xổ số miền Nam được thưởng thêm 10%.',
        },
        contents: {
          EN:
            '<p>Every Sunday, winning 2D bets on the special prize of the Southern (Ho Chi Minh City) lottery receive an extra 10% of the win, up to ₫20,000,000.</p>' +
            '<ul><li>Bets placed in the Vietnam lottery lobby count.</li>' +
            '<li>The extra win is paid by Monday 18:00 (GMT+7).</li>' +
            '<li>No turnover requirement.</li></ul>',
          TY:
            '<p>Mỗi Chủ Nhật, cược đề 2D trúng giải đặc biệt xổ số miền Nam (TP. Hồ Chí Minh) được thưởng thêm 10% tiền thắng, tối đa 20.000.000 ₫.</p>' +
            '<ul><li>Áp dụng cho cược đặt tại sảnh xổ số Việt Nam.</li>' +
            '<li>Tiền thưởng thêm được trả trước 18:00 thứ Hai (GMT+7).</li>' +
            '<li>Không yêu cầu doanh thu cược.</li></ul>',
        },
      },
    ],
  };
};
