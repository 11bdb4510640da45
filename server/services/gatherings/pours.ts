/**
 * Tonight's pour list (spec §7 list-gathering-product, get-gathering-product; issue 31): products at the
 * gathering's price, with what is left of the quantity the host set aside for the room.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Currency, GatheringProduct } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { gatheringPours, gatherings, products, variances } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { productIsAlcohol } from '../catalogue.ts';
import { productCardImage } from '../product-pictures.ts';

export type PourRow = Awaited<ReturnType<typeof pourRows>>[number];

export function pourRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      gatheringId: gatheringPours.gatheringId,
      productId: gatheringPours.productId,
      varianceId: gatheringPours.varianceId,
      nameEn: products.nameEn,
      nameZh: products.nameZh,
      descriptionEn: products.descriptionEn,
      descriptionZh: products.descriptionZh,
      images: products.images,
      photos: products.photos,
      isAlcohol: productIsAlcohol,
      varianceEn: variances.nameEn,
      varianceZh: variances.nameZh,
      priceHkd: gatheringPours.priceHkd,
      priceUsd: gatheringPours.priceUsd,
      onlineHkd: variances.priceHkd,
      onlineUsd: variances.priceUsd,
      remaining: gatheringPours.remaining,
      setAside: gatheringPours.setAside,
    })
    .from(gatheringPours)
    .innerJoin(products, eq(products.id, gatheringPours.productId))
    .innerJoin(variances, eq(variances.id, gatheringPours.varianceId))
    .where(where)
    .orderBy(asc(gatheringPours.sort), asc(gatheringPours.productId));
}

export function toGatheringProduct(r: PourRow, currency: Currency): GatheringProduct {
  return {
    ProductID: r.productId,
    VarianceID: r.varianceId,
    Name: { en: r.nameEn, zh: r.nameZh },
    VarianceName: { en: r.varianceEn, zh: r.varianceZh },
    Image: productCardImage(r),
    IsAlcohol: r.isAlcohol,
    Price: currency === 'HKD' ? r.priceHkd : r.priceUsd,
    OnlinePrice: currency === 'HKD' ? r.onlineHkd : r.onlineUsd,
    Currency: currency,
    Remaining: r.remaining,
    SetAside: r.setAside,
  };
}

async function requireGathering(db: Db, gatheringId: string) {
  const [g] = await db.select({ id: gatherings.id }).from(gatherings).where(eq(gatherings.id, gatheringId));
  if (!g) throw notFound('Gathering');
}

export async function listPours(db: Db, gatheringId: string, currency: Currency) {
  await requireGathering(db, gatheringId);
  const rows = await pourRows(db, eq(gatheringPours.gatheringId, gatheringId));
  return { ProductList: rows.map((r) => toGatheringProduct(r, currency)) };
}

export async function onePour(db: Db, gatheringId: string, productId: string, currency: Currency) {
  const [row] = await pourRows(db, and(eq(gatheringPours.gatheringId, gatheringId), eq(gatheringPours.productId, productId)));
  if (!row) throw notFound('Product of this gathering');
  return { Product: { ...toGatheringProduct(row, currency), Description: { en: row.descriptionEn, zh: row.descriptionZh } } };
}
