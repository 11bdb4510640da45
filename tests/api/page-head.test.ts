/**
 * The server writes what it knows about a page into the index.html it answers (issue 14, Fast):
 * title, description, canonical address and Open Graph tags; Product / Offer JSON-LD on product
 * pages; a preload of the picture that will be largest; a static first paint in #root; status 404
 * for a page that is not there. Everything taken from the database is escaped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBigPromotionBanner, getCurrency, getProduct, getProductBanner, SearchAndFilterProduct, type Currency } from '../../contract/index.ts';
import { createApp } from '../../server/app.ts';
import { products, variances } from '../../server/db/schema.ts';
import type { ServerConfig } from '../../server/deps.ts';
import { routeOf, summary } from '../../server/http/page-head.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// jsdom (the UI tests' DOM) parses the pages as a browser would; it ships no types of its own.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

/** An index.html shaped like the build's: an inline script (a theme script, say), the entry module and stylesheet. */
const INLINE = "document.documentElement.dataset.js='1'";
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The build's own description." />
    <title>Sip &amp; Gather</title>
    <script>${INLINE}</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HOSTILE = {
  id: 'test-hostile',
  name: '</script><script>alert(1)</script> "Oolong" & <b>friends</b>',
  description: 'A tea with <img src=x onerror=alert(2)> in its notes & a "quote".\n\nSecond paragraph.',
};

let t: TestApp;
let spaDir: string;

beforeAll(async () => {
  t = await createTestApp();
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-head-'));
  writeFileSync(path.join(spaDir, 'index.html'), TEMPLATE);
  await t.db.insert(products).values({
    id: HOSTILE.id,
    typeId: 'tea',
    nameEn: HOSTILE.name,
    nameZh: '測試',
    descriptionEn: HOSTILE.description,
    descriptionZh: '',
    images: ['leaf-7-3', 'cup-8-1'],
    minPriceHkd: 12345,
    minPriceUsd: 1580,
  });
  await t.db.insert(variances).values([
    { id: `${HOSTILE.id}-a`, productId: HOSTILE.id, nameEn: 'Small <tin>', nameZh: '小', priceHkd: 12345, priceUsd: 1580, stock: 0 },
    { id: `${HOSTILE.id}-b`, productId: HOSTILE.id, nameEn: 'Large', nameZh: '大', priceHkd: 30000, priceUsd: 3850, stock: 9, sort: 1 },
  ]);
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await t.close();
});

const appWith = (config: Partial<ServerConfig> = {}) => createApp({ ...t.deps, config: { ...t.deps.config, ...config } }, { spaDir });
let shared: ReturnType<typeof createApp> | undefined;

async function page(url: string, app = (shared ??= appWith()), headers: Record<string, string> = {}) {
  const response = await app.request(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as Record<string, unknown>);
  return {
    status: response.status,
    headers: response.headers,
    html,
    document,
    title: document.title,
    meta,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    preloads: [...document.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => ({
      href: l.getAttribute('href'),
      priority: l.getAttribute('fetchpriority'),
    })),
    jsonLd,
    root: document.getElementById('root')!,
  };
}

