import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import * as contract from '../../contract/catalogue.ts';
import type { Currency } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { banners, productOnSaleCounts, productTypes, products } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { artworkUrl } from '../services/artwork.ts';
import { cardColumns, cardQuery, cardsByIds, stockStatusOf, toBanner, toCard } from '../services/catalogue.ts';
import { productPageAlts, productPageImages } from '../services/product-pictures.ts';
import { searchProducts } from '../services/search/products.ts';
import { searchFacets } from '../services/search/facets.ts';
import { implement, PreparedAnswer } from './handler.ts';

/** Full product details in one round trip: variances and attributes come back as JSON arrays. */
async function productDetails(db: Db, currency: Currency, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...cardColumns(currency),
      descriptionEn: products.descriptionEn,
      descriptionZh: products.descriptionZh,
      typeNameEn: productTypes.nameEn,
      typeNameZh: productTypes.nameZh,
      variances: sql<VarianceRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(
          'id', v.id, 'nameEn', v.name_en, 'nameZh', v.name_zh, 'priceHkd', v.price_hkd, 'priceUsd', v.price_usd,
          'stock', v.stock, 'stopSell', v.stop_sell) order by v.sort, v.id), '[]'::jsonb)
        from variances v where v.product_id = "products"."id")`,
      attributes: sql<AttributeRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(
          'id', a.id, 'group', a."group", 'nameEn', a.name_en, 'nameZh', a.name_zh) order by a.sort, a.id), '[]'::jsonb)
        from attributes a where "products"."attribute_ids" ? a.id)`,
    })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .where(inArray(products.id, [...ids]));

  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const alts = productPageAlts(row, { en: row.nameEn, zh: row.nameZh });
    return [
      {
        ...toCard(row, currency),
        Description: { en: row.descriptionEn, zh: row.descriptionZh },
        Images: productPageImages(row),
        ...(alts ? { ImageAlt: alts } : {}),
        ProductTypeName: { en: row.typeNameEn, zh: row.typeNameZh },
        Attributes: row.attributes.map((a) => ({ AttributeID: a.id, Group: a.group, Name: { en: a.nameEn, zh: a.nameZh } })),
        Variances: row.variances.map((vr) => {
          const stock = vr.stopSell || row.stopSell ? 0 : vr.stock;
          const status = stockStatusOf(stock);
          return {
            VarianceID: vr.id,
            Name: { en: vr.nameEn, zh: vr.nameZh },
            Price: currency === 'HKD' ? vr.priceHkd : vr.priceUsd,
            Currency: currency,
            StockStatus: status,
            ...(status === 'LowStock' ? { StockLeft: stock } : {}),
            StopSell: vr.stopSell || row.stopSell,
          };
        }),
      },
    ];
  });
}

type VarianceRow = { id: string; nameEn: string; nameZh: string; priceHkd: number; priceUsd: number; stock: number; stopSell: boolean };
type AttributeRow = { id: string; group: string; nameEn: string; nameZh: string };

export const catalogueHandlers = implement(contract, {
  async getProductTypeList({ deps: { db } }) {
    return { ProductTypeList: await productTypeRows(db) };
  },

  async getProductType({ body, deps: { db } }) {
    const [type] = await productTypeRows(db, body.ProductTypeID);
    if (!type) throw notFound('Product type');
    return { ProductType: type };
  },

  async getProductBanner({ body, deps: { db } }) {
    const rows = await db
      .select()
      .from(banners)
      .where(and(eq(banners.kind, 'product'), eq(banners.productTypeId, body.ProductType)))
      .orderBy(asc(banners.sort));
    return { BannerList: rows.map(toBanner) };
  },

  async getFilter({ body, deps: { db } }) {
    // Counted over the results of the search the body describes (issue 14): server/services/search/facets.ts.
    return searchFacets(db, body);
  },

  async SearchAndFilterProduct({ body, deps: { db, productCache } }) {
    const page = await searchProducts(db, body, { cache: productCache });
    return {
      ProductList: await cardsByIds(db, body.Currency, page.ids),
      Total: page.total,
      ...(page.capped ? { TotalCapped: true } : {}),
      ...(page.didYouMean ? { DidYouMean: page.didYouMean } : {}),
    };
  },

  async getProduct({ body, deps: { db, productCache } }) {
    // Kept serialized: the most read answer of the shop is sent as it is.
    const answer = await productCache.getBatched(body.ProductID, body.Currency, async (ids) => {
      const found = await productDetails(db, body.Currency, ids);
      return new Map(found.map((product) => [product.ProductID, new PreparedAnswer<typeof contract.getProduct>({ Product: product })]));
    });
    if (!answer) throw notFound('Product');
    return answer;
  },

  async getProductDetail({ body, deps: { db } }) {
    const ids = body.ProductList ?? (body.ProductID ? [body.ProductID] : []);
    return { ProductList: await productDetails(db, body.Currency, ids) };
  },

  async getRelatedProduct({ body, deps: { db } }) {
    const [source] = await db
      .select({ typeId: products.typeId, attributeIds: products.attributeIds })
      .from(products)
      .where(eq(products.id, body.ProductID));
    if (!source) throw notFound('Product');
    const shared = source.attributeIds.length
      ? sql`(select count(*) from jsonb_array_elements_text(${products.attributeIds}) as a(id)
          where a.id in (${sql.join(source.attributeIds.map((id) => sql`${id}`), sql`, `)}))`
      : sql`0`;
    const rows = await cardQuery(db, body.Currency)
      .where(and(sql`${products.id} <> ${body.ProductID}`, eq(products.stopSell, false)))
      .orderBy(desc(sql`(${products.typeId} = ${source.typeId})::int`), desc(shared), desc(products.soldCount), asc(products.id))
      .limit(body.Size);
    return { ProductList: rows.map((r) => toCard(r, body.Currency)) };
  },

  async getBestSellerProduct({ body, deps: { db } }) {
    const rows = await cardQuery(db, body.Currency)
      .where(
        and(eq(products.stopSell, false), body.ProductTypeID ? eq(products.typeId, body.ProductTypeID) : undefined),
      )
      .orderBy(desc(products.soldCount), asc(products.id))
      .limit(body.Size);
    return { ProductList: rows.map((r) => toCard(r, body.Currency)) };
  },
});

/** Product types with their count on sale, pictured by their best seller. */
async function productTypeRows(db: Db, id?: string) {
  // Counts from the per-type table the database keeps, pictures from each type's best seller through its
  // own order index: neither reads the catalogue.
  const types = await db
    .select({
      type: productTypes,
      count: sql<number>`coalesce(${productOnSaleCounts.onSale}, 0)`,
      images: sql<string[] | null>`(select p.images from ${products} p
        where p.type_id = ${productTypes.id} and not p.stop_sell order by p.sold_count desc, p.id limit 1)`,
    })
    .from(productTypes)
    .leftJoin(productOnSaleCounts, eq(productOnSaleCounts.typeId, productTypes.id))
    .where(id ? eq(productTypes.id, id) : undefined)
    .orderBy(asc(productTypes.sort));
  return types.map(({ type: t, count, images }) => ({
    ProductTypeID: t.id,
    Name: { en: t.nameEn, zh: t.nameZh },
    Description: { en: t.descriptionEn, zh: t.descriptionZh },
    Image: artworkUrl(images?.[0] ?? 'box-30-0'),
    IsAlcohol: t.isAlcohol,
    IsBoxset: t.isBoxset,
    ProductCount: count,
  }));
}
