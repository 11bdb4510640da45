import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, defineCall } from './define.ts';
import { DeliveryAddress } from './account.ts';
import { CouponCode, OrderDetail, TaxLine } from './bag.ts';
import { FulfilmentStatus, Language, OrderLine, OrderPaymentStatus, PaymentMethod, PaymentStart, SavedCard } from './orders.ts';

/**
 * Box-set subscriptions (issue 18; spec §1 SVIP, §3 Subscription, §7 Subscriptions). A plan is a box set
 * shipped every cycle (month, quarter, year) at a price in HKD or USD. The member's subscription starts when
 * its first order is paid (the third order kind on the order core: placed, paid, expired and cancelled as
 * product and event orders are). Then it renews on its own at each next billing date:
 * - a card is charged off-session; a decline is retried 1, 3 and 7 days later (a mail each time), then the
 *   subscription ends (a mail saying why);
 * - Alipay and FPS need the member: a payment link (/subscription_record/{orderID}) is mailed 3 days before
 *   the billing date; the cycle order is paid there with create-subscription-payment; unpaid 7 days after the
 *   billing date, the subscription ends (a mail);
 * - a box out of stock delays the renewal (a mail), tried again daily; still out of stock
 *   OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS after the billing date, that cycle is skipped, unbilled (a mail).
 * Each cycle is billed once (one order per subscription and cycle). Cancelling stops further renewals: the
 * subscription stays ongoing until its end date, then ends. While a subscription is ongoing the member is
 * Subscribed (user-get-info checking.Subscribed), an SVIP.
 *
 * Ids: a plan's id is its SubscriptionID (getSubscriptionPlan, subscription-calculate, create-subscription).
 * A member's subscription is a record, RecordID; OrderID is the order that started it. Calls about a member's
 * subscription (get-subscription-order RecordID, update-subscription-delivery / update-subscription-peyment
 * SubscriptionID, cancel-subscription OrderID) take its RecordID or the id of any of its orders. Another
 * member's subscription, or an unknown id, is ObjectNotFound.
 */

/** Spec §3: plan durations (monthly, quarterly, annually). */
export const SubscriptionDuration = v.picklist(['month', 'quarter', 'annual']);
export type SubscriptionDuration = v.InferOutput<typeof SubscriptionDuration>;

/** Months in a cycle of each duration. */
export const DURATION_MONTHS: Record<SubscriptionDuration, number> = { month: 1, quarter: 3, annual: 12 };

/** Card declines of a renewal are retried this many days after the billing date, then the subscription ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
/** Alipay / FPS: the payment link is mailed this many days before the billing date. */
export const RENEWAL_LINK_DAYS_BEFORE = 3;
/** Alipay / FPS: a renewal unpaid this many days after its billing date ends the subscription. */
export const RENEWAL_GRACE_DAYS = 7;
/**
 * A renewal whose box is out of stock is tried again each day until this many days after its billing date;
 * still out of stock then, that cycle is skipped: nothing is billed or shipped for it, the member is mailed,
 * and the subscription goes on to its next billing date (staff see it in staff-list-failed-renewals).
 */
export const OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS = 7;

/** Spec §3: the subscription tabs. */
export const SubscriptionTab = v.picklist(['ongoing', 'ended']);
export type SubscriptionTab = v.InferOutput<typeof SubscriptionTab>;

/** One thing a box holds each cycle: a box set product's variance. */
export const SubscriptionContent = v.object({
  ProductID: v.string(),
  VarianceID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Image: v.string(),
  Quantity: v.number(),
});
export type SubscriptionContent = v.InferOutput<typeof SubscriptionContent>;

