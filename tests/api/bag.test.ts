import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addShoppingBag,
  couponApply,
  couponList,
  getShoppingBag,
  MAX_BAG_LINES,
  setShoppingBag,
  userUpdateInfo,
  type Currency,
  type TokenSet,
} from '../../contract/index.ts';
import { bagItems, couponRedemptions, products, users, variances } from '../../server/db/schema.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;
/** A day after the seed: WELCOME10, TEA50, FIRST100 and the incense campaign are on; SPRING27 is not yet. */
const TODAY = SEED_NOW.getTime() + DAY;
// Each reading of the clock is a second later, so lines added one after the other have an order.
let now = TODAY;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date((now += 1000)) } });
});
afterAll(() => t.close());

// Seed variances (server/db/seed/catalogue-data.ts): prices in HKD / USD cents.
const TIEGUANYIN_50G = 'tea-tieguanyin-50g'; // 16800 / 2150, stock 120
const TIEGUANYIN_150G = 'tea-tieguanyin-150g'; // 45800 / 5850, stock 3
const HINOKI_40 = 'incense-hinoki-sticks-40'; // 12800 / 1650, stock 140 (incense: campaign 5 %)
const AGARWOOD_STICKS = 'incense-agarwood-sticks-30'; // 58800 / 7550, stock 2
const ISLAY = 'spirits-islay-single-malt-700ml'; // 52800 / 6750, stock 36, alcohol
const GAIWAN = 'equipment-gaiwan-white'; // 12800 / 1650, stock 150
const YIRGACHEFFE = 'coffee-yirgacheffe-250g'; // stock 0
const BAIJIU = 'spirits-baijiu-moutai-style-500ml'; // product stopped sale

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

async function post(call: string, body: unknown, headers: Record<string, string> = {}) {
  return t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

const bag = (m: TokenSet, Currency: Currency = 'HKD', CouponID?: string) =>
  t.call(getShoppingBag, { Currency, ...(CouponID !== undefined ? { CouponID } : {}) }, auth(m));
const add = (m: TokenSet, VarianceID: string, Quantity: number) => t.call(addShoppingBag, { VarianceID, Quantity }, auth(m));
const set = (m: TokenSet, VarianceID: string, Quantity: number) => t.call(setShoppingBag, { VarianceID, Quantity }, auth(m));
const quantities = async (m: TokenSet) =>
  Object.fromEntries((await bag(m)).productList.map((l) => [l.VarianceID, l.SelectedQuantity]));

async function userIdOf(member: { email: string }) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
  return row!.id;
}

async function setStock(varianceId: string, fields: { stock?: number; stopSell?: boolean }) {
  await t.db.update(variances).set(fields).where(eq(variances.id, varianceId));
}

const address = {
  firstName: 'Ka Yan',
  lastName: 'Wong',
  countryCallingCode: '852',
  phone: '91234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  address1: '1 Harbour Road',
  postalCode: '000000',
  label: 'home' as const,
};
const vancouver = { ...address, countryCallingCode: '1', phone: '6045550123', CountryID: 'CA', city: 'Vancouver', address1: '800 Robson Street', postalCode: 'V6Z 2E7' };

