import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWishlist,
  delUserRecentSearch,
  getAutocompleteRecommend,
  getHotKeyword,
  getUserRecentSearch,
  HOT_KEYWORD_LIMIT,
  SearchAndFilterProduct,
  searchProduct,
  updateNowTrending,
  updateTopSearch,
  UserSearchAndFilterProduct,
  type TokenSet,
} from '../../contract/index.ts';
import { searchLogs } from '../../server/db/schema.ts';
import { addGeneratedProducts } from '../../server/db/seed/index.ts';
import { startSession } from '../../server/services/sessions.ts';
import { freshClientAddress, signUpMember } from '../support/members.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The clock stands still unless a test moves it; tokens are minted at the current time (see bearer).
let now = SEED_NOW.getTime() + HOUR;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => t.close());

type Body = Partial<Parameters<TestApp['call']>[1]> & Record<string, unknown>;
const search = (body: Body) => t.call(SearchAndFilterProduct, { Currency: 'HKD', Size: 100, ...body } as never);
const ids = async (body: Body) => (await search(body)).ProductList.map((p) => p.ProductID);

/** A bearer header with an id token issued now (the test clock moves; tokens live 10 minutes). */
const bearer = async (member: TokenSet) => ({ authorization: `Bearer ${(await startSession(t.deps, member.userID)).idToken}` });

/**
 * A submitted search from a client address: the socket's peer, and the one X-Forwarded-For hop a trusted
 * proxy would add, so that the address is the same however many proxies the test app trusts. The hot lists
 * count people by member or address, never by cookie id.
 */
