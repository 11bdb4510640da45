/**
 * getProduct answers from a few-second cache per process (services/product-cache.ts): reads within
 * the TTL share one database read, this process's checkouts and releases show at once, and other
 * writes (another process) within the TTL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, checkout, getProduct } from '../../contract/index.ts';
import { variances } from '../../server/db/schema.ts';
import { createProductCache, PRODUCT_CACHE_TTL_MS } from '../../server/services/product-cache.ts';
import { auth, fillBag, shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

describe('the product cache', () => {
  it('reads once per product and currency within the TTL, sharing a read in flight', async () => {
    let now = 0;
    const cache = createProductCache({ now: () => new Date(now) }, 1000);
    let reads = 0;
    const load = (value: string) => async () => {
      reads++;
      return value;
    };
    const [a, b] = await Promise.all([cache.get('p1', 'HKD', load('first')), cache.get('p1', 'HKD', load('second'))]);
    expect([a, b, reads]).toEqual(['first', 'first', 1]);
    expect(await cache.get('p1', 'USD', load('usd'))).toBe('usd');
    now = 999;
    expect(await cache.get('p1', 'HKD', load('third'))).toBe('first');
    now = 1000;
    expect(await cache.get('p1', 'HKD', load('fourth'))).toBe('fourth');
    cache.forget(['p1']);
    expect(await cache.get('p1', 'HKD', load('fifth'))).toBe('fifth');
    expect(await cache.get('p1', 'USD', load('usd again'))).toBe('usd again');
  });

  it('keeps neither a missing product nor a failed read', async () => {
    const cache = createProductCache({ now: () => new Date(0) });
    expect(await cache.get('gone', 'HKD', async () => undefined)).toBeUndefined();
    expect(await cache.get('gone', 'HKD', async () => 'back')).toBe('back');
    await expect(cache.get('p2', 'HKD', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('p2', 'HKD', async () => 'fine')).toBe('fine');
  });

  it('reads the misses of one turn together, one read per variant, keeping neither missing products nor failed reads', async () => {
    const cache = createProductCache({ now: () => new Date(0) }, 1000);
    const reads: string[][] = [];
    const loadMany = (variant: string) => async (ids: string[]) => {
      reads.push(ids);
      if (ids.includes('broken')) throw new Error('db down');
      return new Map(ids.filter((id) => id !== 'gone').map((id) => [id, `${id} ${variant}`]));
    };
    const answers = await Promise.all([
      cache.getBatched('p1', 'HKD', loadMany('HKD')),
      cache.getBatched('p2', 'HKD', loadMany('HKD')),
      cache.getBatched('p1', 'HKD', loadMany('HKD')),
      cache.getBatched('gone', 'HKD', loadMany('HKD')),
      cache.getBatched('p1', 'USD', loadMany('USD')),
    ]);
    expect(answers).toEqual(['p1 HKD', 'p2 HKD', 'p1 HKD', undefined, 'p1 USD']);
    expect(reads).toEqual([['p1', 'p2', 'gone'], ['p1']]);
    // Kept: read again only what was missing.
    expect(await Promise.all([cache.getBatched('p1', 'HKD', loadMany('HKD')), cache.getBatched('gone', 'HKD', loadMany('HKD'))])).toEqual(['p1 HKD', undefined]);
    expect(reads.at(-1)).toEqual(['gone']);
    // A failed read fails every product it read, and none of them is kept.
    const failed = await Promise.allSettled([cache.getBatched('p3', 'HKD', loadMany('HKD')), cache.getBatched('broken', 'HKD', loadMany('HKD'))]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.getBatched('p3', 'HKD', loadMany('HKD'))).toBe('p3 HKD');
    expect(reads.at(-1)).toEqual(['p3']);
    // A reader that throws rather than rejects fails its products too, instead of leaving them waiting.
    const throwing = (): Promise<ReadonlyMap<string, string>> => {
      throw new Error('bad reader');
    };
    await expect(cache.getBatched('p4', 'HKD', throwing)).rejects.toThrow('bad reader');
    expect(await cache.getBatched('p4', 'HKD', loadMany('HKD'))).toBe('p4 HKD');
  });

  it('reads a burst bigger than a batch in several reads', async () => {
    const cache = createProductCache({ now: () => new Date(0) }, 1000);
    const sizes: number[] = [];
    const loadMany = async (ids: string[]) => {
      sizes.push(ids.length);
      return new Map(ids.map((id) => [id, id]));
    };
    const ids = Array.from({ length: 250 }, (_, i) => `p${i}`);
    expect(await Promise.all(ids.map((id) => cache.getBatched(id, 'HKD', loadMany)))).toEqual(ids);
    expect(sizes).toEqual([100, 100, 50]);
  });

  it('drops catalogue-wide values (search counts) when any product changes, here or in another process', async () => {
    let announce: (ids: string[] | 'all') => void = () => {};
    const signal = { publish: () => {}, onChange: (listener: typeof announce) => void (announce = listener) };
    const cache = createProductCache({ now: () => new Date(0) }, 1000, signal);
    const count = (n: number) => async () => n;
    expect(await cache.catalogueWide('oolong', count(1))).toBe(1);
    expect(await cache.catalogueWide('oolong', count(2))).toBe(1);
    cache.forget(['any-product']);
    expect(await cache.catalogueWide('oolong', count(3))).toBe(3);
    announce(['another-product']);
    expect(await cache.catalogueWide('oolong', count(4))).toBe(4);
    announce('all');
    expect(await cache.catalogueWide('oolong', count(5))).toBe(5);
  });
});

describe('getProduct through the cache', () => {
  let now = SEED_NOW.getTime() + 60_000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date(now) } });
  });
  afterAll(() => t.close());

  const TIN = 'tea-tieguanyin-150g'; // 3 in stock (seed)
  const stockShown = async () =>
    (await t.call(getProduct, { Currency: 'HKD', ProductID: 'tea-tieguanyin' })).Product.Variances.find((v) => v.VarianceID === TIN);

  it('shows this process’s checkout and cancellation at once, and another writer’s change after the TTL', async () => {
    expect(await stockShown()).toMatchObject({ StockStatus: 'LowStock', StockLeft: 3 });
    const m = await shopper(t);
    await fillBag(t, m, { [TIN]: 2 });
    const placed = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(m));
    expect(await stockShown()).toMatchObject({ StockLeft: 1 });
    await t.call(cancelOrder, { orderID: placed.OrderID }, auth(m));
    expect(await stockShown()).toMatchObject({ StockLeft: 3 });

    // Another process (here: a direct write) sells the rest; this one sees it once the TTL has passed.
    await t.db.update(variances).set({ stock: 0 }).where(eq(variances.id, TIN));
    expect(await stockShown()).toMatchObject({ StockLeft: 3 });
    now += PRODUCT_CACHE_TTL_MS;
    expect(await stockShown()).toMatchObject({ StockStatus: 'OutOfStock' });
  });
});
