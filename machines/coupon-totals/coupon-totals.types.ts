/**
 * Data of the coupon-totals flow: totals (bag, event or subscription) fetched with a coupon, and
 * fetched again without it when the server refuses the coupon (spec §4, §8: error 70600). Declared
 * here, not imported from contract/, so the machine opens unchanged in the Stately visualizer;
 * tests/machines/contract-compat.test.ts keeps them in step with contract/bag.ts.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, INVALID_COUPON } from '../shared/codes.ts';

/** A refused coupon: why (the reason a 70600 carries) and what is kept for display once it is dropped. */
export type { CouponError, CouponFailData, CouponRefusalReason } from '../shared/coupon.ts';
import type { CouponError, CouponFailData } from '../shared/coupon.ts';

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
