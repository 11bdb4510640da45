/**
 * Issue 32: pictures staff upload for a product (staff-set-product-photos). Uploads go through
 * upload-temporary-media (Purpose 'product': a picture checked by its bytes, re-encoded and resized); staff set a
 * product's list in order with alt text in English and Chinese, and customers see the first on cards and bag
 * lines and every one on the product page, its head's preload and og:image, at once; an empty list gives the
 * artwork back. Only the uploader's finished product pictures (or ones the product shows already) are taken;
 * every change leaves one audit row and the same list again none. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addShoppingBag,
  getProduct,
  getShoppingBag,
  PRODUCT_PHOTOS_MAX,
  SearchAndFilterProduct,
  staffCreateProduct,
  staffListProducts,
  staffSetProductPhotos,
  uploadTemporaryMedia,
  type CallBodyInput,
  type StaffProduct,
} from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { SET_PHOTOS_ACTION } from '../../server/services/staff/catalogue-photos.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

// jsdom parses the page heads as a browser would; it ships no types of its own.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Sip &amp; Gather</title>
<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
/** The shop's clock: each upload moves it on (uploads-per-hour limit), tokens outlive the file. */
let now = SEED_NOW.getTime() + 3_600_000;
let staff: Shopper;
let otherStaff: Shopper;
let spaDir: string;

beforeAll(async () => {
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-photos-'));
  writeFileSync(path.join(spaDir, 'index.html'), TEMPLATE);
  t = await createTestApp({ spaDir, clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 86_400 });
  [staff, otherStaff] = await Promise.all([shopper(t, { address: false }), shopper(t, { address: false })]);
  await Promise.all([grantRole(t, staff.userId, 'staff'), grantRole(t, otherStaff.userId, 'staff')]);
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await t?.close();
});

let made = 0;
const freshWord = () => `Lanternmoss${'abcdefghij'[++made % 10]}${made}`;
async function newProduct(word = freshWord()): Promise<StaffProduct> {
  const body: CallBodyInput<typeof staffCreateProduct> = {
    ProductTypeID: 'tea',
    Name: { en: `${word} Oolong`, zh: `${word}烏龍茶` },
    Images: ['leaf-120-3'],
    Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 12800, USD: 1650 }, Stock: 40 }],
  };
  return (await t.call(staffCreateProduct, body, auth(staff))).Product;
}

/** A JPEG `width` wide, of one colour, uploaded by `who` for `purpose`; answers its MediaID. */
async function upload(who: Shopper, { width = 1600, colour = '#6b8e4e', purpose = 'product' as 'product' | 'avatar' } = {}) {
  // Four minutes apart: never 20 in an hour (UPLOADS_PER_HOUR).
  now += 4 * 60_000;
  const jpeg = await sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } }).jpeg().toBuffer();
  const reservation = await t.call(uploadTemporaryMedia, { Purpose: purpose }, auth(who));
  const put = await t.raw(reservation.uploadUrl, { method: 'PUT', body: jpeg.toString('base64'), headers: { 'content-type': 'image/jpeg', ...auth(who) } });
  expect(put.status, put.text).toBe(200);
  return reservation.MediaID;
}

const setPhotos = (ProductID: string, Photos: CallBodyInput<typeof staffSetProductPhotos>['Photos'], who = staff) =>
  t.call(staffSetProductPhotos, { ProductID, Photos }, auth(who));
const as = (body: unknown, who = staff) => refused(t, 'staff-set-product-photos', body, who);
const customerProduct = async (ProductID: string) => (await t.call(getProduct, { Currency: 'HKD', ProductID })).Product;
const cardOf = async (word: string) => (await t.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword: word, Size: 100 })).ProductList[0]!;
const auditOf = (productId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `product:${productId}`))
    .orderBy(auditLog.id)
    .then((rows) => rows.filter((r) => r.action === SET_PHOTOS_ACTION));

async function head(productId: string) {
  const response = await t.app.request(`/product/${productId}`, { headers: { 'accept-encoding': 'identity' } });
  const { document } = new JSDOM(await response.text()).window;
  return {
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    preload: document.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href'),
    ldImages: (JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as { image: string[] }).image,
  };
}

