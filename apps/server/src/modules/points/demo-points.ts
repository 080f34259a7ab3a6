import type { RewardInput } from '@jade/contracts/points';
import type { Db } from '../../platform/db/index.js';
import { createReward, defaultRates, setPointSettings } from './service.js';

const reward = (
  cost: number,
  stock: number,
  sortOrder: number,
  names: Record<string, string>,
  descriptions: Record<string, string>,
): RewardInput => ({
  names,
  descriptions,
  imageUrl: null,
  cost: cost * 100,
  stock,
  enabled: true,
  sortOrder,
});

/**
 * The demo's points mall: the §9 rates, 100 points to ₫1, and rewards from a voucher to a phone,
 * each priced at what its points would convert to (the ₫50,000 voucher costs 5,000,000 points), so
 * the mall never pays more for points than the conversion does.
 */
export const DEMO_REWARDS: readonly RewardInput[] = [
  reward(
    1_000_000,
    200,
    10,
    { EN: '10 free spins', TY: '10 vòng quay miễn phí', zh: '10次免费旋转', th: 'ฟรีสปิน 10 ครั้ง' },
    {
      EN: 'Ten free spins on Jade Fortune, credited after approval.',
      TY: 'Mười vòng quay miễn phí trên Jade Fortune, cộng sau khi được duyệt.',
    },
  ),
  reward(
    5_000_000,
    100,
    20,
    { EN: '₫50,000 bonus voucher', TY: 'Phiếu thưởng 50.000 ₫', zh: '50,000₫ 奖金券', th: 'บัตรโบนัส ₫50,000' },
    {
      EN: 'A bonus of ₫50,000 in your main wallet, 1× wagering.',
      TY: 'Thưởng 50.000 ₫ vào ví chính, cược 1 lần.',
    },
  ),
  reward(
    20_000_000,
    30,
    30,
    { EN: 'Jade T-shirt', TY: 'Áo thun Jade', zh: 'Jade T恤', th: 'เสื้อยืด Jade' },
    { EN: 'Cotton T-shirt, sizes S–XL, delivered in 7 days.', TY: 'Áo cotton, cỡ S–XL, giao trong 7 ngày.' },
  ),
  reward(
    80_000_000,
    10,
    40,
    { EN: 'Bluetooth earbuds', TY: 'Tai nghe Bluetooth', zh: '蓝牙耳机', th: 'หูฟังบลูทูธ' },
    { EN: 'Wireless earbuds with charging case.', TY: 'Tai nghe không dây kèm hộp sạc.' },
  ),
  reward(
    250_000_000,
    5,
    50,
    { EN: 'Smartwatch', TY: 'Đồng hồ thông minh', zh: '智能手表', th: 'สมาร์ทวอทช์' },
    { EN: 'Fitness smartwatch, delivered in 7 days.', TY: 'Đồng hồ thể thao thông minh, giao trong 7 ngày.' },
  ),
  reward(
    2_500_000_000,
    1,
    60,
    { EN: 'iPhone 16', TY: 'iPhone 16', zh: 'iPhone 16', th: 'iPhone 16' },
    {
      EN: 'One phone for the month’s top redeemer.',
      TY: 'Một chiếc điện thoại cho người đổi điểm đầu tiên.',
    },
  ),
];

/** Seeds the demo brand's points mall (a fresh brand only: `seedDemo` runs once). */
export const seedDemoPoints = async (db: Db, merchantId: number, currencyExponent: number) => {
  await setPointSettings(db, merchantId, {
    rates: defaultRates(),
    conversion: { points: 10_000, amount: 10 ** currencyExponent, minPoints: 10_000, maxPoints: 100_000_000 },
  });
  for (const input of DEMO_REWARDS) await createReward(db, merchantId, input);
};
