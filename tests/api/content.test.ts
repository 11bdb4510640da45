import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAllInformation,
  getBigPromotionBanner,
  getCity,
  getCountry,
  getCurrency,
  getFooterContent,
  getInformation,
  getNavigationMenu,
  getNewInSection,
  getProduct,
  getSmallPromotionBanner,
  getVersion,
  INFORMATION_PAGES,
} from '../../contract/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('content', () => {
  it('has every information page in both languages', async () => {
    const { InformationList } = await t.call(getAllInformation, {});
    expect(InformationList.map((i) => i.id).sort()).toEqual([...INFORMATION_PAGES].sort());
    for (const id of INFORMATION_PAGES) {
      const { Information } = await t.call(getInformation, { id });
      expect(Information.content.en.length).toBeGreaterThan(200);
      expect(Information.content.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(Information.Title.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    const missing = await t.raw('/api/getInformation', { method: 'POST', body: '{"id":"nope"}' });
    expect(missing.json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
  });

  it('serves banners, navigation and footer as GET calls', async () => {
    expect((await t.call(getBigPromotionBanner, {})).BannerList.length).toBeGreaterThan(0);
    expect((await t.call(getSmallPromotionBanner, {})).BannerList.length).toBeGreaterThan(0);
    const { Menu } = await t.call(getNavigationMenu, {});
    expect(Menu.map((m) => m.To)).toContain('/new_in/tea');
    const footer = await t.call(getFooterContent, {});
    expect(footer.Columns.flatMap((c) => c.Links.map((l) => l.To))).toEqual(expect.arrayContaining(['/faq', '/privacy_policy']));
    const post = await t.raw('/api/getNavigationMenu', { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
  });

  it('links in content lead to routes and products that exist', async () => {
    const banners = [...(await t.call(getBigPromotionBanner, {})).BannerList, ...(await t.call(getSmallPromotionBanner, {})).BannerList];
    for (const b of banners.filter((x) => x.Link.startsWith('/product/'))) {
      await t.call(getProduct, { Currency: 'HKD', ProductID: b.Link.slice('/product/'.length) });
    }
  });

  it('the new-in section lists the newest products in the asked currency', async () => {
    const hkd = await t.call(getNewInSection, { Currency: 'HKD' });
    expect(hkd.ProductList[0]?.ProductID).toBe('tea-long-jing');
    expect(hkd.ProductList.every((p) => p.Currency === 'HKD')).toBe(true);
    const usd = await t.call(getNewInSection, { Currency: 'USD' });
    expect(usd.ProductList[0]!.Price).toBeLessThan(hkd.ProductList[0]!.Price);
    const bad = await t.raw('/api/getNewInSection?Currency=EUR');
    expect(bad.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Currency' });
  });
});

describe('reference data', () => {
  it('lists countries with ISO codes, calling codes and bilingual names, Hong Kong first', async () => {
    const { countrylist } = await t.call(getCountry, {});
    expect(countrylist.length).toBeGreaterThanOrEqual(50);
    expect(countrylist[0]).toMatchObject({
      CountryID: 'HK',
      Alpha2: 'HK',
      Alpha3: 'HKG',
      Numeric: '344',
      CountryCode: '852',
      Currency: 'HKD',
      Name: { en: 'Hong Kong', zh: '香港' },
      InService: true,
    });
    const one = await t.call(getCountry, { CountryID: 'JP' });
    expect(one.countrylist).toHaveLength(1);
    expect(one.countrylist[0]?.Alpha3).toBe('JPN');
  });

  it('lists Hong Kong districts as cities', async () => {
    const { CityList } = await t.call(getCity, { CountryID: 'HK' });
    expect(CityList).toHaveLength(18);
    expect(CityList.map((c) => c.Name.zh)).toContain('灣仔區');
  });

  it('answers HKD for a Hong Kong address and USD elsewhere', async () => {
    const hk = await t.call(getCurrency, {}, { 'x-forwarded-for': '223.197.0.1' });
    expect(hk).toMatchObject({ Currency: 'HKD', Country: 'HK' });
    const us = await t.call(getCurrency, {}, { 'x-forwarded-for': '8.8.8.8, 10.0.0.1' });
    expect(us.Currency).toBe('USD');
    const unknown = await t.call(getCurrency, {});
    expect(unknown.Currency).toBe('USD');
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const untrusted = await createTestApp({ trustProxy: 0, seed: false });
    try {
      const r = await untrusted.call(getCurrency, {}, { 'x-forwarded-for': '223.197.0.1' });
      expect(r.Currency).toBe('USD');
    } finally {
      await untrusted.close();
    }
  });

  it('answers the server version', async () => {
    expect((await t.call(getVersion, {})).informationResult.OnesipVersionID).toBe('test-version');
  });
});
