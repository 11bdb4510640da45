import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, MoneyInput, defineCall, noBody } from './define.ts';

export const StockStatus = v.picklist(['InStock', 'LowStock', 'OutOfStock']);
export type StockStatus = v.InferOutput<typeof StockStatus>;
/** At or below this many units a variance shows "Last {count} left". */
export const LOW_STOCK_THRESHOLD = 5;

export const ProductType = v.object({
  ProductTypeID: v.string(),
  Name: Bilingual,
  Description: Bilingual,
  Image: v.string(),
  IsAlcohol: v.boolean(),
  IsBoxset: v.boolean(),
  ProductCount: v.number(),
});
export type ProductType = v.InferOutput<typeof ProductType>;

export const Attribute = v.object({ AttributeID: v.string(), Group: v.string(), Name: Bilingual });
export type Attribute = v.InferOutput<typeof Attribute>;

export const ProductCard = v.object({
  ProductID: v.string(),
  ProductTypeID: v.string(),
  Name: Bilingual,
  Image: v.string(),
  /** Lowest variance price, in `Currency`. */
  Price: Money,
  Currency,
  StockStatus,
  IsAlcohol: v.boolean(),
  StopSell: v.boolean(),
});
export type ProductCard = v.InferOutput<typeof ProductCard>;

/** A page of search results. */
export const SearchResults = v.object({
  ProductList: v.array(ProductCard),
  Total: v.number(),
  /** Ours: more than Total products match (matches are counted up to 1,000: "1,000+ products"). */
  TotalCapped: v.optional(v.boolean()),
  /**
   * Ours (issue 14): nothing matched the keyword, and this keyword (its misspelt words replaced by the
   * nearest words of the catalogue) finds products with the same filters: "Did you mean whisky?".
   */
  DidYouMean: v.optional(v.string()),
});

export const Variance = v.object({
  VarianceID: v.string(),
  Name: Bilingual,
  Price: Money,
  Currency,
  StockStatus,
  /** Present only when stock is low: the count behind "Last {count} left". */
  StockLeft: v.optional(v.number()),
  StopSell: v.boolean(),
});
export type Variance = v.InferOutput<typeof Variance>;

export const ProductDetail = v.object({
  ...ProductCard.entries,
  Description: Bilingual,
  Images: v.array(v.string()),
  /** Ours (issue 32): the alt text of each of Images when they are pictures staff uploaded (absent for artwork). */
  ImageAlt: v.optional(v.array(Bilingual)),
  Attributes: v.array(Attribute),
  Variances: v.array(Variance),
  ProductTypeName: Bilingual,
});
export type ProductDetail = v.InferOutput<typeof ProductDetail>;

export const Banner = v.object({
  BannerID: v.string(),
  Title: Bilingual,
  Subtitle: Bilingual,
  Image: v.string(),
  /** An in-app path the banner leads to. */
  Link: v.string(),
});
export type Banner = v.InferOutput<typeof Banner>;

export const SortOrder = v.picklist(['relevance', 'newest', 'priceAsc', 'priceDesc', 'bestSelling']);
export type SortOrder = v.InferOutput<typeof SortOrder>;

const IdList = v.pipe(v.array(Id), v.maxLength(100));
const Count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

export const ProductFilter = v.object({
  ProductType: v.optional(IdList),
  /** Attribute IDs: any of a group's values matches, every group must match. */
  Attribute: v.optional(IdList),
});
export const PriceRange = v.object({
  Price: v.optional(v.object({ Min: v.optional(MoneyInput), Max: v.optional(MoneyInput) })),
});

export const getProductTypeList = defineCall({
  name: 'getProductTypeList',
  method: 'POST',
  auth: 'public',
  body: noBody,
  response: v.object({ ProductTypeList: v.array(ProductType) }),
});

export const getProductType = defineCall({
  name: 'getProductType',
  method: 'POST',
  auth: 'public',
  body: v.object({ ProductTypeID: Id }),
  response: v.object({ ProductType }),
});

export const getProductBanner = defineCall({
  name: 'getProductBanner',
  method: 'POST',
  auth: 'public',
  body: v.object({ ProductType: Id }),
  response: v.object({ BannerList: v.array(Banner) }),
});

