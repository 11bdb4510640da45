/**
 * Issue 32: the catalogue in the back office. Staff make products and variances, change prices and names,
 * stop sales and adjust stock, and customers see each change at once through their own calls (getProduct,
 * whose answers are cached, search, the bag), with no cache clearing by the test. Stock adjustments made at
 * once all count and never take stock below zero; every change leaves an audit row with before and after;
 * bad input is a 400 naming its field. Alcohol is each product's own flag: a tea flagged by staff gets the age
 * rules on the customer's side, and unflagged loses them. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addShoppingBag,
  checkout,
  getProduct,
  getShoppingBag,
  SearchAndFilterProduct,
  staffAdjustStock,
  staffCreateProduct,
  staffCreateVariance,
  staffListProducts,
  staffUpdateProduct,
  staffUpdateVariance,
  type CallBodyInput,
  type StaffProduct,
} from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { ADJUST_STOCK_ACTION, CREATE_VARIANCE_ACTION, UPDATE_VARIANCE_ACTION } from '../../server/services/staff/catalogue-variances.ts';
import { CREATE_PRODUCT_ACTION, UPDATE_PRODUCT_ACTION } from '../../server/services/staff/catalogue.ts';
import { auth, refused, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 3_600_000) } });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

let made = 0;
/** A word no seeded product has, new for each product a test makes (the tests share one shop). */
const freshWord = () => `Zephyrquill${'abcdefghij'[++made % 10]}${made}`;

type CreateBody = CallBodyInput<typeof staffCreateProduct>;
const productBody = (word: string, over: Partial<CreateBody> = {}): CreateBody => ({
  ProductTypeID: 'tea',
  Name: { en: `${word} Oolong`, zh: `${word}烏龍茶` },
  Description: { en: 'A staff-made oolong for tests.', zh: '測試用烏龍茶。' },
  Images: ['leaf-120-3'],
  Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 12800, USD: 1650 }, Stock: 40 }],
  ...over,
});
const create = async (word = freshWord(), over: Partial<CreateBody> = {}) => (await t.call(staffCreateProduct, productBody(word, over), auth(staff))).Product;
const as = (call: string, body: unknown) => refused(t, call, body, staff);

const customerProduct = async (ProductID: string, Currency: 'HKD' | 'USD' = 'HKD') => (await t.call(getProduct, { Currency, ProductID })).Product;
const searchIds = async (Keyword: string) => (await t.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword, Size: 100 })).ProductList.map((p) => p.ProductID);
const auditOf = (target: string) => t.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
const onlyVariance = (p: StaffProduct) => p.Variances[0]!.VarianceID;

