/**
 * SVIP early access (issue 18): a session may open to Subscribed members (SVIPs, spec §1) before its public
 * sale. During that window everyone else is refused with EventSaleClosed as before a sale opens, a
 * Subscribed member prices and books seats; getEventDetail shows the window while SaleStatus stays NotOpen
 * until the public opening, after which everyone can book.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventCalculate, getEventDetail, newEventCheckOut, type CallBodyInput } from '../../contract/index.ts';
import { eventVariances, events, users } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS, SEED_EVENT_SVIP_SESSIONS } from '../../server/db/seed/event-data.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = SEED_NOW.getTime() + 60 * MINUTE;
let t: TestApp;

const EVENT = 'evt-test-svip';
const SESSION = 'evs-test-svip';
/** The test session's windows: SVIP from a day before the seed, everyone from three days after it. */
const SVIP_OPENS = SEED_NOW.getTime() - DAY;
const PUBLIC_OPENS = SEED_NOW.getTime() + 3 * DAY;

type CheckoutBody = CallBodyInput<typeof newEventCheckOut>;
const fpsBody = (NumberOfSeat: number): CheckoutBody => ({ Language: 'en', Currency: 'HKD', VarianceID: SESSION, NumberOfSeat, PaymentMethod: 'FPS' });
const seatsLeft = async () => (await t.db.select({ n: eventVariances.seatsLeft }).from(eventVariances).where(eq(eventVariances.id, SESSION)))[0]!.n;

async function subscribed(): Promise<Shopper> {
  const m = await shopper(t);
  await t.db.update(users).set({ subscribed: true }).where(eq(users.id, m.userId));
  return m;
}

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  await t.db.insert(events).values({
    id: EVENT,
    typeId: 'tea',
    titleEn: 'SVIP test tasting',
    titleZh: 'SVIP 測試品鑑',
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
  const startsAt = new Date(SEED_NOW.getTime() + 20 * DAY);
  await t.db.insert(eventVariances).values({
    id: SESSION,
    eventId: EVENT,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 60 * MINUTE),
    capacity: 20,
    seatsLeft: 20,
    priceHkd: 38000,
    priceUsd: 4900,
    svipSaleOpensAt: new Date(SVIP_OPENS),
    saleOpensAt: new Date(PUBLIC_OPENS),
    saleClosesAt: startsAt,
  });
});
afterAll(() => t.close());
beforeEach(() => {
  now = SEED_NOW.getTime() + 60 * MINUTE;
});

describe('during the SVIP window', () => {
  it('refuses a member without a subscription as before the sale opens, and takes no seats', async () => {
    const m = await shopper(t);
    const before = await seatsLeft();
    const priced = await refused(t, 'EventCalculate', { VarianceID: SESSION, NumberOfSeat: 1 }, m);
    expect(priced.status).toBe(400);
    expect(priced.json).toMatchObject({ ErrorCode: 'EventSaleClosed', field: 'VarianceID' });
    expect((await refused(t, 'newEventCheckOut', fpsBody(1), m)).json).toMatchObject({ ErrorCode: 'EventSaleClosed' });
    expect(await seatsLeft()).toBe(before);
  });

  it('lets a Subscribed member price and book seats', async () => {
    const m = await subscribed();
    const before = await seatsLeft();
    const priced = await t.call(EventCalculate, { VarianceID: SESSION, NumberOfSeat: 2 }, auth(m));
    expect(priced).toMatchObject({ SpacesLeft: before, GuestSlots: 1 });
    expect(priced.orderDetail).toMatchObject({ SubTotal: 76000, PricePerPerson: 38000, NumberOfSeat: 2 });
    const booked = await t.call(newEventCheckOut, fpsBody(2), auth(m));
    expect(booked.PaymentStatus).toBe('pending');
    expect(await seatsLeft()).toBe(before - 2);
  });

  it('still refuses a Subscribed member before the SVIP window opens', async () => {
    now = SVIP_OPENS - MINUTE;
    const m = await subscribed();
    expect((await refused(t, 'EventCalculate', { VarianceID: SESSION, NumberOfSeat: 1 }, m)).json).toMatchObject({ ErrorCode: 'EventSaleClosed' });
  });

  it('getEventDetail shows the window, with the sale not open to everyone yet', async () => {
    const { eventDetail } = await t.call(getEventDetail, { EventID: EVENT });
    expect(eventDetail.Variances[0]).toMatchObject({
      VarianceID: SESSION,
      SaleStatus: 'NotOpen',
      SvipSaleOpenAt: new Date(SVIP_OPENS).toISOString(),
      SaleOpenAt: new Date(PUBLIC_OPENS).toISOString(),
      SvipEarlyAccess: true,
    });
    now = SVIP_OPENS - MINUTE;
    const early = (await t.call(getEventDetail, { EventID: EVENT })).eventDetail.Variances[0]!;
    expect(early).toMatchObject({ SaleStatus: 'NotOpen', SvipEarlyAccess: false, SvipSaleOpenAt: new Date(SVIP_OPENS).toISOString() });
  });

  it('the seed has two sessions in their SVIP window', async () => {
    for (const [eventId, sessionId] of [
      [SEED_EVENT_IDS.puerVertical, SEED_EVENT_SVIP_SESSIONS[0]],
      [SEED_EVENT_IDS.incenseMaking, SEED_EVENT_SVIP_SESSIONS[1]],
    ] as const) {
      const { eventDetail } = await t.call(getEventDetail, { EventID: eventId });
      const session = eventDetail.Variances.find((v) => v.VarianceID === sessionId)!;
      expect(session).toMatchObject({ SaleStatus: 'NotOpen', SvipEarlyAccess: true });
      expect(Date.parse(session.SvipSaleOpenAt!)).toBeLessThan(now);
      // The other sessions have no window.
      expect(eventDetail.Variances.filter((v) => v.VarianceID !== sessionId).every((v) => v.SvipEarlyAccess === false && v.SvipSaleOpenAt === undefined)).toBe(true);
    }
  });
});

describe('after the public opening', () => {
  it('everyone can book, and the window is over', async () => {
    now = PUBLIC_OPENS + MINUTE;
    const m = await shopper(t);
    const { eventDetail } = await t.call(getEventDetail, { EventID: EVENT });
    expect(eventDetail.Variances[0]).toMatchObject({ SaleStatus: 'OnSale', SvipEarlyAccess: false });
    expect(await t.call(EventCalculate, { VarianceID: SESSION, NumberOfSeat: 1 }, auth(m))).toMatchObject({ GuestSlots: 0 });
    expect((await t.call(newEventCheckOut, fpsBody(1), auth(m))).PaymentStatus).toBe('pending');
    const svip = await subscribed();
    expect((await t.call(newEventCheckOut, fpsBody(1), auth(svip))).PaymentStatus).toBe('pending');
  });
});
