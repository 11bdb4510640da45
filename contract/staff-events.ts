import * as v from 'valibot';
import { Bilingual, defineCall, Id, MoneyInput } from './define.ts';
import { SessionCancelReason, SessionCapacity } from './staff-session-fields.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * Events' sessions in the back office (issue 32): staff list them, create and change them (start, end, capacity,
 * price, sale window, SVIP early access, host), read a session's guest list (also as CSV), and cancel one: its
 * sale stops, each booker is mailed and each paid booking gets one refund request, paid out through the refund
 * queue (pay-refund). Every change is one audit_log row with the session before and after.
 */

/** scheduled: held as planned (upcoming or past by its start); cancelled: by staff, its paid seats refunded. */
export const StaffSessionStatus = v.picklist(['scheduled', 'cancelled']);
export type StaffSessionStatus = v.InferOutput<typeof StaffSessionStatus>;

/** A session's price per seat in each currency, minor units. */
export const SessionPrice = v.object({ HKD: MoneyInput, USD: MoneyInput });

/** A member who holds a role, named as staff see them. */
export const StaffPerson = v.object({ UserID: v.string(), Name: v.string(), Email: v.string() });
export type StaffPerson = v.InferOutput<typeof StaffPerson>;

/** A session as staff see it. Times are ISO 8601. */
export const StaffSession = v.object({
  SessionID: v.string(),
  EventID: v.string(),
  EventName: Bilingual,
  StartAt: v.string(),
  EndAt: v.string(),
  Capacity: v.number(),
  /** Seats of paid bookings. */
  SeatsSold: v.number(),
  /** Seats nobody holds: Capacity minus the seats sold and those held by orders being paid. */
  SeatsLeft: v.number(),
  Price: v.object({ HKD: v.number(), USD: v.number() }),
  SaleOpensAt: v.string(),
  SaleClosesAt: v.string(),
  /** When Subscribed members (SVIP) may start buying, before SaleOpensAt; null: no early access. */
  SvipSaleOpensAt: v.nullable(v.string()),
  /** The member with the host role who runs it; null: none named. */
  Host: v.nullable(StaffPerson),
  Status: StaffSessionStatus,
  CancelledAt: v.optional(v.string()),
  /** The session's gathering (its host's page is /host/<GatheringID>): scheduled once a host is named; null without one. */
  GatheringID: v.nullable(v.string()),
});
export type StaffSession = v.InferOutput<typeof StaffSession>;

export const STAFF_SESSIONS_PAGE_MAX = 100;

/** An instant with its offset, e.g. 2026-12-01T19:00:00+08:00. */
const Instant = v.pipe(v.string(), v.isoTimestamp('an ISO 8601 time with its offset'));
const Capacity = SessionCapacity;

/**
 * How staff-list-sessions sorts (contract/staff-sort.ts): StartAt, Event (its English title), Capacity,
 * SeatsSold, Price (HKD, then USD) or Host (the host's e-mail; none first), each then by StartAt.
 */
export const StaffSessionSort = sortOf(['StartAt', 'Event', 'Capacity', 'SeatsSold', 'Price', 'Host']);
export type StaffSessionSort = v.InferOutput<typeof StaffSessionSort>;

/**
 * Sessions a page at a time: upcoming (the default: not started, not cancelled; soonest first), past (started;
 * latest first) or cancelled (latest start first), or as Sort says; EventID keeps one event's. LastEvaluatedKey,
 * opaque, from the previous page of the same sort continues.
 */
export const staffListSessions = defineCall({
  name: 'staff-list-sessions',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    When: v.optional(v.picklist(['upcoming', 'past', 'cancelled']), 'upcoming'),
    EventID: v.optional(Id),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_SESSIONS_PAGE_MAX)), 50),
    Sort: v.optional(StaffSessionSort),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ SessionList: v.array(StaffSession), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Adds a session to an existing event (unknown: 400 ObjectNotFound naming EventID). EndAt after StartAt;
 * SaleClosesAt (default StartAt) no later than StartAt; SaleOpensAt before SaleClosesAt; SvipSaleOpensAt before
 * SaleOpensAt; each refused 400 InvalidParameter naming the field. HostUserID must hold the host role (or a
 * higher one): else 400 InvalidParameter naming it; the host is mailed once (when, where, their gathering's
 * page). One audit_log row (action 'session.create').
 */
