/**
 * Coupons, for the bag and every order kind (spec §3): a code found and checked for a member against priced
 * lines now (the rules are couponRefusal's, totals.ts), its row locked while an order takes or gives back a
 * use, the use written with the order, and refusals answered as 70600 naming the reason.
 *
 * A coupon staff disabled (disabled_at set) is refused as Disabled wherever a code is applied or checked again
 * (bag, checkout, every order kind's apply and re-pricing: all come through checkCoupon) and is left out of
 * coupon/list. An order that already holds a use keeps it, and its discount, and is paid with it: paying
 * re-checks a coupon only when a different code is sent.
 *
 * So too a coupon staff kept to some order kinds (order_kinds; empty: every kind): every check names the kind
 * of the order the code is for (orders.kind), and another kind is refused as WrongOrderKind. coupon/list still
 * lists it (the member's coupons, whatever they may be used on); coupon/apply checks it for the bag, a product order.
 */
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Coupon, CouponRefusal } from '../../../contract/bag.ts';
import type { Currency } from '../../../contract/define.ts';
import type { CouponOrderKind } from '../../../contract/staff-coupon-fields.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { couponRefusal, couponRefusalMessage, type CouponRule, type CouponUsage, type PricedLine } from './totals.ts';

/** Codes are matched trimmed and upper-cased (the contract's rule, shared with the back office); an empty code is no coupon. */
export { normaliseCouponCode } from '../../../contract/coupon-code.ts';

export type Refusal = { reason: CouponRefusal; message: string };

export const invalidCoupon = (refusal: Refusal) => new ApiError(400, ErrorCode.InvalidCoupon, refusal.message, 'CouponID', { reason: refusal.reason });

type CouponRow = typeof coupons.$inferSelect;

export const couponRuleOf = (row: CouponRow): CouponRule => ({
  code: row.code,
  name: { en: row.nameEn, zh: row.nameZh },
  kind: row.kind,
  rateBp: row.rateBp,
  amount: row.kind === 'fixed' ? { HKD: row.amountHkd ?? 0, USD: row.amountUsd ?? 0 } : null,
  minSpend: { HKD: row.minSpendHkd, USD: row.minSpendUsd },
  productTypeIds: row.productTypeIds,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  maxUses: row.maxUses,
  maxUsesPerMember: row.maxUsesPerMember,
});

/** The contract's view of a coupon; RemainingUses when it limits each member's uses. */
export function toCoupon(row: CouponRow, memberUses: number): Coupon {
  return {
    CouponID: row.code,
    Name: { en: row.nameEn, zh: row.nameZh },
    Description: { en: row.descriptionEn, zh: row.descriptionZh },
    Kind: row.kind,
    ...(row.kind === 'percent' && row.rateBp !== null ? { RateBasisPoints: row.rateBp } : {}),
    ...(row.kind === 'fixed' ? { Amount: { HKD: row.amountHkd ?? 0, USD: row.amountUsd ?? 0 } } : {}),
    MinSpend: { HKD: row.minSpendHkd, USD: row.minSpendUsd },
    ProductTypeIDs: row.productTypeIds,
    ValidFrom: row.validFrom.toISOString(),
    ValidUntil: row.validUntil.toISOString(),
    ...(row.maxUsesPerMember !== null ? { RemainingUses: Math.max(0, row.maxUsesPerMember - memberUses) } : {}),
  };
}

const usageColumns = (userId: string) => ({
  total: sql<number>`(select count(*)::int from coupon_redemptions r where r.coupon_code = ${coupons.code})`,
  member: sql<number>`(select count(*)::int from coupon_redemptions r where r.coupon_code = ${coupons.code} and r.user_id = ${userId})`,
});