describe('a product’s uploaded pictures', () => {
  it('replace its artwork for customers at once: cards, bag, product page with alt text, page head; an empty list brings the artwork back', async () => {
    const word = freshWord();
    const p = await newProduct(word);
    const [first, second] = [await upload(staff), await upload(staff, { colour: '#a0522d' })];
    // Customers' copies are warm before the change (getProduct and the page head answer from the product cache).
    expect((await customerProduct(p.ProductID)).Images).toEqual(['/media/art/leaf-120-3.svg']);
    expect((await head(p.ProductID)).ogImage).toBe('http://shop.test/media/art/leaf-120-3.svg');

    const { Product } = await setPhotos(p.ProductID, [
      { MediaID: first!, Alt: { en: '  A tin of oolong on a tray ', zh: '茶盤上的一罐烏龍茶' } },
      { MediaID: second!, Alt: { en: '', zh: '' } },
    ]);
    expect(Product.Photos).toEqual([
      { MediaID: first, Url: `/media/upload/${first}`, ThumbUrl: `/media/upload/${first}/w480`, Alt: { en: 'A tin of oolong on a tray', zh: '茶盤上的一罐烏龍茶' } },
      { MediaID: second, Url: `/media/upload/${second}`, ThumbUrl: `/media/upload/${second}/w480`, Alt: { en: '', zh: '' } },
    ]);
    // The artwork seeds stay, for when the pictures go.
    expect(Product.Images).toEqual(['leaf-120-3']);
    expect(await auditOf(p.ProductID)).toMatchObject([
      {
        actorUserId: staff.userId,
        before: { ProductID: p.ProductID, Photos: [] },
        after: { Photos: [{ MediaID: first, Alt: { en: 'A tin of oolong on a tray' } }, { MediaID: second }] },
      },
    ]);

    const detail = await customerProduct(p.ProductID);
    expect(detail).toMatchObject({
      Image: `/media/upload/${first}/w480`,
      Images: [`/media/upload/${first}/w1080`, `/media/upload/${second}/w1080`],
      // No alt text written: the product's name is said.
      ImageAlt: [
        { en: 'A tin of oolong on a tray', zh: '茶盤上的一罐烏龍茶' },
        { en: `${word} Oolong`, zh: `${word}烏龍茶` },
      ],
    });
    expect((await cardOf(word)).Image).toBe(`/media/upload/${first}/w480`);
    const m = await shopper(t);
    await t.call(addShoppingBag, { VarianceID: p.Variances[0]!.VarianceID, Quantity: 1 }, auth(m));
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).productList[0]!.Image).toBe(`/media/upload/${first}/w480`);
    expect(await head(p.ProductID)).toEqual({
      ogImage: `http://shop.test/media/upload/${first}/w1080`,
      preload: `/media/upload/${first}/w1080`,
      ldImages: detail.Images.map((src) => `http://shop.test${src}`),
    });
    // What they point at is served: a WebP of the card's width.
    const card = await t.app.request(`/media/upload/${first}/w480`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(480);

    // Nothing left: the artwork again, everywhere.
    expect((await setPhotos(p.ProductID, [])).Product.Photos).toEqual([]);
    expect(await customerProduct(p.ProductID)).toMatchObject({ Image: '/media/art/leaf-120-3.svg', Images: ['/media/art/leaf-120-3.svg'] });
    expect((await customerProduct(p.ProductID)).ImageAlt).toBeUndefined();
    expect((await cardOf(word)).Image).toBe('/media/art/leaf-120-3.svg');
    expect((await head(p.ProductID)).ogImage).toBe('http://shop.test/media/art/leaf-120-3.svg');
    expect(await auditOf(p.ProductID)).toHaveLength(2);
  });

  it('are reordered and reworded by any staff member, a picture narrower than a page kept at its own size; the same list again writes nothing', async () => {
    const p = await newProduct();
    const [wide, narrow] = [await upload(staff), await upload(staff, { width: 800 })];
    await setPhotos(p.ProductID, [{ MediaID: wide! }, { MediaID: narrow! }]);
    // 800 wide has a card's copy but none a page wide: the page shows it as stored.
    expect((await customerProduct(p.ProductID)).Images).toEqual([`/media/upload/${wide}/w1080`, `/media/upload/${narrow}`]);

    // Another staff member reorders and rewords what someone else uploaded.
    const reordered = [
      { MediaID: narrow!, Alt: { en: 'Dry leaves', zh: '乾茶葉' } },
      { MediaID: wide!, Alt: { en: 'The tin', zh: '茶罐' } },
    ];
    const { Product } = await setPhotos(p.ProductID, reordered, otherStaff);
    expect(Product.Photos.map((x) => [x.MediaID, x.Alt.en])).toEqual([
      [narrow, 'Dry leaves'],
      [wide, 'The tin'],
    ]);
    expect(await customerProduct(p.ProductID)).toMatchObject({ Image: `/media/upload/${narrow}/w480`, ImageAlt: [{ en: 'Dry leaves' }, { en: 'The tin' }] });
    expect(await auditOf(p.ProductID)).toMatchObject([{ actorUserId: staff.userId }, { actorUserId: otherStaff.userId, before: { Photos: [{ MediaID: wide }, { MediaID: narrow }] } }]);

    await setPhotos(p.ProductID, reordered);
    expect(await auditOf(p.ProductID)).toHaveLength(2);
  });

  it('take only the caller’s finished product pictures: anything else is refused naming the picture, nothing changed or audited', async () => {
    const p = await newProduct();
    const mine = await upload(staff);
    const theirs = await upload(otherStaff);
    const avatar = await upload(staff, { purpose: 'avatar' });
    now += 4 * 60_000;
    const unfinished = (await t.call(uploadTemporaryMedia, { Purpose: 'product' }, auth(staff))).MediaID;
    const unknown = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    for (const other of [theirs, avatar, unfinished, unknown]) {
      expect(await as({ ProductID: p.ProductID, Photos: [{ MediaID: mine }, { MediaID: other }] }), other).toMatchObject({
        status: 400,
        json: { ErrorCode: 'InvalidParameter', field: 'Photos.1.MediaID' },
      });
    }
    const cases: [unknown, string][] = [
      [[{ MediaID: mine }, { MediaID: mine }], 'Photos'],
      [Array.from({ length: PRODUCT_PHOTOS_MAX + 1 }, () => ({ MediaID: mine })), 'Photos'],
      [[{ MediaID: 'leaf-120-3' }], 'Photos.0.MediaID'],
      [[{ MediaID: mine, Alt: { en: 'x'.repeat(201), zh: '' } }], 'Photos.0.Alt.en'],
    ];
    for (const [Photos, field] of cases) {
      expect(await as({ ProductID: p.ProductID, Photos }), field).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field } });
    }
    expect(await as({ ProductID: 'no-such-product', Photos: [{ MediaID: mine }] })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'ProductID' } });
    const [listed] = (await t.call(staffListProducts, { Text: p.ProductID }, auth(staff))).ProductList;
    expect(listed!.Photos).toEqual([]);
    expect(await auditOf(p.ProductID)).toEqual([]);
  });

  it('are uploaded as pictures only, checked by their bytes', async () => {
    now += 4 * 60_000;
    const reservation = await t.call(uploadTemporaryMedia, { Purpose: 'product' }, auth(staff));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asPng = await t.raw(reservation.uploadUrl, { method: 'PUT', body: svg.toString('base64'), headers: { 'content-type': 'image/png', ...auth(staff) } });
    expect(asPng).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'file' } });
    const asSvg = await t.raw(reservation.uploadUrl, { method: 'PUT', body: svg.toString('base64'), headers: { 'content-type': 'image/svg+xml', ...auth(staff) } });
    expect(asSvg).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'content-type' } });
  });

  it('are set by staff only', async () => {
    const p = await newProduct();
    const member = await shopper(t, { address: false });
    const theirs = await upload(member);
    expect((await refused(t, 'staff-set-product-photos', { ProductID: p.ProductID, Photos: [] })).status).toBe(401);
    expect((await as({ ProductID: p.ProductID, Photos: [{ MediaID: theirs }] }, member)).status).toBe(403);
    expect(await auditOf(p.ProductID)).toEqual([]);
  });
});