describe('bag lines', () => {
  it('adds, sets and removes lines, newest added first', async () => {
    const m = await signUpMember(t);
    expect(await add(m, TIEGUANYIN_50G, 2)).toEqual({ VarianceID: TIEGUANYIN_50G, Quantity: 2, Requested: 2 });
    expect(await add(m, HINOKI_40, 1)).toEqual({ VarianceID: HINOKI_40, Quantity: 1, Requested: 1 });
    expect(await add(m, TIEGUANYIN_50G, 1)).toEqual({ VarianceID: TIEGUANYIN_50G, Quantity: 3, Requested: 3 });

    const first = await bag(m);
    expect(first.productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([
      [HINOKI_40, 1],
      [TIEGUANYIN_50G, 3],
    ]);
    expect(first.productList[1]).toMatchObject({
      ProductID: 'tea-tieguanyin',
      ProductTypeID: 'tea',
      Name: { en: 'Anxi Tieguanyin', zh: '安溪鐵觀音' },
      VarianceName: { en: '50 g', zh: '50 克' },
      Price: 16800,
      Currency: 'HKD',
      LineTotal: 50400,
      StockStatus: 'InStock',
      IsAlcohol: false,
      SelectedQuantityUpdated: false,
    });
    expect(first.productList[1]!.Image).toMatch(/^\/media\/art\/.+\.svg$/);
    expect(first.productList[1]).not.toHaveProperty('StockLeft');
    expect(Date.parse(first.productList[1]!.AddToCartDatetime)).toBeLessThan(Date.parse(first.productList[0]!.AddToCartDatetime));

    expect(await set(m, TIEGUANYIN_50G, 5)).toEqual({ VarianceID: TIEGUANYIN_50G, Quantity: 5, Requested: 5 });
    expect(await set(m, HINOKI_40, 0)).toEqual({ VarianceID: HINOKI_40, Quantity: 0, Requested: 0 });
    // Setting a variance that is not in the bag adds it.
    expect(await set(m, GAIWAN, 2)).toEqual({ VarianceID: GAIWAN, Quantity: 2, Requested: 2 });
    // Removing what is not there (even an unknown id) is harmless.
    expect(await set(m, 'no-such-variance', 0)).toMatchObject({ Quantity: 0 });
    expect(await quantities(m)).toEqual({ [TIEGUANYIN_50G]: 5, [GAIWAN]: 2 });
  });

  it('caps quantities at stock and at the line limit, answering what was asked for', async () => {
    const m = await signUpMember(t);
    expect(await add(m, TIEGUANYIN_150G, 5)).toEqual({ VarianceID: TIEGUANYIN_150G, Quantity: 3, Requested: 5 });
    expect(await add(m, TIEGUANYIN_150G, 1)).toEqual({ VarianceID: TIEGUANYIN_150G, Quantity: 3, Requested: 4 });
    expect(await set(m, TIEGUANYIN_150G, 10)).toEqual({ VarianceID: TIEGUANYIN_150G, Quantity: 3, Requested: 10 });
    expect(await set(m, AGARWOOD_STICKS, 3)).toEqual({ VarianceID: AGARWOOD_STICKS, Quantity: 2, Requested: 3 });
    expect(await set(m, AGARWOOD_STICKS, 0)).toMatchObject({ Quantity: 0 });
    const [line] = (await bag(m)).productList;
    expect(line).toMatchObject({ SelectedQuantity: 3, StockStatus: 'LowStock', StockLeft: 3, SelectedQuantityUpdated: false });

    // Stock 120 but a line holds at most 99.
    expect(await add(m, TIEGUANYIN_50G, 99)).toMatchObject({ Quantity: 99, Requested: 99 });
    expect(await add(m, TIEGUANYIN_50G, 1)).toMatchObject({ Quantity: 99, Requested: 100 });
  });

  it('counts every one of concurrent adds', async () => {
    const m = await signUpMember(t);
    await Promise.all(Array.from({ length: 6 }, () => add(m, GAIWAN, 1)));
    expect(await quantities(m)).toEqual({ [GAIWAN]: 6 });
  });

  it('refuses stopped sales, items out of stock and unknown variances', async () => {
    const m = await signUpMember(t);
    const stopped = await post('addShoppingBag', { VarianceID: BAIJIU, Quantity: 1 }, auth(m));
    expect(stopped.status).toBe(400);
    expect(stopped.json).toMatchObject({ result: false, ErrorCode: 'StopSell' });
    expect((await post('setShoppingBag', { VarianceID: BAIJIU, Quantity: 1 }, auth(m))).json).toMatchObject({ ErrorCode: 'StopSell' });
    const out = await post('addShoppingBag', { VarianceID: YIRGACHEFFE, Quantity: 1 }, auth(m));
    expect(out.status).toBe(400);
    expect(out.json).toMatchObject({ result: false, ErrorCode: 'OutOfStock' });
    expect((await post('setShoppingBag', { VarianceID: YIRGACHEFFE, Quantity: 2 }, auth(m))).json).toMatchObject({ ErrorCode: 'OutOfStock' });
    const unknown = await post('addShoppingBag', { VarianceID: 'no-such-variance', Quantity: 1 }, auth(m));
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ ErrorCode: 'ObjectNotFound', message: 'Variance not found' });
    expect((await bag(m)).productList).toEqual([]);
  });

  it(`holds at most ${MAX_BAG_LINES} different lines`, async () => {
    const m = await signUpMember(t);
    const userId = await userIdOf(m);
    await t.db.insert(products).values({
      id: 'test-sampler',
      typeId: 'tea',
      nameEn: 'Sampler',
      nameZh: '試飲裝',
      descriptionEn: '',
      descriptionZh: '',
      images: ['leaf-1-1'],
      minPriceHkd: 100,
      minPriceUsd: 10,
    });
    const ids = Array.from({ length: MAX_BAG_LINES + 1 }, (_, i) => `test-sampler-${i}`);
    await t.db.insert(variances).values(ids.map((id) => ({ id, productId: 'test-sampler', nameEn: id, nameZh: id, priceHkd: 100, priceUsd: 10, stock: 50 })));
    const at = new Date(now);
    await t.db.insert(bagItems).values(ids.slice(0, MAX_BAG_LINES).map((varianceId) => ({ userId, varianceId, quantity: 1, addedAt: at, updatedAt: at })));

    const refused = await post('addShoppingBag', { VarianceID: ids[MAX_BAG_LINES], Quantity: 1 }, auth(m));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ ErrorCode: 'LimitError' });
    expect((await post('setShoppingBag', { VarianceID: ids[MAX_BAG_LINES], Quantity: 1 }, auth(m))).json).toMatchObject({ ErrorCode: 'LimitError' });
    // Lines already in the bag still change.
    expect(await add(m, ids[0]!, 2)).toMatchObject({ Quantity: 3 });
    expect((await bag(m)).productList).toHaveLength(MAX_BAG_LINES);
  });

  it("keeps each member's bag to themselves", async () => {
    const a = await signUpMember(t);
    const b = await signUpMember(t);
    await add(a, TIEGUANYIN_50G, 2);
    expect((await bag(b)).productList).toEqual([]);
    await set(b, TIEGUANYIN_50G, 0);
    await add(b, TIEGUANYIN_50G, 1);
    expect(await quantities(a)).toEqual({ [TIEGUANYIN_50G]: 2 });
    expect(await quantities(b)).toEqual({ [TIEGUANYIN_50G]: 1 });
  });

  it('flags alcohol by product type or by name', async () => {
    const m = await signUpMember(t);
    await add(m, GAIWAN, 1);
    expect((await bag(m)).HasAlcohol).toBe(false);
    await add(m, ISLAY, 1);
    const withWhisky = await bag(m);
    expect(withWhisky.HasAlcohol).toBe(true);
    expect(Object.fromEntries(withWhisky.productList.map((l) => [l.VarianceID, l.IsAlcohol]))).toEqual({ [ISLAY]: true, [GAIWAN]: false });

    await set(m, ISLAY, 0);
    await t.db.update(products).set({ nameEn: 'Alcohol Burner Gaiwan' }).where(eq(products.id, 'equipment-gaiwan'));
    try {
      const named = await bag(m);
      expect(named.productList[0]).toMatchObject({ VarianceID: GAIWAN, IsAlcohol: true });
      expect(named.HasAlcohol).toBe(true);
    } finally {
      await t.db.update(products).set({ nameEn: 'Porcelain Gaiwan' }).where(eq(products.id, 'equipment-gaiwan'));
    }
  });
});