/** A plan (box set) as offered, priced in the asked currency (minor units). */
export const SubscriptionPlan = v.object({
  SubscriptionID: v.string(),
  Duration: SubscriptionDuration,
  /** Months between billing dates (1, 3, 12). */
  Months: v.number(),
  Name: Bilingual,
  Description: Bilingual,
  Image: v.string(),
  Currency,
  /** Per cycle, before coupon, shipping and taxes. */
  Price: Money,
  /** What each cycle's box holds. */
  ContentList: v.array(SubscriptionContent),
  /** A box for the next cycle is in stock now. */
  InStock: v.boolean(),
  /** Holds spirits: subscribing asks for the over-18 confirmation (spec §5). */
  IsAlcohol: v.boolean(),
});
export type SubscriptionPlan = v.InferOutput<typeof SubscriptionPlan>;

/** Spec §7: the plans on offer, in the currency (public). */
export const getSubscriptionPlan = defineCall({
  name: 'getSubscriptionPlan',
  method: 'POST',
  auth: 'public',
  body: v.object({ Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ PlanList: v.array(SubscriptionPlan) }),
});

/** Where a subscription's box goes: the account's delivery address (contract/account.ts) and the recipient's name as written. */
export const SubscriptionDelivery = v.object({ ...DeliveryAddress.entries, name: v.string() });
export type SubscriptionDelivery = v.InferOutput<typeof SubscriptionDelivery>;

/**
 * Spec §7: what a cycle of the plan costs the member now, delivered to their selected delivery address:
 * amount (the plan's price), discount (coupon), shipping (as products ship to the country), tax and its lines
 * (taxInfo), total; also the same as the bag's OrderDetail. CountryID (optional) names the country to price
 * for; it defaults to the selected delivery address's. Refusals: DeliveryAddressRequired (spec §5: no
 * selected delivery address, or one outside the service range), 70600 (the coupon: the SPA drops it, keeps
 * the message and asks again without it), ObjectNotFound (plan).
 */
export const subscriptionCalculate = defineCall({
  name: 'subscription-calculate',
  method: 'POST',
  auth: 'member',
  body: v.object({
    SubscriptionID: Id,
    CountryID: v.optional(v.pipe(v.string(), v.length(2))),
    Language: v.optional(Language, 'en'),
    Currency: v.optional(Currency, 'HKD'),
    CouponID: v.optional(CouponCode),
  }),
  response: v.object({
    amount: Money,
    discount: Money,
    shipping: Money,
    tax: Money,
    taxInfo: v.array(TaxLine),
    total: Money,
    Currency,
    orderDetail: OrderDetail,
    Plan: SubscriptionPlan,
    DeliveryAddress: SubscriptionDelivery,
  }),
});

/**
 * Spec §7: subscribes to the plan: places the first cycle's order (holding its box stock) and starts its
 * payment; the subscription starts when that order is paid. PaymentMethodID: the saved card (CreditCard;
 * renewals charge it). CouponID (ours) discounts the first cycle only. AgeConfirmed (ours) is required for
 * a plan holding spirits. Refusals: DeliveryAddressRequired, OutOfStock, 70600, AgeConfirmationRequired,
 * AlreadySubscribed (an ongoing subscription to the plan), MissingParameter / InvalidParameter naming
 * PaymentMethodID (no card, or not one of the member's); PaymentFail / StripeError / AlipayError with the
 * placed order's OrderID (pay it again with create-subscription-payment).
 */
export const createSubscription = defineCall({
  name: 'create-subscription',
  method: 'POST',
  auth: 'member',
  body: v.object({
    Language,
    Currency,
    PaymentMethod,
    SubscriptionID: Id,
    PaymentMethodID: v.optional(Id),
    CouponID: v.optional(CouponCode),
    AgeConfirmed: v.optional(v.boolean(), false),
  }),
  response: v.object({ ...PaymentStart.entries, RecordID: v.string() }),
});

/**
 * Ours: pays a subscription order that waits for the member: the first cycle's (again), or a renewal's from
 * the mailed link (/subscription_record/{orderID}): a fresh Alipay payment, a new 10-minute FPS QR (the
 * renewal order itself waits until the end of its grace period), or a card.
 */
