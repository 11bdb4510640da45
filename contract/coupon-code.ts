/**
 * How a coupon code is matched, wherever one is typed or made: trimmed and upper-cased, so "welcome10 " is
 * WELCOME10. Shared by the customers' calls (server/services/orders/coupons.ts) and the back office's
 * staff-create-coupon, so a code staff make is the code members type. An empty code is no coupon.
 */
export const normaliseCouponCode = (code: string | undefined) => code?.trim().toUpperCase() || undefined;
