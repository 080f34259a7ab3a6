import type { EngagementFileInput } from '@jade/contracts/engagement';

/** VND has two minor digits on the demo brand (currency exponent 2). */
const vnd = (amount: number) => amount * 100;
const DAY = 24 * 60 * 60 * 1000;

/**
 * The first-deposit bonus's wagering: the promotion's terms, the page's text and the home notice all
 * read this one figure (the notice once said 10×, the page 15×, and nothing enforced either).
 */
export const WELCOME_TURNOVER = 15;

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
        // Older than the demo team's first deposits (a month and some hours back), which it rewards.
        startsAt: at(-45),
        endsAt: null,
        terms: {
          bonusRateBp: 10_000,
          maxBonus: vnd(5_000_000),
          minDeposit: vnd(100_000),
          turnoverMultiplier: WELCOME_TURNOVER,
        },
        rules: { kind: 'DEPOSIT_MATCH', maxDepositCount: 1 },
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
            '<li>Once the deposit is approved, press Claim on this page or in the Reward Center: the bonus is paid at once.</li></ol>' +
            `<h3>Terms</h3><ul><li>Deposit plus bonus must be wagered ${WELCOME_TURNOVER} times before withdrawal; the Bonus details page shows your progress.</li>` +
            '<li>One first-deposit bonus per member.</li></ul>',
          TY:
            '<p>Nạp lần đầu từ 100.000 ₫ trở lên, chúng tôi tặng thêm 100% giá trị nạp, tối đa 5.000.000 ₫.</p>' +
            '<h3>Cách tham gia</h3><ol><li>Đăng ký và xác minh số điện thoại.</li>' +
            '<li>Nạp tối thiểu 100.000 ₫ vào ví chính.</li>' +
            '<li>Khi lệnh nạp được duyệt, bấm Nhận thưởng tại trang này hoặc trong Trung tâm thưởng: tiền thưởng được cộng ngay.</li></ol>' +
            `<h3>Điều khoản</h3><ul><li>Tiền nạp cộng tiền thưởng phải đạt doanh thu cược gấp ${WELCOME_TURNOVER} lần trước khi rút; trang Chi tiết thưởng hiển thị tiến độ.</li>` +
            '<li>Mỗi thành viên chỉ nhận một lần thưởng nạp đầu.</li></ul>',
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
        rules: { kind: 'DEPOSIT_MATCH', minDepositCount: 2, needsReview: true },
        titles: { EN: '50% Weekend Reload Bonus', TY: 'Thưởng nạp lại cuối tuần 50%' },
        summaries: {
          EN: 'Every Saturday and Sunday, top up and get 50% extra, up to ₫2,000,000.',
          TY: 'Thứ Bảy và Chủ Nhật hằng tuần, nạp tiền nhận thêm 50%, tối đa 2.000.000 ₫.',
        },
        contents: {
          EN:
            '<p>Deposit ₫200,000 or more on a Saturday or Sunday (GMT+7) and receive a 50% bonus, up to ₫2,000,000 per weekend.</p>' +
            '<ul><li>For members who have made at least one deposit before.</li>' +
            '<li>Deposit plus bonus must be wagered 10 times before withdrawal.</li>' +
            '<li>Apply on this page after the deposit is approved; our team checks the deposit day, then you claim the bonus.</li></ul>',
          TY:
            '<p>Nạp từ 200.000 ₫ vào thứ Bảy hoặc Chủ Nhật (GMT+7) để nhận thưởng 50%, tối đa 2.000.000 ₫ mỗi cuối tuần.</p>' +
            '<ul><li>Dành cho thành viên đã nạp tiền ít nhất một lần.</li>' +
            '<li>Tiền nạp cộng tiền thưởng phải đạt doanh thu cược gấp 10 lần trước khi rút.</li>' +
            '<li>Đăng ký tại trang này sau khi lệnh nạp được duyệt; bộ phận hỗ trợ kiểm tra ngày nạp, sau đó bạn nhận thưởng.</li></ul>',
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
        // What the rebates enforce (decision 0051): the boost adds its rate to every category the
        // member earns a rebate in, claimed from Cashback (MANPLAYREB3) with no wagering and no cap.
        terms: { bonusRateBp: 120, maxBonus: null, minDeposit: null, turnoverMultiplier: null },
        rules: { kind: 'REBATE_BOOST' },
        titles: { EN: 'Cashback Boost +1.2%', TY: 'Tăng hoàn trả +1,2%' },
        summaries: {
          EN: 'Win or lose, join once and get 1.2% more of your valid bets back, on top of your VIP rebate.',
          TY: 'Dù thắng hay thua, tham gia một lần và nhận thêm 1,2% tiền cược hợp lệ, cộng vào mức hoàn trả VIP.',
        },
        contents: {
          EN:
            '<p>Join once on this page. While you are joined, your rebate rate rises by 1.2 percentage points in every game category that pays you a rebate (slots, live casino, sports, fishing, cards and lottery, at the rates of your VIP rank).</p>' +
            '<ul><li>Claim your cashback whenever you like from Cashback in your personal centre; it counts the valid bets since your last claim.</li>' +
            '<li>Cashback is yours at once: no wagering before withdrawal.</li></ul>',
          TY:
            '<p>Tham gia một lần tại trang này. Khi đã tham gia, mức hoàn trả của bạn tăng thêm 1,2 điểm phần trăm ở mọi loại trò chơi có hoàn trả (slot, casino trực tiếp, thể thao, bắn cá, game bài và xổ số, theo mức của cấp VIP).</p>' +
            '<ul><li>Nhận hoàn trả bất cứ lúc nào tại mục Hoàn trả trong trung tâm cá nhân; tính trên tiền cược hợp lệ kể từ lần nhận trước.</li>' +
            '<li>Tiền hoàn trả là của bạn ngay: không cần cược trước khi rút.</li></ul>',
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
        terms: { bonusRateBp: null, maxBonus: null, minDeposit: null, turnoverMultiplier: 3 },
        rules: { kind: 'FIXED_BONUS', bonusAmount: vnd(200_000), needsReview: true, proofRequired: true },
        titles: { EN: 'Football Parlay Insurance', TY: 'Bảo hiểm cược xiên bóng đá' },
        summaries: {
          EN: 'Lost a parlay of 5 or more legs by a single match? Send us the bet and get ₫200,000 back.',
          TY: 'Thua cược xiên từ 5 trận chỉ vì một trận? Gửi phiếu cược cho chúng tôi và nhận lại 200.000 ₫.',
        },
        contents: {
          EN:
            '<p>Place a football parlay of 5 legs or more at odds of 1.50 or higher per leg. If exactly one leg loses, apply on this page with a screenshot of the bet: once our team has checked it, claim ₫200,000.</p>' +
            '<ul><li>One refund per member.</li>' +
            '<li>Draws and void legs do not count as losing legs.</li>' +
            '<li>The refund must be wagered 3 times before withdrawal.</li></ul>',
          TY:
            '<p>Đặt cược xiên bóng đá từ 5 trận trở lên với tỷ lệ mỗi trận từ 1.50. Nếu chỉ thua đúng một trận, hãy đăng ký tại trang này kèm ảnh chụp phiếu cược: sau khi được kiểm tra, bạn nhận 200.000 ₫.</p>' +
            '<ul><li>Mỗi thành viên được hoàn một lần.</li>' +
            '<li>Trận hòa hoặc trận bị hủy không tính là trận thua.</li>' +
            '<li>Tiền hoàn phải đạt doanh thu cược gấp 3 lần trước khi rút.</li></ul>',
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
        terms: { bonusRateBp: null, maxBonus: null, minDeposit: null, turnoverMultiplier: 1 },
        rules: { kind: 'FIXED_BONUS', bonusAmount: vnd(888_000), needsReview: true },
        titles: { EN: 'VIP Birthday Gift', TY: 'Quà sinh nhật VIP' },
        summaries: {
          EN: 'From VIP 1 upwards, celebrate your birthday month with a gift of ₫888,000.',
          TY: 'Từ VIP 1 trở lên, đón tháng sinh nhật với quà tặng 888.000 ₫.',
        },
        contents: {
          EN:
            '<p>Members of VIP 1 and above receive a gift of ₫888,000 in their birthday month: apply on this page, our team checks your date of birth, then claim it.</p>' +
            '<ul><li>Your date of birth must be verified in My account.</li>' +
            '<li>The gift needs to be wagered once before withdrawal.</li></ul>',
          TY:
            '<p>Thành viên từ VIP 1 trở lên nhận quà 888.000 ₫ trong tháng sinh nhật: đăng ký tại trang này, bộ phận hỗ trợ kiểm tra ngày sinh, sau đó bạn nhận quà.</p>' +
            '<ul><li>Ngày sinh phải được xác minh trong mục Tài khoản của tôi.</li>' +
            '<li>Quà tặng chỉ cần cược 1 lần trước khi rút.</li></ul>',
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
        terms: { bonusRateBp: null, maxBonus: null, minDeposit: null, turnoverMultiplier: 0 },
        rules: { kind: 'FIXED_BONUS', bonusAmount: vnd(100_000), needsReview: true, proofRequired: true },
        titles: { EN: 'Lucky Sunday Southern Lottery', TY: 'Chủ Nhật may mắn xổ số miền Nam' },
        summaries: {
          EN: 'Hit the 2D special prize of the Southern lottery on a Sunday and win ₫100,000 extra.',
          TY: 'Trúng đề 2D giải đặc biệt xổ số miền Nam vào Chủ Nhật được thưởng thêm 100.000 ₫.',
        },
        contents: {
          EN:
            '<p>Won a 2D bet on the special prize of the Southern (Ho Chi Minh City) lottery on a Sunday? Apply on this page with a screenshot of the winning bet: once our team has checked it, claim ₫100,000 extra.</p>' +
            '<ul><li>Bets placed in the Vietnam lottery lobby count.</li>' +
            '<li>One extra prize per member.</li>' +
            '<li>No turnover requirement.</li></ul>',
          TY:
            '<p>Trúng cược đề 2D giải đặc biệt xổ số miền Nam (TP. Hồ Chí Minh) vào Chủ Nhật? Đăng ký tại trang này kèm ảnh chụp phiếu trúng: sau khi được kiểm tra, bạn nhận thêm 100.000 ₫.</p>' +
            '<ul><li>Áp dụng cho cược đặt tại sảnh xổ số Việt Nam.</li>' +
            '<li>Mỗi thành viên nhận một lần.</li>' +
            '<li>Không yêu cầu doanh thu cược.</li></ul>',
        },
      },
    ],
  };
};