describe('a product made by staff', () => {
  it('is stored with its variance, listed, audited, and at once found, shown and put in a bag by customers', async () => {
    const word = freshWord();
    const p = await create(word, {
      Images: ['/media/art/leaf-120-3.svg', 'teapot-30-1'],
      Variances: [
        { Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 12800, USD: 1650 }, Stock: 40 },
        { Name: { en: '150 g', zh: '150 克' }, Price: { HKD: 34800, USD: 4450 }, Stock: 0, StopSell: true },
      ],
    });
    expect(p).toMatchObject({
      ProductTypeID: 'tea',
      Name: { en: `${word} Oolong`, zh: `${word}烏龍茶` },
      Images: ['leaf-120-3', 'teapot-30-1'],
      ImageUrls: ['/media/art/leaf-120-3.svg', '/media/art/teapot-30-1.svg'],
      IsAlcohol: false,
      StopSell: false,
      MinPrice: { HKD: 12800, USD: 1650 },
      Variances: [
        { Name: { en: '50 g' }, Price: { HKD: 12800, USD: 1650 }, Stock: 40, StopSell: false },
        { Name: { en: '150 g' }, Price: { HKD: 34800, USD: 4450 }, Stock: 0, StopSell: true },
      ],
    });
    expect(p.ProductID).toMatch(/^tea-/);

    const page = await t.call(staffListProducts, { Text: word.toLowerCase() }, auth(staff));
    expect(page.ProductList).toEqual([p]);
    expect(await auditOf(`product:${p.ProductID}`)).toMatchObject([{ action: CREATE_PRODUCT_ACTION, actorUserId: staff.userId, before: null, after: { ProductID: p.ProductID, Variances: [{ Stock: 40 }, { Stock: 0 }] } }]);

    // A visitor: the product page, in each currency, and search by either name.
    expect(await customerProduct(p.ProductID)).toMatchObject({
      Name: { en: `${word} Oolong` },
      Price: 12800,
      Images: ['/media/art/leaf-120-3.svg', '/media/art/teapot-30-1.svg'],
      Variances: [{ VarianceID: onlyVariance(p), Price: 12800, StockStatus: 'InStock', StopSell: false }, { StopSell: true }],
    });
    expect((await customerProduct(p.ProductID, 'USD')).Variances[0]).toMatchObject({ Price: 1650 });
    expect(await searchIds(word)).toEqual([p.ProductID]);
    expect(await searchIds(`${word}烏龍`)).toContain(p.ProductID);

    // A member puts it in the bag at its price.
    const m = await shopper(t);
    await t.call(addShoppingBag, { VarianceID: onlyVariance(p), Quantity: 2 }, auth(m));
    const bag = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m));
    expect(bag.productList).toMatchObject([{ ProductID: p.ProductID, VarianceID: onlyVariance(p), Price: 12800, SelectedQuantity: 2, LineTotal: 25600 }]);
  });

  it('refuses bad input naming the field: unknown type, pictures, no variance, negative stock, empty names', async () => {
    const word = freshWord();
    const cases: [Partial<CreateBody>, string, string][] = [
      [{ ProductTypeID: 'no-such-type' }, 'InvalidParameter', 'ProductTypeID'],
      [{ Images: ['unicorn-10-1'] }, 'InvalidParameter', 'Images'],
      [{ Images: ['https://example.com/a.png'] }, 'InvalidParameter', 'Images.0'],
      [{ Images: [] }, 'InvalidParameter', 'Images'],
      [{ Variances: [] }, 'InvalidParameter', 'Variances'],
      [{ Variances: [{ Name: { en: '50 g', zh: '50 克' }, Price: { HKD: 100, USD: 100 }, Stock: -1 }] }, 'InvalidParameter', 'Variances.0.Stock'],
      [{ Name: { en: '  ', zh: '名' } }, 'InvalidParameter', 'Name.en'],
    ];
    for (const [over, code, field] of cases) {
      expect(await as('staff-create-product', productBody(word, over)), field).toMatchObject({ status: 400, json: { ErrorCode: code, field } });
    }
    expect(await as('staff-create-product', { ...productBody(word), Name: undefined })).toMatchObject({ status: 400, json: { field: 'Name' } });
    // Nothing was made.
    expect((await t.call(staffListProducts, { Text: word }, auth(staff))).ProductList).toEqual([]);
  });
});

