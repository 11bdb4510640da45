/**
 * An event page's first paint (issue 15): the server writes the event's title, description, canonical
 * address, Open Graph tags, a preload of its cover and one schema.org Event per session to come into
 * the index.html it answers; an unknown event is a 404. The sitemap lists the events with a session to come.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEventDetail } from '../../contract/index.ts';
import { createApp } from '../../server/app.ts';
import { eventVariances, events } from '../../server/db/schema.ts';
import {
  SEED_EVENT_IDS,
  SEED_EVENT_NEARLY_FULL_SESSION,
  SEED_EVENT_PAST_ONLY,
  SEED_EVENT_PAST_SESSION,
  SEED_EVENT_SALE_NOT_OPEN_SESSION,
  SEED_EVENT_SOLD_OUT_SESSION,
  seedEvents,
} from '../../server/db/seed/event-data.ts';
import { routeOf, summary } from '../../server/http/page-head.ts';
import { robotsTxt, sitemapXml } from '../../server/http/site-files.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sip &amp; Gather</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HOSTILE_ID = 'evt-test-hostile';
const HOSTILE_TITLE = '</script><script>alert(1)</script> "Tea" & <b>friends</b>';

/** An hour after the seed: every seeded session but the past ones is still to come. */
const now = new Date(SEED_NOW.getTime() + 3_600_000);
let t: TestApp;
let spaDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-event-head-'));
  writeFileSync(path.join(spaDir, 'index.html'), TEMPLATE);
  app = createApp(t.deps, { spaDir });
  const base = seedEvents.find((e) => e.id === SEED_EVENT_IDS.gongfuOolong)!;
  await t.db.insert(events).values({
    id: HOSTILE_ID,
    typeId: 'tea',
    titleEn: HOSTILE_TITLE,
    titleZh: '測試',
    descriptionEn: 'Notes of <img src=x onerror=alert(2)> & a "quote".',
    descriptionZh: '測試',
    hostNameEn: '<i>Host</i>',
    hostNameZh: '主持',
    hostBioEn: '',
    hostBioZh: '',
    venueEn: base.venueEn,
    venueZh: base.venueZh,
    addressEn: base.addressEn,
    addressZh: base.addressZh,
    districtEn: base.districtEn,
    districtZh: base.districtZh,
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=x',
    image: 'teapot-1-1',
  });
  await t.db.insert(eventVariances).values({
    id: 'evs-test-hostile-1',
    eventId: HOSTILE_ID,
    startsAt: new Date(now.getTime() + 5 * 86_400_000),
    endsAt: new Date(now.getTime() + 5 * 86_400_000 + 7_200_000),
    capacity: 10,
    seatsLeft: 10,
    priceHkd: 10000,
    priceUsd: 1300,
    saleOpensAt: new Date(now.getTime() - 86_400_000),
    saleClosesAt: new Date(now.getTime() + 5 * 86_400_000),
  });
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await t.close();
});

async function page(url: string) {
  const response = await app.request(url, { headers: { 'accept-encoding': 'identity' } });
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) => document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as Record<string, unknown>);
  return {
    status: response.status,
    html,
    document,
    title: document.title,
    meta,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    preloads: [...document.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => ({ href: l.getAttribute('href'), priority: l.getAttribute('fetchpriority') })),
    jsonLd,
    root: document.getElementById('root')!,
  };
}

type LdEvent = Record<string, unknown> & { '@id': string; offers: Record<string, unknown> };
const eventsOf = (ld: Record<string, unknown> | undefined) => ((ld?.['@graph'] ?? []) as LdEvent[]);

