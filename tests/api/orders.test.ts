/**
 * Product orders and their payments through the API (issue 5): placing from the bag, the stock
 * hold, paying by card / Alipay / FPS in the sandbox, expiry with a moved clock, cancelling, the
 * order list, and who may touch an order. Webhook replays are in payments-webhook.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyProductCoupon,
  cancelOrder,
  cancelProductCoupon,
  cancelProductOrder,
  checkout,
  couponApply,
  createProductPayment,
  deletePaymentMehtod,
  getPaymentMehtod,
  getShoppingBag,
  listUserProductOrder,
  productCreditcardPayment,
  type CallBodyInput,
} from '../../contract/index.ts';
import { couponRedemptions, products } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { crc16CcittFalse, formatCrc, parseFpsPayload } from '../../server/services/payments/fps.ts';
import {
  auth,
  CARDS,
  deliverWebhooks,
  fillBag,
  HONG_KONG_ADDRESS,
  orderOf,
  pressOnHostedPage,
  refused,
  saveCard,
  setStock,
  shopper,
  stockOf,
  type Shopper,
} from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

// Seed variances (server/db/seed/catalogue-data.ts): HKD / USD cents, stock.
const TIEGUANYIN_50G = 'tea-tieguanyin-50g'; // 16800 / 2150, 120
const TIEGUANYIN_150G = 'tea-tieguanyin-150g'; // 45800 / 5850, 3
const HINOKI_40 = 'incense-hinoki-sticks-40'; // 12800 / 1650, 140 (incense: campaign 5 %)
const ISLAY = 'spirits-islay-single-malt-700ml'; // 52800 / 6750, 36, alcohol
const GAIWAN = 'equipment-gaiwan-white'; // 12800 / 1650, 150

// A day after the seed: WELCOME10 and the incense campaign are on. Tests move the clock themselves.
let now = SEED_NOW.getTime() + DAY;
const later = (ms: number) => {
  now += ms;
};
let t: TestApp;
beforeAll(async () => {
  // Id tokens outlive the clock moves below.
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
});
afterAll(() => t.close());

type CheckoutBody = CallBodyInput<typeof checkout>;
const place = (m: Shopper, body: Partial<CheckoutBody> = {}) => {
  later(SECOND); // orders of one member get distinct creation times
  return t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));
};
const placeRefused = (m: Shopper, body: Partial<CheckoutBody> = {}) =>
  refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, m);
const pay = (m: Shopper, body: CallBodyInput<typeof createProductPayment>) => t.call(createProductPayment, body, auth(m));
const payQr = (paymentId: string) => t.raw(`/api/payments/sandbox/fps/${paymentId}/pay`, { method: 'POST' });
const redemptionsOf = (orderId: string) => t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));

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

describe('saved cards', () => {
  it('adds, lists and deletes the member’s cards; nobody else’s', async () => {
    const m = await shopper(t);
    const other = await shopper(t);
    expect(await t.call(getPaymentMehtod, {}, auth(m))).toEqual({ PaymentMethodList: [] });
    expect((await refused(t, 'addCreditCard', { number: '4242 4242 4242 4241', exp_month: 12, exp_year: 2030, cvc: '123' }, m)).json).toMatchObject({
      ErrorCode: 'PaymentFail',
      reason: 'incorrect_number',
    });
    const visa = await saveCard(t, m, CARDS.visa);
    later(SECOND);
    const mastercardless = await saveCard(t, m, CARDS.declined);
    // Oldest first.
    expect((await t.call(getPaymentMehtod, {}, auth(m))).PaymentMethodList).toEqual([
      { id: visa, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      { id: mastercardless, brand: 'visa', last4: '0002', expMonth: 12, expYear: 2030 },
    ]);
    // Someone else's saved card can neither be taken over nor deleted.
    expect((await refused(t, 'addPaymentMehtod', { PaymentMethodID: visa }, other)).json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    expect((await refused(t, 'deletePaymentMehtod', { PaymentMethodID: visa }, other)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    await t.call(deletePaymentMehtod, { PaymentMethodID: mastercardless }, auth(m));
    expect((await t.call(getPaymentMehtod, {}, auth(m))).PaymentMethodList.map((c) => c.id)).toEqual([visa]);
    expect((await refused(t, 'deletePaymentMehtod', { PaymentMethodID: mastercardless }, m)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });
});

describe('paying by card', () => {
  it('pays at once with a card that succeeds: the order is paid and in process', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.visa);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 1 });
    const sold = async () => (await t.db.select({ n: products.soldCount }).from(products).where(eq(products.id, 'tea-tieguanyin')))[0]!.n;
    const soldBefore = await sold();
    const start = await place(m, { PaymentMethod: 'CreditCard', CardID: card });
    expect(start).toMatchObject({ PaymentStatus: 'succeeded', PaymentID: expect.stringMatching(/^pi_sbx_/) });
    const order = await orderOf(t, m, start.OrderID);
    expect(order).toMatchObject({
      PaymentStatus: 'Paid',
      FulfilmentStatus: 'InProcess',
      Tab: 'InProcess',
      PaidAt: new Date(now).toISOString(),
      Card: { id: card, brand: 'visa', last4: '4242' },
    });
    expect(order).not.toHaveProperty('PayBefore');
    expect(await sold()).toBe(soldBefore + 1);
    // The webhooks that follow change nothing.
    await deliverWebhooks(t);
    expect(await orderOf(t, m, start.OrderID)).toEqual(order);
    // Paying a paid order again just says so.
    expect(await pay(m, { OrderID: start.OrderID, PaymentMethod: 'FPS' })).toMatchObject({ PaymentStatus: 'succeeded', PaymentID: start.PaymentID });
  });

  it('keeps a declined order, which the member pays again with another card', async () => {
    const m = await shopper(t);
    const declined = await saveCard(t, m, CARDS.insufficientFunds);
    const visa = await saveCard(t, m, CARDS.visa);
    await fillBag(t, m, { [GAIWAN]: 2 });
    const gaiwan = await stockOf(t, GAIWAN);
    const answer = await placeRefused(m, { PaymentMethod: 'CreditCard', CardID: declined });
    expect(answer).toMatchObject({ status: 400, json: { ErrorCode: 'PaymentFail', reason: 'card_declined', declineCode: 'insufficient_funds' } });
    const orderId = answer.json.OrderID as string;
    expect(await orderOf(t, m, orderId)).toMatchObject({ PaymentStatus: 'PaymentFailed', Tab: 'WaitForPayment' });
    // The order still holds its stock while it can be paid.
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan - 2);

    const retried = await pay(m, { OrderID: orderId, PaymentMethod: 'CreditCard', CardID: visa });
    expect(retried.PaymentStatus).toBe('succeeded');
    expect(await orderOf(t, m, orderId)).toMatchObject({ PaymentStatus: 'Paid', Card: { id: visa } });
    await deliverWebhooks(t);
    // The declined attempt's late webhook does not undo the payment.
    expect((await orderOf(t, m, orderId)).PaymentStatus).toBe('Paid');
  });

  it('sends the browser through the card’s extra confirmation and back to the order', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.authenticate);
    await fillBag(t, m, { [GAIWAN]: 1 });
    const start = await place(m, { PaymentMethod: 'CreditCard', CardID: card });
    expect(start).toMatchObject({ PaymentStatus: 'requires_action', RedirectURL: `http://shop.test/api/payments/sandbox/pages/${start.PaymentID}` });
    // Asking again while the confirmation waits gives the same payment.
    expect(await pay(m, { OrderID: start.OrderID, PaymentMethod: 'CreditCard', CardID: card })).toEqual(start);

    const { page, returnUrl, spaPath } = await pressOnHostedPage(t, start.RedirectURL!, 'approve');
    expect(page).toContain('Card authentication');
    expect(returnUrl.pathname).toBe(`/api/payments/return/${start.OrderID}`);
    expect(returnUrl.searchParams.get('payment_intent')).toBe(start.PaymentID);
    expect(spaPath).toBe(`/order_product_confirm/${start.OrderID}?payment=${start.PaymentID}&method=CreditCard`);
    // Settled on the way back, before any webhook arrived.
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Paid');
    expect(await t.call(productCreditcardPayment, { OrderID: start.OrderID, Payload: start.PaymentID! }, auth(m))).toEqual({
      OrderID: start.OrderID,
      PaymentStatus: 'succeeded',
      PaymentID: start.PaymentID,
    });
  });

  it('fails the order’s payment when the confirmation is refused, and says so on the way back', async () => {
    const m = await shopper(t);
    const card = await saveCard(t, m, CARDS.authenticateThenDecline);
    await fillBag(t, m, { [GAIWAN]: 1 });
    const start = await place(m, { PaymentMethod: 'CreditCard', CardID: card });
    const { spaPath } = await pressOnHostedPage(t, start.RedirectURL!, 'approve');
    expect(spaPath).toBe(`/payment_fail?orderID=${start.OrderID}&payment=${start.PaymentID}&method=CreditCard`);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('PaymentFailed');
    expect(await refused(t, 'product-creditcard-payment', { OrderID: start.OrderID, Payload: start.PaymentID }, m)).toMatchObject({
      status: 400,
      json: { ErrorCode: 'PaymentFail', OrderID: start.OrderID, reason: 'card_declined' },
    });
  });
});

describe('paying with Alipay', () => {
  it('cancelled on Alipay’s page, then paid on a second visit', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 1 });
    const start = await place(m, { PaymentMethod: 'Alipay' });
    expect(start).toMatchObject({ PaymentStatus: 'requires_action', RedirectURL: expect.stringContaining('/api/payments/sandbox/pages/') });
    const cancelled = await pressOnHostedPage(t, start.RedirectURL!, 'decline');
    expect(cancelled.page).toContain('Alipay');
    expect(cancelled.spaPath).toBe(`/payment_fail?orderID=${start.OrderID}&payment=${start.PaymentID}&method=Alipay`);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('PaymentFailed');

    const again = await pay(m, { OrderID: start.OrderID, PaymentMethod: 'Alipay' });
    expect(again.PaymentStatus).toBe('requires_action');
    expect(again.PaymentID).not.toBe(start.PaymentID);
    const paid = await pressOnHostedPage(t, again.RedirectURL!, 'approve');
    expect(paid.spaPath).toBe(`/order_product_confirm/${start.OrderID}?payment=${again.PaymentID}&method=Alipay`);
    await deliverWebhooks(t);
    expect(await orderOf(t, m, start.OrderID)).toMatchObject({ PaymentStatus: 'Paid', PaymentMethod: 'Alipay', Tab: 'InProcess' });
  });

  it('switches an order waiting on Alipay to FPS, and the abandoned Alipay page no longer pays', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 1 });
    const alipay = await place(m, { PaymentMethod: 'Alipay' });
    const fps = await pay(m, { OrderID: alipay.OrderID, PaymentMethod: 'FPS' });
    expect(fps.PaymentStatus).toBe('pending');
    const pressed = await t.raw(`/api/payments/sandbox/pages/${alipay.PaymentID}/approve`, { method: 'POST' });
    expect(pressed.status).toBe(303);
    expect((await orderOf(t, m, alipay.OrderID)).PaymentStatus).toBe('WaitForPayment');
    expect((await payQr(fps.PaymentID!)).status).toBe(200);
    await deliverWebhooks(t);
    expect(await orderOf(t, m, alipay.OrderID)).toMatchObject({ PaymentStatus: 'Paid', PaymentMethod: 'FPS' });
  });
});

describe('paying by FPS', () => {
  it('answers the order’s QR: an EMVCo payload that parses back field by field, with a CRC that verifies', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 3 });
    const start = await place(m);
    const order = await orderOf(t, m, start.OrderID);
    const { QRCode, QRImage, AmountHKD, Reference, ExpiresAt } = start.Fps!;
    expect(parseFpsPayload(QRCode)).toEqual({
      payloadFormat: '01',
      initiation: 'dynamic',
      account: { guid: 'hk.com.hkicl', clearingCode: undefined, proxy: { kind: 'fpsId', value: '1234567' } },
      merchantCategoryCode: '5499',
      currency: '344',
      amount: `${Math.floor(order.orderDetail.Total / 100)}.${String(order.orderDetail.Total % 100).padStart(2, '0')}`,
      amountCents: order.orderDetail.Total,
      country: 'HK',
      merchantName: 'Sip and Gather',
      city: 'Hong Kong',
      reference: order.Reference,
      billNumber: undefined,
      crc: formatCrc(crc16CcittFalse(QRCode.slice(0, -4))),
    });
    expect(QRCode.slice(-8, -4)).toBe('6304');
    expect(AmountHKD).toBe(order.orderDetail.Total);
    expect(Reference).toBe(order.Reference);
    expect(ExpiresAt).toBe(order.PayBefore);
    expect(QRImage).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Asked again while it lives: the same QR.
    expect(await pay(m, { OrderID: start.OrderID, PaymentMethod: 'FPS' })).toEqual(start);
  });

  it('is paid when the bank’s notice (the sandbox’s pay endpoint, then its webhook) arrives', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 1 });
    const start = await place(m);
    const paid = await payQr(start.PaymentID!);
    expect(paid).toMatchObject({ status: 200, json: { result: true, PaymentStatus: 'succeeded' } });
    // Nothing changes until the notice reaches the shop.
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('WaitForPayment');
    await deliverWebhooks(t);
    expect(await orderOf(t, m, start.OrderID)).toMatchObject({ PaymentStatus: 'Paid', Tab: 'InProcess', FulfilmentStatus: 'InProcess' });
    expect(await payQr(start.PaymentID!)).toMatchObject({ status: 400, json: { ErrorCode: 'already_paid' } });
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

describe('coupons on a placed order', () => {
  it('re-prices an unpaid order with a coupon and without it, replacing its QR', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { [TIEGUANYIN_50G]: 2, [HINOKI_40]: 1 });
    const withCoupon = (await t.call(getShoppingBag, { Currency: 'HKD', CouponID: 'WELCOME10' }, auth(m))).orderDetail;
    const without = (await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).orderDetail;
    const start = await place(m);
    expect((await orderOf(t, m, start.OrderID)).orderDetail).toEqual(without);

    expect((await refused(t, 'apply-product-coupon', { OrderID: start.OrderID, CouponID: 'SPRING27' }, m)).json).toMatchObject({ ErrorCode: '70600', reason: 'NotYetValid' });
    const applied = (await t.call(applyProductCoupon, { OrderID: start.OrderID, CouponID: 'WELCOME10' }, auth(m))).Order;
    expect(applied).toMatchObject({ orderDetail: withCoupon, CouponID: 'WELCOME10', PaymentStatus: 'WaitForPayment' });
    expect(await redemptionsOf(start.OrderID)).toHaveLength(1);
    // The QR for the old amount is gone; a new one asks for the new total.
    expect(await payQr(start.PaymentID!)).toMatchObject({ status: 400, json: { ErrorCode: 'qr_canceled' } });
    const again = await pay(m, { OrderID: start.OrderID, PaymentMethod: 'FPS' });
    expect(again.PaymentID).not.toBe(start.PaymentID);
    expect(again.Fps?.AmountHKD).toBe(withCoupon.Total);

    const removed = (await t.call(cancelProductCoupon, { orderID: start.OrderID }, auth(m))).Order;
    expect(removed.orderDetail).toEqual(without);
    expect(removed).not.toHaveProperty('CouponID');
    expect(await redemptionsOf(start.OrderID)).toEqual([]);
    // A coupon passed with the payment re-prices the order first.
    const paid = await pay(m, { OrderID: start.OrderID, PaymentMethod: 'FPS', CouponID: 'WELCOME10' });
    expect(paid.Fps?.AmountHKD).toBe(withCoupon.Total);
  });
});

describe('whose order it is', () => {
  it('lets no member read, pay, re-price or cancel another’s order', async () => {
    const owner = await shopper(t);
    const stranger = await shopper(t);
    const strangersCard = await saveCard(t, stranger, CARDS.visa);
    await fillBag(t, owner, { [GAIWAN]: 1 });
    const start = await place(owner);
    const gaiwan = await stockOf(t, GAIWAN);
    const attempts: Array<[string, object]> = [
      ['get-product-order', { orderID: start.OrderID }],
      ['create-product-payment', { OrderID: start.OrderID, PaymentMethod: 'CreditCard', CardID: strangersCard }],
      ['create-product-payment', { OrderID: start.OrderID, PaymentMethod: 'FPS' }],
      ['product-creditcard-payment', { OrderID: start.OrderID, Payload: start.PaymentID }],
      ['apply-product-coupon', { OrderID: start.OrderID, CouponID: 'WELCOME10' }],
      ['cancel-product-coupon', { orderID: start.OrderID }],
      ['cancelOrder', { orderID: start.OrderID }],
      ['cancel-product-order', { orderID: start.OrderID }],
    ];
    for (const [call, body] of attempts) {
      expect((await refused(t, call, body, stranger)).json, call).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    }
    expect((await t.call(listUserProductOrder, {}, auth(stranger))).OrderList).toEqual([]);
    expect(await orderOf(t, owner, start.OrderID)).toMatchObject({ PaymentStatus: 'WaitForPayment' });
    expect(await stockOf(t, GAIWAN)).toBe(gaiwan);
    // Nor use a payment of another order to confirm one's own.
    await fillBag(t, stranger, { [GAIWAN]: 1 });
    const own = await place(stranger);
    expect((await refused(t, 'product-creditcard-payment', { OrderID: own.OrderID, Payload: start.PaymentID }, stranger)).json).toMatchObject({
      ErrorCode: 'ObjectNotFound',
    });
    // And without a token, nothing at all.
    expect((await refused(t, 'get-product-order', { orderID: start.OrderID })).status).toBe(401);
  });
});

describe('the order list', () => {
  it('lists newest first a page at a time, and by tab', async () => {
    const m = await shopper(t);
    const visa = await saveCard(t, m, CARDS.visa);
    const declined = await saveCard(t, m, CARDS.declined);
    const placeOne = async (body: Partial<CheckoutBody>) => {
      await fillBag(t, m, { [GAIWAN]: 1 });
      const r = await refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, m);
      later(SECOND);
      return (r.json as unknown as { OrderID: string }).OrderID;
    };
    // Left unpaid, then replaced by the next checkout (a member holds one unpaid order at a time).
    const replaced = await placeOne({});
    const paid = await placeOne({ PaymentMethod: 'CreditCard', CardID: visa });
    const cancelled = await placeOne({});
    await t.call(cancelOrder, { orderID: cancelled }, auth(m));
    const failed = await placeOne({ PaymentMethod: 'CreditCard', CardID: declined });

    const first = await t.call(listUserProductOrder, { Size: 3 }, auth(m));
    expect(first.OrderList.map((o) => o.OrderID)).toEqual([failed, cancelled, paid]);
    expect(first.LastEvaluatedKey).toBeDefined();
    const second = await t.call(listUserProductOrder, { Size: 3, LastEvaluatedKey: first.LastEvaluatedKey! }, auth(m));
    expect(second.OrderList.map((o) => o.OrderID)).toEqual([replaced]);
    expect(second).not.toHaveProperty('LastEvaluatedKey');
    expect(second.OrderList[0]!.ProductList).toMatchObject([{ VarianceID: GAIWAN, Quantity: 1 }]);

    const tab = async (Tab: 'InProcess' | 'Completed' | 'WaitForPayment' | 'Cancelled') =>
      (await t.call(listUserProductOrder, { Tab }, auth(m))).OrderList.map((o) => o.OrderID);
    expect(await tab('WaitForPayment')).toEqual([failed]);
    expect(await tab('InProcess')).toEqual([paid]);
    expect(await tab('Cancelled')).toEqual([cancelled, replaced]);
    expect(await tab('Completed')).toEqual([]);
    expect((await refused(t, 'list-user-product-order', { LastEvaluatedKey: 'not-a-key' }, m)).json).toMatchObject({
      ErrorCode: 'InvalidParameter',
      field: 'LastEvaluatedKey',
    });
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
