import * as v from 'valibot';
import { Bilingual, Currency, defineCall, Id, Money, noBody } from './define.ts';
import { PaymentMethod } from './orders.ts';
import { PageKey, sortOf } from './staff-sort.ts';
import { SubscriptionDuration, SubscriptionEndReason, SubscriptionStatus } from './subscriptions.ts';

/**
 * Subscriptions in the back office (issue 32): the plans with their subscriber counts, the subscribers a page
 * at a time, and the renewals that failed: a card declined on every retry or a link left unpaid (each ended its
 * subscription), a box out of stock still waiting, or one given up after OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS (its
 * cycle skipped, unbilled: contract/subscriptions.ts). Staff may try a renewal waiting on stock again at once,
 * once the stock is back.
 */

export const STAFF_SUBSCRIPTIONS_PAGE_MAX = 100;

const PageSize = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_SUBSCRIPTIONS_PAGE_MAX)), 50);

export const StaffSubscriptionMember = v.object({ UserID: v.string(), Email: v.string(), Name: v.string() });

/** The plan (box set) a subscription is to. */
export const StaffPlanRef = v.object({ PlanID: v.string(), Name: Bilingual, Duration: SubscriptionDuration });

/** A subscription as staff see it. Dates are ISO 8601. */
export const StaffSubscription = v.object({
  SubscriptionID: v.string(),
  Member: StaffSubscriptionMember,
  Plan: StaffPlanRef,
  /** As the member's record shows it (Pending, Active, PastDue, Cancelled, Ended). */
  Status: SubscriptionStatus,
  EndReason: v.optional(SubscriptionEndReason),
  Currency,
  /** How renewals are paid: CreditCard (charged), Alipay or FPS (a link is mailed). */
  PaymentMethod,
  /** When the next cycle is billed; absent once cancelled or ended. */
  NextBillingDate: v.optional(v.string()),
  /** The billing date of a renewal whose box is out of stock and still tried daily. */
  WaitingOnStockSince: v.optional(v.string()),
  CreatedAt: v.string(),
  StartedAt: v.optional(v.string()),
  CancelledAt: v.optional(v.string()),
  EndedAt: v.optional(v.string()),
});
export type StaffSubscription = v.InferOutput<typeof StaffSubscription>;

/**
 * How staff-list-subscriptions sorts (contract/staff-sort.ts): CreatedAt (the default, newest first), Member (the
 * member's e-mail), Plan (its English name), Status (as the list shows it now), NextBillingDate (those without one
 * first when ascending); ties by CreatedAt, then SubscriptionID.
 */
export const StaffSubscriptionSort = sortOf(['CreatedAt', 'Member', 'Plan', 'Status', 'NextBillingDate']);
export type StaffSubscriptionSort = v.InferOutput<typeof StaffSubscriptionSort>;

/**
 * Subscribers, newest first unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from the
 * previous page of the same sort continues); Status and PlanID narrow the list.
 */