describe('an event page', () => {
  it('has the event’s title, description, canonical address and Open Graph tags, and preloads and paints its cover', async () => {
    const { eventDetail } = await t.call(getEventDetail, { EventID: SEED_EVENT_IDS.islayWhisky });
    const p = await page(`/event/${SEED_EVENT_IDS.islayWhisky}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe('Islay Single Malts: Peat and Sea · Sip & Gather');
    expect(p.meta('description')).toBe(summary(eventDetail.Description.en));
    expect(p.canonical).toBe(`http://shop.test/event/${SEED_EVENT_IDS.islayWhisky}`);
    expect(p.meta('og:title')).toBe(p.title);
    expect(p.meta('og:url')).toBe(p.canonical);
    expect(p.meta('og:image')).toBe(`http://shop.test${eventDetail.Image}`);
    expect(p.preloads).toEqual([{ href: eventDetail.Image, priority: 'high' }]);
    expect(p.root.querySelector('h1')?.textContent).toBe(eventDetail.Title.en);
    expect(p.root.querySelector('img')?.getAttribute('src')).toBe(eventDetail.Image);
    expect(p.root.textContent).toContain('Alasdair Murray');
  });

  it('describes each session to come as a schema.org Event with its place, offer and host', async () => {
    const [ld, ...more] = (await page(`/event/${SEED_EVENT_IDS.islayWhisky}`)).jsonLd;
    expect(more).toEqual([]);
    expect(ld!['@context']).toBe('https://schema.org');
    const sessions = eventsOf(ld);
    expect(sessions.map((s) => s['@id'])).toEqual(['evs-islay-whisky-1', 'evs-islay-whisky-2', 'evs-islay-whisky-3'].map((id) => `http://shop.test/event/${SEED_EVENT_IDS.islayWhisky}#${id}`));
    // Seed now is 2026-11-01 12:00 in Hong Kong; the first session is 14 days on, 20:00–22:00 there, HK$680.
    expect(sessions[0]).toMatchObject({
      '@type': 'Event',
      name: 'Islay Single Malts: Peat and Sea',
      startDate: '2026-11-15T20:00:00+08:00',
      endDate: '2026-11-15T22:00:00+08:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      typicalAgeRange: '18-',
      location: {
        '@type': 'Place',
        name: 'The Malt Room',
        address: { '@type': 'PostalAddress', streetAddress: "2/F, 20 D'Aguilar Street, Lan Kwai Fong, Central, Hong Kong", addressLocality: 'Central', addressCountry: 'HK' },
      },
      offers: { '@type': 'Offer', price: '680.00', priceCurrency: 'HKD', availability: 'https://schema.org/InStock', url: `http://shop.test/event/${SEED_EVENT_IDS.islayWhisky}` },
      performer: { '@type': 'Person', name: 'Alasdair Murray' },
      organizer: { '@type': 'Organization', name: 'Sip & Gather' },
    });
    expect(sessions.find((s) => s['@id'].endsWith(SEED_EVENT_NEARLY_FULL_SESSION))!.offers.availability).toBe('https://schema.org/InStock');
  });

  it('says a sold-out session is sold out and one whose sale has not opened is for later, and leaves out past sessions', async () => {
    const matcha = eventsOf((await page(`/event/${SEED_EVENT_IDS.matchaWhisking}`)).jsonLd[0]);
    expect(matcha.find((s) => s['@id'].endsWith(SEED_EVENT_SOLD_OUT_SESSION))!.offers.availability).toBe('https://schema.org/SoldOut');
    expect(matcha.some((s) => 'typicalAgeRange' in s)).toBe(false);
    const agarwood = eventsOf((await page(`/event/${SEED_EVENT_IDS.agarwood}`)).jsonLd[0]);
    expect(agarwood.find((s) => s['@id'].endsWith(SEED_EVENT_SALE_NOT_OPEN_SESSION))!.offers.availability).toBe('https://schema.org/PreOrder');
    const oolong = eventsOf((await page(`/event/${SEED_EVENT_IDS.gongfuOolong}`)).jsonLd[0]);
    expect(oolong).toHaveLength(3);
    expect(oolong.some((s) => s['@id'].endsWith(SEED_EVENT_PAST_SESSION))).toBe(false);
  });

  it('an event whose sessions are all past still has its page, with no Event data', async () => {
    const p = await page(`/event/${SEED_EVENT_PAST_ONLY}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe('Baijiu Beyond the Banquet · Sip & Gather');
    expect(p.jsonLd).toEqual([]);
  });

  it('an unknown event is a 404 with the SPA’s own heading, and no canonical address', async () => {
    const p = await page('/event/evt-no-such-event');
    expect(p.status).toBe(404);
    expect(p.title).toBe('Page not found · Sip & Gather');
    expect(p.root.querySelector('h1')?.textContent).toBe('Event not found');
    expect(p.canonical).toBeUndefined();
    expect(p.jsonLd).toEqual([]);
    expect((await page('/event/')).status).toBe(404);
  });

  it('escapes a hostile event everywhere', async () => {
    const p = await page(`/event/${HOSTILE_ID}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe(`${HOSTILE_TITLE} · Sip & Gather`);
    expect(p.root.querySelector('h1')?.textContent).toBe(HOSTILE_TITLE);
    expect(eventsOf(p.jsonLd[0])[0]!.name).toBe(HOSTILE_TITLE);
    expect(p.document.querySelectorAll('b, i, img[src="x"]')).toHaveLength(0);
    expect(p.document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(p.html)![1]).not.toContain('<');
  });
});

describe('the event pages’ routes', () => {
  it('knows the event pages the SPA has', () => {
    const pageOf = (url: string) => {
      const match = routeOf(url);
      return match && { path: match.route.path, title: match.route.title, params: match.params };
    };
    expect(pageOf('/event/evt-islay-whisky')).toEqual({ path: '/event/$eventID', title: undefined, params: { eventID: 'evt-islay-whisky' } });
    expect(pageOf('/event_record/evt-islay-whisky/evs-islay-whisky-1')).toEqual({
      path: '/event_record/$eventID/$varianceID',
      title: 'Your event booking',
      params: { eventID: 'evt-islay-whisky', varianceID: 'evs-islay-whisky-1' },
    });
    expect(pageOf('/activate_ticket/abc')).toMatchObject({ title: 'Activate your ticket', params: { ticketID: 'abc' } });
    expect(pageOf('/checkout_event')).toMatchObject({ title: 'Join the event', params: {} });
    expect(pageOf('/order_event_confirm/ord-1')).toMatchObject({ title: 'Your booking', params: { orderID: 'ord-1' } });
    expect(pageOf('/event_record/evt-islay-whisky')).toBeUndefined();
  });

  it('robots.txt keeps crawlers out of bookings and tickets, not event pages', () => {
    const robots = robotsTxt('http://shop.test');
    expect(robots).toMatch(/^Disallow: \/event_record\/$/m);
    expect(robots).toMatch(/^Disallow: \/activate_ticket\/$/m);
    expect(robots).toMatch(/^Disallow: \/checkout_event$/m);
    expect(robots).toMatch(/^Disallow: \/order_event_confirm\/$/m);
    expect(robots).not.toMatch(/^Disallow: \/event\/?$/m);
  });
});

describe('the sitemap', () => {
  const eventLocs = (xml: string) => [...xml.matchAll(/<loc>http:\/\/shop\.test\/event\/([^<]+)<\/loc>/g)].map((m) => decodeURIComponent(m[1]!));

  it('lists the published events with a session to come, not those whose sessions are all past', async () => {
    const answer = await app.request('/sitemap.xml', { headers: { 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(200);
    const listed = eventLocs(await answer.text());
    const coming = seedEvents.filter((e) => e.sessions.some((s) => s.inDays > 0)).map((e) => e.id);
    expect(new Set(listed)).toEqual(new Set([...coming, HOSTILE_ID]));
    expect(listed).not.toContain(SEED_EVENT_PAST_ONLY);
  });

  it('leaves out an unpublished event', async () => {
    await t.db.update(events).set({ published: false }).where(eq(events.id, SEED_EVENT_IDS.sakePairing));
    try {
      expect(eventLocs(await sitemapXml(t.deps))).not.toContain(SEED_EVENT_IDS.sakePairing);
    } finally {
      await t.db.update(events).set({ published: true }).where(eq(events.id, SEED_EVENT_IDS.sakePairing));
    }
  });
});