export const staffCreateSession = defineCall({
  name: 'staff-create-session',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    EventID: Id,
    StartAt: Instant,
    EndAt: Instant,
    Capacity,
    Price: SessionPrice,
    SaleOpensAt: Instant,
    SaleClosesAt: v.optional(Instant),
    SvipSaleOpensAt: v.optional(v.nullable(Instant)),
    HostUserID: v.optional(v.nullable(Id)),
  }),
  response: v.object({ Session: StaffSession }),
});

/**
 * Changes a scheduled session: only the fields given (null clears SvipSaleOpensAt or HostUserID), checked as
 * staff-create-session checks them, against the session's other times. Capacity below the seats sold or held
 * is refused 400 CapacityBelowSold (with SeatsTaken); a cancelled session 400 SessionCancelled. A new StartAt
 * or EndAt (a move) mails every booker of a paid booking; a host the session's gathering is newly handed to is
 * mailed once. One audit_log row (action 'session.update', before and after); a change to nothing writes nothing.
 */
export const staffUpdateSession = defineCall({
  name: 'staff-update-session',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    SessionID: Id,
    StartAt: v.optional(Instant),
    EndAt: v.optional(Instant),
    Capacity: v.optional(Capacity),
    Price: v.optional(SessionPrice),
    SaleOpensAt: v.optional(Instant),
    SaleClosesAt: v.optional(Instant),
    SvipSaleOpensAt: v.optional(v.nullable(Instant)),
    HostUserID: v.optional(v.nullable(Id)),
  }),
  response: v.object({ Session: StaffSession, MailedBookers: v.number() }),
});

/** One seat of a booking: its ticket. */
export const StaffGuest = v.object({
  TicketID: v.string(),
  SeatNumber: v.number(),
  /** The booker's own seat. */
  IsBooker: v.boolean(),
  /** As written on the ticket; '' when the booker has not named this guest yet. */
  Name: v.string(),
  ContactNumber: v.string(),
  /** The member who took this ticket (activated it), if any. */
  HolderUserID: v.optional(v.string()),
  CheckedIn: v.boolean(),
  /** ISO 8601, once checked in. */
  CheckedInAt: v.optional(v.string()),
});
export type StaffGuest = v.InferOutput<typeof StaffGuest>;

/** A paid booking of a session. */
export const StaffBooking = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  Booker: StaffPerson,
  Seats: v.number(),
  /** ISO 8601. */
  PaidAt: v.optional(v.string()),
  Guests: v.array(StaffGuest),
});
export type StaffBooking = v.InferOutput<typeof StaffBooking>;

/**
 * The paid bookings of a session (oldest first) with every seat's ticket: who booked, who comes, checked in or
 * not. CSV is the same list, one line per seat, written for a spreadsheet: a cell that a spreadsheet would read
 * as a formula (starting with = + - @, a tab or a carriage return) is prefixed with '. Unknown session: 400
 * ObjectNotFound naming SessionID.
 */
export const staffSessionGuestList = defineCall({
  name: 'staff-session-guest-list',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({ SessionID: Id }),
  response: v.object({ Session: StaffSession, BookingList: v.array(StaffBooking), CSV: v.string() }),
});

/** A refund request recorded for a cancelled session's paid booking. */
export const SessionRefund = v.object({ RefundID: v.string(), OrderID: v.string(), Amount: v.number(), Currency: v.string() });

/**
 * Cancels a session, once however many presses arrive at once: its sale stops (status cancelled, the sale closed
 * now), its unpaid orders are cancelled, every paid booking gets one refund request (reason session_cancelled,
 * its amount as paid; staff pay it out with pay-refund) and each booker is mailed once. A session already
 * cancelled answers as it stands (recording any refund still missing, mailing nobody again). One audit_log row
 * (action 'session.cancel').
 */
export const staffCancelSession = defineCall({
  name: 'staff-cancel-session',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    SessionID: Id,
    Reason: SessionCancelReason,
  }),
  response: v.object({ Session: StaffSession, Refunds: v.array(SessionRefund), MailedBookers: v.number() }),
});
