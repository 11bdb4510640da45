/**
 * Data of the coupon-totals flow: totals (bag, event or subscription) fetched with a coupon, and
 * fetched again without it when the server refuses the coupon (spec §4, §8: error 70600). Declared
 * here, not imported from contract/, so the machine opens unchanged in the Stately visualizer;
 * tests/machines/contract-compat.test.ts keeps them in step with contract/bag.ts.
 */

/** What every actor of the flow resolves with: business failures are values, not rejections. */
export type CallResult<T, TFailData = never> =
  | { ok: true; data: T }
  | { ok: false; code: string; message?: string; session?: string; data?: TFailData };

/** The code a flow shows when an actor rejected (network down, server unreachable). */
export const NETWORK_ERROR = 'NetworkError';

/** Spec §8: the invalid-coupon error code. */
export const INVALID_COUPON = '70600';

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
  | 'TooManyAttempts';

/** What a failed totals call may carry besides its code: the refusal reason of a 70600. */
export type CouponFailData = { reason?: CouponRefusalReason | undefined };

/** A refused coupon, kept for display after the coupon itself is dropped. */
export type CouponError = {
  /** The code that was refused, as the member typed or picked it. */
  couponID: string;
  /** The error code ('70600' for an invalid coupon). */
  code: string;
  reason?: CouponRefusalReason | undefined;
  /** The server's message, shown as it is (spec §8). */
  message?: string | undefined;
};

/**
 * The flow's input: the coupon to try (none: fetch without one) and the rest of the totals call's
 * body, passed through untouched (the bag's currency, an event's variance and seats …).
 */
export type CouponTotalsInput<TRequest = unknown> = { couponID?: string | undefined; request: TRequest };

/** What the totals actor is called with: the same request, with or without the coupon. */
export type CalculateTotalsInput<TRequest = unknown> = { couponID?: string | undefined; request: TRequest };

/** Totals that came back, the coupon that stayed applied, and the refusal if the coupon was dropped. */
export type CouponTotals<T> = {
  totals: T;
  /** The coupon the totals include; absent when none was asked for or it was refused. */
  couponID?: string | undefined;
  couponError?: CouponError | undefined;
};

/**
 * The flow's output, shaped like any actor's CallResult: the totals, or the failure of the last
 * call (a refusal of the coupon before it still travels in `data`, so the caller can drop the coupon).
 */
export type CouponTotalsOutput<T> = CallResult<CouponTotals<T>, { couponError?: CouponError | undefined }>;

export type CouponTotalsContext = {
  request: unknown;
  couponID?: string | undefined;
  couponError?: CouponError | undefined;
  result?: CallResult<unknown, CouponFailData> | undefined;
};
