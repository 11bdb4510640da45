/**
 * Commerce seed: coupons, the automatic campaign, shipping rates and tax rates. Dates are relative
 * to the seed's `now` (whole days from the start of its hour), so the coupons keep their meaning whenever
 * the shop is seeded.
 *
 * Relied on by tests (tests/api/bag.test.ts):
 * - WELCOME10: 10 % off, min spend HKD 200.00 / USD 25.00, listed, once per member.
 * - TEA50: HKD 50.00 / USD 6.00 off tea only, min spend HKD 300.00 / USD 40.00, listed.
 * - FIRST100: 15 % off, the first 100 redemptions across all members, listed.
 * - TEAHOUSE15: 15 % off, unlisted (applies when typed).
 * - EXPIRED2025 (ended) and SPRING27 (not started yet).
 * - Campaign incense-autumn: 5 % off incense, now − 7 d … now + 60 d.
 * - Shipping: HK HKD 40 / USD 5, free from HKD 500 / USD 65; CA HKD 120 / USD 15, free from
 *   HKD 1,200 / USD 150; everywhere else ('*') HKD 150 / USD 20, free from HKD 1,500 / USD 200.
 * - Taxes: Canada (British Columbia) GST 5 % + PST 7 %; Hong Kong none.
 */
import type { Db } from '../client.ts';
import { campaigns, coupons, shippingRates, taxRates } from '../schema.ts';
import { daysFromHour } from './whole-hours.ts';

/** Standard delivery by country ('*': anywhere else the shop delivers), HKD / USD cents. */
export const SEED_SHIPPING_RATES = [
  { countryId: 'HK', feeHkd: 4000, feeUsd: 500, freeOverHkd: 50000, freeOverUsd: 6500 },
  { countryId: 'CA', feeHkd: 12000, feeUsd: 1500, freeOverHkd: 120000, freeOverUsd: 15000 },
  { countryId: '*', feeHkd: 15000, feeUsd: 2000, freeOverHkd: 150000, freeOverUsd: 20000 },
] as const;

export async function seedCommerce(db: Db, now: Date): Promise<void> {
  // Offers open and close on the hour, as a shop sets them.
  const days = (n: number) => daysFromHour(now, n);

  await db.insert(coupons).values([
    {
      code: 'WELCOME10',
      nameEn: 'Welcome: 10 % off',
      nameZh: '迎新：九折',
      descriptionEn: 'Our welcome to new members: 10 % off your first order of HKD 200 / USD 25 or more.',
      descriptionZh: '新會員迎新優惠：首張訂單滿 HKD 200 / USD 25 即享九折。',
      kind: 'percent',
      rateBp: 1000,
      minSpendHkd: 20000,
      minSpendUsd: 2500,
      validFrom: days(-30),
      validUntil: days(365),
      maxUsesPerMember: 1,
    },
    {
      code: 'TEA50',
      nameEn: 'HKD 50 off tea',
      nameZh: '茶葉減 HKD 50',
      descriptionEn: 'HKD 50 / USD 6 off the teas in your bag when you spend HKD 300 / USD 40 or more.',
      descriptionZh: '購物滿 HKD 300 / USD 40，購物袋內的茶葉即減 HKD 50 / USD 6。',
      kind: 'fixed',
      amountHkd: 5000,
      amountUsd: 600,
      minSpendHkd: 30000,
      minSpendUsd: 4000,
      productTypeIds: ['tea'],
      validFrom: days(-10),
      validUntil: days(180),
    },
    {
      code: 'FIRST100',
      nameEn: 'First 100: 15 % off',
      nameZh: '首 100 名：85 折',
      descriptionEn: '15 % off for the first 100 orders that use this code.',
      descriptionZh: '首 100 張使用此優惠碼的訂單可享 85 折。',
      kind: 'percent',
      rateBp: 1500,
      validFrom: days(-14),
      validUntil: days(90),
      maxUses: 100,
    },
    {
      code: 'TEAHOUSE15',
      nameEn: 'Friends of the tea house: 15 % off',
      nameZh: '茶館好友：85 折',
      descriptionEn: 'A thank-you for our tasting hosts and regulars, given in person.',
      descriptionZh: '送給品鑑活動主持及熟客的謝意，只於店內派發。',
      kind: 'percent',
      rateBp: 1500,
      validFrom: days(-30),
      validUntil: days(365),
      listed: false,
    },
    {
      code: 'EXPIRED2025',
      nameEn: 'Mid-Autumn 2025: 12 % off',
      nameZh: '2025 中秋：88 折',
      descriptionEn: 'Our Mid-Autumn 2025 offer.',
      descriptionZh: '2025 年中秋優惠。',
      kind: 'percent',
      rateBp: 1200,
      validFrom: days(-410),
      validUntil: days(-320),
    },
    {
      code: 'SPRING27',
      nameEn: 'Spring 2027: HKD 80 off',
      nameZh: '2027 春日：減 HKD 80',
      descriptionEn: 'HKD 80 / USD 10 off orders of HKD 600 / USD 78 or more, from spring 2027.',
      descriptionZh: '2027 年春季起，購物滿 HKD 600 / USD 78 減 HKD 80 / USD 10。',
      kind: 'fixed',
      amountHkd: 8000,
      amountUsd: 1000,
      minSpendHkd: 60000,
      minSpendUsd: 7800,
      validFrom: days(120),
      validUntil: days(210),
    },
  ]);

  await db.insert(campaigns).values({
    id: 'incense-autumn',
    nameEn: 'Quiet autumn: 5 % off incense',
    nameZh: '靜秋：香品 95 折',
    rateBp: 500,
    productTypeIds: ['incense'],
    validFrom: days(-7),
    validUntil: days(60),
  });

  await db.insert(shippingRates).values([...SEED_SHIPPING_RATES]);

  await db.insert(taxRates).values([
    { id: 'CA-gst', countryId: 'CA', nameEn: 'GST', nameZh: '商品及服務稅', rateBp: 500, sort: 1 },
    { id: 'CA-pst-bc', countryId: 'CA', nameEn: 'PST (British Columbia)', nameZh: '省銷售稅（卑詩省）', rateBp: 700, sort: 2 },
  ]);
}
