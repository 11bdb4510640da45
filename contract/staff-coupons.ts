import * as v from 'valibot';
import { normaliseCouponCode } from './coupon-code.ts';
import { Bilingual, defineCall, Id } from './define.ts';
import {
  COUPON_USES_MAX,
  CouponAmount,
  CouponMinSpend,
  CouponName,
  CouponOrderKind,
  CouponOrderKinds,
  CouponPercent,
  CouponUseLimit,
  NewCouponCode,
} from './staff-coupon-fields.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * Coupons in the back office (issue 32): staff list, create and change the coupons members type at checkout
 * (coupons table; the rules that accept or refuse a code are the customers' own, server/services/orders). A
 * coupon takes an amount off (HKD and USD, minor units) or a percentage, within its dates, its limits (uses
 * in all, uses per member), a minimum spend, the product types and the order kinds it applies to (a coupon for
 * events only is refused on a product order: 70600, reason WrongOrderKind). Staff may disable a coupon
 * (and enable it again): while disabled, members' calls refuse it (70600, reason Disabled) and coupon/list
 * leaves it out; orders already holding a use keep it. Each change is one audit_log row (actions
 * 'coupon.create', 'coupon.update') with the coupon before and after.
 */

export const STAFF_COUPONS_PAGE_MAX = 100;

/** The form's fields (staff-coupon-fields.ts), re-exported for the server and tests. */
export { COUPON_ORDER_KINDS, CouponOrderKind, CouponOrderKinds } from './staff-coupon-fields.ts';
export { COUPON_USES_MAX, CouponAmount, CouponMinSpend, CouponName, CouponPercent, CouponUseLimit, NewCouponCode };

/** A code already made: normalised the same way, so staff may type it as members do. */
const ExistingCouponCode = v.pipe(
  v.string('a coupon code'),
  v.maxLength(40, 'at most 40 characters'),
  v.transform((code) => normaliseCouponCode(code) ?? ''),
  v.minLength(1, 'a coupon code'),
);

const Instant = v.pipe(v.string('an ISO 8601 time'), v.isoTimestamp('an ISO 8601 time with its offset'));

const CouponDescription = v.object({
  en: v.pipe(v.string(), v.trim(), v.maxLength(500, 'at most 500 characters')),
  zh: v.pipe(v.string(), v.trim(), v.maxLength(500, 'at most 500 characters')),
});

/** Product types (product_types ids; an event is priced under its event's type) it applies to; empty: all. */
const CouponProductTypes = v.pipe(v.array(Id), v.maxLength(50, 'at most 50 product types'));

/** Where a coupon stands now: disabled by staff (whatever its dates), else by its dates not started yet, open, or over. */
export const CouponStatus = v.picklist(['disabled', 'scheduled', 'active', 'expired']);
export type CouponStatus = v.InferOutput<typeof CouponStatus>;

/** A coupon as staff see it. */
export const StaffCoupon = v.object({
  CouponID: v.string(),
  Name: Bilingual,
  Description: Bilingual,
  Kind: v.picklist(['percent', 'fixed']),
  /** Percent coupons: the rate (a coupon made outside the back office may carry a fraction, e.g. 12.5). */
  Percent: v.optional(v.number()),
  /** Fixed coupons: the amount off per currency, minor units. */
  Amount: v.optional(v.object({ HKD: v.number(), USD: v.number() })),
  MinSpend: v.object({ HKD: v.number(), USD: v.number() }),
  /** Uses across all members; null: no limit. */
  MaxUses: v.nullable(v.number()),
  /** Uses per member; null: no limit. */
  MaxUsesPerMember: v.nullable(v.number()),
  /** ISO 8601: applies from this moment … */
  ValidFrom: v.string(),
  /** … until (not including) this one. */
  ValidUntil: v.string(),
  /** Product types it applies to; empty: all. */
  ProductTypeIDs: v.array(v.string()),
  /** Order kinds it applies to, in COUPON_ORDER_KINDS' order; empty: all. */
  OrderKinds: v.array(CouponOrderKind),
  /** Shown to members in coupon/list; an unlisted code still applies when typed. */
  Listed: v.boolean(),
  /** ISO 8601: when staff disabled it; null while enabled. */
  DisabledAt: v.nullable(v.string()),
  Status: CouponStatus,
  /** Orders holding a use now (paid, or unpaid and not yet closed). */
  TimesUsed: v.number(),
});
export type StaffCoupon = v.InferOutput<typeof StaffCoupon>;

/**
 * How staff-list-coupons sorts (contract/staff-sort.ts): CouponID (the code; the default, ascending), Name (the
 * English name), Kind, ValidFrom, ValidUntil, TimesUsed; ties by code.
 */
export const StaffCouponSort = sortOf(['CouponID', 'Name', 'Kind', 'ValidFrom', 'ValidUntil', 'TimesUsed']);
export type StaffCouponSort = v.InferOutput<typeof StaffCouponSort>;

/**
 * Coupons by code unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from the previous page
 * of the same sort continues). Status
 * keeps those disabled, or those enabled and scheduled, active or expired now (default all); CodePrefix
 * those whose code begins with it (normalised as codes are).
 */
export const staffListCoupons = defineCall({
  name: 'staff-list-coupons',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Status: v.optional(v.picklist(['all', 'disabled', 'scheduled', 'active', 'expired']), 'all'),
    CodePrefix: v.optional(ExistingCouponCode),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_COUPONS_PAGE_MAX)), 50),
    Sort: v.optional(StaffCouponSort, { Field: 'CouponID', Direction: 'asc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ CouponList: v.array(StaffCoupon), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Makes a coupon: Amount (fixed) or Percent (percent), exactly one; ValidUntil after ValidFrom. A code taken
 * already (as normalised) is 400 CouponCodeTaken naming CouponID; an unknown product type is 400
 * InvalidParameter naming ProductTypeIDs, an unknown order kind 400 naming OrderKinds (each kind is kept once).
 * One audit_log row ('coupon.create').
 */
export const staffCreateCoupon = defineCall({
  name: 'staff-create-coupon',
  method: 'POST',
  auth: 'staff',
  body: v.pipe(
    v.object({
      CouponID: NewCouponCode,
      Name: CouponName,
      Description: v.optional(CouponDescription, { en: '', zh: '' }),
      Amount: v.optional(CouponAmount),
      Percent: v.optional(CouponPercent),
      MinSpend: v.optional(CouponMinSpend, { HKD: 0, USD: 0 }),
      MaxUses: v.optional(CouponUseLimit, null),
      MaxUsesPerMember: v.optional(CouponUseLimit, null),
      ValidFrom: Instant,
      ValidUntil: Instant,
      ProductTypeIDs: v.optional(CouponProductTypes, []),
      OrderKinds: v.optional(CouponOrderKinds, []),
      Listed: v.optional(v.boolean(), true),
    }),
    v.forward(
      v.partialCheck([['Amount'], ['Percent']], (c) => (c.Amount === undefined) !== (c.Percent === undefined), 'either an amount or a percent, not both'),
      ['Amount'],
    ),
    v.forward(
      v.partialCheck([['ValidFrom'], ['ValidUntil']], (c) => Date.parse(c.ValidUntil) > Date.parse(c.ValidFrom), 'after ValidFrom'),
      ['ValidUntil'],
    ),
  ),
  response: v.object({ Coupon: StaffCoupon }),
});

/**
 * Changes a coupon; what is not sent stays as it is (MaxUses / MaxUsesPerMember null: no limit). Its dates,
 * limits, minimum spend, product types, order kinds, names and listing may change any time and hold from then on (a
 * limit below the uses made stops further uses; uses made stay). Amount or Percent (at most one; sending the
 * other kind's switches it) only while no order holds a use: otherwise 400 CouponAlreadyUsed naming it. An
 * unknown code is 400 ObjectNotFound naming CouponID; dates that would end before they start are 400
 * InvalidParameter naming ValidUntil. Disabled true switches the coupon off from now (DisabledAt: now; members'
 * calls refuse it as 70600 reason Disabled, coupon/list leaves it out), false switches it on again; orders that
 * already hold a use keep it, its discount, and pay with it. A change writes one audit_log row ('coupon.update',
 * before and after, DisabledAt included); a body changing nothing (Disabled as it already is) writes nothing and
 * keeps the first DisabledAt, so pressing twice is harmless.
 */
export const staffUpdateCoupon = defineCall({
  name: 'staff-update-coupon',
  method: 'POST',
  auth: 'staff',
  body: v.pipe(
    v.object({
      CouponID: ExistingCouponCode,
      Name: v.optional(CouponName),
      Description: v.optional(CouponDescription),
      Amount: v.optional(CouponAmount),
      Percent: v.optional(CouponPercent),
      MinSpend: v.optional(CouponMinSpend),
      MaxUses: v.optional(CouponUseLimit),
      MaxUsesPerMember: v.optional(CouponUseLimit),
      ValidFrom: v.optional(Instant),
      ValidUntil: v.optional(Instant),
      ProductTypeIDs: v.optional(CouponProductTypes),
      OrderKinds: v.optional(CouponOrderKinds),
      Listed: v.optional(v.boolean()),
      Disabled: v.optional(v.boolean()),
    }),
    v.forward(
      v.partialCheck([['Amount'], ['Percent']], (c) => c.Amount === undefined || c.Percent === undefined, 'either an amount or a percent, not both'),
      ['Amount'],
    ),
  ),
  response: v.object({ Coupon: StaffCoupon }),
});
