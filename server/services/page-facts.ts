/**
 * What the server knows about a page before any script runs (issue 14, Fast): the product a product
 * page shows, the first big banner of the home page, a product type's name and banner, an information
 * page's title, an event page's event with its sessions to come (issue 15), an inspiration post and whether a
 * member is there (issue 29). server/http/page-head.ts writes them into the page's head and first paint.
 *
 * Read in English (the language a crawler and a first visit get) with HKD prices. A product comes
 * through the product cache (services/product-cache.ts), under its own variant, so a stock change that
 * drops getProduct's copy drops this one too. The home's banner, a type's facts and an information page go
 * through the product cache as well, under CONTENT_FACTS ids, so the back office's content changes
 * (services/staff/content.ts) drop them at once in every process; so do events, which the back office's
 * event and session changes forget (seats customers book may lag by PRODUCT_CACHE_TTL_MS). The first
 * results of a search are kept for PAGE_FACTS_TTL_MS in a small cache of each app's own (a card's stock
 * status may lag by as much).
 *
 * A search's results are read as the SPA's first request for its results page reads them
 * (src/features/search/queries.ts resultsBody: SearchAndFilterProduct, box sets left out, best match
 * for a keyword and best sellers without one, its first page of RESULTS_PAGE_SIZE), in the visitor's
 * currency: the same products in the same order.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { KEYWORD_MAX_LENGTH, type Currency, type ProductCard } from '../../contract/index.ts';
import type { SessionSaleStatus } from '../../contract/events.ts';
import type { Db } from '../db/client.ts';
import { banners, eventVariances, events, information, inspirations, productTypes, products, users } from '../db/schema.ts';
import { artworkUrl } from './artwork.ts';
import { cardsByIds, productIsAlcohol } from './catalogue.ts';
import type { Clock } from './clock.ts';
import type { ProductCache } from './product-cache.ts';
import { saleStatusOf } from './events/sessions.ts';
import { productPageImages } from './product-pictures.ts';
import { searchProducts } from './search/products.ts';

export const PAGE_FACTS_TTL_MS = 60_000;
/** Keys of the content cache: each event, each search and currency. */
const MAX_CONTENT_ENTRIES = 500;
/** The product cache's variant for these facts (beside getProduct's currencies). */
const PRODUCT_VARIANT = 'page-facts';

/**
 * Ids in the product cache of the facts the back office's content changes (product ids are slugs without ':'):
 * forgetting one drops its page's facts here and, through the cache's signal, in every other process.
 */
export const CONTENT_FACTS = {
  homeBanner: 'content:home',
  productType: (id: string) => `content:type:${id}`,
  information: (id: string) => `content:information:${id}`,
  /** An event's facts: the back office's event and session changes (services/staff/event-catalogue.ts, events.ts, event-cancel.ts) forget it. */
  event: (id: string) => `content:event:${id}`,
} as const;

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
  /** Its pictures' addresses (uploaded ones, else its artwork), the gallery's first first. */
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

export interface EventFacts {
  id: string;
  title: string;
  description: string;
  /** Its cover's address (an artwork under /media/art/). */
  image: string;
  typeName: string;
  isAlcohol: boolean;
  hostName: string;
  hostBio: string;
  venue: string;
  address: string;
  district: string;
  mapUrl: string;
  /** Sessions not started when read, soonest first; prices in HKD minor units. */
  sessions: { id: string; startsAt: Date; endsAt: Date; saleOpensAt: Date; priceHkd: number; seatsLeft: number; status: SessionSaleStatus }[];
}

/** The SPA's first page of search results (src/features/search/queries.ts RESULTS_PAGE_SIZE, BOXSET_TYPE_ID). */
const RESULTS_PAGE_SIZE = 12;
const BOXSET_TYPE_ID = 'boxset';

/**
 * The keyword of a results page's address, as the SPA searches it (src/features/search/queries.ts
 * keywordOf): spaces tidied, cut to KEYWORD_MAX_LENGTH UTF-16 units, never in the middle of a character.
 */
