import * as v from 'valibot';
import { Bilingual, defineCall, Id } from './define.ts';
import { PageKey, sortOf } from './staff-sort.ts';
import {
  NewVariance,
  NewVariances,
  ProductDescription,
  ProductImages,
  ProductName,
  ProductPhotos,
  StockDelta,
  StockReason,
  VarianceName,
  VariancePrice,
} from './staff-catalogue-fields.ts';

/**
 * The catalogue in the back office (issue 32): staff list, make and change products and their variances
 * (the products and variances tables the customers' calls read), and adjust a variance's stock with a
 * reason. What staff change is what customers see at once: getProduct's cached answers are dropped in every
 * process, and search matches the database's own index of the texts. Each change is one audit_log row with
 * before and after (actions 'product.create', 'product.update', 'variance.create', 'variance.update',
 * 'stock.adjust', 'product.photos').
 *
 * Whether a product is alcohol (spec §9: sold to over-18s, the age confirmed at checkout) is the product's own
 * IsAlcohol, set by staff; a new product takes its type's unless told. Products staff upload pictures for
 * (staff-set-product-photos) show those instead of their artwork.
 */

export const STAFF_PRODUCTS_PAGE_MAX = 100;
export {
  PHOTO_ALT_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_PHOTOS_MAX,
  STOCK_MAX,
  STOCK_REASON_MAX,
  StockCount,
  StockDelta,
  StockReason,
  VARIANCES_PER_PRODUCT_MAX,
  VariancePrice,
} from './staff-catalogue-fields.ts';

/** A variance as staff see it. */
export const StaffVariance = v.object({
  VarianceID: v.string(),
  Name: Bilingual,
  /** Minor units per currency. */
  Price: v.object({ HKD: v.number(), USD: v.number() }),
  Stock: v.number(),
  StopSell: v.boolean(),
});
export type StaffVariance = v.InferOutput<typeof StaffVariance>;

/** A picture staff uploaded for a product: the stored picture, a card-sized copy (for lists) and its alt text. */
export const StaffPhoto = v.object({ MediaID: v.string(), Url: v.string(), ThumbUrl: v.string(), Alt: Bilingual });
export type StaffPhoto = v.InferOutput<typeof StaffPhoto>;

/** A product as staff see it, with every variance (on sale or not), in the product page's order. */
export const StaffProduct = v.object({
  ProductID: v.string(),
  ProductTypeID: v.string(),
  Name: Bilingual,
  Description: Bilingual,
  /** Artwork seeds, as stored; ImageUrls are their addresses. Customers see them when there are no Photos. */
  Images: v.array(v.string()),
  ImageUrls: v.array(v.string()),
  /** Uploaded pictures, in the order customers see them (staff-set-product-photos). */
  Photos: v.array(StaffPhoto),
  /**
   * Sold to over-18s only: customers see 18+ and confirm their age to buy it (bag, checkout, subscription
   * boxes, gatherings' pours). A product whose English name contains "Alcohol" is treated so whatever this says.
   */
  IsAlcohol: v.boolean(),
  StopSell: v.boolean(),
  /** Lowest price among the variances on sale (among all when none is), what listings sort by. */
  MinPrice: v.object({ HKD: v.number(), USD: v.number() }),
  /** ISO 8601. */
  CreatedAt: v.string(),
  Variances: v.array(StaffVariance),
});
export type StaffProduct = v.InferOutput<typeof StaffProduct>;

/**
 * How staff-list-products sorts (contract/staff-sort.ts): ProductID (the default, ascending), Name (the English
 * name), ProductTypeID, MinPrice (the HKD lowest price), Stock (its variances' stock added up), CreatedAt; ties
 * by ProductID.
 */
export const StaffProductSort = sortOf(['ProductID', 'Name', 'ProductTypeID', 'MinPrice', 'Stock', 'CreatedAt']);
export type StaffProductSort = v.InferOutput<typeof StaffProductSort>;

/**
 * Products by id unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from the previous page
 * of the same sort continues), each with its variances. ProductTypeID keeps one type; Text those whose id is it,
 * or whose English (any case) or Chinese name contains it; Status those on sale, or stopped (default all).
 */
