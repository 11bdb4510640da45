/**
 * Notifications through Web Push (issue 20): a shop announcement reaches every device on the global topic
 * (and forgets the ones the push service no longer knows); a shipped order is pushed to the member's own
 * devices, opening the order; the hourly reminders sweep pushes the day-before-tasting reminder to every
 * ticket holder once, and the renewal reminder once per cycle, however often it runs. The push sender is
 * deps.push, replaced here by one that records what it was given.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activateTicket, checkout, createSubscription, registerFirebaseToken, registerToGlobalTopic, type TokenSet } from '../../contract/index.ts';
import { eventTickets, eventVariances, events, pushSubscriptions, subscriptions, users } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import type { Deps } from '../../server/deps.ts';
import { shipOrders } from '../../server/services/orders/fulfilment.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { announce, REMINDERS_EVERY_MS, scheduleReminders } from '../../server/services/notifications/notices.ts';
import type { PushPayload, PushResult, PushService } from '../../server/services/push.ts';
import { paidBooking } from '../support/event-bookings.ts';
import { auth, CARDS, fillBag, orderOf, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let now = SEED_NOW.getTime() + HOUR;
let t: TestApp;

/** A push sender that records each message by endpoint; endpoints in `goneEndpoints` answer 410. */
const sent: { endpoint: string; payload: PushPayload }[] = [];
const goneEndpoints = new Set<string>();
const fakePush: PushService = {
  publicKey: 'test',
  requestDetails: () => {
    throw new Error('not used');
  },
  async sendPush(subscription, payload): Promise<PushResult> {
    sent.push({ endpoint: subscription.endpoint, payload });
    const gone = goneEndpoints.has(subscription.endpoint);
    return { status: gone ? 410 : 201, gone };
  },
};
let deps: Deps;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  deps = { ...t.deps, push: fakePush };
});
afterAll(() => t?.close());
beforeEach(() => {
  sent.length = 0;
});

/** A browser's subscription as PushSubscription.toJSON() gives it, as the token the SPA sends. */
function device() {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
  // An uncompressed P-256 point (0x04 and 64 bytes) and a 16-byte secret, as registration checks them.
  const p256dh = Buffer.concat([Buffer.from([0x04]), randomBytes(64)]).toString('base64url');
  const json = { endpoint, expirationTime: null, keys: { p256dh, auth: randomBytes(16).toString('base64url') } };
  return { endpoint, token: JSON.stringify(json) };
}

async function memberDevice(m: TokenSet) {
  const d = device();
  await t.call(registerFirebaseToken, { token: d.token }, auth(m));
  return d.endpoint;
}

const to = (endpoint: string) => sent.filter((s) => s.endpoint === endpoint).map((s) => s.payload);

describe('announcements (npm run announce)', () => {
  it('go to every device on the global topic, members or not, and forget devices that are gone', async () => {
    const visitors = [device(), device(), device()];
    for (const d of visitors) await t.call(registerToGlobalTopic, { token: d.token });
    const m = await shopper(t);
    const memberOnly = await memberDevice(m); // linked to a member, not on the topic
    goneEndpoints.add(visitors[2]!.endpoint);

    const delivery = await announce(deps, { title: 'New oolongs are in', body: 'Three spring harvests', url: '/new_in', lang: 'en' });
    expect(delivery).toEqual({ sent: 2, gone: 1, failed: 0, refused: 0 });
    for (const d of visitors) expect(to(d.endpoint)).toEqual([{ title: 'New oolongs are in', body: 'Three spring harvests', url: '/new_in', lang: 'en' }]);
    expect(to(memberOnly)).toEqual([]);
    // The gone device is no longer on the topic; the others are.
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.globalTopic, true));
    expect(left.map((r) => r.endpoint)).toEqual(expect.arrayContaining([visitors[0]!.endpoint, visitors[1]!.endpoint]));
    expect(left.map((r) => r.endpoint)).not.toContain(visitors[2]!.endpoint);
  });

  it('open the home page by default and refuse an address outside the shop', async () => {
    await t.call(registerToGlobalTopic, { token: device().token });
    await announce(deps, { title: '中秋快樂', body: '月餅配茶', lang: 'zh' });
    expect(sent.at(-1)!.payload).toEqual({ title: '中秋快樂', body: '月餅配茶', url: '/home', lang: 'zh-Hant-HK' });
    for (const url of ['https://evil.example/x', '//evil.example/x', 'new_in']) {
      await expect(announce(deps, { title: 'x', body: 'y', url })).rejects.toThrow(/path of the shop/);
    }
  });
});

