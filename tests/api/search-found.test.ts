/**
 * Issue 14, "Found": a keyword that names a product type or a category finds every product of it first; a
 * misspelt keyword that finds nothing offers the nearest word of the catalogue (DidYouMean); the filter
 * counts (getFilter) count the current results, not the whole catalogue. Against the seeded catalogue.
 *
 * Before the fix, "tea" found 13 products (7 of the 14 teas, a gin and two coffees among them), "咖啡" 7
 * (a grinder among the coffees, 4 coffees missing), "wiskey" nothing and no word to try.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getFilter,
  SearchAndFilterProduct,
  searchProduct,
  UserSearchAndFilterProduct,
  type TokenSet,
} from '../../contract/index.ts';
import { products as seeded } from '../../server/db/seed/catalogue-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let member: TokenSet;
beforeAll(async () => {
  t = await createTestApp();
  member = await signUpMember(t);
});
afterAll(() => t.close());

/** The product search of the results page: box sets left out (spec §7), everything on one page. */
type Body = Record<string, unknown>;
const productSearch = (body: Body) =>
  t.call(SearchAndFilterProduct, { Currency: 'HKD', MustNot: { ProductType: ['boxset'] }, Size: 100, ...body } as never);
const idsFor = async (Keyword: string, body: Body = {}) => (await productSearch({ Keyword, ...body })).ProductList.map((p) => p.ProductID);

const onSale = seeded.filter((p) => !p.stopSell);
const ofType = (typeId: string) => onSale.filter((p) => p.typeId === typeId).map((p) => p.id);
const typeOf = new Map(seeded.map((p) => [p.id, p.typeId]));
const attributesOf = new Map(seeded.map((p) => [p.id, p.attributeIds]));

/** The first `ids.length` results are exactly `ids` (in any order), and `ids` are all found. */
function expectFirst(found: readonly string[], ids: readonly string[], keyword: string) {
  expect(ids.length, keyword).toBeGreaterThan(0);
  expect([...found.slice(0, ids.length)].sort(), keyword).toEqual([...ids].sort());
}

