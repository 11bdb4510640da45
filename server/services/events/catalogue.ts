/**
 * The public side of tasting events (issue 15): an event's page (getEventDetail), the event search
 * (SearchAndFilterEvent) and the home page's coming events (getUpcomingEvents), all answered with the
 * same card (EventCard).
 *
 * Only sessions that have not started count: a past session is never offered, and an event without a
 * session to come is not listed (its page still answers, with no sessions). "Now" is the clock's
 * (deps.clock), so tests can move time.
 *
 * Keywords match as the product search's do (services/search/keywords.ts): English words by stem and prefix on
 * events.search_vector, Chinese runs by their character grams there and then as a substring of the Chinese
 * texts; every word and run must match. A keyword naming a product type or category (search/categories.ts:
 * "tea", 茶, "whisky", 威士忌) finds every event of it, and events of another kind only when their title
 * says it. The catalogue is small (tens of events), so a search is one grouped query and one page read.
 */
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { CallBody, Currency } from '../../../contract/index.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { EventCard, EventDetail, EventVariance, SearchAndFilterEvent, EventSort } from '../../../contract/events.ts';
import type { Db } from '../../db/client.ts';
import { eventVariances, events, productTypes } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { artworkUrl } from '../artwork.ts';
import { KINDS, keywordCategory, type KeywordCategory } from '../search/categories.ts';
import { gramQuery, keywordTerms, normaliseKeyword, wordQuery, type Term } from '../search/keywords.ts';
import { hongKongDate, saleStatusOf, svipWindowOpen, timeSlotOf, type EventRow, type EventVarianceRow } from './sessions.ts';

export type EventSearch = CallBody<typeof SearchAndFilterEvent>;

/** Hong Kong is UTC+8 all year: a Hong Kong date starts at 16:00 UTC the day before. */
const HK_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The event's columns but its search document (written and read only by the database). */
const { searchVector: _searchVector, ...eventColumns } = getTableColumns(events);

const priceColumn = (currency: Currency) => (currency === 'HKD' ? eventVariances.priceHkd : eventVariances.priceUsd);
const priceOf = (session: EventVarianceRow, currency: Currency) => (currency === 'HKD' ? session.priceHkd : session.priceUsd);

/** A session not started yet: the only ones offered. */
const notStarted = (now: Date) => gt(eventVariances.startsAt, now);
/** A session whose sale is open now with seats left (saleStatusOf's OnSale, as a condition). */
const onSaleNow = (now: Date) =>
  and(notStarted(now), lte(eventVariances.saleOpensAt, now), gt(eventVariances.saleClosesAt, now), gt(eventVariances.seatsLeft, 0))!;

type EventWithType = Omit<EventRow, 'searchVector'> & { typeNameEn: string; typeNameZh: string; isAlcohol: boolean };

function eventsWithType(db: Db) {
  return db
    .select({ ...eventColumns, typeNameEn: productTypes.nameEn, typeNameZh: productTypes.nameZh, isAlcohol: productTypes.isAlcohol })
    .from(events)
    .innerJoin(productTypes, eq(productTypes.id, events.typeId));
}

/** Sessions of the events meeting the conditions, soonest first, by event. */
async function sessionsOf(db: Db, eventIds: readonly string[], conditions: readonly SQL[]): Promise<Map<string, EventVarianceRow[]>> {
  const byEvent = new Map<string, EventVarianceRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(eventVariances)
    .where(and(inArray(eventVariances.eventId, [...eventIds]), ...conditions))
    .orderBy(asc(eventVariances.startsAt), asc(eventVariances.id));
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
  return byEvent;
}

/**
 * An event as a card, from the sessions it is shown with (not started, soonest first): the first of them,
 * their lowest price, their seats left and how many there are.
 */
