import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, defineCall } from './define.ts';
import { CouponCode, OrderDetail } from './bag.ts';
import { Language, OrderPaymentStatus, PaymentMethod, PaymentStart } from './orders.ts';
import { EventLocation } from './events.ts';

/**
 * Event orders (spec §3 Event join state, §4 event seats, §7 Events): seats of a session bought for the
 * member and named guests, one ticket per seat. The second order kind on the order core
 * (server/services/orders/): placed, paid, expired and cancelled as product orders are (cancelOrder
 * cancels either kind), holding seats instead of stock.
 */

/**
 * Most seats one order may take (issue 26): an unpaid order holds its seats from everyone else for up to
 * the FPS window's 10 minutes, so one booking may not take a large share of a session.
 */
export const MAX_SEATS_PER_ORDER = 6;

/**
 * Most seats one member may have at one session, over their paid and unpaid orders of it (issue 26): with one
 * unpaid order per member at a time, the counterpart of the product rule. Beyond it, 400 UserAlreadyJoinedTheEvent.
 */
export const MAX_SEATS_PER_MEMBER_PER_SESSION = 10;

/** How many seats: a whole number from 1 to MAX_SEATS_PER_ORDER. */
export const NumberOfSeat = v.pipe(
  v.number('a number of seats'),
  v.integer('a whole number of seats'),
  v.minValue(1, 'at least 1 seat'),
  v.maxValue(MAX_SEATS_PER_ORDER, `at most ${MAX_SEATS_PER_ORDER} seats per order`),
);

/** What an event order costs: the bag's breakdown (ShippingFee 0; taxes of Hong Kong, where events are held) and the seats. */
export const EventOrderDetail = v.object({
  ...OrderDetail.entries,
  PricePerPerson: Money,
  NumberOfSeat: v.number(),
});
export type EventOrderDetail = v.InferOutput<typeof EventOrderDetail>;

/**
 * Spec §7: the totals of seats of a session, with a coupon (70600 when refused: the SPA drops it, keeps the
 * message and asks again without it). Refusals: OutOfStock (fewer seats left than asked), EventSaleClosed,
 * UserAlreadyJoinedTheEvent (the member's paid seats at the session and these would pass
 * MAX_SEATS_PER_MEMBER_PER_SESSION; the message says how many more they may book).
 */
export const EventCalculate = defineCall({
  name: 'EventCalculate',
  method: 'POST',
  auth: 'member',
  body: v.object({
    VarianceID: Id,
    NumberOfSeat,
    CouponID: v.optional(CouponCode),
    Currency: v.optional(Currency, 'HKD'),
  }),
  response: v.object({ orderDetail: EventOrderDetail, SpacesLeft: v.number(), GuestSlots: v.number() }),
});

/** A guest's name as written on their ticket. */
export const GuestName = v.pipe(v.string(), v.trim(), v.minLength(1, 'a name'), v.maxLength(80, 'at most 80 characters'));
/** A contact number: digits, spaces, +, - and brackets, 6 to 20 characters (spec §5 "Incorrect contact number format"). */
export const GuestContact = v.pipe(v.string(), v.trim(), v.regex(/^\+?[\d\s()-]{6,20}$/, 'Incorrect contact number format'));
export const GuestInfo = v.object({ Name: GuestName, Contact: GuestContact });
export type GuestInfo = v.InferOutput<typeof GuestInfo>;

/**
 * Spec §7: places an event order for seats of a session and starts its payment. Guest slots (spec §4):
 * the seats, minus one for the member's own seat unless the member already joined that session.
 * GuestInfo names up to that many guests; the rest can be named later (update-event-guest). Seats are
 * held in the placing transaction and given back when the order is cancelled, replaced by the member's next
 * one, or left unpaid for 10 minutes (the FPS window, whatever the method). ConfirmPayment: the member confirmed paying the total shown (false is refused, nothing
 * placed). AgeConfirmed (ours) is required for a spirits tasting (spec §5).
 * Refusals: OutOfStock, EventSaleClosed, 70600, AgeConfirmationRequired, UserAlreadyJoinedTheEvent (past
 * MAX_SEATS_PER_MEMBER_PER_SESSION with the member's paid seats), InvalidParameter (GuestInfo
 * longer than the guest slots, NumberOfSeat above the session's capacity, ConfirmPayment false); PaymentFail / StripeError /
 * AlipayError with the placed order's OrderID.
 */
