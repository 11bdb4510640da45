import * as v from 'valibot';
import { MoneyInput } from './define.ts';

/**
 * Fields staff type into the back office's catalogue forms (issue 32), in a small file of their own so that
 * the /admin catalogue checks them with the very schemas staff-catalogue's calls use, without taking the calls'
 * other schemas into its chunk (build/contract-descriptors.ts: a client build keeps no call's body schema).
 */

/** Most units a variance may hold, and most one adjustment may move: far past any shelf, far below the database's integer. */
export const STOCK_MAX = 1_000_000;
/** Variances one product may be made with. */
export const VARIANCES_PER_PRODUCT_MAX = 20;
export const PRODUCT_IMAGES_MAX = 10;
export const STOCK_REASON_MAX = 200;
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const VARIANCE_NAME_MAX = 60;

const Name = (max: number) => v.pipe(v.string('a name'), v.trim(), v.minLength(1, 'a name'), v.maxLength(max, `at most ${max} characters`));
const Text = (max: number) => v.pipe(v.string('a text'), v.trim(), v.maxLength(max, `at most ${max} characters`));

export const ProductName = v.object({ en: Name(PRODUCT_NAME_MAX), zh: Name(PRODUCT_NAME_MAX) });
export const ProductDescription = v.object({ en: Text(PRODUCT_DESCRIPTION_MAX), zh: Text(PRODUCT_DESCRIPTION_MAX) });
export const VarianceName = v.object({ en: Name(VARIANCE_NAME_MAX), zh: Name(VARIANCE_NAME_MAX) });

/** A price in both currencies the shop sells in (integer minor units). */
export const VariancePrice = v.object({ HKD: MoneyInput, USD: MoneyInput });

/** Units on the shelf. */
export const StockCount = v.pipe(v.number('a whole number of units'), v.integer('a whole number of units'), v.minValue(0, 'at least 0'), v.maxValue(STOCK_MAX, `at most ${STOCK_MAX}`));

/**
 * A product picture as the products table stores it: an artwork seed `<motif>-<hue>-<variant>` (served at
 * /media/art/<seed>.svg; that address is taken too and stored as its seed). The server checks the motif.
 */
const ProductImage = v.pipe(
  v.string('an artwork seed'),
  v.maxLength(64, 'an artwork seed'),
  v.transform((image) => image.replace(/^\/media\/art\//, '').replace(/\.svg$/, '')),
  v.regex(/^[a-z]+-(0|[1-9][0-9]{0,2})-[0-9]$/, 'an artwork seed such as leaf-120-3'),
);
export const ProductImages = v.pipe(v.array(ProductImage), v.minLength(1, 'at least one picture'), v.maxLength(PRODUCT_IMAGES_MAX, `at most ${PRODUCT_IMAGES_MAX} pictures`));

/** Pictures staff upload for one product (issue 32): a gallery, not an album. */
export const PRODUCT_PHOTOS_MAX = 8;
export const PHOTO_ALT_MAX = 200;

const AltText = Text(PHOTO_ALT_MAX);
/** What a picture shows, for readers who cannot see it; empty: the product's name is said. */
export const PhotoAlt = v.object({ en: AltText, zh: AltText });

/**
 * An uploaded product picture: its upload-temporary-media MediaID (Purpose 'product') and its alt text. The
 * server checks the upload is the caller's finished picture (or already one of the product's).
 */
export const ProductPhotoInput = v.object({
  MediaID: v.pipe(v.string('an uploaded picture'), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'an uploaded picture')),
  Alt: v.optional(PhotoAlt, { en: '', zh: '' }),
});

/** A product's uploaded pictures in the order customers see them: none to PRODUCT_PHOTOS_MAX, each once. */
export const ProductPhotos = v.pipe(
  v.array(ProductPhotoInput),
  v.maxLength(PRODUCT_PHOTOS_MAX, `at most ${PRODUCT_PHOTOS_MAX} pictures`),
  v.check((photos) => new Set(photos.map((p) => p.MediaID)).size === photos.length, 'each picture once'),
);

/** Why stock moved (received, damaged, count correction, …): kept in the audit row. */
export const StockReason = v.pipe(v.string('a reason'), v.trim(), v.minLength(1, 'a reason'), v.maxLength(STOCK_REASON_MAX, `at most ${STOCK_REASON_MAX} characters`));

/** A signed change of stock: units received (positive) or gone (negative), never 0. */
export const StockDelta = v.pipe(
  v.number('a whole number of units'),
  v.integer('a whole number of units'),
  v.minValue(-STOCK_MAX, `at least -${STOCK_MAX}`),
  v.maxValue(STOCK_MAX, `at most ${STOCK_MAX}`),
  v.check((delta) => delta !== 0, 'not 0'),
);

/** A variance as staff make it (with a product, or added to one). */
export const NewVariance = v.object({
  Name: VarianceName,
  Price: VariancePrice,
  Stock: StockCount,
  StopSell: v.optional(v.boolean(), false),
});

/** The variances a product is made with: at least one. */
export const NewVariances = v.pipe(
  v.array(NewVariance),
  v.minLength(1, 'at least one variance'),
  v.maxLength(VARIANCES_PER_PRODUCT_MAX, `at most ${VARIANCES_PER_PRODUCT_MAX} variances`),
);
