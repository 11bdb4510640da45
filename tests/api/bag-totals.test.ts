import { describe, expect, it } from 'vitest';
import {
  computeOrderDetail,
  couponRefusal,
  couponRefusalMessage,
  isWithin,
  roundedRate,
  type CampaignRule,
  type CouponRule,
  type OrderInput,
  type PricedLine,
  type ShippingRule,
  type TaxRule,
} from '../../server/services/orders/totals.ts';

const NOW = new Date('2026-11-02T00:00:00Z');
const DAY = 86_400_000;

const line = (productTypeId: string, lineTotal: number, varianceId = `${productTypeId}-${lineTotal}`): PricedLine => ({
  varianceId,
  productTypeId,
  lineTotal,
});

const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: 'TEST',
  name: { en: 'Test', zh: '測試' },
  kind: 'percent',
  rateBp: 1000,
  amount: null,
  minSpend: { HKD: 0, USD: 0 },
  productTypeIds: [],
  validFrom: new Date(NOW.getTime() - DAY),
  validUntil: new Date(NOW.getTime() + DAY),
  maxUses: null,
  maxUsesPerMember: null,
  ...over,
});

const incenseCampaign: CampaignRule = { id: 'incense5', name: { en: '5 % incense', zh: '香品95折' }, rateBp: 500, productTypeIds: ['incense'] };
const HK_SHIPPING: ShippingRule = { fee: 4000, freeOver: 50000 };
const CA_SHIPPING_USD: ShippingRule = { fee: 1500, freeOver: 15000 };
const CA_TAXES: TaxRule[] = [
  { name: { en: 'GST', zh: '商品及服務稅' }, rateBp: 500 },
  { name: { en: 'PST', zh: '省銷售稅' }, rateBp: 700 },
];

const order = (over: Partial<OrderInput>) =>
  computeOrderDetail({ currency: 'HKD', countryId: 'HK', lines: [], campaigns: [], shipping: HK_SHIPPING, taxes: [], ...over });

const usage = { total: 0, member: 0 };

