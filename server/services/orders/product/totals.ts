/**
 * A product order priced from the HKD prices (orders.total_hkd), at placing and at re-pricing: an FPS
 * transfer moves Hong Kong dollars and pays exactly that, so what a member pays does not depend on the
 * currency they picked.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { variances } from '../../../db/schema.ts';
import { shippingFor } from '../../bag.ts';
import { computeOrderDetail, type CampaignRule, type CouponRule, type PricedLine, type TaxRule } from '../../bag-totals.ts';

/**
 * The order's total in HKD cents: its lines at their HKD prices with the same campaigns, coupon (its HKD
 * amount, as it was accepted for the order), country and taxes, and HKD shipping.
 */
export async function hkdTotalOf(
  tx: Db,
  order: { countryId: string; lines: readonly PricedLine[]; campaigns: readonly CampaignRule[]; coupon: CouponRule | undefined; taxes: readonly TaxRule[] },
): Promise<number> {
  const { countryId, lines, campaigns, coupon, taxes } = order;
  const shipping = await shippingFor(tx, countryId, 'HKD');
  return computeOrderDetail({ currency: 'HKD', countryId, lines, campaigns, ...(coupon ? { coupon } : {}), shipping, taxes }).Total;
}

/** An order's lines at the variances' HKD prices, in the order given. */
export async function hkdLinesOf(tx: Db, lines: readonly { varianceId: string; productTypeId: string; quantity: number }[]): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const rows = await tx
    .select({ id: variances.id, priceHkd: variances.priceHkd })
    .from(variances)
    .where(inArray(variances.id, lines.map((l) => l.varianceId)));
  const priceOf = new Map(rows.map((r) => [r.id, r.priceHkd]));
  return lines.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: priceOf.get(l.varianceId)! * l.quantity }));
}
