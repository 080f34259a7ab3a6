import type { BrandLanguage, RegisterFieldSetting } from '@jade/contracts/system';
import { WHITELABEL_FLAGS } from '@jade/contracts/whitelabel';
import type { Db } from '../../platform/db/index.js';
import { countMerchants } from './repo.js';

export const DEMO_MERCHANT_CODE = 'DEMO';

/**
 * §9: default TY, allowed EN and TY. The spec's TY is shipped as Vietnamese, the demo brand's flagship
 * market (VN lottery, VND). The other languages of §1 ship too and are offered once configured
 * (`npm run jade -- language add zh zh-CN 中文`).
 */
const languages: BrandLanguage[] = [
  { code: 'TY', locale: 'vi-VN', label: 'Tiếng Việt' },
  { code: 'EN', locale: 'en-US', label: 'English' },
];

const field = (
  name: RegisterFieldSetting['field'],
  visible: boolean,
  required: boolean,
  min: number,
  max: number,
  patternType: RegisterFieldSetting['patternType'],
): RegisterFieldSetting => ({ field: name, visible, required, min, max, patternType });

const registerFields: RegisterFieldSetting[] = [
  field('username', true, true, 6, 16, 'LETTER_FIRST_ALNUM'),
  field('password', true, true, 8, 20, 'LETTERS_AND_DIGITS'),
  field('confirmPassword', true, true, 8, 20, 'LETTERS_AND_DIGITS'),
  field('payeeName', true, false, 2, 50, 'FULL_NAME'),
  field('email', true, false, 5, 100, 'EMAIL'),
  field('qqNum', false, false, 5, 12, 'DIGITS'),
  field('mobileNum', true, true, 9, 11, 'DIGITS'),
  field('recommenderId', false, false, 6, 16, 'ALNUM'),
  field('captcha', true, true, 4, 4, 'ALNUM'),
  field('verificationCode', true, true, 6, 6, 'DIGITS'),
  field('affiliateCode', true, false, 4, 12, 'ALNUM'),
  field('paymentPassword', true, true, 6, 6, 'DIGITS'),
  field('line', false, false, 3, 30, 'NO_SPACES'),
  field('whatsapp', true, false, 8, 15, 'DIGITS'),
  field('facebook', false, false, 3, 50, 'NO_SPACES'),
  field('wechat', false, false, 3, 30, 'NO_SPACES'),
  field('idNumber', false, false, 9, 12, 'DIGITS'),
  field('referralCode', true, false, 4, 12, 'ALNUM'),
];

const resources = [
  {
    type: 'IOS',
    url: 'https://download.jade.example/demo/jade.ipa',
    qr: '/media/qr/ios.svg',
    en: 'iOS app',
    cn: 'iOS 应用',
  },
  {
    type: 'MOBILECONFIG',
    url: 'https://download.jade.example/demo/jade.mobileconfig',
    qr: '/media/qr/mobileconfig.svg',
    en: 'iOS web clip',
    cn: 'iOS 描述文件',
  },
  {
    type: 'ANDROID',
    url: 'https://download.jade.example/demo/jade.apk',
    qr: '/media/qr/android.svg',
    en: 'Android app',
    cn: '安卓应用',
  },
  { type: 'FACEBOOK', url: 'https://www.facebook.com/jadedemo', qr: null, en: 'Facebook', cn: '脸书' },
  { type: 'TELEGRAM', url: 'https://t.me/jadedemo', qr: null, en: 'Telegram', cn: '电报' },
  { type: 'ZALO', url: 'https://zalo.me/jadedemo', qr: null, en: 'Zalo', cn: 'Zalo' },
  { type: 'INVITE', url: '/join', qr: null, en: 'Invite friends', cn: '邀请好友' },
  {
    type: 'BANNER',
    url: '/media/banners/welcome.{lang}.svg',
    qr: null,
    en: 'Welcome bonus 100%',
    cn: '首存100%',
  },
  {
    type: 'BANNER',
    url: '/media/banners/lottery.{lang}.svg',
    qr: null,
    en: 'Vietnam lottery daily',
    cn: '越南彩每日开奖',
  },
  { type: 'LOGO', url: '/media/logo.svg', qr: null, en: 'Jade', cn: '翡翠' },
];

