import * as contract from '../../contract/staff-catalogue.ts';
import { createProduct, listProducts, updateProduct } from '../services/staff/catalogue.ts';
import { setProductPhotos } from '../services/staff/catalogue-photos.ts';
import { adjustStock, createVariance, updateVariance } from '../services/staff/catalogue-variances.ts';
import { implement } from './handler.ts';

const newVariance = (v: { Name: { en: string; zh: string }; Price: { HKD: number; USD: number }; Stock: number; StopSell: boolean }) => ({
  name: v.Name,
  price: v.Price,
  stock: v.Stock,
  stopSell: v.StopSell,
});

export const staffCatalogueHandlers = implement(contract, {
  async staffListProducts({ body, deps }) {
    return listProducts(deps.db, { productTypeId: body.ProductTypeID, text: body.Text || undefined, status: body.Status, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffCreateProduct({ body, deps, userId }) {
    const product = await createProduct(deps, userId, {
      typeId: body.ProductTypeID,
      name: body.Name,
      description: body.Description,
      images: body.Images,
      isAlcohol: body.IsAlcohol,
      stopSell: body.StopSell,
      variances: body.Variances.map(newVariance),
    });
    return { Product: product };
  },
  async staffUpdateProduct({ body, deps, userId }) {
    const product = await updateProduct(deps, userId, {
      productId: body.ProductID,
      typeId: body.ProductTypeID,
      name: body.Name,
      description: body.Description,
      images: body.Images,
      isAlcohol: body.IsAlcohol,
      stopSell: body.StopSell,
    });
    return { Product: product };
  },
  async staffSetProductPhotos({ body, deps, userId }) {
    const photos = body.Photos.map((p) => ({ mediaId: p.MediaID, alt: p.Alt }));
    return { Product: await setProductPhotos(deps, userId, body.ProductID, photos) };
  },
  async staffCreateVariance({ body, deps, userId }) {
    return { Product: await createVariance(deps, userId, body.ProductID, newVariance(body)) };
  },
  async staffUpdateVariance({ body, deps, userId }) {
    return { Product: await updateVariance(deps, userId, { varianceId: body.VarianceID, name: body.Name, price: body.Price, stopSell: body.StopSell }) };
  },
  async staffAdjustStock({ body, deps, userId }) {
    return { Variance: await adjustStock(deps, userId, { varianceId: body.VarianceID, delta: body.Delta, reason: body.Reason }) };
  },
});
