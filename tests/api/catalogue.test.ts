import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBestSellerProduct,
  getFilter,
  getProduct,
  getProductBanner,
  getProductDetail,
  getProductType,
  getProductTypeList,
  getRelatedProduct,
  SearchAndFilterProduct,
} from '../../contract/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (body: Partial<Parameters<TestApp['call']>[1]> & Record<string, unknown>) =>
  t.call(SearchAndFilterProduct, { Currency: 'HKD', Size: 100, ...body } as never);

describe('product types', () => {
  it('lists the six types in order, alcohol and box set flagged, with counts on sale', async () => {
    const { ProductTypeList } = await t.call(getProductTypeList, {});
    expect(ProductTypeList.map((p) => p.ProductTypeID)).toEqual(['tea', 'coffee', 'incense', 'spirits', 'equipment', 'boxset']);
    expect(ProductTypeList.find((p) => p.ProductTypeID === 'spirits')?.IsAlcohol).toBe(true);
    expect(ProductTypeList.find((p) => p.ProductTypeID === 'boxset')?.IsBoxset).toBe(true);
    expect(ProductTypeList.every((p) => p.ProductCount > 0 && p.Name.zh.length > 0)).toBe(true);
  });

  it('answers one type, and ObjectNotFound for an unknown one', async () => {
    const { ProductType } = await t.call(getProductType, { ProductTypeID: 'tea' });
    expect(ProductType.Name.en).toBeTruthy();
    const missing = await t.raw('/api/getProductType', { method: 'POST', body: JSON.stringify({ ProductTypeID: 'nope' }) });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound' });
  });

  it('has banners per product type', async () => {
    const { BannerList } = await t.call(getProductBanner, { ProductType: 'coffee' });
    expect(BannerList.length).toBeGreaterThan(0);
    expect(BannerList[0]?.Image).toMatch(/^\/media\/art\/[a-z]+-\d+-\d\.svg$/);
    expect((await t.call(getProductBanner, { ProductType: 'nope' })).BannerList).toEqual([]);
  });
});

describe('getProduct', () => {
  it('answers bilingual detail with variances priced in the requested currency', async () => {
    const hkd = (await t.call(getProduct, { Currency: 'HKD', ProductID: 'tea-tieguanyin' })).Product;
    const usd = (await t.call(getProduct, { Currency: 'USD', ProductID: 'tea-tieguanyin' })).Product;
    expect(hkd.Name.zh).toContain('鐵觀音');
    expect(hkd.Currency).toBe('HKD');
    expect(usd.Currency).toBe('USD');
    expect(hkd.Variances.map((v) => v.VarianceID)).toEqual(['tea-tieguanyin-50g', 'tea-tieguanyin-150g']);
    for (const [i, v] of hkd.Variances.entries()) {
      expect(Number.isInteger(v.Price)).toBe(true);
      expect(v.Price).toBeGreaterThan(usd.Variances[i]!.Price);
    }
    expect(hkd.Price).toBe(Math.min(...hkd.Variances.map((v) => v.Price)));
    expect(hkd.Images.length).toBeGreaterThan(0);
    expect(hkd.Attributes.length).toBeGreaterThan(0);
  });

  it('shows in stock, last N left and out of stock', async () => {
    const tie = (await t.call(getProduct, { Currency: 'HKD', ProductID: 'tea-tieguanyin' })).Product;
    expect(tie.Variances[0]).toMatchObject({ StockStatus: 'InStock' });
    expect(tie.Variances[0]).not.toHaveProperty('StockLeft');
    expect(tie.Variances[1]).toMatchObject({ StockStatus: 'LowStock', StockLeft: 3 });
    const yirga = (await t.call(getProduct, { Currency: 'HKD', ProductID: 'coffee-yirgacheffe' })).Product;
    expect(yirga.StockStatus).toBe('OutOfStock');
    expect(yirga.Variances.every((v) => v.StockStatus === 'OutOfStock')).toBe(true);
  });

  it('marks a stopped sale product as not on sale', async () => {
    const stopped = (await t.call(getProduct, { Currency: 'HKD', ProductID: 'spirits-baijiu-moutai-style' })).Product;
    expect(stopped.StopSell).toBe(true);
    expect(stopped.IsAlcohol).toBe(true);
    expect(stopped.Variances.every((v) => v.StopSell && v.StockStatus === 'OutOfStock')).toBe(true);
  });

  it('answers ObjectNotFound for an unknown product', async () => {
    const r = await t.raw('/api/getProduct', { method: 'POST', body: JSON.stringify({ Currency: 'HKD', ProductID: 'nope' }) });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound', message: 'Product not found' });
  });
});