/** The coupon with its redemptions so far, or undefined when no coupon has the code. */
async function findCoupon(db: Db, code: string, userId: string): Promise<{ row: CouponRow; usage: CouponUsage } | undefined> {
  const [found] = await db
    .select({ row: coupons, ...usageColumns(userId) })
    .from(coupons)
    .where(eq(coupons.code, code));
  return found && { row: found.row, usage: { total: Number(found.total), member: Number(found.member) } };
}

/** Listed, enabled coupons valid now that neither all members nor this member have used up. */
export async function usableCoupons(db: Db, userId: string, now: Date): Promise<Coupon[]> {
  const rows = await db
    .select({ row: coupons, ...usageColumns(userId) })
    .from(coupons)
    .where(and(eq(coupons.listed, true), isNull(coupons.disabledAt), lte(coupons.validFrom, now), gt(coupons.validUntil, now)))
    .orderBy(asc(coupons.validUntil), asc(coupons.code));
  return rows
    .filter(({ row, total, member }) => (row.maxUses === null || total < row.maxUses) && (row.maxUsesPerMember === null || member < row.maxUsesPerMember))
    .map(({ row, member }) => toCoupon(row, Number(member)));
}

export type CouponCheck = { ok: true; row: CouponRow; rule: CouponRule; usage: CouponUsage } | { ok: false; refusal: Refusal };

/** What a code is checked for: this member's order of this kind (orders.kind), these lines, now. */
export interface CouponRequest {
  userId: string;
  orderKind: CouponOrderKind;
  currency: Currency;
  lines: readonly PricedLine[];
  now: Date;
}

/**
 * Checks a (normalised) code for this member's order of this kind against these lines now: unknown, then
 * disabled, then kept to other order kinds, then couponRefusal's rules.
 */
export async function checkCoupon(db: Db, { code, userId, orderKind, currency, lines, now }: CouponRequest & { code: string }): Promise<CouponCheck> {
  const found = await findCoupon(db, code, userId);
  if (!found) return { ok: false, refusal: { reason: 'NotFound', message: couponRefusalMessage('NotFound', undefined, currency) } };
  const rule = couponRuleOf(found.row);
  if (found.row.disabledAt) return { ok: false, refusal: { reason: 'Disabled', message: couponRefusalMessage('Disabled', rule, currency) } };
  const kinds = found.row.orderKinds;
  if (kinds.length > 0 && !kinds.includes(orderKind)) {
    return { ok: false, refusal: { reason: 'WrongOrderKind', message: couponRefusalMessage('WrongOrderKind', rule, currency) } };
  }
  const reason = couponRefusal(rule, { now, currency, lines, usage: found.usage });
  if (reason) return { ok: false, refusal: { reason, message: couponRefusalMessage(reason, rule, currency) } };
  return { ok: true, row: found.row, rule, usage: found.usage };
}

/** An order's coupon: none without a code, its rule when it may be used on these lines now, 70600 otherwise. */
export async function acceptCoupon(db: Db, request: CouponRequest & { code: string | undefined }): Promise<CouponRule | undefined> {
  if (!request.code) return undefined;
  const checked = await checkCoupon(db, { ...request, code: request.code });
  if (!checked.ok) throw invalidCoupon(checked.refusal);
  return checked.rule;
}

/**
 * Locks the coupon's row until the transaction ends, before its uses are counted: it serialises redemptions,
 * so its use limits hold under concurrent checkouts and re-pricing.
 */
export async function lockCoupon(tx: Db, code: string | undefined): Promise<void> {
  if (code) await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).for('update');
}

/** The order's use of the coupon, counted against its limits from now on. */
export async function redeemCoupon(tx: Db, use: { code: string; userId: string; orderId: string; now: Date }): Promise<void> {
  await tx.insert(couponRedemptions).values({ couponCode: use.code, userId: use.userId, orderId: use.orderId, createdAt: use.now });
}

/** The order's coupon use given back (it closed unpaid, or is priced again). */
export async function returnCouponUse(tx: Db, orderId: string): Promise<void> {
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}
