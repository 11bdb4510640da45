/**
 * A double tap charges once (issue 26, finding 1). A member's second identical event or subscription
 * checkout, sent while the first is in flight (or moments after it was paid), finds the first order: the
 * provider holds one payment and no refund is owed. Every charge carries an Idempotency-Key, so a retry of
 * the same payment request gets the same payment. Locks are taken member first everywhere, so placing and
 * settling at once never deadlock (on PostgreSQL, create-subscription pressed twice answered 500
 * "deadlock detected" before).
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, newEventCheckOut, type CallBodyInput } from '../../contract/index.ts';
import { coupons, couponRedemptions, eventVariances, events, orders, refundRequests, sandboxPayments } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { customerOf } from '../../server/services/orders/cards.ts';
import { auth, CARDS, deliverWebhooks, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = SEED_NOW.getTime() + DAY;
let t: TestApp;
const EVENT = 'evt-test-repeats';
let sessions = 0;

/** A session of a tea tasting a week on, open for sale, with this many seats. */
async function newSession(capacity: number): Promise<string> {
  const id = `evs-test-repeats-${++sessions}`;
  const startsAt = new Date(SEED_NOW.getTime() + 7 * DAY);
  await t.db.insert(eventVariances).values({
    id,
    eventId: EVENT,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 120 * MINUTE),
    capacity,
    seatsLeft: capacity,
    priceHkd: 38000,
    priceUsd: 4900,
    saleOpensAt: new Date(SEED_NOW.getTime() - 30 * DAY),
    saleClosesAt: startsAt,
  });
  return id;
}

type EventBody = CallBodyInput<typeof newEventCheckOut>;
const eventBody = (VarianceID: string, more: Partial<EventBody> = {}): EventBody => ({
  Language: 'en',
  Currency: 'HKD',
  VarianceID,
  NumberOfSeat: 2,
  GuestInfo: [{ Name: 'Chan Siu Ming', Contact: '+852 9123 4567' }],
  PaymentMethod: 'CreditCard',
  AgeConfirmed: true,
  ConfirmPayment: true,
  ...more,
});

/** Posts a call as-is and answers status and body (a refusal is a value here, not a throw). */
async function post(call: string, body: unknown, m: Shopper) {
  const r = await t.raw(`/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(m) }, body: JSON.stringify(body) });
  return { status: r.status, json: r.json as Record<string, unknown> };
}

/** Every payment the provider holds for the member's orders. */
async function providerPayments(m: Shopper) {
  const placed = await t.db.select({ reference: orders.reference }).from(orders).where(eq(orders.userId, m.userId));
  if (placed.length === 0) return [];
  return t.db.select().from(sandboxPayments).where(inArray(sandboxPayments.orderRef, placed.map((o) => o.reference)));
}

async function refundsOf(m: Shopper) {
  const placed = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, m.userId));
  if (placed.length === 0) return [];
  return t.db.select().from(refundRequests).where(inArray(refundRequests.orderId, placed.map((o) => o.id)));
}

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  await t.db.insert(events).values({
    id: EVENT,
    typeId: 'tea',
    titleEn: 'Test tasting',
    titleZh: '測試品鑑',
    descriptionEn: 'A tasting made by the test.',
    descriptionZh: '測試建立的品鑑。',
    hostNameEn: 'Test Host',
    hostNameZh: '測試主持',
    hostBioEn: 'Hosts tests.',
    hostBioZh: '主持測試。',
    venueEn: 'Test Room',
    venueZh: '測試室',
    addressEn: '1 Test Street, Central',
    addressZh: '中環測試街1號',
    districtEn: 'Central',
    districtZh: '中環',
    mapUrl: 'https://maps.example/test',
    image: 'teapot-30-1',
  });
  await t.db.update(coupons).set({ validUntil: new Date(SEED_NOW.getTime() + 5 * 365 * DAY) });
});
afterAll(() => t.close());

describe('an event checkout sent twice', () => {
  it('charges the saved card once: both answers name one order, the provider holds one payment', async () => {
    const session = await newSession(20);
    const m = await shopper(t);
    const CardID = await saveCard(t, m, CARDS.visa);
    const [a, b] = await Promise.all([post('newEventCheckOut', eventBody(session, { CardID }), m), post('newEventCheckOut', eventBody(session, { CardID }), m)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.OrderID).toBe(b.json.OrderID);
    await deliverWebhooks(t);
    const payments = await providerPayments(m);
    expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(payments).toHaveLength(1);
    expect(await refundsOf(m)).toEqual([]);
    const [seats] = await t.db.select({ left: eventVariances.seatsLeft }).from(eventVariances).where(eq(eventVariances.id, session));
    expect(seats!.left).toBe(18);
  });

  it('eight at once with a coupon: one order, one redemption, one charge, no refund', async () => {
    const session = await newSession(20);
    const m = await shopper(t);
    const CardID = await saveCard(t, m, CARDS.visa);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('newEventCheckOut', eventBody(session, { CardID, CouponID: 'WELCOME10' }), m)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json.OrderID)).size).toBe(1);
    await deliverWebhooks(t);
    expect((await providerPayments(m)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await refundsOf(m)).toEqual([]);
    const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, m.userId));
    expect(redemptions).toHaveLength(1);
  });

  it('sent again after the first was paid: answers the paid order, charges nothing more', async () => {
    const session = await newSession(20);
    const m = await shopper(t);
    const CardID = await saveCard(t, m, CARDS.visa);
    const first = await post('newEventCheckOut', eventBody(session, { CardID }), m);
    expect(first.json.PaymentStatus).toBe('succeeded');
    const again = await post('newEventCheckOut', eventBody(session, { CardID }), m);
    expect(again).toMatchObject({ status: 200, json: { OrderID: first.json.OrderID, PaymentStatus: 'succeeded' } });
    expect(await providerPayments(m)).toHaveLength(1);
  });

  it('a different booking is not a repeat: other guests make a new order', async () => {
    const session = await newSession(20);
    const m = await shopper(t);
    const first = await post('newEventCheckOut', eventBody(session, { PaymentMethod: 'FPS' }), m);
    const other = await post('newEventCheckOut', eventBody(session, { PaymentMethod: 'FPS', GuestInfo: [{ Name: 'Lee Ka Yan', Contact: '+852 9876 5432' }] }), m);
    expect(other.status).toBe(200);
    expect(other.json.OrderID).not.toBe(first.json.OrderID);
  });

  it('an FPS checkout sent twice answers the same QR of the same order', async () => {
    const session = await newSession(20);
    const m = await shopper(t);
    const [a, b] = await Promise.all([post('newEventCheckOut', eventBody(session, { PaymentMethod: 'FPS' }), m), post('newEventCheckOut', eventBody(session, { PaymentMethod: 'FPS' }), m)]);
    expect(a.json.OrderID).toBe(b.json.OrderID);
    expect(a.json.PaymentID).toBe(b.json.PaymentID);
    expect((a.json.Fps as { QRCode: string }).QRCode).toBe((b.json.Fps as { QRCode: string }).QRCode);
    expect(await providerPayments(m)).toHaveLength(1);
  });

  it('after a declined card, the same checkout tries the card again as a new payment of the same order', async () => {
    const session = await newSession(20);
    const m = await shopper(t);
    const declined = await saveCard(t, m, CARDS.declined);
    const first = await post('newEventCheckOut', eventBody(session, { CardID: declined }), m);
    expect(first).toMatchObject({ status: 400, json: { ErrorCode: 'PaymentFail' } });
    const again = await post('newEventCheckOut', eventBody(session, { CardID: declined }), m);
    expect(again).toMatchObject({ status: 400, json: { ErrorCode: 'PaymentFail' } });
    const payments = await providerPayments(m);
    expect(payments).toHaveLength(2);
    expect(new Set(payments.map((p) => p.orderRef)).size).toBe(1);
  });
});

describe('create-subscription pressed twice', () => {
  const trials = 6;
  it(`charges once and never fails with a deadlock (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const m = await shopper(t);
      const PaymentMethodID = await saveCard(t, m, CARDS.visa);
      const body = { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', SubscriptionID: PLANS.month, PaymentMethodID } satisfies CallBodyInput<typeof createSubscription>;
      const [a, b] = await Promise.all([post('create-subscription', body, m), post('create-subscription', body, m)]);
      // Both answer (neither a 500): the same subscription and order.
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.json.RecordID).toBe(b.json.RecordID);
      expect(a.json.OrderID).toBe(b.json.OrderID);
      await deliverWebhooks(t);
      expect((await providerPayments(m)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
      expect(await refundsOf(m)).toEqual([]);
    }
  });
});

