/**
 * What the flows that price with a coupon (bag, checkout, coupon-totals; events and subscriptions
 * next) share about a refused coupon. tests/machines/contract-compat.test.ts proves the reasons
 * equal contract/bag.ts CouponRefusal.
 */
import type { FlowCode } from './codes.ts';

/** Why a coupon was refused: the `reason` a 70600 answer carries (contract CouponRefusal). */
export type CouponRefusalReason =
  | 'NotFound'
  | 'NotYetValid'
  | 'Expired'
  | 'MinSpend'
  | 'UsedUp'
  | 'MemberLimit'
  | 'NotApplicable'
  | 'EmptyBag'
  | 'Disabled'
  | 'WrongOrderKind'
  | 'TooManyAttempts';

/** What a refused call may carry besides its code: the refusal reason of a 70600. */
export type CouponFailData = { reason?: CouponRefusalReason | undefined };

/** A refused coupon, kept for display after it is dropped. */
export type CouponError = {
  couponID: string;
  code: FlowCode;
  reason?: CouponRefusalReason | undefined;
  message?: string | undefined;
};