describe('stock notices', () => {
  // Variances only this test touches: their stock is changed in the database and put back after.
  const DA_HONG_PAO = 'tea-da-hong-pao-50g'; // stock 85
  const AGARWOOD_CONES = 'incense-agarwood-cones-12'; // stock 30
  const SANDALWOOD = 'incense-sandalwood-sticks-20'; // stock 160

  it('reduces and removes lines when stock falls or a sale stops, reporting each once', async () => {
    const m = await signUpMember(t);
    await add(m, SANDALWOOD, 1);
    await add(m, AGARWOOD_CONES, 2);
    await add(m, DA_HONG_PAO, 5);
    await setStock(DA_HONG_PAO, { stock: 2 });
    await setStock(AGARWOOD_CONES, { stock: 0 });
    await setStock(SANDALWOOD, { stopSell: true });
    try {
      // A refused coupon answers 70600 and stores nothing, so the notices are still due.
      const refused = await post('getShoppingBag', { Currency: 'HKD', CouponID: 'NOPE' }, auth(m));
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ result: false, ErrorCode: '70600', field: 'CouponID', reason: 'NotFound' });

      const first = await bag(m);
      expect(first.productList).toHaveLength(1);
      expect(first.productList[0]).toMatchObject({
        VarianceID: DA_HONG_PAO,
        SelectedQuantity: 2,
        SelectedQuantityUpdated: true,
        PreviousQuantity: 5,
        StockStatus: 'LowStock',
        StockLeft: 2,
        LineTotal: 2 * 26800,
      });
      expect(first.outOfStockList).toEqual([
        {
          ProductID: 'incense-agarwood-cones',
          VarianceID: AGARWOOD_CONES,
          Name: { en: 'Agarwood Cones', zh: '沉香塔香' },
          VarianceName: { en: '12 cones', zh: '12 粒' },
          Quantity: 2,
        },
      ]);
      expect(first.stopSellList).toMatchObject([{ ProductID: 'incense-sandalwood-sticks', VarianceID: SANDALWOOD, Quantity: 1 }]);
      expect(first.orderDetail.SubTotal).toBe(53600);

      const second = await bag(m);
      expect(second.outOfStockList).toEqual([]);
      expect(second.stopSellList).toEqual([]);
      expect(second.productList).toHaveLength(1);
      expect(second.productList[0]).toMatchObject({ VarianceID: DA_HONG_PAO, SelectedQuantity: 2, SelectedQuantityUpdated: false });
      expect(second.productList[0]).not.toHaveProperty('PreviousQuantity');
    } finally {
      await setStock(DA_HONG_PAO, { stock: 85 });
      await setStock(AGARWOOD_CONES, { stock: 30 });
      await setStock(SANDALWOOD, { stopSell: false });
    }
  });
});

