import * as v from 'valibot';

/**
 * Fields staff type into the back office's content forms (issue 32): banners and information pages. A small file
 * of its own so that the /admin content screen checks them with the very schemas staff-content's calls use,
 * without taking the calls' other schemas into its chunk (build/contract-descriptors.ts).
 */

export const BANNER_TITLE_MAX = 120;
export const BANNER_SUBTITLE_MAX = 300;
export const BANNER_LINK_MAX = 200;
export const BANNER_SORT_MAX = 10_000;
export const INFORMATION_TITLE_MAX = 120;
/** The longest seeded page (privacy, terms) is a few thousand characters; room for far more, not for a book. */
export const INFORMATION_CONTENT_MAX = 20_000;

const Title = (max: number) => v.pipe(v.string('a title'), v.trim(), v.minLength(1, 'a title'), v.maxLength(max, `at most ${max} characters`));
const Text = (max: number) => v.pipe(v.string('a text'), v.trim(), v.maxLength(max, `at most ${max} characters`));

/** Where a banner shows: the home carousel (big), the home's smaller row (small), or a product type's page (product). */
export const BannerKind = v.picklist(['big', 'small', 'product'], 'big, small or product');
export type BannerKind = v.InferOutput<typeof BannerKind>;

export const BannerTitle = v.object({ en: Title(BANNER_TITLE_MAX), zh: Title(BANNER_TITLE_MAX) });
export const BannerSubtitle = v.object({ en: Text(BANNER_SUBTITLE_MAX), zh: Text(BANNER_SUBTITLE_MAX) });

/**
 * Where a banner leads: a path of this shop, one '/' then the rest ('/product/tea-da-hong-pao'). Full addresses
 * ('https://…') and protocol-relative ones ('//elsewhere') would send customers off the shop, so are refused.
 */
export const BannerLink = v.pipe(
  v.string('a shop path'),
  v.trim(),
  v.maxLength(BANNER_LINK_MAX, `at most ${BANNER_LINK_MAX} characters`),
  v.regex(/^\/(?![/\\])[^\s\\]*$/, 'a shop path starting with one /, such as /product/tea-da-hong-pao'),
);

/**
 * A banner picture as the banners table stores it: an artwork seed `<motif>-<hue>-<variant>` (its address
 * /media/art/<seed>.svg is taken too and stored as its seed). The server checks the motif.
 */
export const BannerImage = v.pipe(
  v.string('an artwork seed'),
  v.trim(),
  v.maxLength(64, 'an artwork seed'),
  v.transform((image) => image.replace(/^\/media\/art\//, '').replace(/\.svg$/, '')),
  v.regex(/^[a-z]+-(0|[1-9][0-9]{0,2})-[0-9]$/, 'an artwork seed such as landscape-30-2'),
);

/** A banner's place among its kind: lower first. */
export const BannerSort = v.pipe(
  v.number('a whole number'),
  v.integer('a whole number'),
  v.minValue(0, 'at least 0'),
  v.maxValue(BANNER_SORT_MAX, `at most ${BANNER_SORT_MAX}`),
);

export const InformationTitle = v.object({ en: Title(INFORMATION_TITLE_MAX), zh: Title(INFORMATION_TITLE_MAX) });
/** Plain text as customers read it: blank lines split paragraphs, lines starting "## " are headings. */
export const InformationContent = v.object({
  en: v.pipe(v.string('a text'), v.trim(), v.minLength(1, 'a text'), v.maxLength(INFORMATION_CONTENT_MAX, `at most ${INFORMATION_CONTENT_MAX} characters`)),
  zh: v.pipe(v.string('a text'), v.trim(), v.minLength(1, 'a text'), v.maxLength(INFORMATION_CONTENT_MAX, `at most ${INFORMATION_CONTENT_MAX} characters`)),
});