const about = (key: string, en: [string, string], vi: [string, string], sort: number) => [
  { key, category: 'ABOUT', language: 'EN', title: en[0], content: en[1], sort_order: sort },
  { key, category: 'ABOUT', language: 'TY', title: vi[0], content: vi[1], sort_order: sort },
];
const help = (key: string, en: [string, string], vi: [string, string], sort: number) =>
  about(key, en, vi, sort).map((a) => ({ ...a, category: 'HELP' }));

const helpArticles = [
  ...about(
    'company',
    [
      'About us',
      '<p>Jade Demo is a demonstration brand of the open-source Jade platform: lottery, live casino, slots, sports, fishing and card games in one account.</p>',
    ],
    [
      'Về chúng tôi',
      '<p>Jade Demo là thương hiệu trình diễn của nền tảng mã nguồn mở Jade: xổ số, casino trực tuyến, slot, thể thao, bắn cá và game bài trong một tài khoản.</p>',
    ],
    1,
  ),
  ...about(
    'contact',
    [
      'Contact us',
      '<p>Our support team answers 24 hours a day through live chat, Telegram and email at <a href="mailto:support@jade.example">support@jade.example</a>.</p>',
    ],
    [
      'Liên hệ',
      '<p>Đội hỗ trợ phục vụ 24/7 qua chat trực tuyến, Telegram và email <a href="mailto:support@jade.example">support@jade.example</a>.</p>',
    ],
    2,
  ),
  ...about(
    'terms',
    [
      'Terms and conditions',
      '<h3>1. Accounts</h3><p>One account per person. You must be 18 or older.</p><h3>2. Bets</h3><p>A bet is final once accepted. Results come from the official source of each game.</p>',
    ],
    [
      'Điều khoản và điều kiện',
      '<h3>1. Tài khoản</h3><p>Mỗi người một tài khoản. Bạn phải đủ 18 tuổi.</p><h3>2. Cược</h3><p>Cược đã được chấp nhận là cuối cùng. Kết quả lấy từ nguồn chính thức của từng trò chơi.</p>',
    ],
    3,
  ),
  ...about(
    'responsible-gaming',
    [
      'Responsible gaming',
      '<p>Play for fun, never to earn a living. Set deposit and loss limits, take breaks, and ask us for a cool-off or self-exclusion at any time.</p>',
    ],
    [
      'Chơi có trách nhiệm',
      '<p>Hãy chơi để giải trí, không phải để kiếm sống. Đặt giới hạn nạp và thua, nghỉ ngơi, và yêu cầu tạm khóa hoặc tự loại trừ bất cứ lúc nào.</p>',
    ],
    4,
  ),
  ...about(
    'privacy',
    [
      'Privacy policy',
      '<p>We keep only the data needed to run your account and meet the law, never sell it, and protect passwords with strong one-way hashing.</p>',
    ],
    [
      'Chính sách bảo mật',
      '<p>Chúng tôi chỉ lưu dữ liệu cần thiết để vận hành tài khoản và tuân thủ pháp luật, không bao giờ bán dữ liệu, và bảo vệ mật khẩu bằng băm một chiều mạnh.</p>',
    ],
    5,
  ),
  ...about(
    'affiliates',
    [
      'Affiliates',
      '<p>Become an agent: invite players with your code and earn commission, daily salary and dividends from your team.</p>',
    ],
    [
      'Đại lý',
      '<p>Trở thành đại lý: mời người chơi bằng mã của bạn và nhận hoa hồng, lương ngày và cổ tức từ đội của bạn.</p>',
    ],
    6,
  ),
  ...about(
    'refund',
    [
      'Refund policy',
      '<p>Deposits credited to your wallet are not refundable once wagered. Unwagered deposits can be withdrawn to your own bank account.</p>',
    ],
    [
      'Chính sách hoàn tiền',
      '<p>Tiền nạp đã cược sẽ không được hoàn lại. Tiền nạp chưa cược có thể rút về tài khoản ngân hàng của chính bạn.</p>',
    ],
    7,
  ),
  ...help(
    'how-to-deposit',
    [
      'How do I deposit?',
      '<ol><li>Open My wallet, then Deposit.</li><li>Choose a channel and enter the amount.</li><li>Follow the instructions; your balance updates once the payment is confirmed.</li></ol>',
    ],
    [
      'Làm sao để nạp tiền?',
      '<ol><li>Mở Ví của tôi, chọn Nạp tiền.</li><li>Chọn kênh và nhập số tiền.</li><li>Làm theo hướng dẫn; số dư cập nhật khi thanh toán được xác nhận.</li></ol>',
    ],
    10,
  ),
  ...help(
    'how-to-withdraw',
    [
      'How do I withdraw?',
      '<ol><li>Bind a bank account in your own name.</li><li>Enter the amount and your payment password.</li><li>Confirm receipt when the money arrives.</li></ol>',
    ],
    [
      'Làm sao để rút tiền?',
      '<ol><li>Liên kết tài khoản ngân hàng đứng tên bạn.</li><li>Nhập số tiền và mật khẩu thanh toán.</li><li>Xác nhận đã nhận khi tiền về.</li></ol>',
    ],
    11,
  ),
  ...help(
    'forgot-password',
    [
      'I forgot my password',
      '<p>Use Forgot password on the login form and recover it by email or by a code sent to your mobile.</p>',
    ],
    [
      'Tôi quên mật khẩu',
      '<p>Dùng Quên mật khẩu trên form đăng nhập để khôi phục qua email hoặc mã gửi tới điện thoại.</p>',
    ],
    12,
  ),
];