export function searchKeywordOf(param: string | undefined): string {
  const keyword = (param ?? '').trim().replace(/\s+/g, ' ');
  if (keyword.length <= KEYWORD_MAX_LENGTH) return keyword;
  const cut = keyword.slice(0, KEYWORD_MAX_LENGTH);
  return (/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

export interface SearchFacts {
  /** The first cards of the results, in the SPA's order (as many as asked for). */
  cards: ProductCard[];
  total: number;
  capped: boolean;
  /** Nothing found: the nearest words of the catalogue that find something. */
  didYouMean?: string;
}

export interface PostFacts {
  id: string;
  /** An archived post is there (its author still sees it) but says nothing to anyone else. */
  published: boolean;
  title: string;
  description: string;
  /** Its first picture's address, if it has one. */
  image?: string;
}

export interface PageFacts {
  /** The product, or undefined when there is none by that id. */
  product(id: string): Promise<ProductFacts | undefined>;
  /** The home page's first big banner. */
  homeBanner(): Promise<BannerFacts | undefined>;
  productType(id: string): Promise<ProductTypeFacts | undefined>;
  /** An information page's title and the start of its text. */
  information(id: string): Promise<{ title: string; text: string } | undefined>;
  /** A published event, or undefined when there is none by that id. */
  event(id: string): Promise<EventFacts | undefined>;
  /** An inspiration post, published or archived, or undefined when there is none by that id. */
  post(id: string): Promise<PostFacts | undefined>;
  /** Whether there is a member by that id (their public page). */
  memberExists(id: string): Promise<boolean>;
  /**
   * The first `cards` products a visitor's results page shows for a keyword (already tidied by
   * searchKeywordOf; empty: every product, best sellers first), without filters, in `currency`.
   */
  searchResults(keyword: string, currency: Currency, cards: number): Promise<SearchFacts>;
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
            photos: products.photos,
            stopSell: products.stopSell,
            typeId: products.typeId,
            typeNameEn: productTypes.nameEn,
            isAlcohol: productIsAlcohol,
            variances: sql<VarianceRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(
                'id', v.id, 'nameEn', v.name_en, 'priceHkd', v.price_hkd, 'stock', v.stock, 'stopSell', v.stop_sell)
                order by v.sort, v.id), '[]'::jsonb)
              from variances v where v.product_id = "products"."id")`,
          })
          .from(products)
          .innerJoin(productTypes, eq(productTypes.id, products.typeId))
          .where(eq(products.id, id));
        if (!row) return undefined;
        return {
          id: row.id,
          name: row.nameEn,
          description: row.descriptionEn,
          // The gallery's pictures as getProduct gives them: the head preloads the very first the page shows.
          images: productPageImages(row),
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

    async homeBanner() {
      // Kept in a box: no banner at all is an answer too (the cache keeps no undefined).
      const kept = await productCache.get(CONTENT_FACTS.homeBanner, PRODUCT_VARIANT, async () => {
        const [first] = await db.select().from(banners).where(eq(banners.kind, 'big')).orderBy(asc(banners.sort), asc(banners.id)).limit(1);
        return { banner: first && toBanner(first) };
      });
      return kept?.banner;
    },

    productType(id) {
      return productCache.get(CONTENT_FACTS.productType(id), PRODUCT_VARIANT, async () => {
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
      return productCache.get(CONTENT_FACTS.information(id), PRODUCT_VARIANT, async () => {
        const [row] = await db.select({ title: information.titleEn, text: information.contentEn }).from(information).where(eq(information.id, id));
        return row;
      });
    },

    event(id) {
      return productCache.get(CONTENT_FACTS.event(id), PRODUCT_VARIANT, async () => {
        const now = clock.now();
        const [row] = await db
          .select({
            id: events.id,
            titleEn: events.titleEn,
            descriptionEn: events.descriptionEn,
            image: events.image,
            hostNameEn: events.hostNameEn,
            hostBioEn: events.hostBioEn,
            venueEn: events.venueEn,
            addressEn: events.addressEn,
            districtEn: events.districtEn,
            mapUrl: events.mapUrl,
            typeNameEn: productTypes.nameEn,
            isAlcohol: productTypes.isAlcohol,
          })
          .from(events)
          .innerJoin(productTypes, eq(productTypes.id, events.typeId))
          .where(and(eq(events.id, id), eq(events.published, true)));
        if (!row) return undefined;
        const sessions = await db
          .select()
          .from(eventVariances)
          .where(and(eq(eventVariances.eventId, id), gt(eventVariances.startsAt, now)))
          .orderBy(asc(eventVariances.startsAt), asc(eventVariances.id));
        return {
          id: row.id,
          title: row.titleEn,
          description: row.descriptionEn,
          image: artworkUrl(row.image),
          typeName: row.typeNameEn,
          isAlcohol: row.isAlcohol,
          hostName: row.hostNameEn,
          hostBio: row.hostBioEn,
          venue: row.venueEn,
          address: row.addressEn,
          district: row.districtEn,
          mapUrl: row.mapUrl,
          sessions: sessions.map((s) => ({
            id: s.id,
            startsAt: s.startsAt,
            endsAt: s.endsAt,
            saleOpensAt: s.saleOpensAt,
            priceHkd: s.priceHkd,
            seatsLeft: s.seatsLeft,
            status: saleStatusOf(s, now),
          })),
        };
      });
    },

    post(id) {
      return kept(`post:${id}`, async () => {
        const [row] = await db
          .select({ id: inspirations.id, status: inspirations.status, title: inspirations.title, description: inspirations.description, media: inspirations.media })
          .from(inspirations)
          .where(eq(inspirations.id, id));
        if (!row) return undefined;
        const picture = row.media.find((m) => m.Type === 'image');
        return {
          id: row.id,
          published: row.status === 'Published',
          title: row.title,
          description: row.description,
          ...(picture ? { image: picture.Url } : {}),
        };
      });
    },

    memberExists(id) {
      return kept(`member:${id}`, async () => {
        const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
        return row !== undefined;
      });
    },

    searchResults(keyword, currency, cards) {
      return kept(`search:${currency}:${cards}:${keyword}`, async () => {
        const page = await searchProducts(db, {
          Currency: currency,
          ...(keyword ? { Keyword: keyword } : {}),
          MustNot: { ProductType: [BOXSET_TYPE_ID] },
          Sort: keyword ? 'relevance' : 'bestSelling',
          From: 0,
          Size: RESULTS_PAGE_SIZE,
        });
        return {
          cards: await cardsByIds(db, currency, page.ids.slice(0, cards)),
          total: page.total,
          capped: page.capped === true,
          ...(page.didYouMean ? { didYouMean: page.didYouMean } : {}),
        };
      });
    },
  };
}