describe('an order shipped', () => {
  it('is pushed to the member’s own devices, in their language, opening the order, once', async () => {
    const m = await shopper(t);
    const [phone, laptop] = [await memberDevice(m), await memberDevice(m)];
    const someoneElse = await memberDevice(await shopper(t));
    await t.db.update(users).set({ language: 'zh-Hant' }).where(eq(users.id, m.userId));
    await fillBag(t, m, { 'tea-tieguanyin-50g': 1 });
    const CardID = await saveCard(t, m, CARDS.visa);
    const start = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(m));
    const order = await orderOf(t, m, start.OrderID);

    const desk = { db: t.db, mailer: t.deps.mailer, log: pino({ level: 'silent' }), config: { publicUrl: 'https://shop.test' }, push: fakePush, clock: t.deps.clock };
    expect(await shipOrders(desk, [order.Reference, order.Reference])).toEqual([
      { reference: order.Reference, outcome: 'shipped' },
      { reference: order.Reference, outcome: 'alreadyShipped' },
    ]);
    const expected = { title: '訂單已發貨', body: `你的訂單 ${order.Reference} 已經寄出。`, url: `/order_record/${order.OrderID}`, lang: 'zh-Hant-HK', tag: `order-${order.OrderID}` };
    expect(to(phone)).toEqual([expected]);
    expect(to(laptop)).toEqual([expected]);
    expect(to(someoneElse)).toEqual([]);
  });
});

