/**
 * Placing product orders through the API (issue 5) and the stock they hold: priced exactly as the bag, the
 * refusals that place nothing (an empty bag, no address, alcohol unconfirmed, a bad coupon, OutOfStock, a card
 * not the member's), the hold expiring with a moved clock or given back on cancelling, one unpaid order per
 * member, and the last units sold to concurrent checkouts. Paying is in orders-paying.test.ts.
 */
import { and, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, cancelProductOrder, couponApply, getShoppingBag, listUserProductOrder } from '../../contract/index.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { parseFpsPayload } from '../../server/services/payments/fps.ts';
import {
  auth,
  CARDS,
  fillBag,
  HONG_KONG_ADDRESS,
  orderOf,
  pressOnHostedPage,
  refused,
  saveCard,
  setStock,
  shopper,
  stockOf,
} from '../support/shop.ts';
import {
  DAY,
  GAIWAN,
  HINOKI_40,
  ISLAY,
  later,
  MINUTE,
  now,
  openOrdersTestApp,
  payQr,
  place,
  placeRefused,
  redemptionsOf,
  SECOND,
  t,
  TIEGUANYIN_150G,
  TIEGUANYIN_50G,
} from './orders-support.ts';

openOrdersTestApp();

describe('placing an order from the bag', () => {
  it('prices the order exactly as the bag, holds the stock, writes the coupon use and empties the bag', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 2, [HINOKI_40]: 1 });
    const bag = await t.call(getShoppingBag, { Currency: 'HKD', CouponID: 'WELCOME10' }, auth(m));
    const [teaBefore, incenseBefore] = [await stockOf(t, TIEGUANYIN_50G), await stockOf(t, HINOKI_40)];

    const start = await place(m, { CouponID: 'welcome10 ' });
    expect(start.PaymentStatus).toBe('pending');
    const order = await orderOf(t, m, start.OrderID);
    expect(order.orderDetail).toEqual(bag.orderDetail);
    expect(order.orderDetail.Campaign?.Discount).toBeGreaterThan(0);
    expect(order.orderDetail.Coupon?.CouponID).toBe('WELCOME10');
    expect(order.ProductList.map((l) => [l.VarianceID, l.Price, l.Quantity, l.LineTotal])).toEqual(
      bag.productList
        .map((l) => [l.VarianceID, l.Price, l.SelectedQuantity, l.LineTotal])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(order).toMatchObject({
      PaymentStatus: 'WaitForPayment',
      FulfilmentStatus: 'None',
      Tab: 'WaitForPayment',
      PaymentMethod: 'FPS',
      Currency: 'HKD',
      CouponID: 'WELCOME10',
      DeliveryAddress: HONG_KONG_ADDRESS,
      PayBefore: new Date(now + 10 * MINUTE).toISOString(),
    });
    expect(order.Reference).toMatch(/^SG\d{6}[0-9A-Z]{8}$/);
    expect(start.Fps?.AmountHKD).toBe(bag.orderDetail.Total);

    expect(await stockOf(t, TIEGUANYIN_50G)).toBe(teaBefore - 2);
    expect(await stockOf(t, HINOKI_40)).toBe(incenseBefore - 1);
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).productList).toEqual([]);
    expect(await redemptionsOf(start.OrderID)).toMatchObject([{ couponCode: 'WELCOME10', userId: m.userId }]);
    // Once per member: the coupon is now used by this order.
    await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
    expect((await refused(t, 'coupon/apply', { CouponID: 'WELCOME10' }, m)).json).toMatchObject({ ErrorCode: '70600', reason: 'MemberLimit' });
  });

  it('prices in US dollars as the bag does, and asks FPS for the same bag’s HKD price', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [GAIWAN]: 1, [TIEGUANYIN_50G]: 1 });
    const bag = await t.call(getShoppingBag, { Currency: 'USD' }, auth(m));
    const inHkd = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m));
    const start = await place(m, { Currency: 'USD' });
    const order = await orderOf(t, m, start.OrderID);
    expect(order.orderDetail).toEqual(bag.orderDetail);
    expect(order.Currency).toBe('USD');
    // Issue 11: FPS moves HKD, priced from the HKD prices (not the USD total at a rate).
    expect(start.Fps?.AmountHKD).toBe(inHkd.orderDetail.Total);
    expect(parseFpsPayload(start.Fps!.QRCode).amountCents).toBe(start.Fps!.AmountHKD);
  });

  it('refuses an empty bag, a missing address, alcohol without the age confirmation and an invalid coupon, placing nothing', async () => {
    const m = await shopper(t);
    expect((await placeRefused(m)).json).toMatchObject({ ErrorCode: 'ShoppingBagEmpty' });

    const homeless = await shopper(t, { address: false });
    await fillBag(t, homeless, { [GAIWAN]: 1 });
    const gaiwan = await stockOf(t, GAIWAN);
    expect((await placeRefused(homeless)).json).toMatchObject({ ErrorCode: 'DeliveryAddressRequired' });
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan);
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(homeless))).productList).toHaveLength(1);

    await fillBag(t, m, { [ISLAY]: 1 });
    expect((await placeRefused(m)).json).toMatchObject({ ErrorCode: 'AgeConfirmationRequired' });
    expect((await placeRefused(m, { AgeConfirmed: false })).json).toMatchObject({ ErrorCode: 'AgeConfirmationRequired' });
    expect((await placeRefused(m, { AgeConfirmed: true, CouponID: 'NO-SUCH-CODE' })).json).toMatchObject({ ErrorCode: '70600', reason: 'NotFound' });
    expect((await placeRefused(m, { AgeConfirmed: true, CouponID: 'EXPIRED2025' })).json).toMatchObject({ ErrorCode: '70600', reason: 'Expired' });
    expect((await t.call(listUserProductOrder, {}, auth(m))).OrderList).toEqual([]);

    const start = await place(m, { AgeConfirmed: true });
    const order = await orderOf(t, m, start.OrderID);
    expect(order.ProductList).toMatchObject([{ VarianceID: ISLAY, IsAlcohol: true }]);
  });

  it('answers OutOfStock when the bag changed since it was read, and the bag then shows why', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_150G]: 3, [GAIWAN]: 1 });
    await setStock(t, TIEGUANYIN_150G, 1);
    const answer = await placeRefused(m);
    expect(answer).toMatchObject({ status: 400, json: { ErrorCode: 'OutOfStock', reducedList: [{ VarianceID: TIEGUANYIN_150G, Quantity: 1, PreviousQuantity: 3 }] } });
    expect(await stockOf(t, TIEGUANYIN_150G)).toBe(1);
    expect((await t.call(listUserProductOrder, {}, auth(m))).OrderList).toEqual([]);
    // The next read of the bag reports the cut (once), and the order can then be placed as shown.
    const bag = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m));
    expect(bag.productList.find((l) => l.VarianceID === TIEGUANYIN_150G)).toMatchObject({ SelectedQuantity: 1, SelectedQuantityUpdated: true, PreviousQuantity: 3 });
    const start = await place(m);
    expect((await orderOf(t, m, start.OrderID)).orderDetail).toEqual(bag.orderDetail);
    expect(await stockOf(t, TIEGUANYIN_150G)).toBe(0);
  });

  it('asks for a card of the member’s own when paying by card', async () => {
    const m = await shopper(t);
    const other = await shopper(t);
    const othersCard = await saveCard(t, other, CARDS.visa);
    await fillBag(t, m, { [GAIWAN]: 1 });
    expect((await placeRefused(m, { PaymentMethod: 'CreditCard' })).json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'CardID' });
    expect((await placeRefused(m, { PaymentMethod: 'CreditCard', CardID: othersCard })).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'CardID' });
    expect((await t.call(listUserProductOrder, {}, auth(m))).OrderList).toEqual([]);
  });
});

