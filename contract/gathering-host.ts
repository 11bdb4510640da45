import * as v from 'valibot';
import { Email } from './account.ts';
import { Currency, Id, Money, defineCall } from './define.ts';
import { Gathering, GatheringProduct } from './gatherings.ts';
import { OrderPaymentStatus } from './orders.ts';

/**
 * A gathering's host (spec §7 admin-init; issue 31): the e-mail the shop names for the session asks for a code
 * at the venue and opens the gathering with it; the host then checks tickets in, sees who is in, tonight's
 * orders and what is left of each pour, and closes it. Calls other than admin-init are ours. Every call needs the
 * host role (issue 32: 403 Forbidden without it). A host reaches only their own gatherings (another host's:
 * Forbidden); staff and owners reach every gathering, but only its named host opens one. A gathering that does
 * not exist, or that its named host has not opened yet (get-gathering-host-view), is ObjectNotFound.
 */

/** Mails a 6-digit code (15 minutes) to the signed-in host when the gathering names their e-mail; otherwise Forbidden. */
export const requestGatheringCode = defineCall({
  name: 'request-gathering-code',
  method: 'POST',
  auth: 'host',
  body: v.object({ gatheringID: Id, Language: v.optional(v.picklist(['en', 'zh-Hant'])) }),
  response: v.object({}),
});

/**
 * Spec §7 admin-init {email, verifyCode, gatheringID}: the host (signed in, with the host e-mail) opens the
 * gathering with the mailed code. Another e-mail in the body: InvalidParameter (email); the signed-in host
 * not the gathering's named host: Forbidden. Wrong code: CodeMismatchException; expired: ExpiredCodeException; tries
 * limited: LimitError. Opening an open gathering again changes nothing; a closed one: GatheringClosed.
 */
export const adminInit = defineCall({
  name: 'admin-init',
  method: 'POST',
  auth: 'host',
  body: v.object({ email: Email, verifyCode: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'six digits')), gatheringID: Id }),
  response: v.object({ Gathering }),
});

export const GatheringAttendee = v.object({
  UserID: v.string(),
  Name: v.string(),
  CheckedInAt: v.string(),
  LeftAt: v.optional(v.string()),
  /** The name on the ticket they came in with; absent for a place bought at the door. */
  TicketHolder: v.optional(v.string()),
});

export const GatheringOrderSummary = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  Name: v.string(),
  CreatedAt: v.string(),
  PaymentStatus: OrderPaymentStatus,
  Total: Money,
  Currency,
  Lines: v.array(v.object({ ProductID: v.string(), Quantity: v.number() })),
});

/** What the host sees: who is in, tonight's orders (newest first) and what is left of each pour. */
export const getGatheringHostView = defineCall({
  name: 'get-gathering-host-view',
  readOnly: true,
  method: 'POST',
  auth: 'host',
  body: v.object({ gatheringID: Id }),
  response: v.object({
    Gathering,
    AttendeeList: v.array(GatheringAttendee),
    OrderList: v.array(GatheringOrderSummary),
    ProductList: v.array(GatheringProduct),
  }),
});

/**
 * The host checks a ticket in (its QR scanned, or its link's id typed): its holder is in the room. Once only
 * (TicketAlreadyActivated); a code that is not a paid ticket of this gathering's session: RescanQRCode; a guest
 * ticket nobody has taken yet (the guest opens its link and signs up first): InvalidParameter.
 */
export const checkInTicket = defineCall({
  name: 'check-in-ticket',
  method: 'POST',
  auth: 'host',
  body: v.object({ gatheringID: Id, TicketID: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)) }),
  response: v.object({ Attendee: GatheringAttendee }),
});

/** The host closes the gathering: no more check-ins, carts or orders. Closing again changes nothing. */
export const closeGathering = defineCall({
  name: 'close-gathering',
  method: 'POST',
  auth: 'host',
  body: v.object({ gatheringID: Id }),
  response: v.object({ Gathering }),
});