describe('order totals', () => {
  it('takes a percent coupon off every line', () => {
    // SubTotal 33600 + 12800 = 46400; coupon floor(46400 × 1000 / 10000) = 4640;
    // merchandise 46400 − 4640 = 41760 < 50000 → shipping 4000; total 41760 + 4000 = 45760.
    const detail = order({ lines: [line('tea', 33600), line('coffee', 12800)], coupon: coupon() });
    expect(detail).toMatchObject({ SubTotal: 46400, Discount: 4640, ShippingFee: 4000, Taxes: 0, Total: 45760 });
    expect(detail.Coupon).toEqual({ CouponID: 'TEST', Name: { en: 'Test', zh: '測試' }, Discount: 4640 });
    expect(detail.Campaign).toBeUndefined();
  });

  it('floors a percent discount to whole cents', () => {
    // floor(999 × 1000 / 10000) = floor(99.9) = 99.
    expect(order({ lines: [line('tea', 999)], coupon: coupon() }).Discount).toBe(99);
  });

  it('takes a fixed coupon off the lines in its scope, never more than they cost', () => {
    const tea50 = coupon({ kind: 'fixed', rateBp: null, amount: { HKD: 5000, USD: 600 }, productTypeIds: ['tea'] });
    // Tea lines 33600 ≥ 5000 → 5000 off; merchandise 46400 − 5000 = 41400; + 4000 shipping = 45400.
    expect(order({ lines: [line('tea', 33600), line('incense', 12800)], coupon: tea50 })).toMatchObject({
      SubTotal: 46400,
      Discount: 5000,
      Total: 45400,
    });
    // Tea line 3000 < 5000 → only 3000 off; merchandise 3000 − 3000 + 12800 = 12800; + 4000 = 16800.
    expect(order({ lines: [line('tea', 3000), line('incense', 12800)], coupon: tea50 })).toMatchObject({ Discount: 3000, Total: 16800 });
    // In USD the amount is USD 6.00: tea 4300 → 600 off; 4300 + 1650 − 600 = 5350 < 6500 → + 500 shipping = 5850.
    expect(
      order({ currency: 'USD', shipping: { fee: 500, freeOver: 6500 }, lines: [line('tea', 4300), line('incense', 1650)], coupon: tea50 }),
    ).toMatchObject({ Currency: 'USD', Discount: 600, ShippingFee: 500, Total: 5850 });
  });

  it('scopes a percent coupon to its product types', () => {
    // Only the incense line counts: floor(12800 × 1000 / 10000) = 1280.
    expect(order({ lines: [line('tea', 33600), line('incense', 12800)], coupon: coupon({ productTypeIds: ['incense'] }) }).Discount).toBe(1280);
  });

  it('combines the campaign with a coupon taken from what the campaign left', () => {
    // Campaign: incense floor(12800 × 500 / 10000) = 640, tea not in scope.
    // Coupon 10 % on (33600) + (12800 − 640) = 45760 → 4576. Discount 640 + 4576 = 5216.
    // Merchandise 46400 − 5216 = 41184 < 50000 → shipping 4000. Total 45184.
    const detail = order({ lines: [line('tea', 33600), line('incense', 12800)], campaigns: [incenseCampaign], coupon: coupon() });
    expect(detail).toMatchObject({ SubTotal: 46400, Discount: 5216, ShippingFee: 4000, Total: 45184 });
    expect(detail.Campaign).toEqual({ CampaignID: 'incense5', Name: incenseCampaign.name, Discount: 640 });
    expect(detail.Coupon?.Discount).toBe(4576);
    // A fixed coupon on incense only: base 12800 − 640 = 12160, amount 20000 → capped at 12160.
    const big = coupon({ kind: 'fixed', rateBp: null, amount: { HKD: 20000, USD: 2500 }, productTypeIds: ['incense'] });
    expect(order({ lines: [line('tea', 33600), line('incense', 12800)], campaigns: [incenseCampaign], coupon: big }).Discount).toBe(640 + 12160);
  });

  it('applies the active campaign giving the largest discount', () => {
    const everything3: CampaignRule = { id: 'all3', name: { en: '3 %', zh: '97折' }, rateBp: 300, productTypeIds: [] };
    // incense5: floor(12800 × 0.05) = 640. all3: floor(12800 × 0.03) = 384 + floor(33600 × 0.03) = 1008 → 1392.
    const both = order({ lines: [line('tea', 33600), line('incense', 12800)], campaigns: [incenseCampaign, everything3] });
    expect(both.Campaign).toMatchObject({ CampaignID: 'all3', Discount: 1392 });
    // With incense only: incense5 640 > all3 384.
    expect(order({ lines: [line('incense', 12800)], campaigns: [everything3, incenseCampaign] }).Campaign).toMatchObject({
      CampaignID: 'incense5',
      Discount: 640,
    });
    // A campaign with nothing in scope is not reported.
    expect(order({ lines: [line('tea', 33600)], campaigns: [incenseCampaign] }).Campaign).toBeUndefined();
  });

  it('ships free from the threshold, reckoned on merchandise after discounts', () => {
    // 49999 < 50000 → fee 4000; total 53999.
    expect(order({ lines: [line('tea', 49999)] })).toMatchObject({ ShippingFee: 4000, FreeShippingThreshold: 50000, Total: 53999 });
    // 50000 ≥ 50000 → free; total 50000.
    expect(order({ lines: [line('tea', 50000)] })).toMatchObject({ ShippingFee: 0, Total: 50000 });
    // SubTotal 55000, coupon 10 % = 5500 → merchandise 49500 < 50000 → fee 4000; total 53500.
    expect(order({ lines: [line('tea', 55000)], coupon: coupon() })).toMatchObject({ Discount: 5500, ShippingFee: 4000, Total: 53500 });
    // No threshold: never free, none reported.
    const flat = order({ lines: [line('tea', 900000)], shipping: { fee: 15000, freeOver: null } });
    expect(flat.ShippingFee).toBe(15000);
    expect(flat).not.toHaveProperty('FreeShippingThreshold');
  });

  it('charges nothing for an empty bag', () => {
    expect(order({ lines: [], taxes: CA_TAXES })).toMatchObject({ SubTotal: 0, Discount: 0, ShippingFee: 0, Taxes: 0, Total: 0 });
  });

  it('breaks taxes down per component, rounding half up on merchandise plus shipping', () => {
    // USD, Canada: 8890 + shipping 1500 = 10390.
    // GST 10390 × 500 / 10000 = 519.5 → 520 (half up). PST 10390 × 700 / 10000 = 727.3 → 727.
    // Taxes 1247; total 10390 + 1247 = 11637.
    const detail = order({ currency: 'USD', countryId: 'CA', lines: [line('tea', 8890)], shipping: CA_SHIPPING_USD, taxes: CA_TAXES });
    expect(detail.taxObj).toEqual([
      { Name: CA_TAXES[0]!.name, RateBasisPoints: 500, Amount: 520 },
      { Name: CA_TAXES[1]!.name, RateBasisPoints: 700, Amount: 727 },
    ]);
    expect(detail).toMatchObject({ CountryID: 'CA', ShippingFee: 1500, Taxes: 1247, Total: 11637 });
    // One cent less: 10389 → GST 519.45 → 519, PST 727.23 → 727; total 10389 + 1246 = 11635.
    const less = order({ currency: 'USD', countryId: 'CA', lines: [line('tea', 8889)], shipping: CA_SHIPPING_USD, taxes: CA_TAXES });
    expect(less.taxObj.map((t) => t.Amount)).toEqual([519, 727]);
    expect(less.Total).toBe(11635);
    // Free shipping above USD 150: 15000 → GST 750, PST 1050; total 16800.
    expect(order({ currency: 'USD', countryId: 'CA', lines: [line('tea', 15000)], shipping: CA_SHIPPING_USD, taxes: CA_TAXES })).toMatchObject({
      ShippingFee: 0,
      Taxes: 1800,
      Total: 16800,
    });
  });

  it('rounds in integers', () => {
    expect(roundedRate(10390, 500)).toBe(520);
    expect(roundedRate(10389, 500)).toBe(519);
    expect(roundedRate(1, 5000)).toBe(1); // 0.5 → 1
    expect(roundedRate(0, 700)).toBe(0);
  });
});