describe('changes staff make', () => {
  it('new prices are what customers see and pay at once, in both currencies, and in listings by price', async () => {
    const p = await create();
    const varianceId = onlyVariance(p);
    // Customers' copies are warm (getProduct answers from its cache): the change must still show.
    expect((await customerProduct(p.ProductID)).Price).toBe(12800);
    const m = await shopper(t);
    await t.call(addShoppingBag, { VarianceID: varianceId, Quantity: 1 }, auth(m));

    const changed = await t.call(staffUpdateVariance, { VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 } }, auth(staff));
    expect(changed.Product).toMatchObject({ MinPrice: { HKD: 9900, USD: 1290 }, Variances: [{ Price: { HKD: 9900, USD: 1290 } }] });
    expect(await customerProduct(p.ProductID)).toMatchObject({ Price: 9900, Variances: [{ Price: 9900 }] });
    expect(await customerProduct(p.ProductID, 'USD')).toMatchObject({ Price: 1290 });
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).productList).toMatchObject([{ VarianceID: varianceId, Price: 9900 }]);
    const cheap = await t.call(SearchAndFilterProduct, { Currency: 'HKD', Range: { Price: { Max: 9900 } }, Filter: { ProductType: ['tea'] }, Size: 100 });
    expect(cheap.ProductList.map((c) => c.ProductID)).toContain(p.ProductID);

    expect(await auditOf(`variance:${varianceId}`)).toMatchObject([
      { action: UPDATE_VARIANCE_ACTION, actorUserId: staff.userId, before: { Price: { HKD: 12800, USD: 1650 } }, after: { Price: { HKD: 9900, USD: 1290 } } },
    ]);
    // The same change again changes nothing and writes nothing.
    await t.call(staffUpdateVariance, { VarianceID: varianceId, Price: { HKD: 9900, USD: 1290 } }, auth(staff));
    expect(await auditOf(`variance:${varianceId}`)).toHaveLength(1);
  });

  it('a renamed product is found by its new name only, and shown so at once', async () => {
    const before = freshWord();
    const after = freshWord();
    const p = await create(before);
    expect((await customerProduct(p.ProductID)).Name.en).toBe(`${before} Oolong`);
    const searched = (Keyword: string) => t.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword });
    // Counted before the change: the count kept for it (services/product-cache.ts catalogueWide) is dropped.
    expect((await searched(before)).Total).toBe(1);
    const renamed = await t.call(staffUpdateProduct, { ProductID: p.ProductID, Name: { en: `${after} Oolong`, zh: `${after}烏龍茶` } }, auth(staff));
    expect(renamed.Product.Name).toEqual({ en: `${after} Oolong`, zh: `${after}烏龍茶` });
    expect((await customerProduct(p.ProductID)).Name.en).toBe(`${after} Oolong`);
    expect(await searchIds(after)).toEqual([p.ProductID]);
    expect(await searchIds(before)).not.toContain(p.ProductID);
    expect((await searched(before)).Total).toBe(0);
    expect(await auditOf(`product:${p.ProductID}`)).toMatchObject([
      { action: CREATE_PRODUCT_ACTION },
      { action: UPDATE_PRODUCT_ACTION, before: { Name: { en: `${before} Oolong` } }, after: { Name: { en: `${after} Oolong` } } },
    ]);
  });

  it('stop-sale of a product or of a variance: customers see it stopped and adding to the bag answers StopSell; back on sale, it adds again', async () => {
    const p = await create();
    const varianceId = onlyVariance(p);
    const m = await shopper(t);
    expect((await customerProduct(p.ProductID)).StopSell).toBe(false);

    await t.call(staffUpdateProduct, { ProductID: p.ProductID, StopSell: true }, auth(staff));
    expect(await customerProduct(p.ProductID)).toMatchObject({ StopSell: true, Variances: [{ StopSell: true }] });
    expect(await refused(t, 'addShoppingBag', { VarianceID: varianceId, Quantity: 1 }, m)).toMatchObject({ status: 400, json: { ErrorCode: 'StopSell' } });
    expect((await t.call(staffListProducts, { Text: p.ProductID, Status: 'stopped' }, auth(staff))).ProductList.map((x) => x.ProductID)).toEqual([p.ProductID]);
    expect((await t.call(staffListProducts, { Text: p.ProductID, Status: 'onSale' }, auth(staff))).ProductList).toEqual([]);

    await t.call(staffUpdateProduct, { ProductID: p.ProductID, StopSell: false }, auth(staff));
    await t.call(staffUpdateVariance, { VarianceID: varianceId, StopSell: true }, auth(staff));
    expect((await customerProduct(p.ProductID)).Variances[0]).toMatchObject({ StopSell: true });
    expect(await refused(t, 'addShoppingBag', { VarianceID: varianceId, Quantity: 1 }, m)).toMatchObject({ status: 400, json: { ErrorCode: 'StopSell' } });

    await t.call(staffUpdateVariance, { VarianceID: varianceId, StopSell: false }, auth(staff));
    expect(await t.call(addShoppingBag, { VarianceID: varianceId, Quantity: 1 }, auth(m))).toMatchObject({ Quantity: 1 });
  });

  it('a variance added later is on sale at once and lowers the product’s lowest price', async () => {
    const p = await create();
    expect((await customerProduct(p.ProductID)).Variances).toHaveLength(1);
    const added = await t.call(staffCreateVariance, { ProductID: p.ProductID, Name: { en: 'Sample', zh: '試飲裝' }, Price: { HKD: 3800, USD: 490 }, Stock: 5 }, auth(staff));
    expect(added.Product.Variances.map((v) => v.Name.en)).toEqual(['50 g', 'Sample']);
    expect(added.Product.MinPrice).toEqual({ HKD: 3800, USD: 490 });
    const sample = added.Product.Variances[1]!;
    expect(await customerProduct(p.ProductID)).toMatchObject({ Price: 3800, Variances: [{}, { VarianceID: sample.VarianceID, Price: 3800, StockStatus: 'LowStock', StockLeft: 5 }] });
    expect(await auditOf(`variance:${sample.VarianceID}`)).toMatchObject([{ action: CREATE_VARIANCE_ACTION, before: null, after: { ProductID: p.ProductID, Stock: 5 } }]);
    // Its sale stopped, the lowest price is the other variance's again.
    const stopped = await t.call(staffUpdateVariance, { VarianceID: sample.VarianceID, StopSell: true }, auth(staff));
    expect(stopped.Product.MinPrice).toEqual({ HKD: 12800, USD: 1650 });
  });

  it('two price changes at once leave the lowest price of both (what listings sort and filter by)', async () => {
    const p = await create(freshWord(), {
      Variances: [
        { Name: { en: 'Small', zh: '小' }, Price: { HKD: 12800, USD: 1650 }, Stock: 3 },
        { Name: { en: 'Large', zh: '大' }, Price: { HKD: 20000, USD: 2600 }, Stock: 3 },
      ],
    });
    const [small, large] = p.Variances.map((v) => v.VarianceID);
    await Promise.all([
      t.call(staffUpdateVariance, { VarianceID: small!, Price: { HKD: 30000, USD: 3900 } }, auth(staff)),
      t.call(staffUpdateVariance, { VarianceID: large!, Price: { HKD: 25000, USD: 3200 } }, auth(staff)),
    ]);
    const [listed] = (await t.call(staffListProducts, { Text: p.ProductID }, auth(staff))).ProductList;
    expect(listed!.MinPrice).toEqual({ HKD: 25000, USD: 3200 });
    expect((await customerProduct(p.ProductID)).Price).toBe(25000);
  });

  it('refuses unknown products and variances as ObjectNotFound naming the field', async () => {
    expect(await as('staff-update-product', { ProductID: 'no-such-product', StopSell: true })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'ProductID' } });
    expect(await as('staff-create-variance', { ProductID: 'no-such-product', Name: { en: 'x', zh: 'x' }, Price: { HKD: 1, USD: 1 }, Stock: 1 })).toMatchObject({
      status: 400,
      json: { ErrorCode: 'ObjectNotFound', field: 'ProductID' },
    });
    expect(await as('staff-update-variance', { VarianceID: 'no-such-variance', StopSell: true })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'VarianceID' } });
    expect(await as('staff-adjust-stock', { VarianceID: 'no-such-variance', Delta: 1, Reason: 'received' })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'VarianceID' } });
  });
});

