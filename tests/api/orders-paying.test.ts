/**
 * Paying product orders through the API (issue 5): saved cards, paying by card (at once, declined then paid
 * again, the card's extra confirmation), by Alipay and by FPS in the sandbox, coupons applied to a placed order,
 * who may touch an order, and the order list. Placing and the stock hold are in orders-placing.test.ts;
 * webhook replays are in payments-webhook.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applyProductCoupon,
  cancelOrder,
  cancelProductCoupon,
  deletePaymentMehtod,
  getPaymentMehtod,
  getShoppingBag,
  listUserProductOrder,
  productCreditcardPayment,
} from '../../contract/index.ts';
import { products } from '../../server/db/schema.ts';
import { crc16CcittFalse, formatCrc, parseFpsPayload } from '../../server/services/payments/fps.ts';
import { auth, CARDS, deliverWebhooks, fillBag, orderOf, pressOnHostedPage, refused, saveCard, shopper, stockOf } from '../support/shop.ts';
import {
  GAIWAN,
  HINOKI_40,
  later,
  now,
  openOrdersTestApp,
  pay,
  payQr,
  place,
  placeRefused,
  redemptionsOf,
  SECOND,
  t,
  TIEGUANYIN_50G,
  type CheckoutBody,
} from './orders-support.ts';

openOrdersTestApp();

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