export const newEventCheckOut = defineCall({
  name: 'newEventCheckOut',
  method: 'POST',
  auth: 'member',
  body: v.object({
    Language,
    Currency,
    VarianceID: Id,
    NumberOfSeat,
    GuestInfo: v.optional(v.pipe(v.array(GuestInfo), v.maxLength(MAX_SEATS_PER_ORDER)), []),
    PaymentMethod,
    CardID: v.optional(Id),
    CouponID: v.optional(CouponCode),
    ConfirmPayment: v.optional(v.boolean(), true),
    AgeConfirmed: v.optional(v.boolean(), false),
  }),
  response: PaymentStart,
});

/** Pays a placed, unpaid event order (again): another method, another card, or the same FPS QR while it lives. */
export const createEventPayment = defineCall({
  name: 'create-event-payment',
  method: 'POST',
  auth: 'member',
  body: v.object({ OrderID: Id, PaymentMethod, CardID: v.optional(Id) }),
  response: PaymentStart,
});

/** A seat's ticket. The member's own seat is theirs; a guest's is activated by whoever signs in from its link. */
export const EventTicket = v.object({
  /** Unguessable: the link activate_ticket/{TicketID} is the guest's proof. */
  TicketID: v.string(),
  /** 1, 2, … within the booking. */
  SeatNumber: v.number(),
  /** The member's own seat. */
  IsOwner: v.boolean(),
  /** Empty until named. */
  HolderName: v.string(),
  ContactNumber: v.string(),
  /** A guest signed in and took the ticket (activate-ticket). */
  Activated: v.boolean(),
  /** Checked in at the door (spec §4: redeemed or not). */
  Redeemed: v.boolean(),
});
export type EventTicket = v.InferOutput<typeof EventTicket>;

/** Spec §3: the event record tabs. */
export const EventRecordTab = v.picklist(['joined', 'ended', 'cancelled']);
export type EventRecordTab = v.InferOutput<typeof EventRecordTab>;

export const EventSession = v.object({
  EventID: v.string(),
  VarianceID: v.string(),
  Title: Bilingual,
  Image: v.string(),
  Date: v.string(),
  TimeSlot: v.string(),
  StartAt: v.string(),
  EndAt: v.string(),
  Location: EventLocation,
  Host: Bilingual,
  IsAlcohol: v.boolean(),
});
export type EventSession = v.InferOutput<typeof EventSession>;

export const EventOrder = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  CreatedAt: v.string(),
  Currency,
  PaymentMethod,
  PaymentStatus: OrderPaymentStatus,
  PayBefore: v.optional(v.string()),
  PaidAt: v.optional(v.string()),
  CouponID: v.optional(v.string()),
  Session: EventSession,
  NumberOfSeat: v.number(),
  orderDetail: EventOrderDetail,
  /** The order's seats; tickets are valid once it is paid. */
  TicketList: v.array(EventTicket),
});
export type EventOrder = v.InferOutput<typeof EventOrder>;

const EventOrderRef = v.object({ orderID: Id });

/** Spec §7: an event order of the member (its status, for the confirmation page). */
export const getEventOrder = defineCall({
  name: 'get-event-order',
  method: 'POST',
  auth: 'member',
  body: EventOrderRef,
  response: v.object({ Order: EventOrder }),
});

/** Spec §7: the same, as the member's record keeps it. */
export const getUserEventOrder = defineCall({
  name: 'get-user-event-order',
  method: 'POST',
  auth: 'member',
  body: EventOrderRef,
  response: v.object({ Order: EventOrder }),
});

/**
 * The member's place at one session: the paid orders' seats (the booker) or an activated guest ticket
 * (a guest). Tab: joined (not yet ended), ended, cancelled (every order closed unpaid).
 */
