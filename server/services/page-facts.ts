/**
 * What the server knows about a page before any script runs (issue 14, Fast): the product a product
 * page shows, the first big banner of the home page, a product type's name and banner, an information
 * page's title. server/http/page-head.ts writes them into the page's head and first paint.
 *
 * Read in English (the language a crawler and a first visit get) with HKD prices. A product comes
 * through the product cache (services/product-cache.ts), under its own variant, so a stock change that
 * drops getProduct's copy drops this one too; banners, types and information pages are kept for
 * PAGE_FACTS_TTL_MS in a small cache of each app's own.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, information, productTypes, products } from '../db/schema.ts';
import { artworkUrl } from './artwork.ts';
import type { Clock } from './clock.ts';
import type { ProductCache } from './product-cache.ts';

export const PAGE_FACTS_TTL_MS = 60_000;
/** Keys of the content cache: home, each product type, each information page. */
const MAX_CONTENT_ENTRIES = 500;
/** The product cache's variant for these facts (beside getProduct's currencies). */
const PRODUCT_VARIANT = 'page-facts';

export interface BannerFacts {
  title: string;
  subtitle: string;
  /** Its picture's address (an artwork under /media/art/). */
  image: string;
  link: string;
}

export interface ProductFacts {
  id: string;
  name: string;
  description: string;
  /** Its pictures' addresses, the gallery's first first (the card's picture when it has none). */
  images: string[];
  typeId: string;
  typeName: string;
  isAlcohol: boolean;
  /** Every variance, in the product page's order; prices in HKD minor units. */
  variances: { id: string; name: string; priceHkd: number; onSale: boolean; inStock: boolean }[];
}

export interface ProductTypeFacts {
  id: string;
  name: string;
  description: string;
  /** The type page's banner (its first), if it has one. */
  banner?: BannerFacts;
}

export interface PageFacts {
  /** The product, or undefined when there is none by that id. */
  product(id: string): Promise<ProductFacts | undefined>;
  /** The home page's first big banner. */
  homeBanner(): Promise<BannerFacts | undefined>;
  productType(id: string): Promise<ProductTypeFacts | undefined>;
  /** An information page's title and the start of its text. */
  information(id: string): Promise<{ title: string; text: string } | undefined>;
}

type VarianceRow = { id: string; nameEn: string; priceHkd: number; stock: number; stopSell: boolean };

export function createPageFacts(deps: { db: Db; clock: Clock; productCache: ProductCache }, ttlMs = PAGE_FACTS_TTL_MS): PageFacts {
  const { db, clock, productCache } = deps;
  const content = new Map<string, { until: number; value: Promise<unknown> }>();

  /** `load` at most once per TTL per key (concurrent misses share one read); failures are not kept. */
  function kept<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = clock.now().getTime();
    const hit = content.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const value = load();
    const entry = { until: now + ttlMs, value };
    value.catch(() => content.get(key) === entry && content.delete(key));
    content.delete(key);
    content.set(key, entry);
    if (content.size > MAX_CONTENT_ENTRIES) content.delete(content.keys().next().value!);
    return value;
  }

  const toBanner = (b: typeof banners.$inferSelect): BannerFacts => ({
    title: b.titleEn,
    subtitle: b.subtitleEn,
    image: artworkUrl(b.image),
    link: b.link,
  });

  return {
    product(id) {
      return productCache.get(id, PRODUCT_VARIANT, async () => {
        const [row] = await db
          .select({
            id: products.id,
            nameEn: products.nameEn,
            descriptionEn: products.descriptionEn,
            images: products.images,
            stopSell: products.stopSell,
            typeId: products.typeId,
            typeNameEn: productTypes.nameEn,
            isAlcohol: productTypes.isAlcohol,
            variances: sql<VarianceRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(
                'id', v.id, 'nameEn', v.name_en, 'priceHkd', v.price_hkd, 'stock', v.stock, 'stopSell', v.stop_sell)
                order by v.sort, v.id), '[]'::jsonb)
              from variances v where v.product_id = "products"."id")`,
          })
          .from(products)
          .innerJoin(productTypes, eq(productTypes.id, products.typeId))
          .where(eq(products.id, id));
        if (!row) return undefined;
        const images = row.images.length ? row.images : ['box-30-0'];
        return {
          id: row.id,
          name: row.nameEn,
          description: row.descriptionEn,
          images: images.map(artworkUrl),
          typeId: row.typeId,
          typeName: row.typeNameEn,
          isAlcohol: row.isAlcohol,
          variances: row.variances.map((v) => {
            const onSale = !v.stopSell && !row.stopSell;
            return { id: v.id, name: v.nameEn, priceHkd: v.priceHkd, onSale, inStock: onSale && v.stock > 0 };
          }),
        };
      });
    },

    homeBanner() {
      return kept('home', async () => {
        const [first] = await db.select().from(banners).where(eq(banners.kind, 'big')).orderBy(asc(banners.sort), asc(banners.id)).limit(1);
        return first && toBanner(first);
      });
    },

    productType(id) {
      return kept(`type:${id}`, async () => {
        const [type] = await db.select().from(productTypes).where(eq(productTypes.id, id));
        if (!type) return undefined;
        const [banner] = await db
          .select()
          .from(banners)
          .where(and(eq(banners.kind, 'product'), eq(banners.productTypeId, id)))
          .orderBy(asc(banners.sort), asc(banners.id))
          .limit(1);
        return { id: type.id, name: type.nameEn, description: type.descriptionEn, ...(banner ? { banner: toBanner(banner) } : {}) };
      });
    },

    information(id) {
      return kept(`information:${id}`, async () => {
        const [row] = await db.select({ title: information.titleEn, text: information.contentEn }).from(information).where(eq(information.id, id));
        return row;
      });
    },
  };
}
