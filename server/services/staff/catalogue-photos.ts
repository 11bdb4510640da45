/**
 * Product pictures staff upload (issue 32, staff-set-product-photos): the product's whole list set at once, in
 * order, under the product's row lock, with one audit row; customers' copies are dropped after commit.
 *
 * A picture comes through upload-temporary-media like members' (Purpose 'product': JPEG, PNG or WebP by their
 * bytes, re-encoded without metadata and resized, services/uploads.ts). Only the uploader may put a new one on
 * a product; one the product shows already stays whoever uploaded it, so reordering or rewording never needs
 * the original uploader. Pictures taken off stay stored: the audit rows still name them.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffProduct } from '../../../contract/staff-catalogue.ts';
import { mediaUploads, products, type ProductPhoto } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { lockProduct, published, readStaffProducts, type CatalogueDeps } from './catalogue.ts';
import { appendAudit } from './audit.ts';

export const SET_PHOTOS_ACTION = 'product.photos';

export interface PhotoChoice {
  mediaId: string;
  alt: { en: string; zh: string };
}

/** A picture with its keys in one order (jsonb keeps its own), to compare lists by their JSON. */
const canonical = (p: ProductPhoto): ProductPhoto => ({ mediaId: p.mediaId, alt: { en: p.alt.en, zh: p.alt.zh }, widths: [...p.widths] });

/** What an audit row keeps of a product's pictures. */
const photosView = (productId: string, photos: readonly ProductPhoto[]) => ({
  ProductID: productId,
  Photos: photos.map((p) => ({ MediaID: p.mediaId, Alt: p.alt })),
});

/** staff-set-product-photos: the pictures as chosen; the same list again changes and writes nothing. */
export async function setProductPhotos(deps: CatalogueDeps, actorUserId: string, productId: string, chosen: readonly PhotoChoice[]): Promise<StaffProduct> {
  const now = deps.clock.now();
  const { product, changed } = await deps.db.transaction(async (tx) => {
    const before = await lockProduct(tx, productId);
    const shown = new Map(before.photos.map((p) => [p.mediaId, p]));
    const newIds = chosen.map((c) => c.mediaId).filter((id) => !shown.has(id));
    const uploads = newIds.length
      ? await tx
          .select({ id: mediaUploads.id, contentType: mediaUploads.contentType, variants: mediaUploads.variants })
          .from(mediaUploads)
          .where(
            and(
              inArray(mediaUploads.id, newIds),
              eq(mediaUploads.userId, actorUserId),
              eq(mediaUploads.purpose, 'product'),
              isNotNull(mediaUploads.uploadedAt),
            ),
          )
      : [];
    const uploaded = new Map(uploads.filter((u) => u.contentType?.startsWith('image/')).map((u) => [u.id, u]));
    const photos: ProductPhoto[] = chosen.map((c, i) => {
      const widths = shown.get(c.mediaId)?.widths ?? uploaded.get(c.mediaId)?.variants?.map((v) => v.width) ?? (uploaded.has(c.mediaId) ? [] : undefined);
      if (!widths) {
        // Another member's upload, an unfinished one or one for something else answers like an unknown one.
        throw new ApiError(400, ErrorCode.InvalidParameter, `Photos.${i}.MediaID must be a picture you uploaded for a product`, `Photos.${i}.MediaID`);
      }
      return canonical({ mediaId: c.mediaId, alt: c.alt, widths });
    });
    const changed = JSON.stringify(photos) !== JSON.stringify(before.photos.map(canonical));
    if (changed) {
      await tx.update(products).set({ photos }).where(eq(products.id, productId));
      await appendAudit(tx, {
        at: now,
        actorUserId,
        action: SET_PHOTOS_ACTION,
        target: `product:${productId}`,
        before: photosView(productId, before.photos),
        after: photosView(productId, photos),
      });
    }
    const [product] = await readStaffProducts(tx, [productId]);
    return { product: product!, changed };
  });
  if (changed) published(deps, [productId]);
  return product;
}
