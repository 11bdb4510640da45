/**
 * A product's pictures as customers see them (issue 32): the pictures staff uploaded (products.photos), in their
 * order, when there is one; its generated artwork (products.images) otherwise. Cards, bag lines and pour lists
 * show the first at a card's width; the product page (and its head's preload and og:image) every one at a page's.
 */
import type { Bilingual } from '../../contract/define.ts';
import type { ProductPhoto } from '../db/schema.ts';
import { artworkUrl } from './artwork.ts';
import { VARIANT_WIDTHS } from './pictures.ts';
import { mediaUrlFor, variantUrlFor } from './media-urls.ts';

/** The artwork of a product without a seed. */
const FALLBACK_ART = 'box-30-0';
/** The resized copies uploads get (pictures.ts): a card's width and a product page's. */
const [CARD_WIDTH, PAGE_WIDTH] = VARIANT_WIDTHS;

type Pictured = { images: readonly string[]; photos: readonly ProductPhoto[] };

/** The picture's copy `width` wide when it has one; as stored otherwise (it is then narrower than that). */
export const photoUrl = (photo: ProductPhoto, width: number) =>
  photo.widths.includes(width) ? variantUrlFor(photo.mediaId, width) : mediaUrlFor(photo.mediaId);

export const photoCardUrl = (photo: ProductPhoto) => photoUrl(photo, CARD_WIDTH);

/** The one picture of a card or a line. */
export function productCardImage(p: Pictured): string {
  const photo = p.photos[0];
  return photo ? photoCardUrl(photo) : artworkUrl(p.images[0] ?? FALLBACK_ART);
}

/** The product page's gallery, first first. */
export function productPageImages(p: Pictured): string[] {
  if (p.photos.length > 0) return p.photos.map((photo) => photoUrl(photo, PAGE_WIDTH));
  return (p.images.length > 0 ? p.images : [FALLBACK_ART]).map(artworkUrl);
}

/** Each uploaded picture's alt text, the product's name where staff wrote none; undefined for artwork. */
export function productPageAlts(p: Pictured, name: Bilingual): Bilingual[] | undefined {
  if (p.photos.length === 0) return undefined;
  return p.photos.map(({ alt }) => ({ en: alt.en || name.en, zh: alt.zh || name.zh }));
}