describe('the stock hold', () => {
  beforeAll(async () => {
    // Orders earlier tests left unpaid run out first, so the counts below are this block's own.
    later(DAY);
    await runDueJobs(t.deps);
  });

  it('expires an unpaid order after its window, releasing stock and coupon, and the QR stops paying', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
    const stock = await stockOf(t, TIEGUANYIN_50G);
    const fps = await place(m, { CouponID: 'WELCOME10' });
    expect(await stockOf(t, TIEGUANYIN_50G)).toBe(stock - 2);
    // Another member's order, by card, waits on the extra confirmation with the longer (30 minute) window.
    const other = await shopper(t);
    const card = await saveCard(t, other, CARDS.authenticate);
    await fillBag(t, other, { [GAIWAN]: 1 });
    const byCard = await place(other, { PaymentMethod: 'CreditCard', CardID: card });
    expect(byCard.PaymentStatus).toBe('requires_action');

    later(10 * MINUTE - 2 * SECOND);
    expect(await runDueJobs(t.deps)).toMatchObject({ expiredOrders: 0 });
    expect((await orderOf(t, m, fps.OrderID)).PaymentStatus).toBe('WaitForPayment');

    later(2 * SECOND);
    expect(await runDueJobs(t.deps)).toMatchObject({ expiredOrders: 1 });
    expect(await runDueJobs(t.deps)).toMatchObject({ expiredOrders: 0 });
    const expired = await orderOf(t, m, fps.OrderID);
    expect(expired).toMatchObject({ PaymentStatus: 'Expired', Tab: 'Cancelled' });
    expect(expired).not.toHaveProperty('PayBefore');
    expect(await stockOf(t, TIEGUANYIN_50G)).toBe(stock);
    expect(await redemptionsOf(fps.OrderID)).toEqual([]);
    // The coupon use came back with it.
    await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
    expect((await t.call(couponApply, { CouponID: 'WELCOME10' }, auth(m))).Coupon.RemainingUses).toBe(1);
    expect(await payQr(fps.PaymentID!)).toMatchObject({ status: 400, json: { ErrorCode: expect.stringMatching(/^qr_(expired|canceled)$/) } });
    expect((await refused(t, 'create-product-payment', { OrderID: fps.OrderID, PaymentMethod: 'FPS' }, m)).json).toMatchObject({
      ErrorCode: 'PaymentFail',
      OrderID: fps.OrderID,
      reason: 'Expired',
    });
    expect((await orderOf(t, other, byCard.OrderID)).PaymentStatus).toBe('WaitForPayment');

    // Past its own window, the card order reads as expired even before the runner comes by.
    later(20 * MINUTE);
    expect(await orderOf(t, other, byCard.OrderID)).toMatchObject({ PaymentStatus: 'Expired' });
    expect(await runDueJobs(t.deps)).toMatchObject({ expiredOrders: 0 });
    const confirmed = await pressOnHostedPage(t, byCard.RedirectURL!, 'approve');
    expect(confirmed.spaPath).toContain('/payment_fail?');
  });

  it('is given back when the member cancels; cancelling twice is fine, a paid order cannot be cancelled', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
    const stock = await stockOf(t, TIEGUANYIN_50G);
    const start = await place(m, { CouponID: 'WELCOME10' });
    await t.call(cancelOrder, { orderID: start.OrderID }, auth(m));
    expect(await stockOf(t, TIEGUANYIN_50G)).toBe(stock);
    expect(await redemptionsOf(start.OrderID)).toEqual([]);
    expect(await payQr(start.PaymentID!)).toMatchObject({ status: 400, json: { ErrorCode: 'qr_canceled' } });
    expect((await t.call(cancelProductOrder, { orderID: start.OrderID }, auth(m))).Order).toMatchObject({ PaymentStatus: 'Cancelled', Tab: 'Cancelled' });

    const card = await saveCard(t, m, CARDS.visa);
    await fillBag(t, m, { [GAIWAN]: 1 });
    const paid = await place(m, { PaymentMethod: 'CreditCard', CardID: card });
    const gaiwan = await stockOf(t, GAIWAN);
    expect((await refused(t, 'cancelOrder', { orderID: paid.OrderID }, m)).json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan);
    expect((await orderOf(t, m, paid.OrderID)).PaymentStatus).toBe('Paid');
  });
});