export function toEventCard(event: EventWithType, sessions: readonly EventVarianceRow[], currency: Currency): EventCard {
  const next = sessions[0];
  return {
    EventID: event.id,
    Title: { en: event.titleEn, zh: event.titleZh },
    ProductTypeID: event.typeId,
    ProductTypeName: { en: event.typeNameEn, zh: event.typeNameZh },
    Image: artworkUrl(event.image),
    Host: { en: event.hostNameEn, zh: event.hostNameZh },
    Venue: { en: event.venueEn, zh: event.venueZh },
    District: { en: event.districtEn, zh: event.districtZh },
    IsAlcohol: event.isAlcohol,
    ...(next
      ? {
          NextSession: {
            VarianceID: next.id,
            Date: hongKongDate(next.startsAt),
            TimeSlot: timeSlotOf(next),
            StartAt: next.startsAt.toISOString(),
            SpacesLeft: next.seatsLeft,
          },
        }
      : {}),
    PricePerPerson: sessions.length ? Math.min(...sessions.map((s) => priceOf(s, currency))) : 0,
    Currency: currency,
    SpacesLeft: sessions.reduce((sum, s) => sum + s.seatsLeft, 0),
    SessionCount: sessions.length,
  };
}

/** Cards of the given published events, in the order given, each with its sessions meeting `sessionConditions` (not started). */
export async function eventCards(db: Db, currency: Currency, ids: readonly string[], sessionConditions: readonly SQL[]): Promise<EventCard[]> {
  if (ids.length === 0) return [];
  const [rows, sessions] = await Promise.all([
    eventsWithType(db).where(and(inArray(events.id, [...ids]), eq(events.published, true))),
    sessionsOf(db, ids, sessionConditions),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toEventCard(row, sessions.get(id) ?? [], currency)] : [];
  });
}

function toVariance(session: EventVarianceRow, currency: Currency, now: Date): EventVariance {
  return {
    VarianceID: session.id,
    Date: hongKongDate(session.startsAt),
    TimeSlot: timeSlotOf(session),
    StartAt: session.startsAt.toISOString(),
    EndAt: session.endsAt.toISOString(),
    Capacity: session.capacity,
    SpacesLeft: session.seatsLeft,
    PricePerPerson: priceOf(session, currency),
    Currency: currency,
    SaleStatus: saleStatusOf(session, now),
    SaleOpenAt: session.saleOpensAt.toISOString(),
    SaleCloseAt: session.saleClosesAt.toISOString(),
    ...(session.svipSaleOpensAt ? { SvipSaleOpenAt: session.svipSaleOpensAt.toISOString() } : {}),
    SvipEarlyAccess: svipWindowOpen(session, now),
  };
}

/**
 * A published event with its sessions not started, soonest first; undefined when there is no such event
 * (or it is not published). An event whose sessions are all past answers with none, its lowest price ever
 * and no seats.
 */
export async function eventDetail(db: Db, now: Date, eventId: string, currency: Currency): Promise<EventDetail | undefined> {
  const [row] = await eventsWithType(db).where(and(eq(events.id, eventId), eq(events.published, true)));
  if (!row) return undefined;
  const all = (await sessionsOf(db, [eventId], [])).get(eventId) ?? [];
  const coming = all.filter((s) => s.startsAt > now);
  const priced = coming.length ? coming : all;
  return {
    EventID: row.id,
    Title: { en: row.titleEn, zh: row.titleZh },
    Description: { en: row.descriptionEn, zh: row.descriptionZh },
    ProductTypeID: row.typeId,
    ProductTypeName: { en: row.typeNameEn, zh: row.typeNameZh },
    Image: artworkUrl(row.image),
    Host: { Name: { en: row.hostNameEn, zh: row.hostNameZh }, Bio: { en: row.hostBioEn, zh: row.hostBioZh } },
    Location: {
      Name: { en: row.venueEn, zh: row.venueZh },
      Address: { en: row.addressEn, zh: row.addressZh },
      District: { en: row.districtEn, zh: row.districtZh },
      MapURL: row.mapUrl,
    },
    Remark: { en: row.remarkEn, zh: row.remarkZh },
    IsAlcohol: row.isAlcohol,
    Variances: coming.map((s) => toVariance(s, currency, now)),
    PricePerPerson: priced.length ? Math.min(...priced.map((s) => priceOf(s, currency))) : 0,
    Currency: currency,
    SpacesLeft: coming.reduce((sum, s) => sum + s.seatsLeft, 0),
  };
}