export const EventRecord = v.object({
  VarianceID: v.string(),
  EventID: v.string(),
  Session: EventSession,
  Tab: EventRecordTab,
  /** Booker: bought seats; Guest: holds an activated ticket of another member's order. */
  Role: v.picklist(['Booker', 'Guest']),
  /** Paid seats (a guest: 1). */
  NumberOfSeat: v.number(),
  /** Tickets of the paid orders (a guest: their own ticket). */
  TicketList: v.array(EventTicket),
  /** Guest details can still be added or changed: the session has not started. */
  CanEditGuests: v.boolean(),
});
export type EventRecord = v.InferOutput<typeof EventRecord>;

/** Spec §7: the member's record of a session; ObjectNotFound when the member has none. */
export const getUserEventRecord = defineCall({
  name: 'get-user-event-record',
  method: 'POST',
  auth: 'member',
  body: v.object({ VarianceID: Id }),
  response: v.object({ Record: EventRecord }),
});

/** Spec §7: the member's event records (the "My events" popup), soonest session first; Tab narrows to one tab. */
export const listUserEventRecord = defineCall({
  name: 'list-user-event-record',
  method: 'POST',
  auth: 'member',
  body: v.object({ Tab: v.optional(EventRecordTab) }),
  response: v.object({ RecordList: v.array(EventRecord) }),
});

/** Spec §7: the member's orders for a session, newest first (every status). */
export const listUserEventOrder = defineCall({
  name: 'list-user-event-order',
  method: 'POST',
  auth: 'member',
  body: v.object({ VarianceID: Id }),
  response: v.object({ OrderList: v.array(EventOrder) }),
});

/** Ours: names a guest seat of the member's paid order while the session has not started. */
export const updateEventGuest = defineCall({
  name: 'update-event-guest',
  method: 'POST',
  auth: 'member',
  body: v.object({ TicketID: Id, Name: GuestName, Contact: GuestContact }),
  response: v.object({ Ticket: EventTicket }),
});

/**
 * What a ticket link shows: the session, the name and contact number on it, and (issue 31) the session's gathering,
 * so the holder can check in from it at the venue (public, by the unguessable id: the link is the holder's proof).
 */
export const getTicket = defineCall({
  name: 'get-ticket',
  method: 'POST',
  auth: 'public',
  body: v.object({ TicketID: Id }),
  response: v.object({
    Ticket: v.object({
      TicketID: v.string(),
      HolderName: v.string(),
      /** Empty until named. */
      ContactNumber: v.optional(v.string()),
      Activated: v.boolean(),
      /** Checked in at the venue. */
      Redeemed: v.optional(v.boolean()),
      Session: EventSession,
      /** The session's gathering, once the shop has planned one. */
      GatheringID: v.optional(v.string()),
      GatheringStatus: v.optional(v.picklist(['Scheduled', 'Ongoing', 'Closed'])),
    }),
  }),
});

/**
 * Spec §7: a signed-in guest takes a guest ticket; the session then shows in their "My events".
 * TicketAlreadyActivated when it was taken (by anyone, them included); UserAlreadyJoinedTheEvent when the
 * member already has a seat at that session (their own booking, or another ticket); ObjectNotFound for
 * an unknown ticket or one whose order is not paid; EventSaleClosed once the session has started.
 * While the session's gathering is Ongoing (issue 31) it checks the holder in instead: the booker with their own
 * seat, a guest with the ticket they took, or a member taking an untaken guest ticket now (CheckedIn, GatheringID);
 * TicketAlreadyActivated once the ticket has been checked in or when someone else holds it; GatheringClosed once
 * the gathering has closed.
 */
export const activateTicket = defineCall({
  name: 'activate-ticket',
  method: 'POST',
  auth: 'member',
  body: v.object({ TicketID: Id }),
  response: v.object({ Record: EventRecord, CheckedIn: v.optional(v.boolean()), GatheringID: v.optional(v.string()) }),
});

