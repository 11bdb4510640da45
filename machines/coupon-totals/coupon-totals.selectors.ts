import type { SnapshotFrom } from 'xstate';
import type { couponTotalsMachine } from './coupon-totals.machine.ts';
import type { CouponError, CouponTotalsOutput } from './coupon-totals.types.ts';

export type CouponTotalsSnapshot = SnapshotFrom<typeof couponTotalsMachine>;

/** The coupon was refused and the totals are being asked for again without it. */
export const isRetryingWithoutCoupon = (s: CouponTotalsSnapshot): boolean =>
  s.matches('withoutCoupon') && s.context.couponError !== undefined;

/** The refused coupon (code, reason, server message), once refused. */
export const couponError = (s: CouponTotalsSnapshot): CouponError | undefined => s.context.couponError;

/** The flow's answer once done. */
export const result = (s: CouponTotalsSnapshot): CouponTotalsOutput<unknown> | undefined =>
  s.status === 'done' ? s.output : undefined;