describe('stock adjustments', () => {
  it('move stock by the delta with an audit row of before, after and reason, shown to customers at once', async () => {
    const p = await create();
    const varianceId = onlyVariance(p);
    expect((await customerProduct(p.ProductID)).Variances[0]).toMatchObject({ StockStatus: 'InStock' });
    const { Variance } = await t.call(staffAdjustStock, { VarianceID: varianceId, Delta: -37, Reason: '  damaged in transit ' }, auth(staff));
    expect(Variance).toMatchObject({ VarianceID: varianceId, Stock: 3 });
    expect((await customerProduct(p.ProductID)).Variances[0]).toMatchObject({ StockStatus: 'LowStock', StockLeft: 3 });
    expect(await auditOf(`variance:${varianceId}`)).toMatchObject([
      { action: ADJUST_STOCK_ACTION, actorUserId: staff.userId, before: { Stock: 40 }, after: { Stock: 3, Delta: -37, Reason: 'damaged in transit' } },
    ]);
  });

  it('made at once all count', async () => {
    const p = await create();
    const varianceId = onlyVariance(p);
    const answers = await Promise.all(
      [5, 7, -3, 11, -2, 4].map((Delta) => t.call(staffAdjustStock, { VarianceID: varianceId, Delta, Reason: 'received' }, auth(staff))),
    );
    expect(await stockOf(t, varianceId)).toBe(40 + 5 + 7 - 3 + 11 - 2 + 4);
    // Each audit row's before is the stock the one before it left (rows are written under the variance's row
    // lock, so in the order the adjustments applied), from 40 to 62, and each answer is its own row's after.
    const rows = await auditOf(`variance:${varianceId}`);
    const moves = rows.map((r) => ({ before: (r.before as { Stock: number }).Stock, ...(r.after as { Stock: number; Delta: number }) }));
    expect(moves).toHaveLength(6);
    expect(moves[0]!.before).toBe(40);
    expect(moves.at(-1)!.Stock).toBe(62);
    moves.forEach((move, i) => {
      expect(move.Stock - move.before).toBe(move.Delta);
      if (i > 0) expect(move.before).toBe(moves[i - 1]!.Stock);
    });
    expect(answers.map((a) => a.Variance.Stock).sort()).toEqual(moves.map((m) => m.Stock).sort());
  });

  it('never take stock below zero: refused StockBelowZero with the stock there is, nothing changed or audited', async () => {
    const p = await create(freshWord(), { Variances: [{ Name: { en: 'Tin', zh: '罐' }, Price: { HKD: 100, USD: 13 }, Stock: 4 }] });
    const varianceId = onlyVariance(p);
    expect(await as('staff-adjust-stock', { VarianceID: varianceId, Delta: -5, Reason: 'count correction' })).toMatchObject({
      status: 400,
      json: { ErrorCode: 'StockBelowZero', field: 'Delta', Stock: 4 },
    });
    expect(await stockOf(t, varianceId)).toBe(4);
    expect(await auditOf(`variance:${varianceId}`)).toEqual([]);

    // Two taking 3 each at once from 4: one is taken, the other refused.
    const both = await Promise.all([0, 1].map(() => as('staff-adjust-stock', { VarianceID: varianceId, Delta: -3, Reason: 'damaged' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.json.ErrorCode).toBe('StockBelowZero');
    expect(await stockOf(t, varianceId)).toBe(1);
    // To exactly zero is fine: customers see it out of stock.
    await t.call(staffAdjustStock, { VarianceID: varianceId, Delta: -1, Reason: 'count correction' }, auth(staff));
    expect((await customerProduct(p.ProductID)).Variances[0]).toMatchObject({ StockStatus: 'OutOfStock' });
  });

  it('need a reason, and a delta that is a whole number other than 0 (400 naming the field)', async () => {
    const p = await create();
    const VarianceID = onlyVariance(p);
    expect(await as('staff-adjust-stock', { VarianceID, Delta: 1 })).toMatchObject({ status: 400, json: { field: 'Reason' } });
    expect(await as('staff-adjust-stock', { VarianceID, Delta: 1, Reason: '   ' })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Reason' } });
    expect(await as('staff-adjust-stock', { VarianceID, Delta: 1, Reason: 'x'.repeat(201) })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Reason' } });
    for (const Delta of [0, 1.5, 1_000_001]) {
      expect(await as('staff-adjust-stock', { VarianceID, Delta, Reason: 'received' }), `${Delta}`).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Delta' } });
    }
    expect(await stockOf(t, VarianceID)).toBe(40);
    expect(await auditOf(`variance:${VarianceID}`)).toEqual([]);
  });
});

describe('the alcohol flag', () => {
  const placeFps = (m: Shopper, over: { AgeConfirmed?: boolean } = {}) =>
    refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...over }, m);
  const cardOf = async (word: string) => (await t.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword: word, Size: 100 })).ProductList[0];

  it('a flagged tea gets the age rules on the customer’s side; unflagged, it loses them at once', async () => {
    const word = freshWord();
    const p = await create(word, { IsAlcohol: true });
    expect(p).toMatchObject({ ProductTypeID: 'tea', IsAlcohol: true });
    expect(await auditOf(`product:${p.ProductID}`)).toMatchObject([{ action: CREATE_PRODUCT_ACTION, after: { IsAlcohol: true } }]);

    // The product page (cached from here on), its card in search, the bag and checkout all treat it as alcohol.
    expect((await customerProduct(p.ProductID)).IsAlcohol).toBe(true);
    expect(await cardOf(word)).toMatchObject({ ProductID: p.ProductID, IsAlcohol: true });
    const m = await shopper(t);
    await t.call(addShoppingBag, { VarianceID: onlyVariance(p), Quantity: 1 }, auth(m));
    const bag = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m));
    expect(bag).toMatchObject({ HasAlcohol: true, productList: [{ ProductID: p.ProductID, IsAlcohol: true }] });
    expect(await placeFps(m)).toMatchObject({ status: 400, json: { ErrorCode: 'AgeConfirmationRequired' } });

    const unflagged = await t.call(staffUpdateProduct, { ProductID: p.ProductID, IsAlcohol: false }, auth(staff));
    expect(unflagged.Product.IsAlcohol).toBe(false);
    expect(await auditOf(`product:${p.ProductID}`)).toMatchObject([
      { action: CREATE_PRODUCT_ACTION },
      { action: UPDATE_PRODUCT_ACTION, actorUserId: staff.userId, before: { IsAlcohol: true }, after: { IsAlcohol: false } },
    ]);
    expect((await customerProduct(p.ProductID)).IsAlcohol).toBe(false);
    expect(await cardOf(word)).toMatchObject({ ProductID: p.ProductID, IsAlcohol: false });
    const after = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m));
    expect(after).toMatchObject({ HasAlcohol: false, productList: [{ ProductID: p.ProductID, IsAlcohol: false }] });
    // No age asked now: the order is placed, and its line is not alcohol.
    const placed = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(m));
    expect(placed.OrderID).toBeTruthy();

    // The same flag again changes nothing and writes nothing.
    await t.call(staffUpdateProduct, { ProductID: p.ProductID, IsAlcohol: false }, auth(staff));
    expect(await auditOf(`product:${p.ProductID}`)).toHaveLength(2);
  });

  it('starts from the product type, follows a move to an alcohol type unless told otherwise, and is seeded for spirits', async () => {
    expect((await create()).IsAlcohol).toBe(false);
    const spirit = await create(freshWord(), { ProductTypeID: 'spirits' });
    expect(spirit.IsAlcohol).toBe(true);
    expect((await customerProduct(spirit.ProductID)).IsAlcohol).toBe(true);
    // A spirit staff say is not alcohol (a non-alcoholic gin) is not.
    const soft = await create(freshWord(), { ProductTypeID: 'spirits', IsAlcohol: false });
    expect((await customerProduct(soft.ProductID)).IsAlcohol).toBe(false);

    const moved = await create();
    expect((await t.call(staffUpdateProduct, { ProductID: moved.ProductID, ProductTypeID: 'spirits' }, auth(staff))).Product.IsAlcohol).toBe(true);
    // Moved back, the flag stays: only an explicit false lifts the age rules.
    expect((await t.call(staffUpdateProduct, { ProductID: moved.ProductID, ProductTypeID: 'tea' }, auth(staff))).Product.IsAlcohol).toBe(true);
    const told = await create();
    expect((await t.call(staffUpdateProduct, { ProductID: told.ProductID, ProductTypeID: 'spirits', IsAlcohol: false }, auth(staff))).Product.IsAlcohol).toBe(false);
    // Its type sent again is no move: the flag staff set stays.
    expect((await t.call(staffUpdateProduct, { ProductID: told.ProductID, ProductTypeID: 'spirits' }, auth(staff))).Product.IsAlcohol).toBe(false);
    expect(await as('staff-update-product', { ProductID: told.ProductID, IsAlcohol: 'yes' })).toMatchObject({ status: 400, json: { field: 'IsAlcohol' } });

    const seeded = async (Text: string) => (await t.call(staffListProducts, { Text }, auth(staff))).ProductList[0]!.IsAlcohol;
    expect(await seeded('spirits-islay-single-malt')).toBe(true);
    expect(await seeded('boxset-whisky-tasting-flight')).toBe(true);
    expect(await seeded('boxset-four-seasons-tea')).toBe(false);
    expect(await seeded('tea-tieguanyin')).toBe(false);
  });
});

