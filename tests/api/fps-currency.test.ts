/**
 * Issue 11, finding 10: what a member pays must not depend on the currency they pick. FPS moves
 * Hong Kong dollars, so an FPS payment of a USD order asks for the same bag's HKD price (same
 * campaign, coupon, shipping country and taxes: orders.total_hkd), not its USD total at a rate.
 * Before: HKD 454.00, or USD 57.50 paid by FPS at 7.8 = HKD 448.50.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyProductCoupon,
  cancelProductCoupon,
  checkout,
  createProductPayment,
  createSubscription,
  EventCalculate,
  getEventOrder,
  getShoppingBag,
  getSubscriptionOrder,
  newEventCheckOut,
  subscriptionCalculate,
  userUpdateInfo,
  type CallBodyInput,
  type PaymentStart,
} from '../../contract/index.ts';
import { orders, sandboxPayments } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { parseFpsPayload, toHkdCents } from '../../server/services/payments/fps.ts';
import { auth, deliverWebhooks, fillBag, HONG_KONG_ADDRESS, orderOf, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const RATES = { USD: '7.8' }; // FPS_HKD_PER_USD's default, which the test app runs with

// Seed variances (server/db/seed/catalogue-data.ts): HKD / USD cents.
const TIEGUANYIN_50G = 'tea-tieguanyin-50g'; // 16800 / 2150
const HINOKI_40 = 'incense-hinoki-sticks-40'; // 12800 / 1650 (incense: campaign 5 %)
/** Two teas and incense: the incense campaign applies, and WELCOME10 is within its minimum spend. */
const BAG = { [TIEGUANYIN_50G]: 2, [HINOKI_40]: 1 };

const VANCOUVER = {
  ...HONG_KONG_ADDRESS,
  countryCallingCode: '1',
  phone: '6045550123',
  CountryID: 'CA',
  city: 'Vancouver',
  address1: '800 Robson Street',
  postalCode: 'V6Z 2E7',
};

// A day after the seed: WELCOME10 and the incense campaign are on.
let now = SEED_NOW.getTime() + DAY;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date((now += 1000)) } });
});
afterAll(() => t.close());

type CheckoutBody = CallBodyInput<typeof checkout>;
const place = (m: Shopper, body: Partial<CheckoutBody>) => t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...body }, auth(m));
const payByFps = (m: Shopper, OrderID: string) => t.call(createProductPayment, { OrderID, PaymentMethod: 'FPS' }, auth(m));
const bagTotal = async (m: Shopper, Currency: 'HKD' | 'USD', CouponID?: string) =>
  (await t.call(getShoppingBag, { Currency, ...(CouponID ? { CouponID } : {}) }, auth(m))).orderDetail.Total;
const sandbox = async () => (await t.deps.payments.ready).sandbox;

/** What the sandbox holds for the QR: the HKD cents the bank's transfer must match. */
async function qrAmountOf(paymentId: string): Promise<number> {
  const [row] = await t.db.select({ fps: sandboxPayments.fps }).from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
  return (row!.fps as { amountHkdCents: number }).amountHkdCents;
}

/** The QR's amount, said three ways: the answer's AmountHKD, the sandbox's payment, the EMVCo payload. */
async function fpsAmounts(start: PaymentStart) {
  return [start.Fps!.AmountHKD, await qrAmountOf(start.PaymentID!), parseFpsPayload(start.Fps!.QRCode).amountCents];
}

async function shopperWithBag(address = HONG_KONG_ADDRESS) {
  const m = await shopper(t);
  if (address !== HONG_KONG_ADDRESS) await t.call(userUpdateInfo, { accessToken: m.accessToken, deliveryAddress: [address], mainDeliveryAddressIndex: 0 }, auth(m));
  await fillBag(t, m, BAG);
  return m;
}