describe('totals', () => {
  /** Tieguanyin 50 g × 2 and hinoki sticks × 1, the bag the numbers below are worked out for. */
  async function knownBag() {
    const m = await signUpMember(t);
    await add(m, TIEGUANYIN_50G, 2);
    await add(m, HINOKI_40, 1);
    return m;
  }

  it('prices a bag in HKD and USD with the incense campaign and Hong Kong shipping', async () => {
    const m = await knownBag();
    // HKD: SubTotal 2 × 16800 + 12800 = 46400. Campaign on incense: floor(12800 × 5 %) = 640.
    // Merchandise 45760 < 50000 → shipping 4000. No tax in Hong Kong. Total 49760.
    const hkd = await bag(m, 'HKD');
    expect(hkd.orderDetail).toEqual({
      Currency: 'HKD',
      CountryID: 'HK',
      Campaign: { CampaignID: 'incense-autumn', Name: { en: 'Quiet autumn: 5 % off incense', zh: '靜秋：香品 95 折' }, Discount: 640 },
      SubTotal: 46400,
      Discount: 640,
      ShippingFee: 4000,
      FreeShippingThreshold: 50000,
      Taxes: 0,
      taxObj: [],
      Total: 49760,
    });
    expect(hkd.HasAlcohol).toBe(false);
    // USD: SubTotal 2 × 2150 + 1650 = 5950. Campaign floor(1650 × 5 %) = floor(82.5) = 82.
    // Merchandise 5868 < 6500 → shipping 500. Total 6368.
    const usd = await bag(m, 'USD');
    expect(usd.productList.map((l) => [l.Price, l.LineTotal, l.Currency])).toEqual([
      [1650, 1650, 'USD'],
      [2150, 4300, 'USD'],
    ]);
    expect(usd.orderDetail).toMatchObject({ Currency: 'USD', SubTotal: 5950, Discount: 82, ShippingFee: 500, FreeShippingThreshold: 6500, Taxes: 0, Total: 6368 });
  });

  it('takes WELCOME10 off what the campaign left, the code trimmed and upper-cased', async () => {
    const m = await knownBag();
    // HKD: coupon 10 % of 33600 + (12800 − 640) = 45760 → 4576. Discount 640 + 4576 = 5216.
    // Merchandise 41184 → shipping 4000. Total 45184.
    const hkd = await bag(m, 'HKD', '  welcome10 ');
    expect(hkd.orderDetail.Coupon).toEqual({ CouponID: 'WELCOME10', Name: { en: 'Welcome: 10 % off', zh: '迎新：九折' }, Discount: 4576 });
    expect(hkd.orderDetail).toMatchObject({ SubTotal: 46400, Discount: 5216, ShippingFee: 4000, Total: 45184 });
    // USD: 10 % of 4300 + (1650 − 82) = 5868 → floor(586.8) = 586. Discount 668. Merchandise 5282 + 500 = 5782.
    const usd = await bag(m, 'USD', 'WELCOME10');
    expect(usd.orderDetail).toMatchObject({ Discount: 668, ShippingFee: 500, Total: 5782 });
    expect(usd.orderDetail.Coupon?.Discount).toBe(586);
    // A blank code is no coupon.
    expect((await bag(m, 'HKD', '   ')).orderDetail).not.toHaveProperty('Coupon');
  });

  it('takes TEA50 off the tea lines only', async () => {
    const m = await knownBag();
    // HKD: SubTotal 46400 ≥ 30000; tea lines 33600 ≥ 5000 → 5000 off. Discount 640 + 5000 = 5640.
    // Merchandise 40760 + shipping 4000 = 44760.
    expect((await bag(m, 'HKD', 'TEA50')).orderDetail).toMatchObject({ Discount: 5640, ShippingFee: 4000, Total: 44760 });
    // USD: SubTotal 5950 ≥ 4000 → 600 off. Discount 682. Merchandise 5268 + 500 = 5768.
    expect((await bag(m, 'USD', 'TEA50')).orderDetail).toMatchObject({ Discount: 682, ShippingFee: 500, Total: 5768 });
  });

  it('ships free from the threshold', async () => {
    const m = await knownBag();
    await add(m, TIEGUANYIN_50G, 1);
    // HKD: 3 × 16800 + 12800 = 63200 − 640 = 62560 ≥ 50000 → free. Total 62560.
    expect((await bag(m)).orderDetail).toMatchObject({ SubTotal: 63200, ShippingFee: 0, Total: 62560 });
    // USD: 3 × 2150 + 1650 = 8100 − 82 = 8018 ≥ 6500 → free.
    expect((await bag(m, 'USD')).orderDetail).toMatchObject({ ShippingFee: 0, Total: 8018 });
  });

  it('charges nothing for an empty bag', async () => {
    const m = await signUpMember(t);
    expect((await bag(m)).orderDetail).toMatchObject({ CountryID: 'HK', SubTotal: 0, Discount: 0, ShippingFee: 0, Taxes: 0, Total: 0 });
  });

  it("ships to and taxes the member's selected delivery country", async () => {
    const m = await knownBag();
    await t.call(userUpdateInfo, { accessToken: m.accessToken, deliveryAddress: [address, vancouver], mainDeliveryAddressIndex: 1 }, auth(m));
    // HKD, Canada: merchandise 45760 + shipping 12000 = 57760.
    // GST 57760 × 5 % = 2888. PST 57760 × 7 % = 4043.2 → 4043. Taxes 6931. Total 57760 + 6931 = 64691.
    const hkd = (await bag(m, 'HKD')).orderDetail;
    expect(hkd).toMatchObject({ CountryID: 'CA', ShippingFee: 12000, FreeShippingThreshold: 120000, Taxes: 6931, Total: 64691 });
    expect(hkd.taxObj).toEqual([
      { Name: { en: 'GST', zh: '商品及服務稅' }, RateBasisPoints: 500, Amount: 2888 },
      { Name: { en: 'PST (British Columbia)', zh: '省銷售稅（卑詩省）' }, RateBasisPoints: 700, Amount: 4043 },
    ]);
    // USD: 5868 + 1500 = 7368. GST 368.4 → 368. PST 515.76 → 516. Taxes 884. Total 8252.
    const usd = (await bag(m, 'USD')).orderDetail;
    expect(usd.taxObj.map((x) => x.Amount)).toEqual([368, 516]);
    expect(usd).toMatchObject({ ShippingFee: 1500, Taxes: 884, Total: 8252 });

    await t.call(userUpdateInfo, { accessToken: m.accessToken, mainDeliveryAddressIndex: 0 }, auth(m));
    expect((await bag(m)).orderDetail).toMatchObject({ CountryID: 'HK', Taxes: 0, taxObj: [], Total: 49760 });
  });
});

