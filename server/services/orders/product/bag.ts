/**
 * The member's bag, where a product order comes from: its lines checked against stock and sale (spec §7),
 * priced in a currency with the campaigns, coupon, shipping and taxes of the delivery country
 * (coupons.ts, pricing.ts and totals.ts of the order core). Checkout and re-pricing reuse it.
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { BagLine, CouponRefusal, OrderDetail, RemovedLine } from '../../../../contract/bag.ts';
import { LOW_STOCK_THRESHOLD } from '../../../../contract/catalogue.ts';
import type { Currency } from '../../../../contract/define.ts';
import type { DeliveryAddress } from '../../../../contract/account.ts';
import { productIsAlcohol, stockStatusOf } from '../../catalogue.ts';
import type { Db } from '../../../db/client.ts';
import { bagItems, campaigns, products, users, variances, type ProductPhoto } from '../../../db/schema.ts';
import { productCardImage } from '../../product-pictures.ts';
import { checkCoupon, normaliseCouponCode } from '../coupons.ts';
import { HONG_KONG_COUNTRY_ID, priceOrder } from '../pricing.ts';
import type { CampaignRule, CouponRule, PricedLine } from '../totals.ts';

const bagRowColumns = {
  varianceId: bagItems.varianceId,
  quantity: bagItems.quantity,
  addedAt: bagItems.addedAt,
  productId: products.id,
  productTypeId: products.typeId,
  nameEn: products.nameEn,
  nameZh: products.nameZh,
  images: products.images,
  photos: products.photos,
  productStopSell: products.stopSell,
  varianceNameEn: variances.nameEn,
  varianceNameZh: variances.nameZh,
  priceHkd: variances.priceHkd,
  priceUsd: variances.priceUsd,
  stock: variances.stock,
  varianceStopSell: variances.stopSell,
  isAlcohol: productIsAlcohol,
};

export type BagRow = {
  varianceId: string;
  quantity: number;
  addedAt: Date;
  productId: string;
  productTypeId: string;
  nameEn: string;
  nameZh: string;
  images: string[];
  photos: ProductPhoto[];
  productStopSell: boolean;
  varianceNameEn: string;
  varianceNameZh: string;
  priceHkd: number;
  priceUsd: number;
  stock: number;
  varianceStopSell: boolean;
  isAlcohol: boolean;
};

/** The member's bag lines as stored, newest added first. */
export async function readBagRows(db: Db, userId: string): Promise<BagRow[]> {
  return db
    .select(bagRowColumns)
    .from(bagItems)
    .innerJoin(variances, eq(variances.id, bagItems.varianceId))
    .innerJoin(products, eq(products.id, variances.productId))
    .where(eq(bagItems.userId, userId))
    .orderBy(desc(bagItems.addedAt), asc(bagItems.varianceId));
}

export interface KeptLine {
  row: BagRow;
  quantity: number;
  /** Set when stock fell below the stored quantity and the line was cut to it. */
  previousQuantity?: number;
}

/** What the stock check does to the bag: lines kept (some reduced) and lines taken out. */
export interface Reconciliation {
  kept: KeptLine[];
  outOfStock: RemovedLine[];
  stopSell: RemovedLine[];
}

const removedLine = (row: BagRow): RemovedLine => ({
  ProductID: row.productId,
  VarianceID: row.varianceId,
  Name: { en: row.nameEn, zh: row.nameZh },
  VarianceName: { en: row.varianceNameEn, zh: row.varianceNameZh },
  Quantity: row.quantity,
});

/** A stopped sale (variance or product) outranks no stock; quantities above stock come down to it. */
export function reconcile(rows: readonly BagRow[]): Reconciliation {
  const result: Reconciliation = { kept: [], outOfStock: [], stopSell: [] };
  for (const row of rows) {
    if (row.varianceStopSell || row.productStopSell) result.stopSell.push(removedLine(row));
    else if (row.stock <= 0) result.outOfStock.push(removedLine(row));
    else if (row.quantity > row.stock) result.kept.push({ row, quantity: row.stock, previousQuantity: row.quantity });
    else result.kept.push({ row, quantity: row.quantity });
  }
  return result;
}

/** Stores what reconcile decided, so each notice is reported once. */
export async function persistReconciliation(db: Db, userId: string, reconciliation: Reconciliation) {
  const removed = [...reconciliation.outOfStock, ...reconciliation.stopSell].map((l) => l.VarianceID);
  const reduced = reconciliation.kept.filter((l) => l.previousQuantity !== undefined);
  if (removed.length === 0 && reduced.length === 0) return;
  await db.transaction(async (tx) => {
    if (removed.length) {
      await tx.delete(bagItems).where(and(eq(bagItems.userId, userId), inArray(bagItems.varianceId, removed)));
    }
    for (const line of reduced) {
      // Only ever lowers: a concurrent set to a smaller quantity stands.
      await tx
        .update(bagItems)
        .set({ quantity: line.quantity })
        .where(and(eq(bagItems.userId, userId), eq(bagItems.varianceId, line.row.varianceId), gt(bagItems.quantity, line.quantity)));
    }
  });
}

