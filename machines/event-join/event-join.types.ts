/**
 * Data of the event join flow (design card "event seats and guests"): a session of an event, the
 * seats, the guests' names and contact numbers, the totals with a coupon, the payment. Declared here,
 * not imported from contract/, so the machine opens unchanged in the Stately visualizer;
 * tests/machines/event-join.test.ts keeps them in step with contract/events.ts and
 * contract/event-orders.ts (spec §7 names and fields).
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, INVALID_COUPON, PAYMENT_ERRORS } from '../shared/codes.ts';
export type { CallCode, FlowCode } from '../shared/codes.ts';
import type { CallCode, FlowCode } from '../shared/codes.ts';
/** A refused coupon, kept for display once dropped (machines/shared/coupon.ts). */
export type { CouponError } from '../shared/coupon.ts';
import type { CouponError } from '../shared/coupon.ts';

export type Currency = 'HKD' | 'USD';
export type Language = 'en' | 'zh';
// ---- How the member pays (machines/payment-choice, run by the payment step).
export type { PaymentMethod, SavedCard } from '../payment-choice/payment-choice.types.ts';
import type { PaymentMethod } from '../payment-choice/payment-choice.types.ts';

/** contract MAX_SEATS_PER_ORDER: most seats one order may take. */
export const MAX_SEATS_PER_ORDER = 6;

/** Spec §8 codes saying the session cannot take these seats any more: it filled up, or its sale closed. */
export const SESSION_GONE_ERRORS = ['OutOfStock', 'EventSaleClosed'] as const satisfies readonly CallCode[];
export type SessionGoneCode = (typeof SESSION_GONE_ERRORS)[number];

// ---- The event, as getEventDetail answers (only what the flow reads; the page shows the rest).

export type SessionSaleStatus = 'NotOpen' | 'OnSale' | 'SoldOut' | 'Closed' | 'Past';
/** One dated session ("variance", spec §3). */
export type EventSession = {
  VarianceID: string;
  Date: string;
  TimeSlot: string;
  SpacesLeft: number;
  PricePerPerson: number;
  Currency: Currency;
  SaleStatus: SessionSaleStatus;
  /** ISO instant the sale opens to everyone (an SVIP early-access session says when). */
  SaleOpenAt: string;
  /** Ours (issue 18): in its SVIP early-access window (SaleStatus stays NotOpen; Subscribed members may book). */
  SvipEarlyAccess?: boolean;
};
export type EventDetail = {
  EventID: string;
  /** Spirits tastings are for 18 and over (spec §1, §5). */
  IsAlcohol: boolean;
  /** Sessions not yet started, soonest first. */
  Variances: ReadonlyArray<EventSession>;
};
export type GetEventDetailInput = { EventID: string; Currency: Currency };
export type GetEventDetailOutput = { eventDetail: EventDetail };

/** list-user-event-record {Tab: 'joined'}: the sessions the member holds seats at (their VarianceIDs decide guest slots, spec §4). */
export type ListUserEventRecordInput = { Tab: 'joined' };
export type ListUserEventRecordOutput = { RecordList: ReadonlyArray<{ VarianceID: string }> };

// ---- Totals.

/** EventCalculate's orderDetail (only what the flow reads; the screen shows the whole answer). */
export type EventOrderDetail = { Currency: Currency; SubTotal: number; Discount: number; Taxes: number; Total: number; NumberOfSeat: number };
export type EventTotals = { orderDetail: EventOrderDetail; SpacesLeft: number; GuestSlots: number };
export type EventCalculateRequest = { VarianceID: string; NumberOfSeat: number; Currency: Currency };
/** EventCalculate through the coupon-totals machine: a refused coupon (70600) is dropped and the totals read again. */
export type EventCalculateInput = { couponID?: string | undefined; request: EventCalculateRequest };
export type EventCalculateOutput = CallResult<
  { totals: EventTotals; couponID?: string | undefined; couponError?: CouponError | undefined },
  { couponError?: CouponError | undefined }
>;

// ---- Placing and paying.

/** A guest's name and contact number, as newEventCheckOut takes them. */
export type GuestInfo = { Name: string; Contact: string };

/** newEventCheckOut (spec §7), plus AgeConfirmed: the server refuses a spirits tasting without it (spec §5). */
export type NewEventCheckOutInput = {
  Language: Language;
  Currency: Currency;
  VarianceID: string;
  NumberOfSeat: number;
  GuestInfo: GuestInfo[];
  PaymentMethod: PaymentMethod;
  CardID?: string | undefined;
  CouponID?: string | undefined;
  AgeConfirmed: boolean;
};
/** create-event-payment {OrderID, PaymentMethod, CardID}: pays a placed, unpaid event order again. */
export type CreateEventPaymentInput = { OrderID: string; PaymentMethod: PaymentMethod; CardID?: string | undefined };