describe('one unpaid order per member', () => {
  it('replaces the member’s unpaid order at the next checkout: its stock goes back, its QR stops paying, its lines return to the bag', async () => {
    await setStock(t, TIEGUANYIN_150G, 3);
    const hoarder = await shopper(t);
    const gaiwan = await stockOf(t, GAIWAN);
    await fillBag(t, hoarder, { [TIEGUANYIN_150G]: 3 });
    const first = await place(hoarder, { PaymentMethod: 'FPS' });
    expect(await stockOf(t, TIEGUANYIN_150G)).toBe(0);

    // The next checkout (Alipay: no card needed) holds only what is in the bag now.
    await fillBag(t, hoarder, { [GAIWAN]: 1 });
    const second = await place(hoarder, { PaymentMethod: 'Alipay' });
    expect((await orderOf(t, hoarder, first.OrderID)).PaymentStatus).toBe('Cancelled');
    expect(await payQr(first.PaymentID!)).toMatchObject({ status: 400, json: { ErrorCode: 'qr_canceled' } });
    expect(await stockOf(t, TIEGUANYIN_150G)).toBe(3);
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan - 1);
    expect((await orderOf(t, hoarder, second.OrderID)).ProductList.map((l) => [l.VarianceID, l.Quantity])).toEqual([[GAIWAN, 1]]);
    // Nothing lost: the replaced order's tins are back in the bag.
    const bag = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(hoarder));
    expect(bag.productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([[TIEGUANYIN_150G, 3]]);

    // However many checkouts, one order's worth is held.
    const placed = [first.OrderID, second.OrderID];
    for (let i = 0; i < 4; i++) {
      await fillBag(t, hoarder, { [GAIWAN]: 1 });
      placed.push((await place(hoarder, { PaymentMethod: 'Alipay' })).OrderID);
      const statuses = await Promise.all(placed.map(async (id) => (await orderOf(t, hoarder, id)).PaymentStatus));
      expect(statuses.filter((s) => s === 'WaitForPayment')).toHaveLength(1);
      expect(statuses.at(-1)).toBe('WaitForPayment');
    }
    const newest = await orderOf(t, hoarder, placed.at(-1)!);
    const heldOf = (variance: string) => newest.ProductList.filter((l) => l.VarianceID === variance).reduce((n, l) => n + l.Quantity, 0);
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan - heldOf(GAIWAN));
    expect(await stockOf(t, TIEGUANYIN_150G)).toBe(3 - heldOf(TIEGUANYIN_150G));

    // A refused checkout replaces nothing: the newest order keeps its hold.
    const hinoki = await stockOf(t, HINOKI_40);
    await fillBag(t, hoarder, { [HINOKI_40]: 1 });
    await setStock(t, HINOKI_40, 0);
    try {
      expect((await placeRefused(hoarder)).json).toMatchObject({ ErrorCode: 'OutOfStock' });
    } finally {
      await setStock(t, HINOKI_40, hinoki);
    }
    expect((await orderOf(t, hoarder, placed.at(-1)!)).PaymentStatus).toBe('WaitForPayment');
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan - heldOf(GAIWAN));
  });
});

