/**
 * Every kind's lines priced the same way: the delivery country's shipping and taxes fetched, then the
 * arithmetic of totals.ts; and the same order priced from its HKD prices, which is what an FPS transfer pays.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderDetail } from '../../../contract/bag.ts';
import type { Currency } from '../../../contract/define.ts';
import type { Db } from '../../db/client.ts';
import { shippingRates, taxRates } from '../../db/schema.ts';
import { computeOrderDetail, type CampaignRule, type CouponRule, type PricedLine, type ShippingRule, type TaxRule } from './totals.ts';

/** Where shipping and taxes are reckoned when there is no delivery address, and where events are held (reference-data.ts ids are alpha-2). */
export const HONG_KONG_COUNTRY_ID = 'HK';
/** The shipping_rates row serving every country without its own. */
const ANY_COUNTRY = '*';
const NOT_SHIPPED: ShippingRule = { fee: 0, freeOver: null };

/** The country's own rate, else the '*' rate; free of charge when neither exists. */
async function shippingFor(db: Db, countryId: string, currency: Currency): Promise<ShippingRule> {
  const rows = await db.select().from(shippingRates).where(inArray(shippingRates.countryId, [countryId, ANY_COUNTRY]));
  const rate = rows.find((r) => r.countryId === countryId) ?? rows.find((r) => r.countryId === ANY_COUNTRY);
  if (!rate) return NOT_SHIPPED;
  return currency === 'HKD' ? { fee: rate.feeHkd, freeOver: rate.freeOverHkd } : { fee: rate.feeUsd, freeOver: rate.freeOverUsd };
}

async function taxesFor(db: Db, countryId: string): Promise<TaxRule[]> {
  const rows = await db.select().from(taxRates).where(eq(taxRates.countryId, countryId)).orderBy(asc(taxRates.sort), asc(taxRates.id));
  return rows.map((t) => ({ name: { en: t.nameEn, zh: t.nameZh }, rateBp: t.rateBp }));
}

export interface OrderPricing {
  currency: Currency;
  countryId: string;
  lines: readonly PricedLine[];
  /** Product promotions, the bag's only: other kinds are discounted by a coupon alone. */
  campaigns?: readonly CampaignRule[];
  /** A coupon accepted for these lines (acceptCoupon, coupons.ts). */
  coupon: CouponRule | undefined;
  /** Shipped to the country at its rate; false for what is not shipped (an event's seats). */
  shipped: boolean;
}

/** The order summary (OrderDetail) of the lines in the currency, delivered to the country. */
export async function priceOrder(db: Db, order: OrderPricing): Promise<OrderDetail> {
  const { currency, countryId, lines, coupon } = order;
  // One after another: inside a transaction the queries share one connection.
  const shipping = order.shipped ? await shippingFor(db, countryId, currency) : NOT_SHIPPED;
  const taxes = await taxesFor(db, countryId);
  return computeOrderDetail({ currency, countryId, lines, campaigns: order.campaigns ?? [], ...(coupon ? { coupon } : {}), shipping, taxes });
}

/**
 * What an FPS transfer pays (orders.total_hkd), in HKD cents. It moves Hong Kong dollars and pays exactly this,
 * so what a member pays does not depend on the currency they picked: an order in another currency is priced
 * again from its lines' HKD prices, with the same campaigns, coupon (its HKD amount, as accepted for the
 * order), country, shipping and taxes. An HKD order's is its total.
 */
export async function totalHkdOf(
  db: Db,
  order: Omit<OrderPricing, 'lines'> & { total: number; hkdLines: () => readonly PricedLine[] | Promise<readonly PricedLine[]> },
): Promise<number> {
  if (order.currency === 'HKD') return order.total;
  return (await priceOrder(db, { ...order, currency: 'HKD', lines: await order.hkdLines() })).Total;
}