describe('coupons', () => {
  async function refusal(m: TokenSet, CouponID: string, Currency: Currency = 'HKD') {
    const read = await post('getShoppingBag', { Currency, CouponID }, auth(m));
    const apply = await post('coupon/apply', { Currency, CouponID }, auth(m));
    expect(read.status).toBe(400);
    expect(read.json).toMatchObject({ result: false, ErrorCode: '70600', field: 'CouponID' });
    expect(apply.json).toMatchObject({ ErrorCode: '70600', field: 'CouponID', reason: read.json?.reason, message: read.json?.message });
    expect(read.json?.message).toMatch(/\w/);
    return read.json!.reason as string;
  }

  it('names the reason a code is refused', async () => {
    const m = await signUpMember(t);
    expect(await refusal(m, 'WELCOME10')).toBe('EmptyBag');
    await add(m, HINOKI_40, 1);
    expect(await refusal(m, 'NO-SUCH-CODE')).toBe('NotFound');
    expect(await refusal(m, 'SPRING27')).toBe('NotYetValid');
    expect(await refusal(m, 'EXPIRED2025')).toBe('Expired');
    // Incense only: TEA50 has nothing to apply to.
    expect(await refusal(m, 'TEA50')).toBe('NotApplicable');
    // 12800 < 20000 (HKD); 1650 < 2500 (USD).
    expect(await refusal(m, 'WELCOME10')).toBe('MinSpend');
    expect((await post('getShoppingBag', { Currency: 'HKD', CouponID: 'WELCOME10' }, auth(m))).json?.message).toBe(
      'Spend at least HKD 200.00 to use this coupon',
    );
    expect(await refusal(m, 'WELCOME10', 'USD')).toBe('MinSpend');
    await add(m, HINOKI_40, 1);
    // 25600 ≥ 20000.
    expect((await bag(m, 'HKD', 'WELCOME10')).orderDetail.Coupon?.CouponID).toBe('WELCOME10');
  });

  it('refuses a coupon every member together has used up', async () => {
    const m = await signUpMember(t);
    await add(m, GAIWAN, 1);
    const rows = (n: number) => Array.from({ length: n }, () => ({ couponCode: 'FIRST100', userId: demoMember.id, createdAt: new Date(now) }));
    await t.db.insert(couponRedemptions).values(rows(99));
    try {
      // 99 of 100 used: 15 % of 12800 = 1920.
      expect((await bag(m, 'HKD', 'FIRST100')).orderDetail.Coupon?.Discount).toBe(1920);
      await t.db.insert(couponRedemptions).values(rows(1));
      expect(await refusal(m, 'FIRST100')).toBe('UsedUp');
      expect((await t.call(couponList, {}, auth(m))).CouponList.map((c) => c.CouponID)).not.toContain('FIRST100');
    } finally {
      await t.db.delete(couponRedemptions).where(eq(couponRedemptions.couponCode, 'FIRST100'));
    }
  });

  it("refuses a coupon once this member's uses are spent", async () => {
    const m = await signUpMember(t);
    const other = await signUpMember(t);
    await add(m, TIEGUANYIN_50G, 2);
    await add(other, TIEGUANYIN_50G, 2);
    expect((await t.call(couponApply, { CouponID: 'WELCOME10' }, auth(m))).Coupon).toMatchObject({ CouponID: 'WELCOME10', RemainingUses: 1 });
    await t.db.insert(couponRedemptions).values({ couponCode: 'WELCOME10', userId: await userIdOf(m), createdAt: new Date(now) });
    expect(await refusal(m, 'WELCOME10')).toBe('MemberLimit');
    expect((await bag(other, 'HKD', 'WELCOME10')).orderDetail.Coupon?.CouponID).toBe('WELCOME10');
  });

  it('follows the validity window as time passes', async () => {
    try {
      // A year and a day on: WELCOME10 has ended, the campaign too.
      now = SEED_NOW.getTime() + 366 * DAY;
      const late = await signUpMember(t);
      await add(late, TIEGUANYIN_50G, 2);
      expect(await refusal(late, 'WELCOME10')).toBe('Expired');
      // Five months on: SPRING27 has started (HKD 80 off from HKD 600), the incense campaign has ended.
      now = SEED_NOW.getTime() + 150 * DAY;
      const spring = await signUpMember(t);
      await add(spring, ISLAY, 1);
      await add(spring, HINOKI_40, 1);
      // 52800 + 12800 = 65600 ≥ 60000 → 8000 off, no campaign. Merchandise 57600 ≥ 50000 → free shipping.
      const detail = (await bag(spring, 'HKD', 'SPRING27')).orderDetail;
      expect(detail).toMatchObject({ SubTotal: 65600, Discount: 8000, ShippingFee: 0, Total: 57600 });
      expect(detail).not.toHaveProperty('Campaign');
    } finally {
      now = TODAY;
    }
  });

  it('applies a code the member types, listed or not', async () => {
    const m = await signUpMember(t);
    await add(m, TIEGUANYIN_50G, 2);
    const { Coupon } = await t.call(couponApply, { CouponID: ' tea50', Currency: 'USD' }, auth(m));
    expect(Coupon).toEqual({
      CouponID: 'TEA50',
      Name: { en: 'HKD 50 off tea', zh: '茶葉減 HKD 50' },
      Description: expect.objectContaining({ en: expect.stringContaining('USD 6') }),
      Kind: 'fixed',
      Amount: { HKD: 5000, USD: 600 },
      MinSpend: { HKD: 30000, USD: 4000 },
      ProductTypeIDs: ['tea'],
      ValidFrom: new Date(SEED_NOW.getTime() - 10 * DAY).toISOString(),
      ValidUntil: new Date(SEED_NOW.getTime() + 180 * DAY).toISOString(),
    });
    // Unlisted, still good when typed: 15 % of 33600 = 5040.
    expect((await t.call(couponApply, { CouponID: 'teahouse15' }, auth(m))).Coupon).toMatchObject({ Kind: 'percent', RateBasisPoints: 1500 });
    expect((await bag(m, 'HKD', 'TEAHOUSE15')).orderDetail.Coupon?.Discount).toBe(5040);
  });

  it('lists the coupons a member can use now', async () => {
    const m = await signUpMember(t);
    const { CouponList } = await t.call(couponList, {}, auth(m));
    // Soonest to end first; not the expired, not-yet-valid or unlisted ones.
    expect(CouponList.map((c) => c.CouponID)).toEqual(['FIRST100', 'TEA50', 'WELCOME10']);
    expect(CouponList.find((c) => c.CouponID === 'WELCOME10')).toMatchObject({ Kind: 'percent', RateBasisPoints: 1000, RemainingUses: 1 });
    expect(CouponList.find((c) => c.CouponID === 'TEA50')).not.toHaveProperty('RemainingUses');
    expect(CouponList.find((c) => c.CouponID === 'FIRST100')).not.toHaveProperty('RemainingUses');

    await t.db.insert(couponRedemptions).values({ couponCode: 'WELCOME10', userId: await userIdOf(m), createdAt: new Date(now) });
    expect((await t.call(couponList, {}, auth(m))).CouponList.map((c) => c.CouponID)).toEqual(['FIRST100', 'TEA50']);
  });
});