describe('a product page', () => {
  it('has the title, description, canonical address and Open Graph tags of the product', async () => {
    const { Product } = await t.call(getProduct, { ProductID: 'tea-tieguanyin', Currency: 'HKD' });
    const p = await page('/product/tea-tieguanyin');
    expect(p.status).toBe(200);
    expect(p.title).toBe('Anxi Tieguanyin · Sip & Gather');
    expect(p.document.querySelectorAll('title')).toHaveLength(1);
    expect(p.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(p.meta('description')).toBe(summary(Product.Description.en));
    expect(p.meta('description')!.length).toBeLessThanOrEqual(160);
    expect(p.canonical).toBe('http://shop.test/product/tea-tieguanyin');
    expect(p.meta('og:type')).toBe('product');
    expect(p.meta('og:title')).toBe('Anxi Tieguanyin · Sip & Gather');
    expect(p.meta('og:description')).toBe(p.meta('description'));
    expect(p.meta('og:url')).toBe(p.canonical);
    expect(p.meta('og:site_name')).toBe('Sip & Gather');
    expect(p.meta('og:image')).toBe(`http://shop.test${Product.Images[0]}`);
  });

  it('describes the product and its offers in schema.org JSON-LD, prices in HKD', async () => {
    const { Product } = await t.call(getProduct, { ProductID: 'tea-tieguanyin', Currency: 'HKD' });
    const [ld, ...more] = (await page('/product/tea-tieguanyin')).jsonLd;
    expect(more).toEqual([]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      sku: 'tea-tieguanyin',
      name: 'Anxi Tieguanyin',
      description: Product.Description.en,
      image: Product.Images.map((src) => `http://shop.test${src}`),
    });
    // Seed: 50 g at HK$168 (120 in stock), 150 g at HK$458.
    expect(ld!.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'tea-tieguanyin-50g',
        name: '50 g',
        price: '168.00',
        priceCurrency: 'HKD',
        availability: 'https://schema.org/InStock',
        url: 'http://shop.test/product/tea-tieguanyin',
      },
      expect.objectContaining({ sku: 'tea-tieguanyin-150g', price: '458.00', priceCurrency: 'HKD' }),
    ]);
  });

  it('preloads its first gallery picture at high priority and paints it, with the top bar and the name, before any script', async () => {
    const { Product } = await t.call(getProduct, { ProductID: 'tea-tieguanyin', Currency: 'HKD' });
    const p = await page('/product/tea-tieguanyin');
    expect(p.preloads).toEqual([{ href: Product.Images[0], priority: 'high' }]);
    // The preload comes before the scripts and stylesheets, where the browser sees it first.
    expect(p.html.indexOf('rel="preload"')).toBeLessThan(p.html.indexOf('<script type="module"'));
    const shell = p.root;
    expect(shell.querySelector('header.top-menu .brand')?.textContent).toContain('Sip & Gather');
    expect(shell.querySelector('h1')?.textContent).toBe('Anxi Tieguanyin');
    const picture = shell.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe(Product.Images[0]);
    expect(picture.getAttribute('alt')).toBe('Anxi Tieguanyin');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['800', '800']);
    expect(shell.querySelectorAll('.skeleton').length).toBeGreaterThan(0);
    // The SPA's own script and stylesheet are still there.
    expect(p.document.querySelector('script[type="module"][src="/assets/index-1.js"]')).not.toBeNull();
  });

  it('escapes a hostile name and description everywhere', async () => {
    const p = await page(`/product/${HOSTILE.id}`);
    expect(p.status).toBe(200);
    // Parsed back, every text is exactly what the database holds...
    expect(p.title).toBe(`${HOSTILE.name} · Sip & Gather`);
    expect(p.meta('og:title')).toBe(`${HOSTILE.name} · Sip & Gather`);
    expect(p.meta('description')).toBe('A tea with <img src=x onerror=alert(2)> in its notes & a "quote".');
    expect(p.root.querySelector('h1')?.textContent).toBe(HOSTILE.name);
    expect(p.root.querySelector('img')?.getAttribute('alt')).toBe(HOSTILE.name);
    const [ld] = p.jsonLd;
    expect(ld!.name).toBe(HOSTILE.name);
    expect(ld!.description).toBe(HOSTILE.description);
    // ...and none of it became markup: one inline script of the template, one JSON-LD block, no others.
    expect(p.document.querySelectorAll('script:not([src]):not([type])')).toHaveLength(1);
    expect(p.document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    expect(p.document.querySelectorAll('b, img[src="x"]')).toHaveLength(0);
    expect(p.html).not.toContain('<script>alert(1)');
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(p.html)![1]!;
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003c/script\\u003e');
  });

  it('says each offer is in or out of stock, and follows a stock change', async () => {
    const offers = async () => ((await page(`/product/${HOSTILE.id}`)).jsonLd[0]!.offers as { sku: string; availability: string; name: string; price: string }[]);
    expect(await offers()).toEqual([
      expect.objectContaining({ sku: `${HOSTILE.id}-a`, name: 'Small <tin>', price: '123.45', availability: 'https://schema.org/OutOfStock' }),
      expect.objectContaining({ sku: `${HOSTILE.id}-b`, price: '300.00', availability: 'https://schema.org/InStock' }),
    ]);
    // The page is kept; a checkout that changes stock drops the product from the cache, and the page with it.
    await t.db.update(variances).set({ stock: 0 }).where(eq(variances.id, `${HOSTILE.id}-b`));
    expect((await offers())[1]!.availability).toBe('https://schema.org/InStock');
    t.deps.productCache.forget([HOSTILE.id]);
    expect((await offers())[1]!.availability).toBe('https://schema.org/OutOfStock');
  });

  it('answers 404 for a product that does not exist, still with the SPA and its not-found title', async () => {
    for (const url of ['/product/no-such-tea', '/product/%3Cscript%3E']) {
      const p = await page(url);
      expect(p.status, url).toBe(404);
      expect(p.title, url).toBe('Page not found · Sip & Gather');
      expect(p.canonical, url).toBeUndefined();
      expect(p.jsonLd, url).toEqual([]);
      expect(p.preloads, url).toEqual([]);
      expect(p.document.querySelector('script[type="module"][src="/assets/index-1.js"]'), url).not.toBeNull();
      expect(p.root.querySelector('h1')?.textContent, url).toBe('Product not found');
      expect(p.headers.get('content-type'), url).toContain('text/html');
    }
  });
});