const unitPrice = (row: BagRow, currency: Currency) => (currency === 'HKD' ? row.priceHkd : row.priceUsd);

export function toBagLine({ row, quantity, previousQuantity }: KeptLine, currency: Currency): BagLine {
  const price = unitPrice(row, currency);
  const status = stockStatusOf(row.stock);
  return {
    ProductID: row.productId,
    ProductTypeID: row.productTypeId,
    VarianceID: row.varianceId,
    Name: { en: row.nameEn, zh: row.nameZh },
    VarianceName: { en: row.varianceNameEn, zh: row.varianceNameZh },
    Image: productCardImage(row),
    Price: price,
    Currency: currency,
    SelectedQuantity: quantity,
    LineTotal: price * quantity,
    StockStatus: status,
    ...(row.stock <= LOW_STOCK_THRESHOLD ? { StockLeft: row.stock } : {}),
    IsAlcohol: row.isAlcohol,
    AddToCartDatetime: row.addedAt.toISOString(),
    SelectedQuantityUpdated: previousQuantity !== undefined,
    ...(previousQuantity !== undefined ? { PreviousQuantity: previousQuantity } : {}),
  };
}

export const pricedLines = (kept: readonly KeptLine[], currency: Currency): PricedLine[] =>
  kept.map(({ row, quantity }) => ({
    varianceId: row.varianceId,
    productTypeId: row.productTypeId,
    lineTotal: unitPrice(row, currency) * quantity,
  }));

async function activeCampaigns(db: Db, now: Date): Promise<CampaignRule[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(and(lte(campaigns.validFrom, now), gt(campaigns.validUntil, now)))
    .orderBy(asc(campaigns.id));
  return rows.map((c) => ({ id: c.id, name: { en: c.nameEn, zh: c.nameZh }, rateBp: c.rateBp, productTypeIds: c.productTypeIds }));
}

/**
 * Spec §1 SVIP: a member with an ongoing subscription (users.subscribed) gets a member price, 10 % off every
 * product, as an automatic campaign: like any campaign it does not add to another (the largest applies).
 */
const SVIP_CAMPAIGN: CampaignRule = { id: 'svip-member-price', name: { en: 'SVIP member price', zh: 'SVIP 會員價' }, rateBp: 1000, productTypeIds: [] };

/** The campaigns active now for this member: the shop's, and the SVIP member price while they are subscribed. */
export async function campaignsFor(db: Db, userId: string, now: Date): Promise<CampaignRule[]> {
  const shop = await activeCampaigns(db, now);
  const [member] = await db.select({ subscribed: users.subscribed }).from(users).where(eq(users.id, userId));
  return member?.subscribed ? [...shop, SVIP_CAMPAIGN] : shop;
}

/** The country of the member's selected delivery address, else Hong Kong. */
async function deliveryCountryOf(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ addresses: users.deliveryAddresses, index: users.mainDeliveryAddressIndex })
    .from(users)
    .where(eq(users.id, userId));
  const addresses = (user?.addresses ?? []) as DeliveryAddress[];
  return addresses[user?.index ?? 0]?.CountryID ?? HONG_KONG_COUNTRY_ID;
}

export interface PricedBag {
  reconciliation: Reconciliation;
  productList: BagLine[];
  orderDetail: OrderDetail;
  hasAlcohol: boolean;
  /** What it was priced with, for the same bag at its HKD prices (totalHkdOf). */
  campaigns: CampaignRule[];
  coupon: CouponRule | undefined;
  /** Set when a coupon code was given and cannot be used: nothing else should be acted on. */
  couponRefusal?: { reason: CouponRefusal; message: string };
}

/**
 * The bag as the member would see it now: reconciled with stock (in memory only; the caller persists
 * it with persistReconciliation once it decides to answer), priced, and totalled.
 */
export async function priceBag(
  db: Db,
  { userId, currency, couponCode, now }: { userId: string; currency: Currency; couponCode?: string; now: Date },
): Promise<PricedBag> {
  const reconciliation = reconcile(await readBagRows(db, userId));
  const lines = pricedLines(reconciliation.kept, currency);
  const code = normaliseCouponCode(couponCode);
  const checked = code ? await checkCoupon(db, { code, userId, orderKind: 'product', currency, lines, now }) : undefined;
  const coupon = checked?.ok ? checked.rule : undefined;

  const countryId = await deliveryCountryOf(db, userId);
  // One after another: inside a transaction (checkout) the queries share one connection, which pg 9
  // will no longer queue for us.
  const campaignRules = await campaignsFor(db, userId, now);
  const orderDetail = await priceOrder(db, { currency, countryId, lines, campaigns: campaignRules, coupon, shipped: true });
  return {
    reconciliation,
    productList: reconciliation.kept.map((l) => toBagLine(l, currency)),
    orderDetail,
    hasAlcohol: reconciliation.kept.some((l) => l.row.isAlcohol),
    campaigns: campaignRules,
    coupon,
    ...(checked && !checked.ok ? { couponRefusal: checked.refusal } : {}),
  };
}