describe('requests', () => {
  it('needs a signed-in member', async () => {
    expect((await post('getShoppingBag', { Currency: 'HKD' })).status).toBe(401);
    expect((await post('addShoppingBag', { VarianceID: GAIWAN, Quantity: 1 })).status).toBe(401);
    expect((await post('setShoppingBag', { VarianceID: GAIWAN, Quantity: 1 })).status).toBe(401);
    expect((await post('coupon/apply', { CouponID: 'WELCOME10' })).status).toBe(401);
    expect((await post('coupon/list', {})).status).toBe(401);
  });

  it('names the field of a bad body', async () => {
    const m = await signUpMember(t);
    expect((await post('addShoppingBag', { VarianceID: GAIWAN }, auth(m))).json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'Quantity' });
    expect((await post('setShoppingBag', { VarianceID: GAIWAN }, auth(m))).json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'Quantity' });
    expect((await post('addShoppingBag', { Quantity: 1 }, auth(m))).json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'VarianceID' });
    for (const Quantity of [100, -1, 1.5, '2', 0]) {
      const r = await post('addShoppingBag', { VarianceID: GAIWAN, Quantity }, auth(m));
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Quantity' });
    }
    for (const Quantity of [100, -1, 1.5]) {
      expect((await post('setShoppingBag', { VarianceID: GAIWAN, Quantity }, auth(m))).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Quantity' });
    }
    expect((await post('getShoppingBag', {}, auth(m))).json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'Currency' });
    expect((await post('getShoppingBag', { Currency: 'EUR' }, auth(m))).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Currency' });
    expect((await post('coupon/apply', { CouponID: 'X'.repeat(41) }, auth(m))).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'CouponID' });
    expect((await bag(m)).productList).toEqual([]);
  });
});