describe('the last units', () => {
  // On PGlite the database has one connection, so the 50 transactions run one after another; on
  // PostgreSQL (TEST_DATABASE_URL) they run at once on the pool and contend for the variance's row.
  it('sells exactly the last 10 units to 50 concurrent checkouts; the rest are told OutOfStock', async () => {
    const LAST = 'tea-da-hong-pao-50g';
    await setStock(t, LAST, 10);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => shopper(t)));
    for (const buyer of buyers) await fillBag(t, buyer, { [LAST]: 1 });

    // Counts the checkout transactions open at once, to show they really overlap where they can.
    const db = t.deps.db;
    const transaction = db.transaction.bind(db);
    let open = 0;
    let mostOpen = 0;
    db.transaction = ((fn, config) =>
      transaction(async (tx) => {
        mostOpen = Math.max(mostOpen, ++open);
        try {
          return await fn(tx);
        } finally {
          open--;
        }
      }, config)) as typeof db.transaction;
    const answers = await Promise.all(buyers.map((buyer) => placeRefused(buyer))).finally(() => {
      db.transaction = transaction;
    });
    if (t.driver === 'postgres') expect(mostOpen).toBeGreaterThan(1);

    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.json.ErrorCode)).toEqual(Array(40).fill('OutOfStock'));
    expect(await stockOf(t, LAST)).toBe(0);
    const [sold] = await t.db
      .select({ orders: sql<number>`count(distinct o.id)::int`, units: sql<number>`coalesce(sum(l.quantity), 0)::int` })
      .from(sql`orders o join order_lines l on l.order_id = o.id`)
      .where(and(sql`l.variance_id = ${LAST}`, sql`o.payment_status = 'WaitForPayment'`));
    expect(sold).toEqual({ orders: 10, units: 10 });
  });
});