describe('placing and settling at once', () => {
  const trials = 6;
  it(`the same plan asked at once with two cards (the second replaces the first) never fails with a deadlock (${trials} trials)`, async () => {
    for (let trial = 0; trial < trials; trial++) {
      const m = await shopper(t);
      const cards = [await saveCard(t, m, CARDS.visa), await saveCard(t, m, CARDS.visa)];
      const body = (PaymentMethodID: string) =>
        ({ Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', SubscriptionID: PLANS.month, PaymentMethodID }) satisfies CallBodyInput<typeof createSubscription>;
      const answers = await Promise.all(cards.map((card) => post('create-subscription', body(card), m)));
      // Placing the second locks the member's row, then the first's order to replace it, while settling the first
      // locked its order and then the member's row (the member becomes a subscriber): in opposite orders,
      // PostgreSQL answered one of them "deadlock detected" (a 500). Member first everywhere: no 500.
      expect(answers.map((a) => a.status).filter((status) => status >= 500)).toEqual([]);
      await deliverWebhooks(t);
      const paid = await t.db.select().from(orders).where(eq(orders.userId, m.userId));
      const charged = (await providerPayments(m)).filter((p) => p.status === 'succeeded');
      // Every charge paid an order or is owed back: none is lost.
      expect(charged.length).toBe(paid.filter((o) => o.paymentStatus === 'Paid').length + (await refundsOf(m)).length);
    }
  });
});

describe('the provider and idempotency keys', () => {
  it('a charge asked again with the same key answers the same payment; a new key is a new payment', async () => {
    const provider = (await t.deps.payments.ready).provider;
    const m = await shopper(t);
    const cardId = await saveCard(t, m, CARDS.declined);
    const customerId = await customerOf(t.deps, m.userId, true);
    const request = { orderRef: 'SG-KEYS-1', amount: 1000, currency: 'HKD', customerId, cardId, returnUrl: 'http://shop.test/back', idempotencyKey: 'key-1' };
    const first = await provider.createCardPayment(request);
    const again = await provider.createCardPayment(request);
    expect(first.ok && again.ok && first.payment.paymentId === again.payment.paymentId).toBe(true);
    expect(first.ok && first.payment.status).toBe('failed');
    const next = await provider.createCardPayment({ ...request, idempotencyKey: 'key-2' });
    expect(next.ok && first.ok && next.payment.paymentId !== first.payment.paymentId).toBe(true);
  });
});