describe('getProductDetail', () => {
  it('answers one product or a list, in the order asked, skipping unknown ids', async () => {
    const one = await t.call(getProductDetail, { Currency: 'USD', ProductID: 'tea-long-jing' });
    expect(one.ProductList.map((p) => p.ProductID)).toEqual(['tea-long-jing']);
    const many = await t.call(getProductDetail, { Currency: 'USD', ProductList: ['coffee-yirgacheffe', 'nope', 'tea-tieguanyin'] });
    expect(many.ProductList.map((p) => p.ProductID)).toEqual(['coffee-yirgacheffe', 'tea-tieguanyin']);
  });

  it('needs ProductID or ProductList', async () => {
    const r = await t.raw('/api/getProductDetail', { method: 'POST', body: JSON.stringify({ Currency: 'USD' }) });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'ProductID' });
  });
});

describe('SearchAndFilterProduct', () => {
  it('matches keywords in English and Chinese names and descriptions', async () => {
    const en = await search({ Keyword: 'tieguanyin' });
    expect(en.ProductList.map((p) => p.ProductID)).toContain('tea-tieguanyin');
    const zh = await search({ Keyword: '鐵觀音' });
    expect(zh.ProductList.map((p) => p.ProductID)).toContain('tea-tieguanyin');
    const upper = await search({ Keyword: 'TIEGUANYIN' });
    expect(upper.Total).toBe(en.Total);
    const none = await search({ Keyword: 'zzqx-no-such-thing' });
    expect(none).toMatchObject({ ProductList: [], Total: 0 });
  });

  it('cards carry the stock across variances on sale', async () => {
    const { ProductList } = await search({});
    const card = (id: string) => ProductList.find((p) => p.ProductID === id);
    expect(card('tea-tieguanyin')?.StockStatus).toBe('InStock');
    expect(card('coffee-yirgacheffe')?.StockStatus).toBe('OutOfStock');
    expect(card('incense-agarwood-sticks')?.StockStatus).toBe('LowStock');
  });

  it('treats LIKE wildcards in a keyword as plain text', async () => {
    const all = await search({});
    const wildcard = await search({ Keyword: '%' });
    expect(wildcard.Total).toBeLessThan(all.Total);
  });

  it('filters by product type, excludes with MustNot, and never lists stopped sales', async () => {
    const tea = await search({ Filter: { ProductType: ['tea'] } });
    expect(tea.Total).toBeGreaterThan(0);
    expect(tea.ProductList.every((p) => p.ProductTypeID === 'tea')).toBe(true);
    const noBoxes = await search({ MustNot: { ProductType: ['boxset'] } });
    expect(noBoxes.ProductList.some((p) => p.ProductTypeID === 'boxset')).toBe(false);
    const all = await search({});
    expect(all.ProductList.some((p) => p.ProductTypeID === 'boxset')).toBe(true);
    expect(all.ProductList.some((p) => p.ProductID === 'spirits-baijiu-moutai-style')).toBe(false);
  });

  it('filters by attributes: any value within a group, every group', async () => {
    const { FilterList } = await t.call(getFilter, {});
    const origin = FilterList.find((g) => g.Group === 'origin')!;
    const [a, b] = origin.Options;
    const one = await search({ Filter: { Attribute: [a!.AttributeID] } });
    const either = await search({ Filter: { Attribute: [a!.AttributeID, b!.AttributeID] } });
    expect(one.Total).toBe(a!.Count);
    expect(either.Total).toBe(a!.Count + b!.Count);
    const roast = FilterList.find((g) => g.Group === 'roast')!.Options[0]!;
    const both = await search({ Filter: { Attribute: [a!.AttributeID, roast.AttributeID] } });
    expect(both.Total).toBeLessThanOrEqual(Math.min(one.Total, roast.Count));
  });

  it('filters on the price range in the requested currency', async () => {
    const r = await search({ Currency: 'USD', Range: { Price: { Min: 2000, Max: 4000 } } });
    expect(r.Total).toBeGreaterThan(0);
    expect(r.ProductList.every((p) => p.Currency === 'USD' && p.Price >= 2000 && p.Price <= 4000)).toBe(true);
  });

  it('sorts by price, newest and best selling', async () => {
    const asc = (await search({ Sort: 'priceAsc' })).ProductList.map((p) => p.Price);
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    const desc = (await search({ Sort: 'priceDesc' })).ProductList.map((p) => p.Price);
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    expect((await search({ Sort: 'newest' })).ProductList[0]?.ProductID).toBe('tea-long-jing');
    const best = (await search({ Sort: 'bestSelling', Size: 3 })).ProductList.map((p) => p.ProductID);
    const top = (await t.call(getBestSellerProduct, { Currency: 'HKD', Size: 3 })).ProductList.map((p) => p.ProductID);
    expect(best).toEqual(top);
  });

  it('pages with From and Size and reports the total', async () => {
    const all = await search({ Sort: 'priceAsc' });
    const first = await search({ Sort: 'priceAsc', From: 0, Size: 5 });
    const second = await search({ Sort: 'priceAsc', From: 5, Size: 5 });
    expect(first.Total).toBe(all.Total);
    expect([...first.ProductList, ...second.ProductList].map((p) => p.ProductID)).toEqual(
      all.ProductList.slice(0, 10).map((p) => p.ProductID),
    );
    const beyond = await search({ From: all.Total + 10, Size: 5 });
    expect(beyond).toMatchObject({ ProductList: [], Total: all.Total });
  });

  it('ranks name matches first for a keyword', async () => {
    const r = await search({ Keyword: 'oolong' });
    expect(r.Total).toBeGreaterThan(1);
    expect(r.ProductList[0]!.Name.en.toLowerCase()).toContain('oolong');
  });
});