/** A domain of the demo brand and the origin its links are built from. */
export type SeedDomain = { host: string; origin: string | null };

/** Seeds the demo brand when the database has none; returns whether it did. */
export const seedDemoMerchant = async (db: Db, domains: SeedDomain[]): Promise<boolean> => {
  if ((await countMerchants(db)) > 0) return false;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('merchant')
      .values({
        code: DEMO_MERCHANT_CODE,
        name: 'Jade Demo',
        currency: 'VND',
        currency_exponent: 2,
        currency_symbol: '₫',
        default_language: 'TY',
        languages: JSON.stringify(languages),
        chat_header_color: '#0f6b4f',
        lottery_type: 'SEA',
        platform: 'WEB',
        system_status: 0,
        maintenance_message: '',
        gtag_id: 'G-JADEDEMO01',
        img_url: '/media',
        sms_expired_minutes: 5,
        // Its market's day: summaries, salaries and "today" follow Vietnam's calendar (decision 0038).
        time_zone: 'Asia/Ho_Chi_Minh',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byHost = new Map(domains.map((d) => [d.host, d]));
    await trx
      .insertInto('merchant_domain')
      .values([...byHost.values()].map((d) => ({ merchant_id: id, host: d.host, origin: d.origin })))
      .execute();
    await trx
      .insertInto('merchant_flag')
      .values(
        WHITELABEL_FLAGS.map((name) => ({
          merchant_id: id,
          name,
          enabled: name === 'loginedToHomePage' ? 0 : 1,
        })),
      )
      .execute();
    await trx
      .insertInto('merchant_register_field')
      .values(
        registerFields.map((f) => ({
          merchant_id: id,
          field: f.field,
          visible: f.visible ? 1 : 0,
          required: f.required ? 1 : 0,
          min_length: f.min,
          max_length: f.max,
          pattern_type: f.patternType,
        })),
      )
      .execute();
    await trx
      .insertInto('merchant_resource')
      .values(
        resources.map((r, i) => ({
          merchant_id: id,
          resource_type: r.type,
          url: r.url,
          qr_code_url: r.qr,
          label_name_en: r.en,
          label_name_cn: r.cn,
          sort_order: i,
        })),
      )
      .execute();
    await trx
      .insertInto('merchant_customer_service')
      .values([
        {
          merchant_id: id,
          type: 'LIVE_CHAT',
          label: 'Live chat',
          url: '/helpmc?chat=1',
          width: 440,
          height: 750,
          sort_order: 0,
        },
        {
          merchant_id: id,
          type: 'VIP',
          label: 'VIP service',
          url: '/helpmc?vip=1',
          width: 440,
          height: 500,
          sort_order: 1,
        },
        {
          merchant_id: id,
          type: 'EMAIL',
          label: 'Email',
          url: 'mailto:support@jade.example',
          width: 440,
          height: 500,
          sort_order: 2,
        },
        {
          merchant_id: id,
          type: 'TELEGRAM',
          label: 'Telegram',
          url: 'https://t.me/jadedemo',
          width: 440,
          height: 500,
          sort_order: 3,
        },
      ])
      .execute();
    await trx
      .insertInto('merchant_cdn')
      .values([
        { merchant_id: id, kind: 'IMAGE', url: '/media', sort_order: 0 },
        { merchant_id: id, kind: 'LAUNCH', url: '/game', sort_order: 0 },
      ])
      .execute();
    await trx
      .insertInto('help_article')
      .values(helpArticles.map((a) => ({ merchant_id: id, ...a })))
      .execute();
  });
  return true;
};