/**
 * Longest search keyword accepted, in UTF-16 code units (as the search box's maxLength counts): longer ones
 * answer 400 InvalidParameter naming Keyword. Product names are far shorter; the server's per-keyword work
 * (words, Chinese bigrams) is bounded by it.
 */
export const KEYWORD_MAX_LENGTH = 64;
/** A search keyword, in every search call (SearchAndFilterProduct and the calls of contract/search.ts). */
export const Keyword = v.pipe(v.string(), v.maxLength(KEYWORD_MAX_LENGTH, `at most ${KEYWORD_MAX_LENGTH} characters`));

/**
 * The filters of a listing with their counts. ProductType keeps to one type (box sets). Ours (issue 14): the
 * rest of a results page's search (as SearchAndFilterProduct takes it), so that the counts are those of
 * its results: each group counts the results of the other groups' choices (a type or attribute count says
 * what choosing it would find, any of a group's values matching), and PriceRange spans them whatever the
 * chosen range. Without them, the whole catalogue on sale.
 */
export const getFilter = defineCall({
  name: 'getFilter',
  method: 'POST',
  auth: 'public',
  body: v.object({
    ProductType: v.optional(Id),
    Keyword: v.optional(Keyword),
    /** The currency of Range (HKD when absent). */
    Currency: v.optional(Currency),
    Filter: v.optional(ProductFilter),
    Range: v.optional(PriceRange),
    MustNot: v.optional(v.object({ ProductType: v.optional(IdList) })),
  }),
  response: v.object({
    ProductTypeList: v.array(v.object({ ProductTypeID: v.string(), Name: Bilingual, Count: v.number() })),
    FilterList: v.array(
      v.object({
        Group: v.string(),
        Name: Bilingual,
        Options: v.array(v.object({ AttributeID: v.string(), Name: Bilingual, Count: v.number() })),
      }),
    ),
    PriceRange: v.object({
      HKD: v.object({ Min: Money, Max: Money }),
      USD: v.object({ Min: Money, Max: Money }),
    }),
  }),
});

export const SearchAndFilterProduct = defineCall({
  name: 'SearchAndFilterProduct',
  method: 'POST',
  auth: 'public',
  body: v.object({
    Currency,
    Keyword: v.optional(Keyword),
    Filter: v.optional(ProductFilter),
    Range: v.optional(PriceRange),
    Sort: v.optional(SortOrder),
    CookieID: v.optional(v.pipe(v.string(), v.maxLength(64))),
    MustNot: v.optional(v.object({ ProductType: v.optional(IdList) })),
    From: v.optional(Count(100_000), 0),
    Size: v.optional(v.pipe(Count(100), v.minValue(1)), 20),
  }),
  response: SearchResults,
});

export const getProduct = defineCall({
  name: 'getProduct',
  method: 'POST',
  auth: 'public',
  body: v.object({ Currency, ProductID: Id }),
  response: v.object({ Product: ProductDetail }),
});

export const getProductDetail = defineCall({
  name: 'getProductDetail',
  method: 'POST',
  auth: 'public',
  body: v.pipe(
    v.object({ Currency, ProductID: v.optional(Id), ProductList: v.optional(IdList) }),
    v.forward(
      v.partialCheck(
        [['ProductID'], ['ProductList']],
        (b) => b.ProductID !== undefined || b.ProductList !== undefined,
        'ProductID or ProductList is required',
      ),
      ['ProductID'],
    ),
  ),
  response: v.object({ ProductList: v.array(ProductDetail) }),
});

export const getRelatedProduct = defineCall({
  name: 'getRelatedProduct',
  method: 'POST',
  auth: 'public',
  body: v.object({ Currency, ProductID: Id, Size: v.optional(v.pipe(Count(24), v.minValue(1)), 8) }),
  response: v.object({ ProductList: v.array(ProductCard) }),
});

export const getBestSellerProduct = defineCall({
  name: 'getBestSellerProduct',
  method: 'POST',
  auth: 'public',
  body: v.object({
    Currency,
    ProductTypeID: v.optional(Id),
    Size: v.optional(v.pipe(Count(24), v.minValue(1)), 8),
  }),
  response: v.object({ ProductList: v.array(ProductCard) }),
});
