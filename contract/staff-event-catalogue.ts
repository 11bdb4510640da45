import * as v from 'valibot';
import { Bilingual, defineCall, Id } from './define.ts';
import { EventDescription, EventHostFields, EventImage, EventLocationFields, EventRemark, EventTitle } from './staff-event-fields.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * Events in the back office (issue 32): staff list, make and change the events customers book (the events table
 * getEventDetail and SearchAndFilterEvent read); their sessions are contract/staff-events.ts. What staff change
 * customers see at once: the event calls read the database, and the event page's head facts are dropped in every
 * process. Each change is one audit_log row with before and after (actions 'event.create', 'event.update'); a
 * change to nothing writes nothing.
 *
 * Whether an event is for adults follows its product type (spec §9), so IsAlcohol is read-only here.
 */

export const STAFF_EVENTS_PAGE_MAX = 100;

/** How many sessions an event has: to come (scheduled, not started), held (scheduled, started) and cancelled. */
export const StaffEventSessionCounts = v.object({ Upcoming: v.number(), Past: v.number(), Cancelled: v.number() });

/** An event as staff see it. Times are ISO 8601. */
export const StaffEvent = v.object({
  EventID: v.string(),
  ProductTypeID: v.string(),
  Title: Bilingual,
  Description: Bilingual,
  Host: v.object({ Name: Bilingual, Bio: Bilingual }),
  Location: v.object({ Name: Bilingual, Address: Bilingual, District: Bilingual, MapURL: v.string() }),
  Remark: Bilingual,
  /** The cover's artwork seed, as stored; ImageUrl is its address. */
  Image: v.string(),
  ImageUrl: v.string(),
  /** From the product type, as customers' event cards show it. */
  IsAlcohol: v.boolean(),
  /** False: hidden from customers (its listings and its page); its bookings stay. */
  Published: v.boolean(),
  CreatedAt: v.string(),
  Sessions: StaffEventSessionCounts,
  /** The start of its next session to come, if any. */
  NextSessionAt: v.nullable(v.string()),
});
export type StaffEvent = v.InferOutput<typeof StaffEvent>;

/**
 * How staff-list-events sorts (contract/staff-sort.ts): EventID (the default, ascending), Title (English),
 * ProductTypeID, Published (hidden first ascending) or CreatedAt, each then by EventID.
 */
export const StaffEventSort = sortOf(['EventID', 'Title', 'ProductTypeID', 'Published', 'CreatedAt']);
export type StaffEventSort = v.InferOutput<typeof StaffEventSort>;

/**
 * Events by id unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from the previous page of
 * the same sort continues), each with its session counts. ProductTypeID keeps one type; Text those whose id is it, or whose English (any case) or
 * Chinese title contains it; Status those customers see (published), those hidden, or all (the default).
 */
export const staffListEvents = defineCall({
  name: 'staff-list-events',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    ProductTypeID: v.optional(Id),
    Text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters'))),
    Status: v.optional(v.picklist(['all', 'published', 'hidden']), 'all'),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_EVENTS_PAGE_MAX)), 50),
    Sort: v.optional(StaffEventSort, { Field: 'EventID', Direction: 'asc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ EventList: v.array(StaffEvent), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Makes an event (published unless Published is false; customers list it once it has a session to come). Its id
 * is made by the server from its English title. An unknown product type is 400 InvalidParameter naming
 * ProductTypeID; an artwork motif the shop does not draw 400 naming Image. One audit_log row ('event.create').
 */
export const staffCreateEvent = defineCall({
  name: 'staff-create-event',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    ProductTypeID: Id,
    Title: EventTitle,
    Description: v.optional(EventDescription, { en: '', zh: '' }),
    Host: EventHostFields,
    Location: EventLocationFields,
    Remark: v.optional(EventRemark, { en: '', zh: '' }),
    Image: EventImage,
    Published: v.optional(v.boolean(), true),
  }),
  response: v.object({ Event: StaffEvent }),
});

/**
 * Changes an event; what is not sent stays as it is (Host and Location are sent whole). Published false hides it
 * from customers at once (its sessions' bookings stay). An unknown event is 400 ObjectNotFound naming EventID. A
 * change writes one audit_log row ('event.update', before and after); a body changing nothing writes nothing, so
 * pressing twice is harmless.
 */
export const staffUpdateEvent = defineCall({
  name: 'staff-update-event',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    EventID: Id,
    ProductTypeID: v.optional(Id),
    Title: v.optional(EventTitle),
    Description: v.optional(EventDescription),
    Host: v.optional(EventHostFields),
    Location: v.optional(EventLocationFields),
    Remark: v.optional(EventRemark),
    Image: v.optional(EventImage),
    Published: v.optional(v.boolean()),
  }),
  response: v.object({ Event: StaffEvent }),
});
