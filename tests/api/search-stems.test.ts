/**
 * A keyword is stemmed once per database (server/services/search/categories.ts, keywordStems): a search is
 * a handful of queries, and on PGlite each is a round trip through one engine (issue 30, item 4). Counted in
 * queries, not timed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { keywordCategory } from '../../server/services/search/categories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The database with its stemming queries counted. */
function countingStems(db: Db): { db: Db; stemmed: () => number } {
  let stemmed = 0;
  const counting = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (query: Parameters<Db['execute']>[0]) => {
        const text = JSON.stringify(query);
        if (text.includes('strip(to_tsvector') && !text.includes('unnest')) stemmed++;
        return target.execute(query);
      };
    },
  });
  return { db: counting, stemmed: () => stemmed };
}

describe('keyword stems', () => {
  it('stems a keyword once, and finds its category the same way every time', async () => {
    const { db, stemmed } = countingStems(t.deps.db);
    const first = await keywordCategory(db, 'the teas');
    expect(first?.types).toEqual(['tea']);
    const before = stemmed();
    expect(before).toBe(1);
    for (let i = 0; i < 3; i++) expect(await keywordCategory(db, 'the teas')).toEqual(first);
    expect(stemmed()).toBe(before);
    // Another keyword is stemmed on its own, and names nothing.
    expect(await keywordCategory(db, 'mountain oolong')).toBeUndefined();
    expect(stemmed()).toBe(before + 1);
  });
});