describe('other pages', () => {
  it('home: its title, the first big banner preloaded and painted at high priority', async () => {
    const { BannerList } = await t.call(getBigPromotionBanner, {});
    for (const url of ['/home', '/']) {
      const p = await page(url);
      expect(p.status, url).toBe(200);
      expect(p.title, url).toBe('Tea, coffee, incense and spirits · Sip & Gather');
      expect(p.canonical, url).toBe('http://shop.test/home');
      expect(p.meta('og:type'), url).toBe('website');
      expect(p.preloads, url).toEqual([{ href: BannerList[0]!.Image, priority: 'high' }]);
      const banner = p.root.querySelector('img')!;
      expect(banner.getAttribute('src'), url).toBe(BannerList[0]!.Image);
      expect(banner.getAttribute('fetchpriority'), url).toBe('high');
      expect(p.root.textContent, url).toContain(BannerList[0]!.Title.en);
      expect(p.jsonLd, url).toEqual([]);
    }
  });

  it("a product type's page: its name in the title, its banner preloaded; an unknown type is not found", async () => {
    const { BannerList } = await t.call(getProductBanner, { ProductType: 'coffee' });
    const p = await page('/new_in/coffee');
    expect(p.title).toBe('New in: Coffee · Sip & Gather');
    expect(p.preloads).toEqual([{ href: BannerList[0]!.Image, priority: 'high' }]);
    expect(p.root.querySelector('h1')?.textContent).toBe('Coffee');
    expect((await page('/new_in')).title).toBe('New in · Sip & Gather');
    expect((await page('/new_in/no-such-type')).status).toBe(404);
  });

  it('search results: the keyword in the title, escaped', async () => {
    const p = await page('/search_result/%3Cb%3Eoolong%3C%2Fb%3E?sort=priceAsc');
    expect(p.status).toBe(200);
    expect(p.title).toBe('Search results for “<b>oolong</b>” · Sip & Gather');
    // The SPA's heading (SearchResultScreen); sorted by the address, the results are left to the SPA: skeletons.
    expect(p.root.querySelector('h1')?.textContent).toBe('Results for “<b>oolong</b>”');
    expect(p.root.querySelectorAll('.skeleton-card').length).toBeGreaterThan(0);
    expect(p.root.querySelectorAll('.product-card')).toHaveLength(0);
    expect(p.preloads).toEqual([]);
    expect(p.root.querySelectorAll('b')).toHaveLength(0);
    expect(p.canonical).toBe('http://shop.test/search_result/%3Cb%3Eoolong%3C%2Fb%3E');
    expect((await page('/search_result/%E7%83%8F%E9%BE%8D')).title).toBe('Search results for “烏龍” · Sip & Gather');
    expect((await page('/search_result')).title).toBe('Search · Sip & Gather');
  });

  it('information pages take their title from the database; fixed pages their own', async () => {
    const about = await page('/about');
    expect(about.title).toBe('About us · Sip & Gather');
    expect(about.meta('description')).toMatch(/^Sip & Gather is a Hong Kong shop/);
    expect((await page('/shopping_bag')).title).toBe('Shopping bag · Sip & Gather');
    expect((await page('/order_record/SG-1')).title).toBe('Order details · Sip & Gather');
  });

  it('answers 404 for an address no route matches, and for the flow tools when they are off', async () => {
    for (const url of ['/no-such-page', '/product', '/product/tea-tieguanyin/more', '/about/us', '/shopping_bag/x', '/constructor', '/__proto__']) {
      const p = await page(url);
      expect(p.status, url).toBe(404);
      expect(p.title, url).toBe('Page not found · Sip & Gather');
    }
    expect((await page('/testing', appWith({ production: true }))).status).toBe(404);
    expect((await page('/testing', appWith({ production: false }))).title).toBe('Flow atlas · Sip & Gather');
  });

  it('the taste pages answer 200 with their routes\' titles: daily_sip, new_tastecard with or without its drink, the taste card flow', async () => {
    for (const [url, title] of [
      ['/daily_sip/select_product', "Today's sip"],
      ['/new_tastecard', 'Write a taste card'],
      ['/new_tastecard/tea-tieguanyin', 'Write a taste card'],
      ['/taste_card/select_product', 'Choose the drink'],
      ['/taste_card/steps', 'Write a taste card'],
      ['/taste_card/success?cardID=c-1', 'Taste card published'],
      ['/Taste_Card/Steps/', 'Write a taste card'],
    ]) {
      const p = await page(url!);
      expect(p.status, url).toBe(200);
      expect(p.title, url).toBe(`${title} · Sip & Gather`);
    }
    // Only the flow's own pages: the layout has no page, and nothing lies below them.
    for (const url of ['/daily_sip', '/taste_card', '/taste_card/_flow', '/taste_card/steps/x', '/new_tastecard/tea-tieguanyin/x', '/daily_sip/steps']) {
      expect((await page(url)).status, url).toBe(404);
    }
  });

  it('/index.html is no page of its own: it redirects for good to /home, keeping the query', async () => {
    const app = (shared ??= appWith());
    for (const [url, location] of [
      ['/index.html', '/home'],
      ['/index.html?utm_source=flyer&login=true', '/home?utm_source=flyer&login=true'],
    ]) {
      const response = await app.request(url!, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status, url).toBe(301);
      expect(response.headers.get('location'), url).toBe(location);
      expect(await response.text(), url).not.toContain('<div id="root">');
    }
    // The home page itself is still the page.
    const home = await page('/home');
    expect(home.status).toBe(200);
    expect(home.canonical).toMatch(/\/home$/);
  });

  it('matches addresses as the router does: static parts in any case, a trailing slash ignored', () => {
    const pageOf = (url: string) => {
      const match = routeOf(url);
      return match && { path: match.route.path, params: match.params };
    };
    expect(pageOf('/HOME')).toEqual({ path: '/home', params: {} });
    expect(pageOf('/product/tea-tieguanyin/')).toEqual({ path: '/product/$productID', params: { productID: 'tea-tieguanyin' } });
    expect(pageOf('/Product/Tea-Tieguanyin')).toEqual({ path: '/product/$productID', params: { productID: 'Tea-Tieguanyin' } });
    expect(pageOf('/search_boxset/gift')).toEqual({ path: '/search_boxset/{-$keyword}', params: { keyword: 'gift' } });
    expect(pageOf('/search_boxset')).toEqual({ path: '/search_boxset/{-$keyword}', params: {} });
    expect(pageOf('/product//x')).toBeUndefined();
    expect(pageOf('/product/%E0%A4%A')).toBeUndefined();
  });
});