describe('filters, related and best sellers', () => {
  it('getFilter answers type counts, attribute groups with counts, and price ranges in both currencies', async () => {
    const all = await t.call(getFilter, {});
    expect(all.ProductTypeList.length).toBe(6);
    expect(all.FilterList.length).toBeGreaterThan(2);
    expect(all.FilterList.flatMap((g) => g.Options).every((o) => o.Count > 0)).toBe(true);
    expect(all.PriceRange.HKD.Min).toBeLessThan(all.PriceRange.HKD.Max);
    expect(all.PriceRange.USD.Max).toBeLessThan(all.PriceRange.HKD.Max);
    const coffee = await t.call(getFilter, { ProductType: 'coffee' });
    expect(coffee.FilterList.find((g) => g.Group === 'roast')).toBeDefined();
    expect(coffee.FilterList.find((g) => g.Group === 'material')).toBeUndefined();
  });

  it('getRelatedProduct prefers the same type and never answers the product itself', async () => {
    const { ProductList } = await t.call(getRelatedProduct, { Currency: 'HKD', ProductID: 'tea-tieguanyin', Size: 4 });
    expect(ProductList).toHaveLength(4);
    expect(ProductList.every((p) => p.ProductTypeID === 'tea' && p.ProductID !== 'tea-tieguanyin')).toBe(true);
  });

  it('getBestSellerProduct orders by sales, optionally within a type', async () => {
    const { ProductList } = await t.call(getBestSellerProduct, { Currency: 'USD', ProductTypeID: 'incense', Size: 5 });
    expect(ProductList.length).toBeGreaterThan(0);
    expect(ProductList.every((p) => p.ProductTypeID === 'incense' && p.Currency === 'USD')).toBe(true);
  });
});