describe('an FPS payment of a USD order', () => {
  it('asks for exactly what the same bag costs as an HKD order', async () => {
    const inHkd = await shopperWithBag();
    const inUsd = await shopperWithBag();
    const hkdStart = await place(inHkd, { Currency: 'HKD' });
    const usdStart = await place(inUsd, { Currency: 'USD' });
    const hkdOrder = await orderOf(t, inHkd, hkdStart.OrderID);
    const usdOrder = await orderOf(t, inUsd, usdStart.OrderID);
    expect(usdOrder.Currency).toBe('USD');
    // The bag is one where the rate gives another amount (what the finding was about).
    expect(toHkdCents(usdOrder.orderDetail.Total, 'USD', RATES)).not.toBe(hkdOrder.orderDetail.Total);

    expect(await fpsAmounts(usdStart)).toEqual([hkdOrder.orderDetail.Total, hkdOrder.orderDetail.Total, hkdOrder.orderDetail.Total]);
    expect(usdStart.Fps!.OrderTotal).toEqual({ Amount: usdOrder.orderDetail.Total, Currency: 'USD', AmountHKDBasis: 'HKDPrices' });
    // An HKD order's QR is its total, with nothing to explain.
    expect(await fpsAmounts(hkdStart)).toEqual([hkdOrder.orderDetail.Total, hkdOrder.orderDetail.Total, hkdOrder.orderDetail.Total]);
    expect(hkdStart.Fps).not.toHaveProperty('OrderTotal');
    // Asked again while it lives: the same QR.
    expect(await payByFps(inUsd, usdStart.OrderID)).toEqual(usdStart);
  });

  it('prices shipping and taxes of the delivery country in HKD too', async () => {
    const m = await shopperWithBag(VANCOUVER);
    const hkdTotal = await bagTotal(m, 'HKD');
    const usdTotal = await bagTotal(m, 'USD');
    const start = await place(m, { Currency: 'USD' });
    const order = await orderOf(t, m, start.OrderID);
    expect(order.orderDetail).toMatchObject({ CountryID: 'CA', Total: usdTotal });
    expect(order.orderDetail.Taxes).toBeGreaterThan(0);
    expect(await fpsAmounts(start)).toEqual([hkdTotal, hkdTotal, hkdTotal]);
  });

  it('follows a coupon applied to and removed from the order, and the transfer pays it', async () => {
    const m = await shopperWithBag();
    const hkdWithout = await bagTotal(m, 'HKD');
    const hkdWithCoupon = await bagTotal(m, 'HKD', 'WELCOME10');
    expect(hkdWithCoupon).toBeLessThan(hkdWithout);
    const start = await place(m, { Currency: 'USD' });
    expect(start.Fps!.AmountHKD).toBe(hkdWithout);

    const applied = (await t.call(applyProductCoupon, { OrderID: start.OrderID, CouponID: 'WELCOME10' }, auth(m))).Order;
    expect(applied.CouponID).toBe('WELCOME10');
    const withCoupon = await payByFps(m, start.OrderID);
    expect(withCoupon.PaymentID).not.toBe(start.PaymentID);
    expect(await fpsAmounts(withCoupon)).toEqual([hkdWithCoupon, hkdWithCoupon, hkdWithCoupon]);
    expect(withCoupon.Fps!.OrderTotal).toEqual({ Amount: applied.orderDetail.Total, Currency: 'USD', AmountHKDBasis: 'HKDPrices' });

    await t.call(cancelProductCoupon, { orderID: start.OrderID }, auth(m));
    const without = await payByFps(m, start.OrderID);
    expect(await fpsAmounts(without)).toEqual([hkdWithout, hkdWithout, hkdWithout]);

    // A coupon passed with the payment re-prices first; the bank's transfer of the QR's amount pays the order.
    const paying = await t.call(createProductPayment, { OrderID: start.OrderID, PaymentMethod: 'FPS', CouponID: 'WELCOME10' }, auth(m));
    expect(paying.Fps!.AmountHKD).toBe(hkdWithCoupon);
    const converted = toHkdCents((await orderOf(t, m, start.OrderID)).orderDetail.Total, 'USD', RATES);
    expect(await (await sandbox()).receiveFpsNotification({ paymentId: paying.PaymentID!, amountHkdCents: converted, reference: applied.Reference })).toMatchObject({
      ok: false,
      code: 'amount_mismatch',
    });
    const paid = await t.raw(`/api/payments/sandbox/fps/${paying.PaymentID}/pay`, { method: 'POST' });
    expect(paid).toMatchObject({ status: 200, json: { PaymentStatus: 'succeeded' } });
    await deliverWebhooks(t);
    expect(await orderOf(t, m, start.OrderID)).toMatchObject({ PaymentStatus: 'Paid', Currency: 'USD', PaymentMethod: 'FPS', CouponID: 'WELCOME10' });
  });

  it('converts the total of an order placed before HKD pricing, and says so', async () => {
    const m = await shopperWithBag();
    const start = await place(m, { Currency: 'USD', PaymentMethod: 'Alipay' });
    // As migration 0009 left the orders placed before it.
    await t.db.update(orders).set({ totalHkd: null }).where(eq(orders.id, start.OrderID));
    const order = await orderOf(t, m, start.OrderID);
    const converted = toHkdCents(order.orderDetail.Total, 'USD', RATES);

    const fps = await payByFps(m, start.OrderID);
    expect(await fpsAmounts(fps)).toEqual([converted, converted, converted]);
    expect(fps.Fps!.OrderTotal).toEqual({ Amount: order.orderDetail.Total, Currency: 'USD', AmountHKDBasis: 'ExchangeRate' });
    expect((await t.raw(`/api/payments/sandbox/fps/${fps.PaymentID}/pay`, { method: 'POST' })).status).toBe(200);
    await deliverWebhooks(t);
    expect((await orderOf(t, m, start.OrderID)).PaymentStatus).toBe('Paid');
  });
});

