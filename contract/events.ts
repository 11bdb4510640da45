import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, MoneyInput, defineCall } from './define.ts';
import { Keyword } from './catalogue.ts';

/**
 * Tasting events (spec §1, §3 Event, §7 Events), the public side: an event is held in dated sessions
 * ("variances"), each with its capacity, seats left and a price per person in HKD and USD. Buying seats
 * is contract/event-orders.ts.
 */

/** At or below this many seats a session shows as nearly full. */
export const FEW_SPACES_LEFT = 3;

/** Where a session's sale stands: NotOpen (sale opens later), OnSale, SoldOut, Closed (sale over), Past (started). */
export const SessionSaleStatus = v.picklist(['NotOpen', 'OnSale', 'SoldOut', 'Closed', 'Past']);
export type SessionSaleStatus = v.InferOutput<typeof SessionSaleStatus>;

/** One dated session of an event ("variance", spec §3). Dates and times are Hong Kong time. */
export const EventVariance = v.object({
  VarianceID: v.string(),
  /** yyyy-MM-dd, Hong Kong time. */
  Date: v.string(),
  /** "19:00–21:00", Hong Kong time. */
  TimeSlot: v.string(),
  /** ISO instants of the session's start and end. */
  StartAt: v.string(),
  EndAt: v.string(),
  Capacity: v.number(),
  SpacesLeft: v.number(),
  PricePerPerson: Money,
  Currency,
  SaleStatus: SessionSaleStatus,
  /** ISO instants of the sale's window. */
  SaleOpenAt: v.string(),
  SaleCloseAt: v.string(),
  /**
   * Ours (issue 18): the ISO instant the session's SVIP early-access window opens, when it has one. From
   * then until SaleOpenAt only Subscribed members (SVIPs, spec §1) may buy seats; SaleStatus stays NotOpen.
   */
  SvipSaleOpenAt: v.optional(v.string()),
  /** Ours (issue 18): the SVIP early-access window is open now (a Subscribed member may join). */
  SvipEarlyAccess: v.optional(v.boolean()),
});
export type EventVariance = v.InferOutput<typeof EventVariance>;

export const EventHost = v.object({ Name: Bilingual, Bio: Bilingual });
export const EventLocation = v.object({
  /** The venue's name. */
  Name: Bilingual,
  Address: Bilingual,
  District: Bilingual,
  /** A map link for the address (opens the map service). */
  MapURL: v.string(),
});

/** An event as a search result or a home-page card: its next session on sale. */
export const EventCard = v.object({
  EventID: v.string(),
  Title: Bilingual,
  ProductTypeID: v.string(),
  ProductTypeName: Bilingual,
  Image: v.string(),
  Host: Bilingual,
  Venue: Bilingual,
  District: Bilingual,
  /** Spirits tastings are for 18 and over (spec §1). */
  IsAlcohol: v.boolean(),
  /** The next session that has not started, if any. */
  NextSession: v.optional(v.object({ VarianceID: v.string(), Date: v.string(), TimeSlot: v.string(), StartAt: v.string(), SpacesLeft: v.number() })),
  /** Lowest price per person among sessions not started, in Currency. */
  PricePerPerson: Money,
  Currency,
  /** Seats left over every session not started (0: sold out). */
  SpacesLeft: v.number(),
  SessionCount: v.number(),
});
export type EventCard = v.InferOutput<typeof EventCard>;

export const EventDetail = v.object({
  EventID: v.string(),
  Title: Bilingual,
  Description: Bilingual,
  ProductTypeID: v.string(),
  ProductTypeName: Bilingual,
  Image: v.string(),
  Host: EventHost,
  Location: EventLocation,
  Remark: Bilingual,
  IsAlcohol: v.boolean(),
  /** Sessions that have not started, soonest first (past ones are not offered). */
  Variances: v.array(EventVariance),
  /** Ours: the lowest price per person among those sessions, and the seats left over them. */
  PricePerPerson: Money,
  Currency,
  SpacesLeft: v.number(),
});
export type EventDetail = v.InferOutput<typeof EventDetail>;

/** Spec §7: an event with its sessions; past sessions are left out. Currency: of the prices (HKD when absent). */
export const getEventDetail = defineCall({
  name: 'getEventDetail',
  method: 'POST',
  auth: 'public',
  body: v.object({ EventID: Id, Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ eventDetail: EventDetail }),
});

export const EventSort = v.picklist(['dateAsc', 'dateDesc', 'priceAsc', 'priceDesc']);
export type EventSort = v.InferOutput<typeof EventSort>;

/** yyyy-MM-dd. */
const DateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-MM-dd'));

/**
 * Spec §7: events with a session not yet started, matching the keyword in either language (title,
 * description, host, venue, district, the product type's name), the product types of Filter, sessions
 * within Range.Date (Hong Kong dates, inclusive) and a price per person within Range.Price (in
 * Currency). Sorted by the next session's date by default.
 */
export const SearchAndFilterEvent = defineCall({
  name: 'SearchAndFilterEvent',
  method: 'POST',
  auth: 'public',
  body: v.object({
    Keyword: v.optional(Keyword),
    Currency: v.optional(Currency, 'HKD'),
    Filter: v.optional(v.object({ ProductType: v.optional(v.pipe(v.array(Id), v.maxLength(20))) })),
    Range: v.optional(
      v.object({
        Date: v.optional(v.object({ From: v.optional(DateText), To: v.optional(DateText) })),
        Price: v.optional(v.object({ Min: v.optional(MoneyInput), Max: v.optional(MoneyInput) })),
      }),
    ),
    Sort: v.optional(EventSort, 'dateAsc'),
    CookieID: v.optional(v.pipe(v.string(), v.maxLength(64))),
    From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)), 0),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 20),
  }),
  response: v.object({ EventList: v.array(EventCard), Total: v.number() }),
});

/** Ours: events on the home page: the next sessions on sale, soonest first. */
export const getUpcomingEvents = defineCall({
  name: 'getUpcomingEvents',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object({ Currency: v.optional(Currency, 'HKD'), Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), 6) }), {}),
  response: v.object({ EventList: v.array(EventCard) }),
});
