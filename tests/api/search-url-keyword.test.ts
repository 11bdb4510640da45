/**
 * Issue 11, finding 1: a search_result (or search_boxset) URL with a keyword past the contract's cap, as
 * someone pastes it, is searched cut to KEYWORD_MAX_LENGTH instead of ending in a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_MAX_LENGTH, SearchAndFilterProduct } from '../../contract/index.ts';
import { keywordOf, resultsBody } from '../../src/features/search/queries.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const longKeywords: Record<string, string> = {
  latin: 'oolong '.repeat(40),
  chinese: '烏龍茶'.repeat(40),
  // 🍵 is two UTF-16 units: 63 units of "a" leave half of one at the cap.
  'emoji across the cap': `${'a'.repeat(63)}🍵🍵`,
  'space at the cap': `${'x'.repeat(63)}   tea`,
};

/** Half of a character outside the BMP. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('the keyword of a results URL', () => {
  it('is kept as it is up to the cap, spaces tidied', () => {
    expect(keywordOf(undefined)).toBe('');
    expect(keywordOf('  Dong   Ding ')).toBe('Dong Ding');
    const atCap = '茶'.repeat(KEYWORD_MAX_LENGTH);
    expect(keywordOf(atCap)).toBe(atCap);
  });

  it('is cut to KEYWORD_MAX_LENGTH, never inside a character', () => {
    for (const [name, keyword] of Object.entries(longKeywords)) {
      const cut = keywordOf(keyword);
      expect(cut.length, name).toBeLessThanOrEqual(KEYWORD_MAX_LENGTH);
      expect(cut.length, name).toBeGreaterThan(KEYWORD_MAX_LENGTH - 2);
      expect(LONE_SURROGATE.test(cut), name).toBe(false);
      expect(keyword.replace(/\s+/g, ' ').startsWith(cut), name).toBe(true);
    }
    expect(keywordOf(longKeywords['emoji across the cap'])).toBe('a'.repeat(63));
    expect(keywordOf(longKeywords['space at the cap'])).toBe('x'.repeat(63));
  });

  it('is searched: the results page’s request answers 200 for each long URL', async () => {
    for (const [name, keyword] of Object.entries(longKeywords)) {
      for (const searchType of ['product', 'boxset'] as const) {
        const body = resultsBody(
          { member: false, searchType, Currency: 'HKD', Keyword: keywordOf(keyword), filters: {} },
          'url-test-cookie',
        );
        const answer = await t.call(SearchAndFilterProduct, { ...body, From: 0, Size: 12 });
        expect(answer.ProductList, `${name} ${searchType}`).toBeInstanceOf(Array);
      }
    }
    // Cut, "oolong oolong …" still finds the oolong.
    const latin = resultsBody(
      { member: false, searchType: 'product', Currency: 'HKD', Keyword: keywordOf(longKeywords.latin), filters: {} },
      'url-test-cookie',
    );
    expect((await t.call(SearchAndFilterProduct, { ...latin, From: 0, Size: 12 })).ProductList.map((p) => p.ProductID)).toContain(
      'tea-dong-ding',
    );
  });
});
