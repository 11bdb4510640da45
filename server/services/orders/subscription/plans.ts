/**
 * Subscription plans (issue 18) as offered and as priced: a plan's box (its items: box set variances), a
 * cycle's totals for a delivery country (the plan's price, a coupon as the bag takes it, shipping as products
 * ship, the country's taxes), and the delivery address a subscription needs (spec §5).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Bilingual, Currency } from '../../../../contract/define.ts';
import type { DeliveryAddress } from '../../../../contract/account.ts';
import type { OrderDetail } from '../../../../contract/bag.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { DURATION_MONTHS, type SubscriptionDelivery, type SubscriptionDuration, type SubscriptionPlan } from '../../../../contract/subscriptions.ts';
import type { Db } from '../../../db/client.ts';
import { countries, products, subscriptionPlanItems, subscriptionPlans, users, variances } from '../../../db/schema.ts';
import { ApiError, notFound } from '../../../http/errors.ts';
import { artworkUrl } from '../../artwork.ts';
import { productIsAlcohol } from '../../catalogue.ts';
import { productCardImage } from '../../product-pictures.ts';
import { acceptCoupon } from '../coupons.ts';
import { priceOrder, totalHkdOf } from '../pricing.ts';
import type { CouponRule, PricedLine } from '../totals.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** One item of a plan's box, with what the order line and the stock hold need. */
export interface BoxItem {
  varianceId: string;
  productId: string;
  productTypeId: string;
  name: Bilingual;
  varianceName: Bilingual;
  image: string;
  quantity: number;
  stock: number;
  isAlcohol: boolean;
}

export interface PlanFound {
  plan: PlanRow;
  items: BoxItem[];
}

export const planNotFound = () => notFound('Subscription plan');

async function itemsOf(db: Db, planIds: readonly string[]): Promise<Map<string, BoxItem[]>> {
  const byPlan = new Map<string, BoxItem[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({
      planId: subscriptionPlanItems.planId,
      quantity: subscriptionPlanItems.quantity,
      varianceId: variances.id,
      varianceNameEn: variances.nameEn,
      varianceNameZh: variances.nameZh,
      stock: variances.stock,
      productId: products.id,
      productTypeId: products.typeId,
      nameEn: products.nameEn,
      nameZh: products.nameZh,
      images: products.images,
      photos: products.photos,
      isAlcohol: productIsAlcohol,
    })
    .from(subscriptionPlanItems)
    .innerJoin(variances, eq(variances.id, subscriptionPlanItems.varianceId))
    .innerJoin(products, eq(products.id, variances.productId))
    .where(inArray(subscriptionPlanItems.planId, [...planIds]))
    .orderBy(asc(subscriptionPlanItems.sort), asc(subscriptionPlanItems.varianceId));
  for (const r of rows) {
    byPlan.get(r.planId)?.push({
      varianceId: r.varianceId,
      productId: r.productId,
      productTypeId: r.productTypeId,
      name: { en: r.nameEn, zh: r.nameZh },
      varianceName: { en: r.varianceNameEn, zh: r.varianceNameZh },
      image: productCardImage(r),
      quantity: r.quantity,
      stock: r.stock,
      isAlcohol: r.isAlcohol,
    });
  }
  return byPlan;
}

/**
 * A plan with its box; ObjectNotFound when unknown (or, with onSale, no longer offered). share: its row is locked
 * FOR SHARE until the transaction ends (a new subscription: staff changing the plan meanwhile wait for it).
 */
export async function findPlan(db: Db, planId: string, { onSale = true, share = false }: { onSale?: boolean; share?: boolean } = {}): Promise<PlanFound> {
  const query = db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), onSale ? eq(subscriptionPlans.onSale, true) : undefined));
  const [plan] = await (share ? query.for('share') : query);
  if (!plan) throw planNotFound();
  return { plan, items: (await itemsOf(db, [plan.id])).get(plan.id) ?? [] };
}

export const planPrice = (plan: PlanRow, currency: Currency) => (currency === 'HKD' ? plan.priceHkd : plan.priceUsd);

/**
 * The plan as a subscriber has it: at the price they subscribed at (subscriptions.price_hkd / price_usd), which
 * every renewal charges and their record shows. Staff changing the plan's price (staff-update-subscription-plan)
 * changes what new subscribers pay, never what existing ones are charged; its box and names are the plan's own.
 */
export const atSubscribedPrice = (found: PlanFound, sub: { priceHkd: number; priceUsd: number }): PlanFound => ({
  ...found,
  plan: { ...found.plan, priceHkd: sub.priceHkd, priceUsd: sub.priceUsd },
});
export const monthsOf = (plan: Pick<PlanRow, 'duration'>) => DURATION_MONTHS[plan.duration as SubscriptionDuration];
export const isAlcoholPlan = (found: PlanFound) => found.items.some((i) => i.isAlcohol);