export const createSubscriptionPayment = defineCall({
  name: 'create-subscription-payment',
  method: 'POST',
  auth: 'member',
  body: v.object({ OrderID: Id, PaymentMethod, CardID: v.optional(Id) }),
  response: PaymentStart,
});

/**
 * Where a subscription stands. Pending: its first order is not paid yet (not listed); Active; PastDue: a
 * renewal is unpaid (a card being retried, or a link waiting for the member); Cancelled: no further renewals,
 * ongoing until EndDate; Ended.
 */
export const SubscriptionStatus = v.picklist(['Pending', 'Active', 'PastDue', 'Cancelled', 'Ended']);
export type SubscriptionStatus = v.InferOutput<typeof SubscriptionStatus>;

/** Why a subscription ended: cancelled by the member, a card declined on every retry, a renewal left unpaid. */
export const SubscriptionEndReason = v.picklist(['Cancelled', 'PaymentFailed', 'Unpaid', 'NotStarted']);

/** One cycle's bill (spec §3 billing history): its order. */
export const SubscriptionBill = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  /** 1 for the first cycle. */
  Cycle: v.number(),
  PeriodStart: v.string(),
  PeriodEnd: v.string(),
  CreatedAt: v.string(),
  PaymentMethod,
  PaymentStatus: OrderPaymentStatus,
  FulfilmentStatus,
  Currency,
  Total: Money,
  PaidAt: v.optional(v.string()),
  /** A renewal waiting for the member: pay before this (the end of its grace period). */
  PayBefore: v.optional(v.string()),
  /** Card charges tried for this cycle (renewals). */
  Attempts: v.number(),
});
export type SubscriptionBill = v.InferOutput<typeof SubscriptionBill>;

export const SubscriptionRecord = v.object({
  RecordID: v.string(),
  /** The order that started it (its first cycle). */
  OrderID: v.string(),
  Tab: SubscriptionTab,
  Status: SubscriptionStatus,
  EndReason: v.optional(SubscriptionEndReason),
  Plan: SubscriptionPlan,
  Currency,
  PaymentMethod,
  /** The card renewals charge (CreditCard). */
  Card: v.optional(SavedCard),
  DeliveryAddress: SubscriptionDelivery,
  CreatedAt: v.string(),
  StartDate: v.optional(v.string()),
  /** The current cycle's start. */
  CurrentPeriodStart: v.optional(v.string()),
  /** When the next cycle is billed; absent once cancelled or ended. */
  NextBillingDate: v.optional(v.string()),
  /** Until when it is paid: the end of the current cycle (ended: when it ended). */
  EndDate: v.optional(v.string()),
  CancelledAt: v.optional(v.string()),
  /** Every cycle's bill, newest first. */
  BillingHistory: v.array(SubscriptionBill),
  /** A cycle order waiting for the member to pay it (create-subscription-payment). */
  DuePayment: v.optional(SubscriptionBill),
  CanCancel: v.boolean(),
  /** Delivery address and payment can be changed (not ended). */
  CanUpdate: v.boolean(),
});
export type SubscriptionRecord = v.InferOutput<typeof SubscriptionRecord>;

/**
 * Spec §7: the member's subscriptions (started ones), ongoing first then ended, newest first; Tab narrows to one tab.
 * IncludePending adds those whose first order waits for payment (Pending), which the record pages do not show:
 * the checkout's look-up after placing's answer is lost needs every order the member has placed.
 */
export const getSubscriptionRecord = defineCall({
  name: 'get-subscription-record',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({ Tab: v.optional(SubscriptionTab), IncludePending: v.optional(v.boolean()) }), {}),
  response: v.object({ RecordList: v.array(SubscriptionRecord) }),
});