// ---------------------------------------------------------------------------------------- search

/** The instant a Hong Kong date (yyyy-MM-dd) starts at; 400 naming `field` when it is no calendar date. */
function hongKongDayStart(text: string, field: string): Date {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const real = new Date(utc);
  if (real.getUTCFullYear() !== y || real.getUTCMonth() !== m - 1 || real.getUTCDate() !== d) {
    throw new ApiError(400, ErrorCode.InvalidParameter, `${field} is invalid: not a calendar date (yyyy-MM-dd)`, field);
  }
  return new Date(utc - HK_OFFSET_MS);
}

/** The search's session conditions: not started, within the date range (HK dates, inclusive) and the price range. */
export function searchSessionConditions(search: Pick<EventSearch, 'Range' | 'Currency'>, now: Date): SQL[] {
  const conditions: SQL[] = [notStarted(now)];
  const dates = search.Range?.Date;
  const from = dates?.From !== undefined ? hongKongDayStart(dates.From, 'Range.Date.From') : undefined;
  const to = dates?.To !== undefined ? hongKongDayStart(dates.To, 'Range.Date.To') : undefined;
  if (from && to && to < from) {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'Range.Date.To is invalid: before Range.Date.From', 'Range.Date.To');
  }
  if (from) conditions.push(gte(eventVariances.startsAt, from));
  if (to) conditions.push(lt(eventVariances.startsAt, new Date(to.getTime() + DAY_MS)));
  const price = search.Range?.Price;
  const column = priceColumn(search.Currency);
  if (price?.Min !== undefined) conditions.push(gte(column, price.Min));
  if (price?.Max !== undefined) conditions.push(lte(column, price.Max));
  return conditions;
}

/** The Chinese texts the search document holds, as one string (for the substring check). */
const chineseText = sql`(${events.titleZh} || ' ' || ${events.hostNameZh} || ' ' || ${events.venueZh} || ' ' || ${events.districtZh} || ' ' || ${events.descriptionZh})`;

/** Every term in the event's texts: one look-up on the search document, then the Chinese substrings. */
function textMatch(terms: readonly Term[]): SQL {
  const indexed = terms.map((t) => (t.kind === 'word' ? wordQuery(t) : sql`${gramQuery(t)}::tsquery`));
  const substrings = terms.flatMap((t) => (t.kind === 'cjk' ? [sql`strpos(${chineseText}, ${t.text}) > 0`] : []));
  return sql`(${events.searchVector} @@ (${sql.join(indexed, sql` && `)})${substrings.length ? sql` and ${sql.join(substrings, sql` and `)}` : sql``})`;
}

/** Every term in the event's title (English title words, or the Chinese title as a substring). */
function titleMentions(terms: readonly Term[]): SQL {
  const each = terms.map((t) => (t.kind === 'word' ? sql`${events.searchVector} @@ ${wordQuery(t, true)}` : sql`strpos(${events.titleZh}, ${t.text}) > 0`));
  return sql`(${sql.join(each, sql` and `)})`;
}