export const staffListSubscriptions = defineCall({
  name: 'staff-list-subscriptions',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Status: v.optional(SubscriptionStatus),
    PlanID: v.optional(Id),
    Size: PageSize,
    Sort: v.optional(StaffSubscriptionSort, { Field: 'CreatedAt', Direction: 'desc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ SubscriptionList: v.array(StaffSubscription), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Why a renewal failed. PaymentFailed: the card was declined on every retry (the subscription ended); Unpaid:
 * the Alipay / FPS link was not paid in time (ended); OutOfStockWaiting: the box is out of stock, tried again
 * daily until GiveUpAt; OutOfStockSkipped: still out of stock at the limit, the cycle was skipped, unbilled.
 */
export const FailedRenewalReason = v.picklist(['PaymentFailed', 'Unpaid', 'OutOfStockWaiting', 'OutOfStockSkipped']);
export type FailedRenewalReason = v.InferOutput<typeof FailedRenewalReason>;

/** One failed renewal. Dates are ISO 8601. */
export const FailedRenewal = v.object({
  Reason: FailedRenewalReason,
  SubscriptionID: v.string(),
  Member: StaffSubscriptionMember,
  Plan: StaffPlanRef,
  /** The subscription's status now. */
  Status: SubscriptionStatus,
  /** The billing date of the cycle that failed. */
  BillingDate: v.string(),
  /** When it failed: the subscription ended (PaymentFailed, Unpaid), the cycle was skipped, or (waiting) its billing date. */
  At: v.string(),
  /** OutOfStockWaiting: when the cycle is skipped if still out of stock. */
  GiveUpAt: v.optional(v.string()),
  /** OutOfStockSkipped: the billing date the subscription went on to. */
  NextBillingDate: v.optional(v.string()),
  /** PaymentFailed, Unpaid: the renewal's order, closed unpaid. */
  OrderID: v.optional(v.string()),
  /** PaymentFailed: card charges tried. */
  Attempts: v.optional(v.number()),
});
export type FailedRenewal = v.InferOutput<typeof FailedRenewal>;

/**
 * How staff-list-failed-renewals sorts (contract/staff-sort.ts): At (the default, newest first), BillingDate,
 * Reason, Member (the member's e-mail), Plan (its English name); ties by At, then the renewal's own key.
 */
export const FailedRenewalSort = sortOf(['At', 'BillingDate', 'Reason', 'Member', 'Plan']);
export type FailedRenewalSort = v.InferOutput<typeof FailedRenewalSort>;

/**
 * Failed renewals, newest first (by At) unless Sort says otherwise, a page at a time (LastEvaluatedKey from the
 * previous page of the same sort); Reason narrows the list.
 */
export const staffListFailedRenewals = defineCall({
  name: 'staff-list-failed-renewals',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Reason: v.optional(FailedRenewalReason),
    Size: PageSize,
    Sort: v.optional(FailedRenewalSort, { Field: 'At', Direction: 'desc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ RenewalList: v.array(FailedRenewal), LastEvaluatedKey: v.optional(v.string()) }),
});

/** How many subscriptions to a plan stand at each status now. */
export const SubscriberCounts = v.object({ Pending: v.number(), Active: v.number(), PastDue: v.number(), Cancelled: v.number(), Ended: v.number() });

/** One item of a plan's box: a variance and how many of it each box holds. */
export const StaffPlanItem = v.object({
  VarianceID: v.string(),
  ProductID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Quantity: v.number(),
});
export type StaffPlanItem = v.InferOutput<typeof StaffPlanItem>;

export const StaffSubscriptionPlan = v.object({
  PlanID: v.string(),
  Name: Bilingual,
  Description: Bilingual,
  Duration: SubscriptionDuration,
  /**
   * Per cycle, minor units: what a member subscribing now pays. Each subscriber pays the price they subscribed at
   * (contract/staff-subscription-plans.ts).
   */
  PriceHKD: Money,
  PriceUSD: Money,
  /** Its picture: an artwork seed, as stored; ImageUrl its address. */
  Image: v.string(),
  ImageUrl: v.string(),
  /** What each box holds, in the box's order. */
  Items: v.array(StaffPlanItem),
  OnSale: v.boolean(),
  Subscribers: SubscriberCounts,
  /** Renewals of this plan out of stock and still tried daily. */
  WaitingOnStock: v.number(),
});
export type StaffSubscriptionPlan = v.InferOutput<typeof StaffSubscriptionPlan>;

/** Every plan (box set), on sale or not, in the shop's order, with its box and its subscriber counts per status. */
export const staffListSubscriptionPlans = defineCall({
  name: 'staff-list-subscription-plans',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: noBody,
  response: v.object({ PlanList: v.array(StaffSubscriptionPlan) }),
});

/**
 * Renewed: the order is placed (a card charged, a link mailed) now or by an earlier press; StillOutOfStock: tried,
 * tried again daily as before; Skipped: tried past the give-up limit, the cycle skipped; InProgress: the renewal is
 * running right now (another press, or the job runner): look again in a moment.
 */
export const RenewalRetryOutcome = v.picklist(['Renewed', 'StillOutOfStock', 'Skipped', 'InProgress']);

/**
 * Tries a renewal waiting on stock again now (once the box is back), instead of at its next daily try. Safe to
 * press twice: the renewal runs claimed as the job runner claims it, and a cycle's order is placed once; a press
 * after it was renewed answers Renewed with the same order. The press that ran it writes one audit_log row
 * (action 'subscription.renewal-retry'). A subscription with no renewal waiting on stock (nor one renewed after
 * waiting) is 400 InvalidParameter naming SubscriptionID; an unknown one 400 ObjectNotFound.
 */
export const staffRetryRenewal = defineCall({
  name: 'staff-retry-renewal',
  method: 'POST',
  auth: 'staff',
  body: v.object({ SubscriptionID: Id }),
  response: v.object({ Outcome: RenewalRetryOutcome, OrderID: v.optional(v.string()), Subscription: StaffSubscription }),
});