/** A subscription's order (a cycle), as the order records show it. */
export const SubscriptionOrder = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  RecordID: v.string(),
  Cycle: v.number(),
  PeriodStart: v.string(),
  PeriodEnd: v.string(),
  CreatedAt: v.string(),
  Currency,
  PaymentMethod,
  PaymentStatus: OrderPaymentStatus,
  FulfilmentStatus,
  PayBefore: v.optional(v.string()),
  PaidAt: v.optional(v.string()),
  CouponID: v.optional(v.string()),
  Plan: SubscriptionPlan,
  DeliveryAddress: v.optional(SubscriptionDelivery),
  /** The box this cycle ships. */
  ProductList: v.array(OrderLine),
  orderDetail: OrderDetail,
});
export type SubscriptionOrder = v.InferOutput<typeof SubscriptionOrder>;

/**
 * Spec §7: a subscription order with its subscription (order_subscription_confirm/{orderID},
 * subscription_record/{orderID}). RecordID: an order's id (that order), or the subscription's RecordID (its
 * order waiting for payment, else its latest).
 */
export const getSubscriptionOrder = defineCall({
  name: 'get-subscription-order',
  method: 'POST',
  auth: 'member',
  body: v.object({ RecordID: Id }),
  response: v.object({ Order: SubscriptionOrder, Record: SubscriptionRecord }),
});

/**
 * The spec's recipient fields (name, phone, countryCallingCode), and optionally any field of the account's
 * delivery address (contract/account.ts), to change where the next boxes go. What is not given stays.
 */
export const SubscriptionDeliveryChange = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  phone: v.optional(DeliveryAddress.entries.phone),
  countryCallingCode: v.optional(DeliveryAddress.entries.countryCallingCode),
  firstName: v.optional(DeliveryAddress.entries.firstName),
  lastName: v.optional(DeliveryAddress.entries.lastName),
  CountryID: v.optional(DeliveryAddress.entries.CountryID),
  city: v.optional(DeliveryAddress.entries.city),
  district: v.optional(v.pipe(v.string(), v.maxLength(100))),
  address1: v.optional(DeliveryAddress.entries.address1),
  address2: v.optional(v.pipe(v.string(), v.maxLength(200))),
  postalCode: v.optional(DeliveryAddress.entries.postalCode),
  label: v.optional(DeliveryAddress.entries.label),
});
export type SubscriptionDeliveryChange = v.InferOutput<typeof SubscriptionDeliveryChange>;

/**
 * Spec §7: where the subscription's next boxes go. SubscriptionID: its RecordID (or one of its orders).
 * Refusals: DeliveryAddressRequired (a country outside the service range), SubscriptionEnded.
 */
export const updateSubscriptionDelivery = defineCall({
  name: 'update-subscription-delivery',
  method: 'POST',
  auth: 'member',
  body: v.object({ SubscriptionID: Id, DeliveryAddress: SubscriptionDeliveryChange }),
  response: v.object({ Record: SubscriptionRecord }),
});

/**
 * Spec §7 (its spelling): how renewals are paid. PaymentMethodID: a saved card of the member's (renewals
 * charge it off-session); PaymentMethod (ours, default CreditCard) may switch to Alipay or FPS (renewals then
 * mail a link) and needs no PaymentMethodID. A renewal waiting on a declined card is tried again with the new
 * card at once. Refusals: MissingParameter / InvalidParameter naming PaymentMethodID, SubscriptionEnded.
 */
export const updateSubscriptionPeyment = defineCall({
  name: 'update-subscription-peyment',
  method: 'POST',
  auth: 'member',
  body: v.object({ SubscriptionID: Id, PaymentMethodID: v.optional(Id), PaymentMethod: v.optional(PaymentMethod, 'CreditCard') }),
  response: v.object({ Record: SubscriptionRecord }),
});

/**
 * Spec §7: no further renewals; the subscription stays ongoing until its end date, then ends (a renewal
 * already waiting for payment is cancelled). OrderID: one of its orders (or its RecordID). Cancelling twice is
 * fine; an ended one answers as it is.
 */
export const cancelSubscription = defineCall({
  name: 'cancel-subscription',
  method: 'POST',
  auth: 'member',
  body: v.object({ OrderID: Id }),
  response: v.object({ Record: SubscriptionRecord }),
});