export type { PaymentStart, OrderPaymentStatus } from '../order-payment/order-payment.types.ts';
import type { PaymentStart, OrderPaymentStatus } from '../order-payment/order-payment.types.ts';
/** A refused payment may still have placed the order: its id comes along. */
export type PlaceFailData = { OrderID?: string | undefined };
export type PlaceResult = CallResult<PaymentStart, PlaceFailData>;

// ---- The payment step every kind shares (machines/payment-step): choosing how to pay, placing, paying.

export type { OrderPaymentError, PaymentStepEnd, PaymentStepInput, PaymentStepOutput } from '../payment-step/payment-step.types.ts';
import type { CheckoutEnd, KindPayingContext, PaymentStepName } from '../payment-step/payment-step.types.ts';
import type { paymentStepMachine } from '../payment-step/payment-step.machine.ts';
/** The payment step's logic, which the event join invokes as its child `paymentStep`. */
export type PaymentStepLogic = typeof paymentStepMachine;

/** get-event-order {orderID}: what the flow reads of an event order (the confirmation page shows the rest). */
export type EventOrderSummary = {
  OrderID: string;
  PaymentStatus: OrderPaymentStatus;
  PaymentMethod: PaymentMethod;
  NumberOfSeat: number;
  orderDetail: EventOrderDetail;
  Session: { EventID: string; VarianceID: string; IsAlcohol: boolean };
};
export type GetEventOrderInput = { orderID: string };
export type GetEventOrderOutput = { Order: EventOrderSummary };
/** list-user-event-order {VarianceID}: the member's orders for the session, newest first. */
export type ListUserEventOrderInput = { VarianceID: string };
export type ListUserEventOrderOutput = { OrderList: ReadonlyArray<{ OrderID: string; PaymentStatus: OrderPaymentStatus }> };

// ---- The flow.

export type EventJoinInput = {
  currency: Currency;
  language: Language;
  eventID: string;
  /** The member is an SVIP (user-get-info checking.Subscribed): sessions in their SVIP early-access window take their seats. */
  svip: boolean;
  /** The session picked on the event page, if any. */
  varianceID?: string | undefined;
  /** The seats picked on the event page, if any. */
  seats?: number | undefined;
  /** Paying an event order placed before again (from payment_fail). */
  resume?: { OrderID: string } | undefined;
};

/** One guest slot's form: both empty means "named later" (the event record page). */
export type GuestForm = { name: string; contact: string };
/** What is wrong with a guest form (the UI words them; rules of contract GuestName and GuestContact). */
export type GuestProblem = { name?: 'missing' | 'tooLong' | undefined; contact?: 'missing' | 'format' | undefined };

export type EventJoinError = { code: FlowCode; message?: string | undefined };

/** What looking up an order whose answer was lost found (the paying flow's own codes): no order (nothing charged), or an order not paid. */
export { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from '../order-payment/order-payment.types.ts';

/** Why the member is back at choosing a session: the one chosen filled up (or its sale closed) meanwhile. */
export type SessionNotice = { varianceID: string; code: SessionGoneCode; spacesLeft: number; seatsWanted: number };

export type EventJoinOutcome = 'confirmed' | 'redirect' | 'fps' | 'processing' | 'failed' | 'cancelled' | 'left';

export type EventJoinContext = {
  currency: Currency;
  language: Language;
  eventID: string;
  /** An SVIP (input): may book sessions in their SVIP early-access window. */
  svip: boolean;
  event?: EventDetail | undefined;
  /** Sessions the member already holds seats at (list-user-event-record, joined). */
  joined?: readonly string[] | undefined;
  varianceID?: string | undefined;
  seats: number;
  guests: GuestForm[];
  /** The guests form was sent once: show every problem from then on. */
  guestsChecked: boolean;
  sessionNotice?: SessionNotice | undefined;
  couponID?: string | undefined;
  couponError?: CouponError | undefined;
  totals?: EventTotals | undefined;
  ageConfirmed: boolean;
  outcome?: EventJoinOutcome | undefined;
} & KindPayingContext;

export type EventJoinEvent =
  | { type: 'SELECT_SESSION'; varianceID: string }
  | { type: 'SET_SEATS'; seats: number }
  | { type: 'EDIT_GUEST'; index: number; name: string; contact: string }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  /** Reading again what could not be read. The payment step's events go to the step itself (payment-step.selectors.ts paymentStepActor). */
  | { type: 'RETRY' }
  /** The member leaves the checkout (back to the kind's page). */
  | { type: 'LEAVE' };

export type EventJoinOutput = CheckoutEnd<EventJoinOutcome>;

/** Which part of the page a state shows: every state that is not final says so with a `step:` tag. */
export type EventJoinStep =
  | 'loading'
  | 'loadFailed'
  | 'session'
  | 'seats'
  | 'guests'
  | 'totals'
  | 'totalsFailed'
  | PaymentStepName
  | 'done';

export type EventJoinTag = 'busy' | `step:${Exclude<EventJoinStep, 'done'>}`;