describe('a keyword naming a product type finds every product of it first', () => {
  const teas = ofType('tea');
  const coffees = ofType('coffee');

  it('"tea" finds all 14 teas before anything else, and no gin or coffee that only mentions tea', async () => {
    expect(teas).toHaveLength(14);
    const found = await idsFor('tea');
    expectFirst(found, teas, 'tea');
    // Among them the teas whose texts never say "tea" in English.
    expect(found).toEqual(expect.arrayContaining(['tea-tieguanyin', 'tea-sencha', 'tea-oriental-beauty']));
    // The gin holds "a touch of Long Jing tea", the coffees taste of "lemon tea" / end "tea-like": drinks of
    // another kind whose names do not say tea are not tea.
    expect(found).not.toContain('spirits-hong-kong-dry-gin');
    expect(found.filter((id) => typeOf.get(id) === 'coffee')).toEqual([]);
    // Tea ware that names or describes tea follows the teas.
    expect(found.slice(teas.length)).toEqual(expect.arrayContaining(['equipment-tea-tray', 'equipment-gaiwan']));
    expect(found.slice(teas.length).every((id) => typeOf.get(id) === 'equipment')).toBe(true);
  });

  it('finds the same teas for the plural, the type’s Chinese name and 茶, and for searchProduct', async () => {
    for (const keyword of ['teas', 'Tea', '茶葉', '茶', ' TEA ']) expectFirst(await idsFor(keyword), teas, keyword);
    const submitted = await t.call(searchProduct, { Currency: 'HKD', Keyword: 'tea', CookieID: 'found-test' });
    expect(submitted.Total).toBeGreaterThanOrEqual(teas.length);
    expectFirst(
      submitted.ProductList.map((p) => p.ProductID),
      teas,
      'searchProduct tea',
    );
  });

  it('"咖啡" finds every coffee first; the grinder, a coffee tool, only after them', async () => {
    expect(coffees).toHaveLength(10);
    for (const keyword of ['咖啡', 'coffee', 'coffees']) {
      const found = await idsFor(keyword);
      expectFirst(found, coffees, keyword);
      const grinder = found.indexOf('equipment-burr-grinder');
      expect(grinder === -1 || grinder >= coffees.length, keyword).toBe(true);
    }
    // The grinder says 咖啡 in its description: it is found, after the coffees.
    expect(await idsFor('咖啡')).toContain('equipment-burr-grinder');
  });

  it('works for every seeded type name in both languages, and keeps the filters and the box-set rule', async () => {
    const names: Array<[typeId: string, en: string, zh: string]> = [
      ['incense', 'incense', '香品'],
      ['spirits', 'spirits', '酒類'],
      ['equipment', 'equipment', '器具'],
    ];
    for (const [typeId, en, zh] of names) {
      expectFirst(await idsFor(en), ofType(typeId), en);
      expectFirst(await idsFor(zh), ofType(typeId), zh);
    }
    // Box sets: in a box-set search (the type forced), not in the product search.
    const boxsets = await t.call(SearchAndFilterProduct, { Currency: 'HKD', Keyword: 'box sets', Filter: { ProductType: ['boxset'] }, Size: 100 });
    expect(boxsets.ProductList.map((p) => p.ProductID).sort()).toEqual(ofType('boxset').sort());
    expect((await idsFor('box sets')).some((id) => typeOf.get(id) === 'boxset')).toBe(false);
    // A filter narrows the category as it narrows any search.
    const fujian = await idsFor('tea', { Filter: { Attribute: ['origin:fujian'] } });
    expectFirst(fujian, teas.filter((id) => attributesOf.get(id)!.includes('origin:fujian')), 'tea from Fujian');
    expect(fujian.every((id) => attributesOf.get(id)!.includes('origin:fujian'))).toBe(true);
  });

  it('"whisky", "whiskey" and 威士忌 find every whisky first, named so in either language', async () => {
    const whiskies = ['spirits-islay-single-malt', 'spirits-speyside-single-malt', 'spirits-japanese-whisky'];
    for (const keyword of ['whisky', 'whiskey', 'Whiskies', '威士忌']) expectFirst(await idsFor(keyword), whiskies, keyword);
  });

  it('ranks the member search the same way', async () => {
    const headers = { authorization: `Bearer ${(await startSession(t.deps, member.userID)).idToken}` };
    const found = await t.call(UserSearchAndFilterProduct, { Currency: 'HKD', Keyword: 'tea', MustNot: { ProductType: ['boxset'] }, Size: 100 }, headers);
    expectFirst(
      found.ProductList.map((p) => p.ProductID),
      teas,
      'member tea',
    );
  });
});

describe('a misspelt keyword that finds nothing offers the nearest word', () => {
  it('"wiskey" finds nothing and offers "whisky", which finds the whiskies; a search that found something offers nothing', async () => {
    const answer = await productSearch({ Keyword: 'wiskey' });
    expect(answer).toMatchObject({ ProductList: [], Total: 0, DidYouMean: 'whisky' });
    expect((await productSearch({ Keyword: answer.DidYouMean })).Total).toBeGreaterThan(0);
    const submitted = await t.call(searchProduct, { Currency: 'HKD', Keyword: 'wiskey' });
    expect(submitted).toMatchObject({ Total: 0, DidYouMean: 'whisky' });

    // Nothing is offered when something was found, or when no word is near.
    expect(await productSearch({ Keyword: 'whisky' })).not.toHaveProperty('DidYouMean');
    // Found through the typo correction already (oolong): no question asked.
    const corrected = await productSearch({ Keyword: 'oloong' });
    expect(corrected.Total).toBeGreaterThan(0);
    expect(corrected).not.toHaveProperty('DidYouMean');
    expect(await productSearch({ Keyword: 'qzxjvwq' })).toEqual({ ProductList: [], Total: 0 });
    // A word that would find something, but not within these filters: nothing to offer.
    expect(await productSearch({ Keyword: 'wiskey', Filter: { ProductType: ['tea'] } })).toEqual({ ProductList: [], Total: 0 });
  });

  it('corrects each misspelt word of a longer keyword, and Chinese against the catalogue’s names', async () => {
    expect(await productSearch({ Keyword: 'japanese wiskey' })).toMatchObject({ Total: 0, DidYouMean: 'japanese whisky' });
    // Too far from their words for the typo correction's trigrams, one edit away: a type's name, a product's.
    expect(await productSearch({ Keyword: 'cofee' })).toMatchObject({ Total: 0, DidYouMean: 'coffee' });
    expect(await productSearch({ Keyword: 'hinkoi' })).toMatchObject({ Total: 0, DidYouMean: 'hinoki' });
    expect(await productSearch({ Keyword: '威土忌' })).toMatchObject({ Total: 0, DidYouMean: '威士忌' });
  });
});

