/**
 * Issue 11, finding 9: the lists every visitor sees (now trending, top search, autocomplete's keywords)
 * count people, not cookie ids. A searcher is the member when signed in, else the network searched from;
 * a keyword needs LIST_MIN_SEARCHERS searchers from LIST_MIN_NETWORKS networks, and to have found products.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAutocompleteRecommend,
  searchProduct,
  updateNowTrending,
  updateTopSearch,
  type TokenSet,
} from '../../contract/index.ts';
import { searchLogs } from '../../server/db/schema.ts';
import { LIST_MIN_NETWORKS, LIST_MIN_SEARCHERS } from '../../server/services/search/trending.ts';
import { startSession } from '../../server/services/sessions.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A year after the seed: its search log is out of every window, the lists come from these searches alone.
const now = Date.parse('2027-11-01T04:00:00Z');
let t: TestApp;
let viewer: TokenSet;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  viewer = await signUpMember(t);
});
afterAll(() => t.close());

const bearer = async (member: TokenSet) => ({ authorization: `Bearer ${(await startSession(t.deps, member.userID)).idToken}` });

/**
 * A submitted search from a client address: the socket's peer, and the one X-Forwarded-For hop a trusted
 * proxy would add, so that the address is the same however many proxies the test app trusts.
 */
async function searchFrom(address: string, Keyword: string, options: { cookieId?: string; member?: TokenSet } = {}) {
  const response = await t.app.request(
    `/api/${searchProduct.name}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(options.member ? await bearer(options.member) : {}),
      },
      body: JSON.stringify({ Currency: 'HKD', Keyword, CookieID: options.cookieId }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  expect(response.status).toBe(200);
  return v.parse(searchProduct.response, await response.json());
}

const trending = async () => (await t.call(updateNowTrending, {}, await bearer(viewer))).NowTrening.map((k) => k.Keyword);
const topSearch = async () => (await t.call(updateTopSearch, {}, await bearer(viewer))).TopSearch.map((k) => k.Keyword);
const suggestedKeywords = async (typed: string) =>
  (await t.call(getAutocompleteRecommend, { Keyword: typed })).RecommendList.filter((r) => r.Type === 'keyword').map((r) => r.Keyword);

/** Whether a keyword is on each list everyone sees. */
async function listed(keyword: string, typed: string) {
  return {
    trending: (await trending()).includes(keyword),
    top: (await topSearch()).includes(keyword),
    suggested: (await suggestedKeywords(typed)).includes(keyword),
  };
}
const nowhere = { trending: false, top: false, suggested: false };
const everywhere = { trending: true, top: true, suggested: true };

describe('the lists everyone sees', () => {
  it('need 3 searchers from 2 networks', () => {
    expect([LIST_MIN_SEARCHERS, LIST_MIN_NETWORKS]).toEqual([3, 2]);
  });

  it('ignore one address rotating cookie ids, with a member signed in there too', async () => {
    // As in the issue: a SQL-looking keyword (it finds the oolong teas) from one client.
    const keyword = "oolong'--";
    const address = '203.0.113.7';
    for (let i = 0; i < 20; i++) await searchFrom(address, keyword, { cookieId: `rotating-${i}` });
    const member = await signUpMember(t);
    expect((await searchFrom(address, keyword, { member, cookieId: 'rotating-0' })).Total).toBeGreaterThan(0);
    expect(await listed(keyword, 'oolong')).toEqual(nowhere);

    // Two more members there: four searchers, still one network.
    for (const other of [await signUpMember(t), await signUpMember(t)]) await searchFrom(address, keyword, { member: other });
    expect(await listed(keyword, 'oolong')).toEqual(nowhere);

    const logged = await t.db.select().from(searchLogs).where(eq(searchLogs.keyword, keyword));
    expect(logged).toHaveLength(23);
    expect(new Set(logged.map((l) => l.clientIp))).toEqual(new Set([address]));
  });

  it('never show a keyword that found nothing, however many searched it', async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await searchFrom(`198.51.100.${i}`, 'matcha', { cookieId: `matcha-${i}` })).Total).toBe(0);
      await searchFrom(`198.51.100.${i + 10}`, 'matcha', { member: await signUpMember(t) });
    }
    expect(await listed('matcha', 'matc')).toEqual(nowhere);
  });

  it('show a keyword once 3 people searched it from 2 networks', async () => {
    await searchFrom('192.0.2.10', 'gaiwan', { cookieId: 'g-1' });
    await searchFrom('192.0.2.11', 'gaiwan', { cookieId: 'g-2' });
    // Two searchers from two networks: not yet.
    expect(await listed('gaiwan', 'gai')).toEqual(nowhere);
    // A member signed in at the first address is the third searcher.
    await searchFrom('192.0.2.10', 'gaiwan', { member: await signUpMember(t) });
    expect(await listed('gaiwan', 'gai')).toEqual(everywhere);
  });

  it('count an IPv6 /64 as one network, and an IPv4-mapped address as the IPv4 one', async () => {
    // Ten addresses a host may take in its /64 and one elsewhere: two searchers.
    for (let i = 1; i <= 10; i++) await searchFrom(`2001:db8:1:2::${i.toString(16)}`, 'sandalwood', { cookieId: `s-${i}` });
    await searchFrom('2001:db8:1:3::1', 'sandalwood');
    expect(await listed('sandalwood', 'sandal')).toEqual(nowhere);
    await searchFrom('::ffff:198.51.100.200', 'sandalwood');
    expect(await listed('sandalwood', 'sandal')).toEqual(everywhere);

    const networks = await t.db
      .selectDistinct({ network: searchLogs.clientIp })
      .from(searchLogs)
      .where(and(eq(searchLogs.keyword, 'sandalwood'), eq(searchLogs.createdAt, new Date(now))));
    expect(networks.map((n) => n.network).sort()).toEqual(['198.51.100.200', '2001:db8:1:2::/64', '2001:db8:1:3::/64']);
  });

  it('rank by searchers, a member counted once whatever network they search from', async () => {
    const member = await signUpMember(t);
    // One member from five networks, and two visitors: three searchers.
    for (let i = 1; i <= 5; i++) await searchFrom(`100.64.0.${i}`, 'kettle', { member });
    await searchFrom('100.64.1.1', 'kettle');
    await searchFrom('100.64.1.2', 'kettle');
    // Four visitors from four networks.
    for (let i = 1; i <= 4; i++) await searchFrom(`100.64.2.${i}`, 'keemun');
    const top = await topSearch();
    expect(top.indexOf('keemun')).toBeGreaterThanOrEqual(0);
    expect(top.indexOf('keemun')).toBeLessThan(top.indexOf('kettle'));
    expect((await suggestedKeywords('ke')).slice(0, 2)).toEqual(['keemun', 'kettle']);
  });
});