describe('the reminders sweep', () => {
  const EVENT = 'evt-push-test';
  const SESSION = 'evs-push-test';
  const startsAt = new Date(SEED_NOW.getTime() + 3 * DAY + 7 * HOUR); // 19:00 in Hong Kong, three days on

  beforeAll(async () => {
    await t.db.insert(events).values({
      id: EVENT,
      typeId: (await t.db.select({ typeId: events.typeId }).from(events).limit(1))[0]!.typeId,
      titleEn: 'Spring oolongs',
      titleZh: '春季烏龍',
      descriptionEn: 'A tasting made by the test.',
      descriptionZh: '測試建立的品鑑。',
      hostNameEn: 'Test Host',
      hostNameZh: '測試主持',
      hostBioEn: 'Hosts tests.',
      hostBioZh: '主持測試。',
      venueEn: 'Tea Room',
      venueZh: '茶室',
      addressEn: '1 Test Street, Central',
      addressZh: '中環測試街1號',
      districtEn: 'Central',
      districtZh: '中環',
      mapUrl: 'https://maps.example/test',
      image: 'teapot-30-1',
    });
    await t.db.insert(eventVariances).values({
      id: SESSION,
      eventId: EVENT,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      capacity: 10,
      seatsLeft: 10,
      priceHkd: 38000,
      priceUsd: 4900,
      saleOpensAt: new Date(SEED_NOW.getTime() - 30 * DAY),
      saleClosesAt: startsAt,
    });
  });

  it('pushes the day-before-tasting reminder to each ticket holder once, even run again and again', async () => {
    const booker = await shopper(t);
    const guest = await shopper(t);
    const bystander = await shopper(t);
    const [bookerPhone, guestPhone, bystanderPhone] = [await memberDevice(booker), await memberDevice(guest), await memberDevice(bystander)];
    // The booker's own seat and a guest's, the guest taking their ticket; a second order of the booker's adds an unnamed guest seat.
    const order = await paidBooking(t, booker, SESSION, 2, [{ Name: 'Ka Yan Wong', Contact: '91234567' }]);
    const [guestTicket] = await t.db.select().from(eventTickets).where(eq(eventTickets.orderId, order.OrderID)).then((rows) => rows.filter((r) => !r.isOwner));
    await t.call(activateTicket, { TicketID: guestTicket!.id }, auth(guest));
    await paidBooking(t, booker, SESSION, 1);

    await scheduleReminders(t.db, new Date(now));
    // Two days before: nothing yet (the sweep runs hourly).
    const twoDaysBefore = new Date(startsAt.getTime() - 2 * DAY);
    expect((await runDueJobs(deps, twoDaysBefore)).remindersSent).toBe(0);
    expect(sent).toEqual([]);
    // Within a day of it: both holders, once; the sweep then runs an hour later, and again, and another runner at the same time.
    const dayBefore = new Date(startsAt.getTime() - 23.5 * HOUR);
    expect((await runDueJobs(deps, dayBefore)).remindersSent).toBe(2);
    expect((await runDueJobs(deps, dayBefore)).remindersSent).toBe(0);
    const later = new Date(dayBefore.getTime() + REMINDERS_EVERY_MS);
    const [a, b] = await Promise.all([runDueJobs(deps, later), runDueJobs(deps, later)]);
    expect(a.remindersSent + b.remindersSent).toBe(0);
    expect((await runDueJobs(deps, new Date(later.getTime() + REMINDERS_EVERY_MS))).remindersSent).toBe(0);

    const url = `/event_record/${EVENT}/${SESSION}`;
    expect(to(bookerPhone)).toEqual([
      { title: 'See you soon: Spring oolongs', body: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 19:00–21:00 at Tea Room\.$/), url, lang: 'en', tag: `tasting-${SESSION}` },
    ]);
    expect(to(guestPhone)).toHaveLength(1);
    expect(to(guestPhone)[0]!.url).toBe(url);
    expect(to(bystanderPhone)).toEqual([]);
  });

  it('pushes the renewal reminder once per cycle, for card and FPS renewals alike', async () => {
    const m: Shopper = await shopper(t);
    const phone = await memberDevice(m);
    const cardId = await saveCard(t, m, CARDS.visa);
    const start = await t.call(
      createSubscription,
      { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', PaymentMethodID: cardId, SubscriptionID: PLANS.month },
      auth(m),
    );
    expect(start.PaymentStatus).toBe('succeeded');
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, start.RecordID));
    const billingAt = sub!.currentPeriodEnd!;
    const justBefore = (ms: number) => new Date(billingAt.getTime() - ms);

    // Four days ahead nothing; three days ahead, once, however often the sweep runs.
    sent.length = 0;
    await scheduleReminders(t.db, justBefore(4 * DAY));
    expect((await runDueJobs(deps, justBefore(4 * DAY))).remindersSent).toBe(0);
    await scheduleReminders(t.db, justBefore(3 * DAY - HOUR));
    expect((await runDueJobs(deps, justBefore(3 * DAY - HOUR))).remindersSent).toBe(1);
    await scheduleReminders(t.db, justBefore(2 * DAY));
    expect((await runDueJobs(deps, justBefore(2 * DAY))).remindersSent).toBe(0);
    expect(to(phone)).toEqual([
      {
        title: 'Your subscription renews soon',
        body: expect.stringContaining('with your saved card'),
        url: `/subscription_record/${sub!.firstOrderId}`,
        lang: 'en',
        tag: `renewal-${sub!.firstOrderId}`,
      },
    ]);

    // The next cycle (its billing date moved on a month) is reminded again, once; paid by FPS, it asks to pay.
    const nextBilling = new Date(billingAt.getTime() + 30 * DAY);
    await t.db.update(subscriptions).set({ currentPeriodEnd: nextBilling, paymentMethod: 'FPS' }).where(eq(subscriptions.id, sub!.id));
    for (const at of [nextBilling.getTime() - 2 * DAY, nextBilling.getTime() - DAY]) {
      await scheduleReminders(t.db, new Date(at));
      await runDueJobs(deps, new Date(at));
    }
    expect(to(phone)).toHaveLength(2);
    expect(to(phone)[1]!.body).toMatch(/please pay for the next box/);
    // A cancelled subscription is not reminded.
    await t.db.update(subscriptions).set({ currentPeriodEnd: new Date(nextBilling.getTime() + 30 * DAY), cancelledAt: new Date(now) }).where(eq(subscriptions.id, sub!.id));
    await scheduleReminders(t.db, new Date(nextBilling.getTime() + 29 * DAY));
    await runDueJobs(deps, new Date(nextBilling.getTime() + 29 * DAY));
    expect(to(phone)).toHaveLength(2);
  });
});