describe('a search results page', () => {
  /** The first page the SPA asks for (src/features/search/queries.ts resultsBody). */
  const firstPage = (Keyword: string | undefined, Currency: Currency) =>
    t.call(SearchAndFilterProduct, {
      Currency,
      Keyword,
      MustNot: { ProductType: ['boxset'] },
      Sort: Keyword ? 'relevance' : 'bestSelling',
      From: 0,
      Size: 12,
    });
  const names = (root: HTMLElement) => [...root.querySelectorAll('.product-card-name')].map((n) => n.textContent);

  it('paints the heading, the count and the first row of the SPA’s results, the first picture preloaded at high priority', async () => {
    const results = await firstPage('oolong', 'HKD');
    expect(results.ProductList.length).toBeGreaterThan(1);
    const firstRow = results.ProductList.slice(0, 4);
    // A Hong Kong address: HKD, as getCurrency answers it.
    const p = await page('/search_result/oolong', appWith(), { 'x-forwarded-for': '223.197.0.1' });
    expect(p.status).toBe(200);
    expect(p.title).toBe('Search results for “oolong” · Sip & Gather');
    expect(p.root.querySelector('h1')?.textContent).toBe('Results for “oolong”');
    expect(p.root.querySelector('.toolbar p')?.textContent).toBe(`${results.Total} products`);
    expect(names(p.root)).toEqual(firstRow.map((c) => c.Name.en));
    expect(p.preloads).toEqual([{ href: firstRow[0]!.Image, priority: 'high' }]);
    expect(p.html.indexOf('rel="preload" as="image"')).toBeLessThan(p.html.indexOf('<script type="module"'));
    const cards = [...p.root.querySelectorAll('.product-grid > li.product-card')];
    cards.forEach((card, i) => {
      const product = firstRow[i]!;
      expect(card.querySelector('a.product-card-link')?.getAttribute('href')).toBe(`/product/${product.ProductID}`);
      const img = card.querySelector('img.product-card-image')!;
      expect(img.getAttribute('src')).toBe(product.Image);
      // The first row loads eagerly; only the first picture at high priority, its box sized before it loads.
      expect(img.getAttribute('loading')).toBe('eager');
      expect(img.getAttribute('fetchpriority')).toBe(i === 0 ? 'high' : null);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
      expect(card.querySelector('.price')?.textContent).toBe(`From HK$${(product.Price / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    });
    expect(p.root.querySelectorAll('img[loading="lazy"]')).toHaveLength(0);
    // Nothing in the shell is a control that does nothing before the script: the heart and the field are drawn, hidden.
    expect(p.root.querySelectorAll('button')).toHaveLength(0);
  });

  it('shows prices in the visitor’s currency', async () => {
    const results = await firstPage('oolong', 'USD');
    const response = await appWith().request('/search_result/oolong', { headers: { 'x-forwarded-for': '8.8.8.8' } });
    const { document } = new JSDOM(await response.text()).window;
    const prices = [...document.querySelectorAll('#root .price')];
    expect(prices.map((price) => price.getAttribute('data-currency'))).toEqual(results.ProductList.slice(0, 4).map(() => 'USD'));
    expect(prices[0]?.textContent).toBe(`From US$${(results.ProductList[0]!.Price / 100).toFixed(2)}`);
  });

  it('without a keyword: every product, best sellers first', async () => {
    const results = await firstPage(undefined, 'HKD');
    const p = await page('/search_result', appWith(), { 'x-forwarded-for': '223.197.0.1' });
    expect(p.title).toBe('Search · Sip & Gather');
    expect(p.root.querySelector('h1')?.textContent).toBe('All products');
    expect(names(p.root)).toEqual(results.ProductList.slice(0, 4).map((c) => c.Name.en));
    expect(p.preloads).toEqual([{ href: results.ProductList[0]!.Image, priority: 'high' }]);
  });

  it('escapes a hostile keyword, and shows the SPA’s empty state when nothing matches', async () => {
    const p = await page('/search_result/%3Cscript%3Ealert(1)%3C%2Fscript%3E', appWith());
    expect(p.status).toBe(200);
    expect(p.title).toBe('Search results for “<script>alert(1)</script>” · Sip & Gather');
    expect(p.root.querySelector('h1')?.textContent).toBe('Results for “<script>alert(1)</script>”');
    expect(p.root.querySelectorAll('script')).toHaveLength(0);
    expect(p.html).not.toContain('<script>alert(1)');
    const empty = await page('/search_result/zzqxvwk', appWith());
    expect(empty.root.querySelectorAll('.product-card')).toHaveLength(0);
    expect(empty.root.querySelector('.empty-state p')?.textContent).toBe('Nothing matches “zzqxvwk”.');
    expect(empty.root.querySelector('.toolbar p')?.textContent).toBe('0 products');
    expect(empty.preloads).toEqual([]);
  });
});

describe('the page as sent', () => {
  it('keeps the Content-Security-Policy: the template’s inline script by hash, the shell’s style under style-src', async () => {
    const p = await page('/product/tea-tieguanyin');
    const policy = new Map(
      p.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    const { createHash } = await import('node:crypto');
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(policy.get('script-src')).toEqual(["'self'", hash]);
    // The shell's <style>: allowed by 'unsafe-inline', which a hash or nonce in style-src would switch off.
    expect(p.document.querySelectorAll('style')).toHaveLength(1);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // The JSON-LD block is data, never run: it needs (and gets) no hash.
    expect(policy.get('script-src')).toHaveLength(2);
  });

  it('is compressed, revalidated by its ETag, and 404s carry no ETag', async () => {
    const app = appWith();
    const first = await app.request('/product/tea-tieguanyin', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await app.request('/product/tea-tieguanyin', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const missing = await app.request('/product/no-such-tea', { headers: { 'accept-encoding': 'gzip' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('gzip');
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe("the visitor's currency", () => {
  it('comes with the page, as getCurrency answers it for their address, each currency its own copy', async () => {
    const app = appWith();
    const currencyOf = async (ip: string) => {
      const { document } = new JSDOM(await (await app.request('/product/tea-tieguanyin', { headers: { 'x-forwarded-for': ip } })).text()).window;
      return [...document.querySelectorAll('meta[name="sg-currency"]')].map((m) => m.getAttribute('content'));
    };
    // A Hong Kong address (as in the e2e suite), then one elsewhere, then Hong Kong again (kept pages).
    const hk = await currencyOf('223.197.0.1');
    expect(hk).toEqual([(await t.call(getCurrency, {}, { 'x-forwarded-for': '223.197.0.1' })).Currency]);
    expect(hk).toEqual(['HKD']);
    expect(await currencyOf('8.8.8.8')).toEqual(['USD']);
    expect(await currencyOf('223.197.0.1')).toEqual(['HKD']);
  });
});