export const staffListProducts = defineCall({
  name: 'staff-list-products',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    ProductTypeID: v.optional(Id),
    Text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'at most 100 characters'))),
    Status: v.optional(v.picklist(['all', 'onSale', 'stopped']), 'all'),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_PRODUCTS_PAGE_MAX)), 50),
    Sort: v.optional(StaffProductSort, { Field: 'ProductID', Direction: 'asc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ ProductList: v.array(StaffProduct), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Makes a product with its variances (at least one), on sale unless StopSell. Its id is made by the server
 * from its type and English name. IsAlcohol when not sent is its type's (an alcohol type, or one named
 * "Alcohol"). An unknown product type is 400 InvalidParameter naming ProductTypeID; an unknown artwork motif
 * 400 naming Images. Customers find it at once (getProduct, search, listings). One audit_log row
 * ('product.create') with the product and its variances.
 */
export const staffCreateProduct = defineCall({
  name: 'staff-create-product',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    ProductTypeID: Id,
    Name: ProductName,
    Description: v.optional(ProductDescription, { en: '', zh: '' }),
    Images: ProductImages,
    IsAlcohol: v.optional(v.boolean()),
    StopSell: v.optional(v.boolean(), false),
    Variances: NewVariances,
  }),
  response: v.object({ Product: StaffProduct }),
});

/**
 * Changes a product; what is not sent stays as it is. StopSell true takes it (every variance) off sale for
 * customers at once (add-to-bag answers StopSell); its stock stays. IsAlcohol false lifts the age rules from it
 * at once, true puts them on; moved to another type that is alcohol without IsAlcohol, it becomes alcohol (only
 * an explicit false clears the flag). An unknown product is 400 ObjectNotFound naming ProductID. A change
 * writes one audit_log row ('product.update', before and after); a body changing nothing writes nothing, so
 * pressing twice is harmless.
 */
export const staffUpdateProduct = defineCall({
  name: 'staff-update-product',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    ProductID: Id,
    ProductTypeID: v.optional(Id),
    Name: v.optional(ProductName),
    Description: v.optional(ProductDescription),
    Images: v.optional(ProductImages),
    IsAlcohol: v.optional(v.boolean()),
    StopSell: v.optional(v.boolean()),
  }),
  response: v.object({ Product: StaffProduct }),
});

/**
 * Sets a product's uploaded pictures: the whole list, in order (an empty list goes back to the artwork). Each
 * MediaID is a picture the caller uploaded with upload-temporary-media (Purpose 'product', its PUT finished)
 * or one the product shows already (whoever uploaded it); anything else is 400 InvalidParameter naming
 * Photos.<n>.MediaID. Customers see the first on cards and every one on the product page at once. A change
 * writes one audit_log row ('product.photos', before and after); the same list again writes nothing. An
 * unknown product is 400 ObjectNotFound naming ProductID.
 */
export const staffSetProductPhotos = defineCall({
  name: 'staff-set-product-photos',
  method: 'POST',
  auth: 'staff',
  body: v.object({ ProductID: Id, Photos: ProductPhotos }),
  response: v.object({ Product: StaffProduct }),
});

/**
 * Adds a variance to a product (last in its order). An unknown product is 400 ObjectNotFound naming
 * ProductID. One audit_log row ('variance.create').
 */
export const staffCreateVariance = defineCall({
  name: 'staff-create-variance',
  method: 'POST',
  auth: 'staff',
  body: v.object({ ProductID: Id, ...NewVariance.entries }),
  response: v.object({ Product: StaffProduct }),
});

/**
 * Changes a variance's names, prices or stop-sale; what is not sent stays as it is (stock moves only through
 * staff-adjust-stock). New prices hold for every bag and checkout from then on. An unknown variance is 400
 * ObjectNotFound naming VarianceID. A change writes one audit_log row ('variance.update', before and after);
 * a body changing nothing writes nothing.
 */
export const staffUpdateVariance = defineCall({
  name: 'staff-update-variance',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    VarianceID: Id,
    Name: v.optional(VarianceName),
    Price: v.optional(VariancePrice),
    StopSell: v.optional(v.boolean()),
  }),
  response: v.object({ Product: StaffProduct }),
});

/**
 * Moves a variance's stock by Delta (signed, never 0) for a Reason (received, damaged, count correction, …).
 * Applied in one conditional update: adjustments made at once all count, and checkouts taking stock meanwhile
 * too. Stock that would go below zero is refused 400 StockBelowZero (stock unchanged; the answer carries the
 * stock there is); an unknown variance is 400 ObjectNotFound naming VarianceID. One audit_log row
 * ('stock.adjust') with the stock before and after, the delta and the reason.
 */
export const staffAdjustStock = defineCall({
  name: 'staff-adjust-stock',
  method: 'POST',
  auth: 'staff',
  body: v.object({ VarianceID: Id, Delta: StockDelta, Reason: StockReason }),
  response: v.object({ Variance: StaffVariance }),
});