export function toPlan({ plan, items }: PlanFound, currency: Currency): SubscriptionPlan {
  return {
    SubscriptionID: plan.id,
    Duration: plan.duration as SubscriptionDuration,
    Months: monthsOf(plan),
    Name: { en: plan.nameEn, zh: plan.nameZh },
    Description: { en: plan.descriptionEn, zh: plan.descriptionZh },
    Image: artworkUrl(plan.image),
    Currency: currency,
    Price: planPrice(plan, currency),
    ContentList: items.map((i) => ({
      ProductID: i.productId,
      VarianceID: i.varianceId,
      Name: i.name,
      VarianceName: i.varianceName,
      Image: i.image,
      Quantity: i.quantity,
    })),
    InStock: items.length > 0 && items.every((i) => i.stock >= i.quantity),
    IsAlcohol: items.some((i) => i.isAlcohol),
  };
}

/** getSubscriptionPlan: the plans on offer, in their order. */
export async function plansOnOffer(db: Db, currency: Currency): Promise<SubscriptionPlan[]> {
  const plans = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.onSale, true)).orderBy(asc(subscriptionPlans.sort), asc(subscriptionPlans.id));
  const items = await itemsOf(db, plans.map((p) => p.id));
  return plans.map((plan) => toPlan({ plan, items: items.get(plan.id) ?? [] }, currency));
}

/** Plans by id (any, on offer or not), for describing subscriptions. */
export async function plansById(db: Db, planIds: readonly string[]): Promise<Map<string, PlanFound>> {
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return new Map();
  const plans = await db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, ids));
  const items = await itemsOf(db, ids);
  return new Map(plans.map((plan) => [plan.id, { plan, items: items.get(plan.id) ?? [] }]));
}

export const deliveryRequired = () =>
  new ApiError(400, ErrorCode.DeliveryAddressRequired, 'Please add a delivery address within the service range', 'DeliveryAddress');

export const recipientName = (a: Pick<DeliveryAddress, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`.trim();

/** Whether boxes can be delivered to the country (the service range). */
export async function inServiceRange(db: Db, countryId: string): Promise<boolean> {
  const [country] = await db.select({ inService: countries.inService }).from(countries).where(eq(countries.id, countryId));
  return country?.inService === true;
}

/** Spec §5: the member's selected delivery address, in the service range; DeliveryAddressRequired otherwise. */
export async function selectedDelivery(db: Db, userId: string): Promise<SubscriptionDelivery> {
  const [user] = await db.select({ addresses: users.deliveryAddresses, index: users.mainDeliveryAddressIndex }).from(users).where(eq(users.id, userId));
  const addresses = (user?.addresses ?? []) as DeliveryAddress[];
  const delivery = addresses[user?.index ?? 0];
  if (!delivery || !(await inServiceRange(db, delivery.CountryID))) throw deliveryRequired();
  return { ...delivery, name: recipientName(delivery) };
}

export interface PricedCycle {
  orderDetail: OrderDetail;
  coupon: CouponRule | undefined;
}

/** A box's lines for pricing: the plan's price as one line of the box set type (a coupon scoped to box sets applies). */
const cycleLines = (found: PlanFound, currency: Currency): PricedLine[] => [
  { varianceId: found.plan.id, productTypeId: found.items[0]?.productTypeId ?? 'boxset', lineTotal: planPrice(found.plan, currency) },
];

/**
 * One cycle of the plan in the currency, delivered to the country: the plan's price, the (normalised) coupon
 * (70600 when refused), shipping as products ship there, the country's taxes. No campaigns: those are the bag's.
 */
export async function priceCycle(
  db: Db,
  { found, currency, countryId, couponCode, userId, now }: { found: PlanFound; currency: Currency; countryId: string; couponCode?: string | undefined; userId: string; now: Date },
): Promise<PricedCycle> {
  const lines = cycleLines(found, currency);
  const coupon = await acceptCoupon(db, { code: couponCode, userId, orderKind: 'subscription', currency, lines, now });
  const orderDetail = await priceOrder(db, { currency, countryId, lines, coupon, shipped: true });
  return { orderDetail, coupon };
}

/** What an FPS transfer pays for the cycle (totalHkdOf), with the coupon as it was accepted. */
export const totalHkdOfCycle = (db: Db, { found, currency, countryId, priced }: { found: PlanFound; currency: Currency; countryId: string; priced: PricedCycle }) =>
  totalHkdOf(db, { currency, total: priced.orderDetail.Total, countryId, hkdLines: () => cycleLines(found, 'HKD'), coupon: priced.coupon, shipped: true });

/** Adds calendar months in UTC, keeping the day of the month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}
