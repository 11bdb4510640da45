/**
 * Audit fixtures (tests/api/staff-audit-coverage.test.ts) for the catalogue: products, variances, stock, product
 * pictures and NFC tags, each change made as tests/api/staff-catalogue.test.ts, staff-product-images.test.ts and
 * staff-nfc.test.ts make it.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  staffAdjustStock,
  staffCreateNfcTag,
  staffCreateProduct,
  staffCreateVariance,
  staffSetProductPhotos,
  staffUpdateNfcTag,
  staffUpdateProduct,
  staffUpdateVariance,
  uploadTemporaryMedia,
  type CallBodyInput,
  type StaffProduct,
} from '../../contract/index.ts';
import { SET_PHOTOS_ACTION } from '../../server/services/staff/catalogue-photos.ts';
import { ADJUST_STOCK_ACTION, CREATE_VARIANCE_ACTION, UPDATE_VARIANCE_ACTION } from '../../server/services/staff/catalogue-variances.ts';
import { CREATE_PRODUCT_ACTION, UPDATE_PRODUCT_ACTION } from '../../server/services/staff/catalogue.ts';
import { CREATE_NFC_TAG_ACTION, UPDATE_NFC_TAG_ACTION } from '../../server/services/staff/nfc-tags.ts';
import type { AuditFixture, AuditShop } from './audit-fixtures.ts';
import { auth, type Shopper } from './shop.ts';

/** A seeded tea an NFC tag may stand for. */
const TEA = 'tea-tieguanyin';

const productBody = (word: string): CallBodyInput<typeof staffCreateProduct> => ({
  ProductTypeID: 'tea',
  Name: { en: `${word} Oolong`, zh: `${word}烏龍茶` },
  Description: { en: 'An oolong the audit test makes.', zh: '審計測試用烏龍茶。' },
  Images: ['leaf-120-3'],
  Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 12800, USD: 1650 }, Stock: 40 }],
});

/** A product made by the shop's staff, for a fixture to change. */
async function newProduct(shop: AuditShop): Promise<StaffProduct> {
  return (await shop.t.call(staffCreateProduct, productBody(shop.fresh()), auth(shop.staff))).Product;
}

/** A product picture `who` uploaded (upload-temporary-media, Purpose product, its PUT finished); its MediaID. */
async function uploadPicture(shop: AuditShop, who: Shopper): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b8e4e' } }).jpeg().toBuffer();
  const reservation = await shop.t.call(uploadTemporaryMedia, { Purpose: 'product' }, auth(who));
  const put = await shop.t.raw(reservation.uploadUrl, { method: 'PUT', body: jpeg.toString('base64'), headers: { 'content-type': 'image/jpeg', ...auth(who) } });
  expect(put.status, put.text).toBe(200);
  return reservation.MediaID;
}

export const catalogueFixtures: Record<string, AuditFixture> = {
  [staffCreateProduct.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Product } = await shop.t.call(staffCreateProduct, productBody(shop.fresh()), auth(shop.staff));
      return [{ action: CREATE_PRODUCT_ACTION, target: `product:${Product.ProductID}` }];
    },
  }),

  [staffUpdateProduct.name]: async (shop) => {
    const p = await newProduct(shop);
    return {
      // An owner reaches every staff call, and is named as its actor.
      by: shop.owner,
      change: async () => {
        await shop.t.call(staffUpdateProduct, { ProductID: p.ProductID, StopSell: true }, auth(shop.owner));
        return [{ action: UPDATE_PRODUCT_ACTION, target: `product:${p.ProductID}` }];
      },
    };
  },

  [staffSetProductPhotos.name]: async (shop) => {
    const p = await newProduct(shop);
    const MediaID = await uploadPicture(shop, shop.staff);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffSetProductPhotos, { ProductID: p.ProductID, Photos: [{ MediaID, Alt: { en: 'A tin of oolong', zh: '一罐烏龍茶' } }] }, auth(shop.staff));
        return [{ action: SET_PHOTOS_ACTION, target: `product:${p.ProductID}` }];
      },
    };
  },

  [staffCreateVariance.name]: async (shop) => {
    const p = await newProduct(shop);
    return {
      by: shop.staff,
      change: async () => {
        const { Product } = await shop.t.call(
          staffCreateVariance,
          { ProductID: p.ProductID, Name: { en: 'Sample', zh: '試飲裝' }, Price: { HKD: 3800, USD: 490 }, Stock: 5 },
          auth(shop.staff),
        );
        const made = Product.Variances.find((x) => x.Name.en === 'Sample')!;
        return [{ action: CREATE_VARIANCE_ACTION, target: `variance:${made.VarianceID}` }];
      },
    };
  },

  [staffUpdateVariance.name]: async (shop) => {
    const varianceId = (await newProduct(shop)).Variances[0]!.VarianceID;
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateVariance, { VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 } }, auth(shop.staff));
        return [{ action: UPDATE_VARIANCE_ACTION, target: `variance:${varianceId}` }];
      },
    };
  },

  [staffAdjustStock.name]: async (shop) => {
    const varianceId = (await newProduct(shop)).Variances[0]!.VarianceID;
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffAdjustStock, { VarianceID: varianceId, Delta: -3, Reason: 'damaged in transit' }, auth(shop.staff));
        return [{ action: ADJUST_STOCK_ACTION, target: `variance:${varianceId}` }];
      },
    };
  },

  [staffCreateNfcTag.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Tag } = await shop.t.call(staffCreateNfcTag, { ProductID: TEA }, auth(shop.staff));
      return [{ action: CREATE_NFC_TAG_ACTION, target: `nfc-tag:${Tag.TagID}` }];
    },
  }),

  [staffUpdateNfcTag.name]: async (shop) => {
    const { Tag } = await shop.t.call(staffCreateNfcTag, { ProductID: TEA }, auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateNfcTag, { TagID: Tag.TagID, Retired: true }, auth(shop.staff));
        return [{ action: UPDATE_NFC_TAG_ACTION, target: `nfc-tag:${Tag.TagID}` }];
      },
    };
  },
};