describe('coupon refusals', () => {
  const check = (c: CouponRule, lines: PricedLine[], over: Partial<Parameters<typeof couponRefusal>[1]> = {}) =>
    couponRefusal(c, { now: NOW, currency: 'HKD', lines, usage, ...over });
  const tea = [line('tea', 33600)];

  it('checks the validity window, valid_from included and valid_until excluded', () => {
    expect(check(coupon({ validFrom: new Date(NOW.getTime() + 1) }), tea)).toBe('NotYetValid');
    expect(check(coupon({ validFrom: NOW }), tea)).toBeNull();
    expect(check(coupon({ validUntil: NOW }), tea)).toBe('Expired');
    expect(check(coupon({ validUntil: new Date(NOW.getTime() + 1) }), tea)).toBeNull();
    expect(isWithin({ validFrom: NOW, validUntil: new Date(NOW.getTime() + 1) }, NOW)).toBe(true);
  });

  it('counts uses across members and per member', () => {
    expect(check(coupon({ maxUses: 100 }), tea, { usage: { total: 100, member: 0 } })).toBe('UsedUp');
    expect(check(coupon({ maxUses: 100 }), tea, { usage: { total: 99, member: 0 } })).toBeNull();
    expect(check(coupon({ maxUsesPerMember: 1 }), tea, { usage: { total: 1, member: 1 } })).toBe('MemberLimit');
    expect(check(coupon({ maxUsesPerMember: 2 }), tea, { usage: { total: 1, member: 1 } })).toBeNull();
  });

  it('needs lines, one of them in scope', () => {
    expect(check(coupon(), [])).toBe('EmptyBag');
    expect(check(coupon({ productTypeIds: ['tea'] }), [line('incense', 12800)])).toBe('NotApplicable');
    expect(check(coupon({ productTypeIds: ['tea'] }), [line('incense', 12800), line('tea', 100)])).toBeNull();
  });

  it('checks the minimum spend on the subtotal of every line, in the currency', () => {
    const welcome = coupon({ minSpend: { HKD: 20000, USD: 2500 }, productTypeIds: ['tea'] });
    // HKD: 19999 < 20000 → refused; tea 10000 + incense 10000 = 20000 → accepted (all lines count).
    expect(check(welcome, [line('tea', 19999)])).toBe('MinSpend');
    expect(check(welcome, [line('tea', 10000), line('incense', 10000)])).toBeNull();
    // USD: 2499 < 2500 refused, 2500 accepted.
    expect(check(welcome, [line('tea', 2499)], { currency: 'USD' })).toBe('MinSpend');
    expect(check(welcome, [line('tea', 2500)], { currency: 'USD' })).toBeNull();
    expect(couponRefusalMessage('MinSpend', welcome, 'USD')).toBe('Spend at least USD 25.00 to use this coupon');
    expect(couponRefusalMessage('MinSpend', welcome, 'HKD')).toBe('Spend at least HKD 200.00 to use this coupon');
  });
});
