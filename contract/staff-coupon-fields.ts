import * as v from 'valibot';
import { normaliseCouponCode } from './coupon-code.ts';
import { MoneyInput } from './define.ts';

/**
 * The fields staff type into the back office's coupon form (issue 32), in a file of their own so that the /admin
 * coupon screen checks them with the very schemas staff-create-coupon and staff-update-coupon use, without taking
 * the calls' other schemas into its chunk (build/contract-descriptors.ts: a client build keeps no call's body schema).
 */

/** Most uses a limit may name: far past any campaign, far below the database's integer. */
export const COUPON_USES_MAX = 1_000_000;

/**
 * A code as members type it, normalised as their calls normalise it (trimmed, upper-cased), then held to
 * letters, digits, '-' and '_' so it can be read out and typed on a phone.
 */
export const NewCouponCode = v.pipe(
  v.string('a coupon code'),
  v.maxLength(40, 'at most 40 characters'),
  v.transform((code) => normaliseCouponCode(code) ?? ''),
  v.minLength(1, 'a coupon code'),
  v.regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
);

/** A fixed coupon's amount off, in both currencies the shop sells in (integer minor units, each above 0). */
export const CouponAmount = v.pipe(
  v.object({ HKD: MoneyInput, USD: MoneyInput }),
  v.check((a) => a.HKD > 0 && a.USD > 0, 'more than 0 in each currency'),
);

/** A percent coupon's rate: whole percent, 1 to 100. */
export const CouponPercent = v.pipe(v.number('a whole percent'), v.integer('a whole percent'), v.minValue(1, 'at least 1'), v.maxValue(100, 'at most 100'));

/** A minimum spend in both currencies (minor units; 0 is none). */
export const CouponMinSpend = v.object({ HKD: MoneyInput, USD: MoneyInput });

/** A use limit; null is no limit. */
export const CouponUseLimit = v.nullable(
  v.pipe(v.number('a whole number'), v.integer('a whole number'), v.minValue(1, 'at least 1'), v.maxValue(COUPON_USES_MAX, `at most ${COUPON_USES_MAX}`)),
);

const NameText = v.pipe(v.string(), v.trim(), v.minLength(1, 'a name'), v.maxLength(100, 'at most 100 characters'));

/** A coupon's name in both shop languages. */
export const CouponName = v.object({ en: NameText, zh: NameText });

/**
 * The order kinds a coupon may be kept to: orders.kind, as the back office's order list names them (StaffOrderKind,
 * contract/staff-orders.ts: the bag's order, an event's seats, a subscription's box, a gathering's cart, a walk-in's
 * place). Written out here rather than imported, so the coupon form's chunk takes no other call's schemas; a test
 * holds the two lists equal.
 */
export const COUPON_ORDER_KINDS = ['product', 'event', 'subscription', 'gathering', 'gathering-place'] as const;
export const CouponOrderKind = v.picklist(COUPON_ORDER_KINDS, 'an order kind');
export type CouponOrderKind = v.InferOutput<typeof CouponOrderKind>;

/** The order kinds a coupon applies to; empty: every kind. */
export const CouponOrderKinds = v.pipe(v.array(CouponOrderKind), v.maxLength(COUPON_ORDER_KINDS.length, `at most ${COUPON_ORDER_KINDS.length} order kinds`));