async function searchFrom(address: string, body: Body) {
  const response = await t.app.request(
    `/api/${searchProduct.name}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ Currency: 'HKD', ...body }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  expect(response.status).toBe(200);
  return v.parse(searchProduct.response, await response.json());
}

describe('English keywords', () => {
  it('match stems: plural and -ing forms find the base word', async () => {
    // "Keemun Black Tea": the name says Tea; the Tieguanyin description says "Brew it".
    expect(await ids({ Keyword: 'teas' })).toContain('tea-keemun');
    expect(await ids({ Keyword: 'brewing' })).toContain('tea-tieguanyin');
    expect(await ids({ Keyword: 'brewed' })).toEqual(await ids({ Keyword: 'brewing' }));
  });

  it('match word prefixes while typing', async () => {
    const found = await ids({ Keyword: 'oolo' });
    expect(found[0]).toBe('tea-dong-ding');
    expect(found).toEqual(await ids({ Keyword: 'oolong' }));
    expect(await ids({ Keyword: 'yirga' })).toEqual(['coffee-yirgacheffe']);
  });

  it('correct typos to the words of the catalogue, but find nothing for nonsense', async () => {
    expect((await ids({ Keyword: 'oloong' }))[0]).toBe('tea-dong-ding');
    expect(await ids({ Keyword: 'yirgachefe' })).toEqual(['coffee-yirgacheffe']);
    expect(await ids({ Keyword: 'sandlewood' })).toContain('incense-sandalwood-sticks');
    expect(await search({ Keyword: 'qwzx blorfing' })).toMatchObject({ ProductList: [], Total: 0 });
    // Not in the catalogue, and too far from its nearest stem ("mat") to be a typo of it.
    expect(await search({ Keyword: 'matcha' })).toMatchObject({ Total: 0 });
    expect(await search({ Keyword: 'oolong qwzx' })).toMatchObject({ ProductList: [], Total: 0 });
  });

  it('rank a name hit before description-only hits, an exact name first', async () => {
    const oolong = await ids({ Keyword: 'oolong' });
    // Dong Ding Oolong names it; Tieguanyin, Oriental Beauty and the Yixing teapot only describe it.
    expect(oolong[0]).toBe('tea-dong-ding');
    expect(oolong).toEqual(expect.arrayContaining(['tea-tieguanyin', 'tea-oriental-beauty', 'equipment-yixing-teapot']));
    expect((await ids({ Keyword: 'Porcelain Gaiwan' }))[0]).toBe('equipment-gaiwan');
    const gaiwan = await ids({ Keyword: 'gaiwan' });
    expect(gaiwan[0]).toBe('equipment-gaiwan');
    expect(gaiwan).toContain('tea-tieguanyin');
  });

  it('require every word, ignoring stop words and punctuation', async () => {
    const both = await ids({ Keyword: 'the oolong, from Taiwan!' });
    expect(both.length).toBeGreaterThan(0);
    expect(both).toContain('tea-dong-ding');
    expect(both).not.toContain('tea-tieguanyin'); // from Fujian
    expect(await search({ Keyword: 'the' })).toMatchObject({ Total: 0 });
  });
});

describe('Chinese keywords', () => {
  it('match a substring of a name or description', async () => {
    const found = await ids({ Keyword: '鐵觀音' });
    expect(found[0]).toBe('tea-tieguanyin');
    expect(await ids({ Keyword: '凍頂' })).toEqual(['tea-dong-ding']);
    expect((await ids({ Keyword: '茶' })).length).toBeGreaterThan(5);
  });

  it('match most of the bigrams of a name even when the characters are not contiguous', async () => {
    expect(await ids({ Keyword: '觀音鐵' })).toEqual(['tea-tieguanyin']);
    expect(await ids({ Keyword: '烏龍凍頂' })).toEqual(['tea-dong-ding']);
  });

  it('rank a bigram match below the exact substring', async () => {
    // 竹製功夫茶盤 holds 功夫茶盤; 功夫茶入門套裝 only two of its three bigrams (功夫, 夫茶).
    const found = await ids({ Keyword: '功夫茶盤' });
    expect(found[0]).toBe('equipment-tea-tray');
    expect(found).toContain('boxset-gongfu-starter');
  });

  it('mix Chinese and English terms', async () => {
    expect(await ids({ Keyword: '烏龍 dong' })).toEqual(['tea-dong-ding']);
  });
});

describe('keyword search keeps the listing rules', () => {
  it('answers the same products in both currencies, priced in each', async () => {
    const hkd = await search({ Keyword: 'tea', Currency: 'HKD' });
    const usd = await search({ Keyword: 'tea', Currency: 'USD' });
    expect(hkd.Total).toBeGreaterThan(3);
    expect(usd.ProductList.map((p) => p.ProductID)).toEqual(hkd.ProductList.map((p) => p.ProductID));
    expect(hkd.ProductList.every((p, i) => p.Currency === 'HKD' && p.Price > usd.ProductList[i]!.Price && usd.ProductList[i]!.Currency === 'USD')).toBe(true);
  });

  it('applies type and price filters, exclusions and sorts', async () => {
    const all = await search({ Keyword: 'oolong' });
    const equipment = await search({ Keyword: 'oolong', Filter: { ProductType: ['equipment'] } });
    expect(equipment.ProductList.map((p) => p.ProductID)).toEqual(['equipment-yixing-teapot']);
    const noTea = await search({ Keyword: 'oolong', MustNot: { ProductType: ['tea'] } });
    expect(noTea.Total).toBe(all.Total - all.ProductList.filter((p) => p.ProductTypeID === 'tea').length);
    const cheap = await search({ Keyword: 'oolong', Range: { Price: { Max: 20000 } }, Sort: 'priceAsc' });
    const prices = cheap.ProductList.map((p) => p.Price);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p <= 20000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('never finds a stopped sale, and pages with a Total', async () => {
    expect(await ids({ Keyword: 'baijiu' })).not.toContain('spirits-baijiu-moutai-style');
    const all = await search({ Keyword: 'tea' });
    const second = await search({ Keyword: 'tea', From: 2, Size: 2 });
    expect(second.Total).toBe(all.Total);
    expect(second.ProductList.map((p) => p.ProductID)).toEqual(all.ProductList.slice(2, 4).map((p) => p.ProductID));
    expect(await search({ Keyword: 'tea', From: all.Total + 5, Size: 5 })).toMatchObject({ ProductList: [], Total: all.Total });
  });
});

describe('searchProduct and recent searches', () => {
  const submit = (Keyword: string, headers: Record<string, string> = {}, extra: Body = {}) =>
    t.call(searchProduct, { Currency: 'HKD', Keyword, ...extra } as never, headers);
  const logsOf = (cookieId: string) =>
    t.db.select().from(searchLogs).where(eq(searchLogs.cookieId, cookieId)).orderBy(desc(searchLogs.id));

  it('logs a visitor search (normalised, with the cookie, address and result count) and keeps no list for visitors', async () => {
    const answer = await searchFrom('203.0.113.20', { Keyword: '  Dong   DING ', CookieID: 'visitor-1' });
    expect(answer.ProductList.map((p) => p.ProductID)).toEqual(['tea-dong-ding']);
    expect(answer.Total).toBe(1);
    expect(answer).not.toHaveProperty('RecentSearchList');
    const [log] = await logsOf('visitor-1');
    expect(log).toMatchObject({ keyword: 'dong ding', userId: null, clientIp: '203.0.113.20', resultCount: 1 });
    expect(log!.createdAt.getTime()).toBe(now);
  });

  it('answers box sets only for a box-set search and none for a product search', async () => {
    const boxes = await submit('tea', {}, { searchType: 'boxset' });
    expect(boxes.Total).toBeGreaterThan(0);
    expect(boxes.ProductList.every((p) => p.ProductTypeID === 'boxset')).toBe(true);
    const goods = await submit('tea', {}, { searchType: 'product' });
    expect(goods.Total).toBeGreaterThan(0);
    expect(goods.ProductList.some((p) => p.ProductTypeID === 'boxset')).toBe(false);
  });

  it('keeps a member’s last 5 searches, newest first, a repeat (any case) moved to the front', async () => {
    const member = await signUpMember(t);
    const headers = await bearer(member);
    for (const k of ['oolong', 'gaiwan', 'sencha', '鐵觀音', 'whisky']) await submit(k, headers);
    expect((await submit('Gaiwan ', headers)).RecentSearchList).toEqual(['Gaiwan', 'whisky', '鐵觀音', 'sencha', 'oolong']);
    expect((await submit('kettle', headers)).RecentSearchList).toEqual(['kettle', 'Gaiwan', 'whisky', '鐵觀音', 'sencha']);
    expect((await t.call(getUserRecentSearch, {}, headers)).RecentSearchList).toEqual(['kettle', 'Gaiwan', 'whisky', '鐵觀音', 'sencha']);
    const [log] = await t.db.select().from(searchLogs).where(eq(searchLogs.userId, member.userID)).orderBy(desc(searchLogs.id));
    expect(log).toMatchObject({ keyword: 'kettle', userId: member.userID });
  });

  it('ignores an empty keyword: no log, no recent search, still the first results', async () => {
    const member = await signUpMember(t);
    const headers = await bearer(member);
    await submit('sencha', headers, { CookieID: 'member-cookie' });
    const answer = await submit('   ', headers, { CookieID: 'member-cookie' });
    expect(answer.RecentSearchList).toEqual(['sencha']);
    expect(answer.ProductList.length).toBe(20);
    expect((await logsOf('member-cookie')).map((l) => l.keyword)).toEqual(['sencha']);
  });

  it('deletes one keyword ignoring case, or all, for that member only', async () => {
    const [a, b] = [await signUpMember(t), await signUpMember(t)];
    const [ha, hb] = [await bearer(a), await bearer(b)];
    for (const k of ['oolong', 'Sencha', 'gaiwan']) await submit(k, ha);
    await submit('whisky', hb);
    expect((await t.call(delUserRecentSearch, { Keyword: 'SENCHA' }, ha)).RecentSearchList).toEqual(['gaiwan', 'oolong']);
    expect((await t.call(getUserRecentSearch, {}, hb)).RecentSearchList).toEqual(['whisky']);
    expect((await t.call(delUserRecentSearch, {}, ha)).RecentSearchList).toEqual([]);
    expect((await t.call(getUserRecentSearch, {}, hb)).RecentSearchList).toEqual(['whisky']);
  });

  it('needs a token for the recent-search calls and refuses a bad one on searchProduct', async () => {
    expect((await t.raw('/api/getUserRecentSearch', { method: 'POST', body: '{}' })).status).toBe(401);
    const bad = await t.raw('/api/searchProduct', {
      method: 'POST',
      body: JSON.stringify({ Currency: 'HKD', Keyword: 'tea' }),
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.status).toBe(401);
  });
});

describe('member search', () => {
  it('needs a token', async () => {
    const r = await t.raw('/api/UserSearchAndFilterProduct', { method: 'POST', body: JSON.stringify({ Currency: 'HKD' }) });
    expect(r.status).toBe(401);
  });

  it('ranks wishlisted products and their kind first among equally relevant ones, matching the same products', async () => {
    const member = await signUpMember(t);
    const visitorOrder = await ids({ Keyword: 'oolong' });
    const memberSearch = async (body: Body) =>
      (await t.call(UserSearchAndFilterProduct, { Currency: 'HKD', Size: 100, ...body } as never, await bearer(member))).ProductList.map(
        (p) => p.ProductID,
      );
    expect(await memberSearch({ Keyword: 'oolong' })).toEqual(visitorOrder);

    await t.call(addWishlist, { ProductID: 'tea-oriental-beauty' }, await bearer(member));
    const personal = await memberSearch({ Keyword: 'oolong' });
    expect([...personal].sort()).toEqual([...visitorOrder].sort());
    // The name hit stays first; among description hits the wishlisted tea, then other teas, then the teapot.
    expect(personal[0]).toBe('tea-dong-ding');
    expect(personal[1]).toBe('tea-oriental-beauty');
    expect(personal.indexOf('equipment-yixing-teapot')).toBe(personal.length - 1);
    expect(visitorOrder.indexOf('equipment-yixing-teapot')).toBeLessThan(visitorOrder.indexOf('tea-oriental-beauty'));

    // With no keyword the relevance sort is the best sellers, the member's interests first.
    const bestSellers = await ids({ Sort: 'relevance', Filter: { ProductType: ['tea', 'coffee'] } });
    const mine = await memberSearch({ Sort: 'relevance', Filter: { ProductType: ['tea', 'coffee'] } });
    expect(mine[0]).toBe('tea-oriental-beauty');
    expect(bestSellers[0]).not.toBe('tea-oriental-beauty');
    expect([...mine].sort()).toEqual([...bestSellers].sort());
    // Other sorts are not personalised.
    expect(await memberSearch({ Sort: 'priceAsc' })).toEqual(await ids({ Sort: 'priceAsc' }));
  });
});

describe('hot keywords', () => {
  // A year after the seed: its logs are out of every window, the lists come from these searches alone.
  const start = Date.parse('2027-11-01T04:00:00Z');
  let visitor = 0;
  /** `count` different visitors, each from an address of their own, search `keyword` at `when`. */
  async function searchedBy(count: number, keyword: string, when: number) {
    const saved = now;
    now = when;
    for (let i = 0; i < count; i++) {
      await searchFrom(freshClientAddress(), { Keyword: keyword, CookieID: `hot-${++visitor}` });
    }
    now = saved;
  }

  it('ranks top searches by searchers over 90 days and trending ones by growth against the week before', async () => {
    now = start;
    const member = await signUpMember(t);
    // Oolong: 2 new visitors every day for 10 days, the last one included. Gaiwan: 6 visitors 20 days ago.
    for (let day = 0; day < 10; day++) await searchedBy(2, 'oolong', start - day * DAY - HOUR);
    await searchedBy(6, 'Gaiwan', start - 20 * DAY);
    // A spike in the last day; and a popular search that finds nothing.
    await searchedBy(3, 'osmanthus', start - 2 * HOUR);
    await searchedBy(8, 'qwzx', start - 3 * HOUR);
    // Too old for either list.
    await searchedBy(9, 'sencha', start - 100 * DAY);

    const top = await t.call(updateTopSearch, {}, await bearer(member));
    expect(top.TopSearch).toEqual([
      { Keyword: 'oolong', Sort: 1 },
      { Keyword: 'gaiwan', Sort: 2 },
      { Keyword: 'osmanthus', Sort: 3 },
    ]);
    const trending = await t.call(updateNowTrending, {}, await bearer(member));
    // Oolong holds steady (2 a day), so it is not rising.
    expect(trending.NowTrening).toEqual([{ Keyword: 'osmanthus', Sort: 1 }]);

    const hot = await t.call(getHotKeyword, {}, await bearer(member));
    expect(hot).toMatchObject({ TopSearch: top.TopSearch, NowTrening: trending.NowTrening });
  });

  it('serves the stored lists for an hour, then recomputes them', async () => {
    const member = await signUpMember(t);
    await searchedBy(4, 'gaiwan', start + 10 * 60_000);
    now = start + 30 * 60_000;
    const cached = await t.call(getHotKeyword, {}, await bearer(member));
    expect(cached.NowTrening).toEqual([{ Keyword: 'osmanthus', Sort: 1 }]);
    now = start + HOUR + 60_000;
    const fresh = await t.call(getHotKeyword, {}, await bearer(member));
    expect(fresh.NowTrening.map((k) => k.Keyword)).toEqual(['gaiwan', 'osmanthus']);
    expect(fresh.TopSearch.map((k) => k.Keyword)).toEqual(['oolong', 'gaiwan', 'osmanthus']);
    expect(fresh.NowTrening.map((k) => k.Sort)).toEqual([1, 2]);
  });

  it('holds at most HOT_KEYWORD_LIMIT keywords', async () => {
    const member = await signUpMember(t);
    const words = ['tea', 'coffee', 'incense', 'whisky', 'sake', 'gin', 'kettle', 'grinder', 'sencha', 'gyokuro', 'jasmine', 'keemun'];
    for (const [i, word] of words.entries()) await searchedBy(3 + i, word, start + 2 * HOUR);
    now = start + 3 * HOUR;
    const { TopSearch } = await t.call(updateTopSearch, {}, await bearer(member));
    expect(TopSearch).toHaveLength(HOT_KEYWORD_LIMIT);
    expect(TopSearch[0]).toEqual({ Keyword: 'oolong', Sort: 1 });
    expect(TopSearch[1]).toEqual({ Keyword: 'keemun', Sort: 2 });
    expect(TopSearch.map((k) => k.Sort)).toEqual(Array.from({ length: HOT_KEYWORD_LIMIT }, (_, i) => i + 1));
  });

  it('needs a token', async () => {
    expect((await t.raw('/api/getHotKeyword')).status).toBe(401);
  });
});

describe('autocomplete', () => {
  const suggest = async (Keyword: string) => (await t.call(getAutocompleteRecommend, { Keyword })).RecommendList;

  beforeAll(async () => {
    now = SEED_NOW.getTime() + HOUR;
    // Keywords are suggested once enough people searched them (the seed's visitors have no addresses).
    for (const Keyword of ['oolong', '鐵觀音']) {
      for (let i = 0; i < 3; i++) await searchFrom(freshClientAddress(), { Keyword });
    }
  });

  it('suggests popular keywords starting with the text, then products named so', async () => {
    const list = await suggest('Oo');
    expect(list[0]).toEqual({ Type: 'keyword', Keyword: 'oolong' });
    expect(list).toContainEqual({
      Type: 'product',
      Keyword: 'Dong Ding Oolong',
      ProductID: 'tea-dong-ding',
      Name: { en: 'Dong Ding Oolong', zh: '凍頂烏龍' },
    });
    expect(list.length).toBeLessThanOrEqual(10);
  });

  it('puts names that start with the text before names with a word starting so, in both languages', async () => {
    const g = (await suggest('g')).filter((r) => r.Type === 'product').map((r) => r.ProductID);
    expect(g.length).toBeGreaterThan(0);
    const startsWithG = g.findIndex((id) => id === 'equipment-gooseneck-kettle');
    const wordStartsWithG = g.findIndex((id) => id === 'equipment-gaiwan'); // Porcelain Gaiwan
    expect(startsWithG).toBeGreaterThanOrEqual(0);
    expect(wordStartsWithG === -1 || startsWithG < wordStartsWithG).toBe(true);
    const zh = await suggest('鐵觀');
    expect(zh).toContainEqual(expect.objectContaining({ Type: 'product', ProductID: 'tea-tieguanyin', Keyword: '安溪鐵觀音' }));
    expect(zh).toContainEqual({ Type: 'keyword', Keyword: '鐵觀音' });
  });

  it('answers nothing for an empty text and at most 10 suggestions', async () => {
    expect(await suggest('   ')).toEqual([]);
    expect((await suggest('s')).length).toBeLessThanOrEqual(10);
    expect(await suggest('qwzx')).toEqual([]);
  });
});

describe('at catalogue scale', () => {
  // Thousands of generated products ("<Place> <Kind> No. n", described as "a generated catalogue entry"),
  // so that the shortcuts for big result sets are taken; each is checked against the plain way.
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    await addGeneratedProducts(big.db, 3000, SEED_NOW);
  });
  afterAll(() => big.close());
  const page = async (body: Body) =>
    (await big.call(SearchAndFilterProduct, { Currency: 'HKD', ...body } as never)).ProductList.map((p) => p.ProductID);

  it('ranks a broad keyword among its best sellers exactly as ranking every match', async () => {
    for (const Keyword of ['mountain', 'catalogue', '高山', 'oolong']) {
      // The first page of 5 may come from the best sellers; one starting at 1 and reaching past rank 100 never does.
      const first = await page({ Keyword, From: 0, Size: 5 });
      const ranked = await page({ Keyword, From: 1, Size: 100 });
      expect(first).toHaveLength(5);
      expect(first.slice(1)).toEqual(ranked.slice(0, 4));
    }
  });

  it('pages a type listing from per-type indexes exactly as the general query', async () => {
    for (const Sort of ['priceAsc', 'priceDesc', 'newest', 'bestSelling'] as const) {
      for (const [From, Size] of [
        [0, 30],
        [40, 10],
      ] as const) {
        const body = { Filter: { ProductType: ['tea', 'coffee'] }, Sort, From, Size };
        // A price range from 0 holds every product but takes the general way.
        expect(await page(body)).toEqual(await page({ ...body, Range: { Price: { Min: 0 } } }));
      }
    }
    const listing = await big.call(SearchAndFilterProduct, { Currency: 'USD', Filter: { ProductType: ['tea', 'coffee'] }, Size: 1 });
    const counted = await big.call(SearchAndFilterProduct, {
      Currency: 'USD',
      Filter: { ProductType: ['tea', 'coffee'] },
      Range: { Price: { Min: 0 } },
      Size: 1,
    });
    // The listing's Total comes exact from the per-type counts; the general way counts up to 1,000.
    expect(listing.Total).toBeGreaterThan(1000);
    expect(listing.TotalCapped).toBeUndefined();
    expect(counted).toMatchObject({ Total: 1000, TotalCapped: true });
  });

  it('counts a broad keyword’s matches up to 1,000, and pages on past that', async () => {
    for (const Keyword of ['generated', '負載測試']) {
      const first = await big.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword, Size: 20 });
      expect(first, Keyword).toMatchObject({ Total: 1000, TotalCapped: true });
      expect(first.ProductList).toHaveLength(20);
      // Every generated product matches: the last page holds the 3,000th, past the count.
      const beyond = await big.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword, Sort: 'newest', From: 2990, Size: 20 });
      expect(beyond.ProductList, Keyword).toHaveLength(10);
      expect(beyond.TotalCapped).toBe(true);
      const end = await big.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword, Sort: 'newest', From: 3000, Size: 20 });
      expect(end.ProductList).toEqual([]);
    }
    // Up to 1,000 matches the count is exact.
    const narrow = await big.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword: 'generated', Filter: { ProductType: ['spirits'] }, Range: { Price: { Min: 0, Max: 50000 } }, Size: 1 });
    expect(narrow.Total).toBeGreaterThan(0);
    expect(narrow.Total).toBeLessThan(1000);
    expect(narrow.TotalCapped).toBeUndefined();
    expect((await big.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword: '2999', Size: 5 })).ProductList.map((p) => p.ProductID)).toEqual(['gen-2999']);
  });
});
