import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEW_SPACES_LEFT, getEventDetail, getUpcomingEvents, SearchAndFilterEvent, type EventCard } from '../../contract/index.ts';
import { events } from '../../server/db/schema.ts';
import {
  SEED_EVENT_IDS,
  SEED_EVENT_NEARLY_FULL_SESSION,
  SEED_EVENT_PAST_ONLY,
  SEED_EVENT_PAST_SESSION,
  SEED_EVENT_SALE_NOT_OPEN_SESSION,
  SEED_EVENT_SOLD_OUT_SESSION,
  seedEvents,
} from '../../server/db/seed/event-data.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The test's clock: an hour after the seed, moved by tests that need time to pass. */
let now = new Date(SEED_NOW.getTime() + HOUR_MS);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date(SEED_NOW.getTime() + HOUR_MS);
});

const search = (body: Record<string, unknown> = {}) => t.call(SearchAndFilterEvent, { Size: 50, ...body } as never);
const ids = (list: readonly EventCard[]) => list.map((e) => e.EventID);
const post = (call: string, body: unknown) =>
  t.raw(`/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Seeded events with a session after `at` (seed sessions are placed `inDays` from the seed's now). */
const eventsWithSessionAfterDay = (day: number) => seedEvents.filter((e) => e.sessions.some((s) => s.inDays > day)).map((e) => e.id);
const ofType = (type: string) => seedEvents.filter((e) => e.typeId === type && e.id !== SEED_EVENT_PAST_ONLY).map((e) => e.id);

describe('getEventDetail', () => {
  it('answers the event with its sessions to come, soonest first, in Hong Kong dates and times; the past session is left out', async () => {
    const { eventDetail } = await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.gongfuOolong });
    expect(eventDetail.Title.en).toMatch(/Oolong/);
    expect(eventDetail.Title.zh).toMatch(/烏龍/);
    expect(eventDetail.Host.Name.zh).toBeTruthy();
    expect(eventDetail.Location.MapURL).toMatch(/^https:\/\/www\.google\.com\/maps\/search\//);
    expect(eventDetail.Location.District).toEqual({ en: 'Sheung Wan', zh: '上環' });
    expect(eventDetail.Image).toMatch(/^\/media\/art\/teapot-/);
    expect(eventDetail.IsAlcohol).toBe(false);
    const sessions = eventDetail.Variances.map((v) => v.VarianceID);
    expect(sessions).toEqual(['evs-gongfu-oolong-1', 'evs-gongfu-oolong-2', 'evs-gongfu-oolong-3']);
    expect(sessions).not.toContain(SEED_EVENT_PAST_SESSION);
    // The seed's now is 2026-11-01 12:00 in Hong Kong; the first session is 12 days on, 19:00–21:00 there.
    expect(eventDetail.Variances[0]).toMatchObject({
      Date: '2026-11-13',
      TimeSlot: '19:00–21:00',
      StartAt: '2026-11-13T11:00:00.000Z',
      EndAt: '2026-11-13T13:00:00.000Z',
      Capacity: 16,
      SpacesLeft: 11,
      PricePerPerson: 28000,
      Currency: 'HKD',
      SaleStatus: 'OnSale',
    });
    expect(eventDetail.SpacesLeft).toBe(11 + 16 + 16);
    expect(eventDetail.PricePerPerson).toBe(28000);
  });

  it('prices in USD when asked', async () => {
    const { eventDetail } = await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.islayWhisky, Currency: 'USD' });
    expect(eventDetail.Currency).toBe('USD');
    expect(eventDetail.PricePerPerson).toBe(8800);
    expect(eventDetail.Variances.every((v) => v.PricePerPerson === 8800 && v.Currency === 'USD')).toBe(true);
    expect(eventDetail.IsAlcohol).toBe(true);
    expect(eventDetail.Remark.en).toMatch(/18/);
  });

  it('says which sessions are sold out, nearly full and not yet on sale', async () => {
    const matcha = (await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.matchaWhisking })).eventDetail;
    expect(matcha.Variances.find((v) => v.VarianceID === SEED_EVENT_SOLD_OUT_SESSION)).toMatchObject({ SpacesLeft: 0, SaleStatus: 'SoldOut' });
    const islay = (await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.islayWhisky })).eventDetail;
    const nearlyFull = islay.Variances.find((v) => v.VarianceID === SEED_EVENT_NEARLY_FULL_SESSION)!;
    expect(nearlyFull.SaleStatus).toBe('OnSale');
    expect(nearlyFull.SpacesLeft).toBeGreaterThan(0);
    expect(nearlyFull.SpacesLeft).toBeLessThanOrEqual(FEW_SPACES_LEFT);
    const agarwood = (await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.agarwood })).eventDetail;
    expect(agarwood.Variances.find((v) => v.VarianceID === SEED_EVENT_SALE_NOT_OPEN_SESSION)?.SaleStatus).toBe('NotOpen');
  });

  it('leaves out a session once it has started, by the server clock', async () => {
    now = new Date(Date.parse('2026-11-13T11:00:00.000Z') + 60_000);
    const { eventDetail } = await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.gongfuOolong });
    expect(eventDetail.Variances.map((v) => v.VarianceID)).toEqual(['evs-gongfu-oolong-2', 'evs-gongfu-oolong-3']);
  });

  it('answers an event whose sessions are all past with none', async () => {
    const { eventDetail } = await t.call(getEventDetail, { EventID: SEED_EVENT_PAST_ONLY });
    expect(eventDetail.Variances).toEqual([]);
    expect(eventDetail.SpacesLeft).toBe(0);
  });

  it('answers ObjectNotFound for an unknown or unpublished event, as getProduct does', async () => {
    const unknown = await post('getEventDetail', { EventID: 'evt-nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound' });
    await t.db.update(events).set({ published: false }).where(eq(events.id, SEED_EVENT_IDS.sakePairing));
    try {
      const hidden = await post('getEventDetail', { EventID: SEED_EVENT_IDS.sakePairing });
      expect(hidden.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound' });
      expect(ids((await search()).EventList)).not.toContain(SEED_EVENT_IDS.sakePairing);
    } finally {
      await t.db.update(events).set({ published: true }).where(eq(events.id, SEED_EVENT_IDS.sakePairing));
    }
  });

  it('names the missing field', async () => {
    const missing = await post('getEventDetail', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'EventID' });
  });
});

describe('SearchAndFilterEvent', () => {
  it('lists every event with a session to come, never the past-only one', async () => {
    const { EventList, Total } = await search();
    expect(new Set(ids(EventList))).toEqual(new Set(eventsWithSessionAfterDay(0)));
    expect(Total).toBe(EventList.length);
    expect(ids(EventList)).not.toContain(SEED_EVENT_PAST_ONLY);
  });

  it('finds English keywords by stem, in title, host, venue and description', async () => {
    expect(ids((await search({ Keyword: 'oolong' })).EventList)).toEqual([SEED_EVENT_IDS.gongfuOolong]);
    expect(ids((await search({ Keyword: 'Yirgacheffe' })).EventList)).toEqual([SEED_EVENT_IDS.coffeeCupping]);
    expect(ids((await search({ Keyword: 'Kenji' })).EventList)).toEqual([SEED_EVENT_IDS.sakePairing]);
    expect(ids((await search({ Keyword: 'brewing pour' })).EventList)).toEqual([SEED_EVENT_IDS.pourOver]);
    expect((await search({ Keyword: 'zzzunknownword' })).Total).toBe(0);
  });

  it('finds Chinese keywords', async () => {
    expect(ids((await search({ Keyword: '普洱' })).EventList)).toEqual([SEED_EVENT_IDS.puerVertical]);
    expect(new Set(ids((await search({ Keyword: '沉香' })).EventList))).toEqual(new Set([SEED_EVENT_IDS.agarwood, SEED_EVENT_IDS.incenseMaking]));
    expect(ids((await search({ Keyword: '深水埗' })).EventList)).toEqual([SEED_EVENT_IDS.pourOver]);
  });

  it('a keyword naming a category finds every event of it, in either language', async () => {
    const tea = ofType('tea');
    expect(tea.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids((await search({ Keyword: 'tea' })).EventList))).toEqual(new Set(tea));
    expect(new Set(ids((await search({ Keyword: '茶' })).EventList))).toEqual(new Set(tea));
    expect(new Set(ids((await search({ Keyword: 'coffee' })).EventList))).toEqual(new Set(ofType('coffee')));
    expect(new Set(ids((await search({ Keyword: '烈酒' })).EventList))).toEqual(new Set(ofType('spirits')));
    expect(ids((await search({ Keyword: 'whisky' })).EventList)).toEqual([SEED_EVENT_IDS.islayWhisky]);
    expect(ids((await search({ Keyword: '威士忌' })).EventList)).toEqual([SEED_EVENT_IDS.islayWhisky]);
  });

  it('does not find an event whose sessions are all past', async () => {
    expect((await search({ Keyword: 'baijiu' })).Total).toBe(0);
    expect((await search({ Keyword: '白酒' })).Total).toBe(0);
  });

  it('filters by product type', async () => {
    const { EventList } = await search({ Filter: { ProductType: ['incense', 'coffee'] } });
    expect(new Set(ids(EventList))).toEqual(new Set([...ofType('incense'), ...ofType('coffee')]));
  });

  it('filters by Hong Kong dates, inclusive, and shows the sessions within them', async () => {
    // Seed now is 2026-11-01 in Hong Kong: days 10 to 12 are 2026-11-11 … 2026-11-13.
    const { EventList } = await search({ Range: { Date: { From: '2026-11-11', To: '2026-11-13' } } });
    const expected = seedEvents.filter((e) => e.sessions.some((s) => s.inDays >= 10 && s.inDays <= 12)).map((e) => e.id);
    expect(new Set(ids(EventList))).toEqual(new Set(expected));
    const oolong = EventList.find((e) => e.EventID === SEED_EVENT_IDS.gongfuOolong)!;
    expect(oolong.SessionCount).toBe(1);
    expect(oolong.NextSession).toMatchObject({ VarianceID: 'evs-gongfu-oolong-1', Date: '2026-11-13', TimeSlot: '19:00–21:00' });
    // One day: the oolong session alone (the coffee cupping is on the 11th).
    expect(ids((await search({ Range: { Date: { From: '2026-11-13', To: '2026-11-13' } } })).EventList)).toEqual([SEED_EVENT_IDS.gongfuOolong]);
  });

  it('filters by price per person in the currency asked', async () => {
    const hkd = await search({ Range: { Price: { Min: 40000, Max: 60000 } } });
    const inRange = seedEvents.filter((e) => e.priceHkd >= 40000 && e.priceHkd <= 60000 && e.id !== SEED_EVENT_PAST_ONLY).map((e) => e.id);
    expect(new Set(ids(hkd.EventList))).toEqual(new Set(inRange));
    expect(hkd.EventList.every((e) => e.PricePerPerson >= 40000 && e.PricePerPerson <= 60000 && e.Currency === 'HKD')).toBe(true);
    const usd = await search({ Currency: 'USD', Range: { Price: { Min: 6000, Max: 7000 } } });
    expect(new Set(ids(usd.EventList))).toEqual(new Set([SEED_EVENT_IDS.puerVertical, SEED_EVENT_IDS.sakePairing]));
    expect(usd.EventList.every((e) => e.Currency === 'USD')).toBe(true);
  });

  it('sorts by next session date (the default) or by price, either way', async () => {
    const starts = (list: readonly EventCard[]) => list.map((e) => Date.parse(e.NextSession!.StartAt));
    const prices = (list: readonly EventCard[]) => list.map((e) => e.PricePerPerson);
    const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
    const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
    const byDefault = (await search()).EventList;
    expect(byDefault.length).toBeGreaterThanOrEqual(8);
    expect(ascending(starts(byDefault))).toBe(true);
    expect(byDefault[0]!.EventID).toBe(SEED_EVENT_IDS.coffeeCupping);
    const dateDesc = (await search({ Sort: 'dateDesc' })).EventList;
    expect(descending(starts(dateDesc))).toBe(true);
    expect(ids(dateDesc)).not.toEqual(ids(byDefault));
    const priceAsc = (await search({ Sort: 'priceAsc' })).EventList;
    expect(ascending(prices(priceAsc))).toBe(true);
    expect(priceAsc[0]!.EventID).toBe(SEED_EVENT_IDS.coffeeCupping);
    const priceDesc = (await search({ Sort: 'priceDesc', Currency: 'USD' })).EventList;
    expect(descending(prices(priceDesc))).toBe(true);
    expect(priceDesc[0]!.EventID).toBe(SEED_EVENT_IDS.islayWhisky);
    for (const list of [dateDesc, priceAsc, priceDesc]) expect(new Set(ids(list))).toEqual(new Set(ids(byDefault)));
  });

  it('pages with From and Size, Total counting every match', async () => {
    const all = ids((await search()).EventList);
    const first = await search({ Size: 3 });
    const second = await search({ Size: 3, From: 3 });
    expect(ids(first.EventList)).toEqual(all.slice(0, 3));
    expect(ids(second.EventList)).toEqual(all.slice(3, 6));
    expect(first.Total).toBe(all.length);
    const beyond = await search({ From: 100 });
    expect(beyond).toMatchObject({ EventList: [], Total: all.length });
  });

  it('leaves out sessions that have started as time passes', async () => {
    now = new Date(SEED_NOW.getTime() + 11 * DAY_MS);
    const { EventList } = await search({ Range: { Date: { From: '2026-11-11', To: '2026-11-11' } } });
    expect(EventList).toEqual([]);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const cases: [unknown, string][] = [
      [{ Range: { Date: { From: '2026-13-99' } } }, 'Range.Date.From'],
      [{ Range: { Date: { To: '2026-02-30' } } }, 'Range.Date.To'],
      [{ Range: { Date: { From: 'tomorrow' } } }, 'Range.Date.From'],
      [{ Range: { Date: { From: '2026-12-10', To: '2026-12-01' } } }, 'Range.Date.To'],
      [{ Range: { Price: { Min: -1 } } }, 'Range.Price.Min'],
      [{ Sort: 'relevance' }, 'Sort'],
      [{ Size: 0 }, 'Size'],
      [{ Filter: { ProductType: 'tea' } }, 'Filter.ProductType'],
      [{ Currency: 'EUR' }, 'Currency'],
    ];
    for (const [body, field] of cases) {
      const answer = await post('SearchAndFilterEvent', body);
      expect({ field, status: answer.status, json: answer.json }).toMatchObject({ field, status: 400, json: { ErrorCode: 'InvalidParameter', field } });
    }
  });
});

describe('getUpcomingEvents', () => {
  it('answers the events with a session on sale, soonest first, each card showing what is on sale', async () => {
    const { EventList } = await t.call(getUpcomingEvents, { Size: 12 });
    expect(new Set(ids(EventList))).toEqual(new Set(eventsWithSessionAfterDay(0)));
    const starts = EventList.map((e) => Date.parse(e.NextSession!.StartAt));
    expect(starts.every((s, i) => i === 0 || starts[i - 1]! <= s)).toBe(true);
    // The sold-out matcha session is not offered: its card's next session is the one after.
    const matcha = EventList.find((e) => e.EventID === SEED_EVENT_IDS.matchaWhisking)!;
    expect(matcha.NextSession?.VarianceID).toBe('evs-matcha-whisking-2');
    expect(EventList.every((e) => e.NextSession!.SpacesLeft > 0 && e.Currency === 'HKD')).toBe(true);
  });

  it('answers Size of them, priced in the currency asked', async () => {
    const { EventList } = await t.call(getUpcomingEvents, { Size: 2, Currency: 'USD' });
    expect(ids(EventList)).toEqual([SEED_EVENT_IDS.coffeeCupping, SEED_EVENT_IDS.gongfuOolong]);
    expect(EventList[0]).toMatchObject({ PricePerPerson: 3200, Currency: 'USD', ProductTypeID: 'coffee' });
    const byDefault = await t.call(getUpcomingEvents, {});
    expect(byDefault.EventList).toHaveLength(6);
  });
});
