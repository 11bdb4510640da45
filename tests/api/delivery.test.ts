/**
 * How the server delivers (issue 14): built files precompressed by the build step and chosen by
 * Accept-Encoding, dynamic answers compressed from 1 KB, 404 rather than the SPA's page for missing
 * files under /assets/ and /media/, robots.txt and the sitemap, and the cache rules of each.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress.ts';
import { createApp } from '../../server/app.ts';
import { compressAnswers, chooseEncoding } from '../../server/http/compression.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let app: ReturnType<typeof createApp>;
let spaDir: string;

const APP_JS = '/assets/app-Cq3x9Zt1.js';
const SMALL_JS = '/assets/tiny-Bq2w8Ys0.js';

/** Some 40 kB of bundle-like code, as a build would leave it. */
const bundle = () =>
  Array.from(
    { length: 400 },
    (_, i) => `export function screen${i}(props){return jsx("section",{className:"screen-${i % 17}",children:[props.title,${i}*${i % 7}]})}\n`,
  ).join('');

beforeAll(async () => {
  t = await createTestApp();
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-delivery-'));
  mkdirSync(path.join(spaDir, 'assets'));
  writeFileSync(
    path.join(spaDir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Sip &amp; Gather</title>
<script type="module" crossorigin src="${APP_JS}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(spaDir, APP_JS), bundle());
  writeFileSync(path.join(spaDir, SMALL_JS), 'export const x = 1;\n');
  // The service worker is built (build/service-worker.ts) into dist/spa/sw.js: a stand-in of some 2 kB here.
  writeFileSync(
    path.join(spaDir, 'sw.js'),
    `self.addEventListener('push', (event) => event.waitUntil(self.registration.showNotification('Sip & Gather')));\n${bundle().slice(0, 2000)}`,
  );
  // The build's own step (build/precompress.ts) leaves the .br and .gz copies.
  await precompressDir(spaDir);
  app = createApp(t.deps, { spaDir });
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('built files', () => {
  const original = () => readFileSync(path.join(spaDir, APP_JS));

  it('go out as the build made them: brotli, else gzip, with their encoding, type, Vary and long cache', async () => {
    const br = await get(APP_JS, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBytes = await bytesOf(br);
    expect(brBytes.equals(readFileSync(path.join(spaDir, `${APP_JS}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(brBytes).equals(original())).toBe(true);
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(original().length / 4);

    const gz = await get(APP_JS, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytesOf(gz)).equals(original())).toBe(true);
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('go out plain when the browser takes no encoding, or refuses the ones there are', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get(APP_JS, accept ? { 'accept-encoding': accept } : {});
      expect(plain.headers.get('content-encoding'), accept).toBeNull();
      expect(plain.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect((await bytesOf(plain)).equals(original()), accept).toBe(true);
    }
    // q-values are honoured: gzip preferred over brotli here.
    expect((await get(APP_JS, { 'accept-encoding': 'br;q=0.5, gzip' })).headers.get('content-encoding')).toBe('gzip');
  });

  it('answer 304 to a browser that holds the same copy', async () => {
    const first = await get(APP_JS, { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await get(APP_JS, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    // The gzip copy is another representation, with an entity tag of its own.
    expect((await get(APP_JS, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
  });

  it('small files are not compressed at build time nor on the way out', async () => {
    const small = await get(SMALL_JS, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await small.text()).toBe('export const x = 1;\n');
    expect(existsSync(path.join(spaDir, `${SMALL_JS}.br`))).toBe(false);
  });

  it('sw.js is revalidated on every use, compressed too', async () => {
    const sw = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(await bytesOf(sw)).toString()).toContain("addEventListener('push'");
  });

  it('index.html goes out compressed on every SPA path, and is not cached without revalidation', async () => {
    for (const url of ['/', '/home', '/product/tea-tieguanyin']) {
      const page = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(page.status, url).toBe(200);
      expect(page.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(page.headers.get('content-encoding'), url).toBe('br');
      expect(page.headers.get('cache-control'), url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(await bytesOf(page)).toString(), url).toContain('<div id="root">');
    }
    const gz = await get('/home', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(await bytesOf(gz)).toString()).toContain('<div id="root">');
    const plain = await get('/home');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<div id="root">');
  });
});

describe('missing files', () => {
  it('answer 404 under /assets/ and /media/, never the SPA page', async () => {
    for (const url of ['/assets/x.js', '/assets/app-Old1234.css', `${APP_JS}.br`, '/media/x', '/media/art/dragon-1-1.svg', '/media/upload/nope']) {
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get('content-type'), url).not.toMatch(/html/);
      expect(await answer.text(), url).not.toContain('<div id="root">');
    }
    // Not to be kept by a cache while a deploy brings the file.
    expect((await get('/assets/x.js')).headers.get('cache-control')).toBe('no-store');
  });

  it('a built file removed after the server started (dist rebuilt under it) answers 404, not 500', async () => {
    const gone = '/assets/gone-Dk4r7Tq2.js';
    writeFileSync(path.join(spaDir, gone), 'export const gone = 1;\n');
    const started = createApp(t.deps, { spaDir });
    rmSync(path.join(spaDir, gone));
    const answer = await started.request(gone);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('<div id="root">');
  });
});

describe('generated artwork', () => {
  it('is cached for a day, not for good (its address stays when the drawing changes), and revalidated by ETag', async () => {
    const art = await get('/media/art/cup-30-0.svg', { 'accept-encoding': 'br' });
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(art.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(art.headers.get('cache-control')).not.toContain('immutable');
    // Over 1 KB of SVG: compressed on the way out.
    expect(art.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(await bytesOf(art)).toString()).toMatch(/^<svg/);
    const again = await get('/media/art/cup-30-0.svg', { 'if-none-match': art.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});

describe('dynamic answers', () => {
  const newIn = '/api/getNewInSection?Currency=HKD';

  it('are compressed from 1 KB, brotli or gzip, with Vary', async () => {
    const plain = await get(newIn);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const br = await get(newIn, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBytes = await bytesOf(br);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(text);
    expect(brBytes.length).toBeLessThan(text.length / 2);
    // Compressed whole as the call answered, not streamed (issue 30: a stream cost more than the call): with its length.
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(text));

    const gz = await get(newIn, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytesOf(gz)).toString()).toBe(text);
  });

  it('are compressed for POST calls too', async () => {
    const answer = await app.request('/api/searchProduct', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ Keyword: 'tea', Currency: 'HKD', Page: 1, Size: 20 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(await bytesOf(answer)).toString()).result).toBe(true);
  });

  it('are left as they are under 1 KB, with their length', async () => {
    const small = await get('/api/getNavigationMenu', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await small.text();
    expect(text.length).toBeLessThan(1024);
    expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text).result).toBe(true);
  });
});

describe('the compression middleware', () => {
  const streaming = () => {
    const server = new Hono();
    server.use('*', compressAnswers({ threshold: 1024 }));
    let push: (text: string) => void = () => {};
    let end: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        end = () => controller.close();
      },
    });
    server.get('/events', () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    server.get('/stream', () => new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } }));
    server.get('/no-transform', (c) => c.text('x'.repeat(5000), 200, { 'cache-control': 'no-transform' }));
    return { server, push: (text: string) => push(text), end: () => end() };
  };

  it('never compresses Server-Sent Events: each event reaches the browser as it is sent', async () => {
    const { server, push, end } = streaming();
    push('data: one\n\n');
    const answer = await server.request('/events', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.headers.get('content-encoding')).toBeNull();
    const reader = answer.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: one\n\n');
    push('data: two\n\n');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: two\n\n');
    end();
    expect((await reader.read()).done).toBe(true);
  });

  it('keeps a streamed answer flowing: what is sent so far can be read before the stream ends', async () => {
    const { server, push, end } = streaming();
    push('first piece, ');
    const answer = await server.request('/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    const inflate = zlib.createGunzip();
    const seen: string[] = [];
    inflate.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
    const ended = new Promise((resolve) => inflate.on('end', resolve));
    const reader = answer.body!.getReader();
    const pump = (async () => {
      for (let piece = await reader.read(); !piece.done; piece = await reader.read()) inflate.write(piece.value);
      inflate.end();
    })();
    // The first piece comes out (flushed) while the stream is still open.
    await expect.poll(() => seen.join('')).toBe('first piece, ');
    push('second piece');
    end();
    await pump;
    await ended;
    expect(seen.join('')).toBe('first piece, second piece');
  });

  it('leaves answers marked no-transform alone', async () => {
    const answer = await streaming().server.request('/no-transform', { headers: { 'accept-encoding': 'br' } });
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect((await answer.text()).length).toBe(5000);
  });

  it('reads Accept-Encoding with its q-values', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.1, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt is a real text file naming the sitemap, keeping crawlers out of private pages but not the API', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/checkout_product$/m);
    expect(text).toMatch(/^Disallow: \/testing$/m);
    expect(text).not.toMatch(/^Disallow: \/api/m);
    expect(text).toMatch(/^Sitemap: http:\/\/shop\.test\/sitemap\.xml$/m);
  });

  it('the sitemap lists the home, new-in and information pages and the products on sale', async () => {
    const answer = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = answer.headers.get('content-encoding') === 'gzip' ? zlib.gunzipSync(await bytesOf(answer)).toString() : await answer.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('http://shop.test/home');
    expect(locs).toContain('http://shop.test/new_in');
    expect(locs).toContain('http://shop.test/about');
    expect(locs).toContain('http://shop.test/terms_and_conditions');
    const { products } = await import('../../server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const onSale = await t.db.select({ id: products.id }).from(products).where(eq(products.stopSell, false));
    const stopped = await t.db.select({ id: products.id }).from(products).where(eq(products.stopSell, true));
    expect(onSale.length).toBeGreaterThan(0);
    for (const p of onSale) expect(locs).toContain(`http://shop.test/product/${encodeURIComponent(p.id)}`);
    for (const p of stopped) expect(locs).not.toContain(`http://shop.test/product/${encodeURIComponent(p.id)}`);
    expect(locs.some((l) => l?.includes('/checkout'))).toBe(false);
  });
});