// Every kind's HKD total is priced by the order core (orders/pricing.ts totalHkdOf), as the bag's is above.
describe('an FPS payment of a USD booking or subscription', () => {
  it('asks for what the same seats cost in HKD, coupon included', async () => {
    const m = await shopper(t);
    // HKD 280.00 / USD 36.00 a seat (seed): at 7.8 the two seats after the coupon are HKD 505.44, not 504.00.
    const seats = { VarianceID: 'evs-gongfu-oolong-2', NumberOfSeat: 2, CouponID: 'WELCOME10' };
    const inHkd = (await t.call(EventCalculate, { ...seats, Currency: 'HKD' }, auth(m))).orderDetail.Total;
    const start = await t.call(newEventCheckOut, { ...seats, Language: 'en', Currency: 'USD', PaymentMethod: 'FPS' }, auth(m));
    const order = (await t.call(getEventOrder, { orderID: start.OrderID }, auth(m))).Order;
    expect(order.orderDetail).toMatchObject({ Currency: 'USD', Coupon: { CouponID: 'WELCOME10' } });
    expect(toHkdCents(order.orderDetail.Total, 'USD', RATES)).not.toBe(inHkd);
    expect(await fpsAmounts(start)).toEqual([inHkd, inHkd, inHkd]);
    expect(start.Fps!.OrderTotal).toEqual({ Amount: order.orderDetail.Total, Currency: 'USD', AmountHKDBasis: 'HKDPrices' });
  });

  it("asks for what the same cycle costs in HKD, coupon, shipping and taxes included", async () => {
    const m = await shopper(t);
    const plan = { SubscriptionID: PLANS.month, CouponID: 'WELCOME10' };
    const inHkd = (await t.call(subscriptionCalculate, { ...plan, Currency: 'HKD' }, auth(m))).total;
    const start = await t.call(createSubscription, { ...plan, Language: 'en', Currency: 'USD', PaymentMethod: 'FPS' }, auth(m));
    const order = (await t.call(getSubscriptionOrder, { RecordID: start.OrderID }, auth(m))).Order;
    expect(order).toMatchObject({ CouponID: 'WELCOME10', orderDetail: { Currency: 'USD' } });
    expect(toHkdCents(order.orderDetail.Total, 'USD', RATES)).not.toBe(inHkd);
    expect(await fpsAmounts(start)).toEqual([inHkd, inHkd, inHkd]);
  });
});