/** An event of the category: of one of its types, or titled with one of its name terms in either language. */
function categoryMember(category: KeywordCategory): SQL {
  const parts: SQL[] = [];
  if (category.types.length) parts.push(inArray(events.typeId, category.types));
  if (category.nameTermsEn.length) {
    const phrases = category.nameTermsEn.map((term) => `(${(term.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `${w}:A`).join(' <-> ')})`);
    parts.push(sql`${events.searchVector} @@ to_tsquery('english', ${phrases.join(' | ')})`);
  }
  for (const term of category.nameTermsZh) parts.push(sql`strpos(${events.titleZh}, ${term}) > 0`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * What a keyword finds: its terms in the texts; for a keyword naming a category, every event of it too, and
 * no event of another kind that mentions it outside its title. Null: nothing to search for (punctuation only).
 */
async function keywordCondition(db: Db, keyword: string): Promise<SQL | null> {
  const terms = keywordTerms(keyword);
  if (!terms) return null;
  const category = await keywordCategory(db, keyword);
  const text = textMatch(terms);
  if (!category) return text;
  const otherKinds = KINDS.filter((kind) => !category.kinds.includes(kind));
  const mentioned = otherKinds.length ? sql`(${text} and not (${inArray(events.typeId, otherKinds)} and not ${titleMentions(terms)}))` : text;
  return sql`(${categoryMember(category)} or ${mentioned})`;
}

const nextSessionAt = sql`min(${eventVariances.startsAt})`;

function sortOrder(sort: EventSort, currency: Currency): SQL[] {
  const lowestPrice = sql`min(${priceColumn(currency)})`;
  switch (sort) {
    case 'dateDesc':
      return [desc(nextSessionAt), asc(events.id)];
    case 'priceAsc':
      return [asc(lowestPrice), asc(nextSessionAt), asc(events.id)];
    case 'priceDesc':
      return [desc(lowestPrice), asc(nextSessionAt), asc(events.id)];
    default:
      return [asc(nextSessionAt), asc(events.id)];
  }
}

/**
 * Published events with a session that meets the search's ranges (not started), of the chosen types,
 * matching the keyword; sorted by their first such session (date) or its lowest price; one page of
 * cards (each with those sessions) and the number of matches.
 */
export async function searchEvents(db: Db, now: Date, search: EventSearch): Promise<{ EventList: EventCard[]; Total: number }> {
  const sessionConditions = searchSessionConditions(search, now);
  const keyword = normaliseKeyword(search.Keyword ?? '');
  const matches = keyword ? await keywordCondition(db, keyword) : undefined;
  if (matches === null) return { EventList: [], Total: 0 };
  const types = search.Filter?.ProductType?.length ? [...new Set(search.Filter.ProductType)] : undefined;
  const where = and(
    eq(events.published, true),
    ...sessionConditions,
    ...(types ? [inArray(events.typeId, types)] : []),
    ...(matches ? [matches] : []),
  );
  const page = await db
    .select({ id: events.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(events)
    .innerJoin(eventVariances, eq(eventVariances.eventId, events.id))
    .where(where)
    .groupBy(events.id)
    .orderBy(...sortOrder(search.Sort, search.Currency))
    .limit(search.Size)
    .offset(search.From);
  let total = page[0]?.total ?? 0;
  if (page.length === 0 && search.From > 0) {
    // A page past the end: count the matches on their own.
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${events.id})`.mapWith(Number) })
      .from(events)
      .innerJoin(eventVariances, eq(eventVariances.eventId, events.id))
      .where(where);
    total = row?.n ?? 0;
  }
  const EventList = await eventCards(db, search.Currency, page.map((r) => r.id), sessionConditions);
  return { EventList, Total: total };
}

/**
 * The next events with a session on sale now, soonest such session first (the home page's); each card
 * shows its sessions on sale (a sold-out or not yet open one is not what the home page offers).
 */
export async function upcomingEvents(db: Db, now: Date, currency: Currency, size: number): Promise<EventCard[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventVariances, eq(eventVariances.eventId, events.id))
    .where(and(eq(events.published, true), onSaleNow(now)))
    .groupBy(events.id)
    .orderBy(asc(nextSessionAt), asc(events.id))
    .limit(size);
  return eventCards(db, currency, rows.map((r) => r.id), [onSaleNow(now)]);
}