describe('the back office’s product list', () => {
  it('pages by an opaque key, filters by type, by text in either language, and by sale', async () => {
    const word = freshWord();
    const made = [await create(word), await create(word), await create(word, { ProductTypeID: 'coffee', StopSell: true })];
    const pages: StaffProduct[][] = [];
    let key: string | undefined;
    do {
      const page = await t.call(staffListProducts, { Text: word, Size: 2, ...(key ? { LastEvaluatedKey: key } : {}) }, auth(staff));
      pages.push(page.ProductList);
      key = page.LastEvaluatedKey;
    } while (key);
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
    expect(pages.flat().map((p) => p.ProductID)).toEqual(made.map((p) => p.ProductID).sort());

    const ids = async (body: CallBodyInput<typeof staffListProducts>) => (await t.call(staffListProducts, body, auth(staff))).ProductList.map((p) => p.ProductID).sort();
    expect(await ids({ Text: `${word}烏龍`, ProductTypeID: 'coffee' })).toEqual([made[2]!.ProductID]);
    expect(await ids({ Text: word.toUpperCase(), Status: 'onSale' })).toEqual([made[0]!.ProductID, made[1]!.ProductID].sort());
    expect(await as('staff-list-products', { LastEvaluatedKey: 'A'.repeat(200) })).toMatchObject({ status: 400, json: { field: 'LastEvaluatedKey' } });
    // Every seeded product is listed with its variances.
    const seeded = await t.call(staffListProducts, { Text: 'tea-tieguanyin' }, auth(staff));
    expect(seeded.ProductList[0]).toMatchObject({ ProductID: 'tea-tieguanyin', Variances: [{ VarianceID: 'tea-tieguanyin-50g', Price: { HKD: 16800 } }, { VarianceID: 'tea-tieguanyin-150g' }] });
  });

  it('is for staff only', async () => {
    const m = await shopper(t, { address: false });
    expect((await refused(t, 'staff-list-products', {})).status).toBe(401);
    expect((await refused(t, 'staff-adjust-stock', { VarianceID: 'tea-tieguanyin-50g', Delta: 1, Reason: 'x' }, m)).status).toBe(403);
    expect(await t.db.select().from(auditLog).where(like(auditLog.target, 'variance:tea-tieguanyin-50g'))).toEqual([]);
  });
});