describe('filter counts count the current results', () => {
  /** Every result of a search (up to 100), with its type and attributes from the seed. */
  async function results(body: Body) {
    const answer = await productSearch(body);
    expect(answer.Total).toBeLessThanOrEqual(100);
    return answer.ProductList;
  }
  const countBy = (ids: readonly string[], key: (id: string) => readonly string[]) => {
    const counts = new Map<string, number>();
    for (const id of ids) for (const k of key(id)) counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  };
  const facets = (body: Body) => t.call(getFilter, { Currency: 'HKD', MustNot: { ProductType: ['boxset'] }, ...body } as never);

  it('type and attribute counts and the price range are those of the keyword’s results', async () => {
    for (const Keyword of ['oolong', 'tea', '咖啡', 'sandalwood']) {
      const list = await results({ Keyword });
      const ids = list.map((p) => p.ProductID);
      const answer = await facets({ Keyword });
      const types = countBy(ids, (id) => [typeOf.get(id)!]);
      for (const type of answer.ProductTypeList) expect(type.Count, `${Keyword} ${type.ProductTypeID}`).toBe(types.get(type.ProductTypeID) ?? 0);
      const attributes = countBy(ids, (id) => attributesOf.get(id)!);
      const options = answer.FilterList.flatMap((g) => g.Options);
      expect(new Map(options.map((o) => [o.AttributeID, o.Count])), Keyword).toEqual(attributes);
      const prices = list.map((p) => p.Price);
      expect(answer.PriceRange.HKD, Keyword).toEqual({ Min: Math.min(...prices), Max: Math.max(...prices) });
    }
    // Without a keyword or filters: the whole catalogue on sale, as before.
    const all = await t.call(getFilter, {});
    const total = (await t.call(SearchAndFilterProduct, { Currency: 'HKD', Size: 1 })).Total;
    expect(all.ProductTypeList.reduce((n, ty) => n + ty.Count, 0)).toBe(total);
    expect(all.ProductTypeList.find((ty) => ty.ProductTypeID === 'spirits')!.Count).toBe(ofType('spirits').length);
  });

  it('a chosen filter narrows the other groups’ counts; its own group counts what choosing each option would find', async () => {
    const Filter = { Attribute: ['origin:fujian'] };
    const answer = await facets({ Keyword: 'tea', Filter });
    const narrowed = (await results({ Keyword: 'tea', Filter })).map((p) => p.ProductID);
    const types = countBy(narrowed, (id) => [typeOf.get(id)!]);
    for (const type of answer.ProductTypeList) expect(type.Count, type.ProductTypeID).toBe(types.get(type.ProductTypeID) ?? 0);
    const flavours = answer.FilterList.find((g) => g.Group === 'flavour')!.Options;
    expect(new Map(flavours.map((o) => [o.AttributeID, o.Count]))).toEqual(
      countBy(narrowed, (id) => attributesOf.get(id)!.filter((a) => a.startsWith('flavour:'))),
    );
    // Within origin: what each origin would find with the keyword (any of a group's values matches).
    for (const origin of answer.FilterList.find((g) => g.Group === 'origin')!.Options) {
      const found = await productSearch({ Keyword: 'tea', Filter: { Attribute: [origin.AttributeID] } });
      expect(origin.Count, origin.AttributeID).toBe(found.Total);
    }
  });
});
