import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  getHotKeyword,
  getUserRecentSearch,
  SearchAndFilterProduct,
  searchProduct,
  type ProductCard,
  type TokenSet,
} from '../../contract/index.ts';
import { searchMachine } from '../../machines/search/search.machine.ts';
import { cookieId } from '../../src/app/cookie-id.ts';
import { createLocalRecentSearches, localRecentSearchKey } from '../../src/features/search/recent-searches.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';
import { addGeneratedProducts } from '../../server/db/seed/index.ts';
import { RESULTS_PAGE_SIZE, searchQueries } from '../../src/features/search/queries.ts';

const DEBOUNCE = searchMachine.implementations.delays.autocompleteDebounce as number;

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

type Sent = { name: string; body: Record<string, unknown>; authorization: string | null };

/** The SPA against the real server, recording every API call it makes. */
async function openShop(path: string) {
  const sent: Sent[] = [];
  const view = await renderApp(server, path, {
    wrapFetch: (fetch) => async (input, init) => {
      const name = String(input).replace(/^.*\/api\//, '').split('?')[0]!;
      const headers = new Headers(init?.headers);
      sent.push({ name, body: init?.body ? JSON.parse(String(init.body)) : {}, authorization: headers.get('authorization') });
      return fetch(input, init);
    },
  });
  const calls = (name: string) => sent.filter((s) => s.name === name);
  return { ...view, sent, calls };
}

async function signIn(view: Awaited<ReturnType<typeof openShop>>, tokens: TokenSet) {
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user).toBeDefined());
}

async function openSearchPopup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  return { dialog, field: within(dialog).getByRole('combobox', { name: 'Search' }) };
}

/** The product names on the results grid, in order. */
const gridNames = async (label = 'Search results') =>
  within(await screen.findByRole('list', { name: label }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.product-card-name')?.textContent);

const namesOf = (list: readonly ProductCard[]) => list.map((p) => p.Name.en);
const pathOf = (view: { router: { state: { location: { pathname: string } } } }) => decodeURI(view.router.state.location.pathname);

describe('the search popup (visitor)', () => {
  it('asks for suggestions once typing pauses, then searches and shows the results page', async () => {
    const view = await openShop('/home');
    const { field } = await openSearchPopup(userEvent.setup());

    // Keystrokes under fake timers: each one restarts the pause; suggestions are asked for only once it has passed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const typed of ['o', 'oo', 'ool', 'oolo', 'oolon', 'oolong']) {
      fireEvent.change(field, { target: { value: typed } });
      act(() => vi.advanceTimersByTime(DEBOUNCE - 50));
    }
    expect(view.calls('get-autocomplete-recommend')).toEqual([]);
    act(() => vi.advanceTimersByTime(49));
    expect(view.calls('get-autocomplete-recommend')).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(view.calls('get-autocomplete-recommend').map((c) => c.body)).toEqual([{ Keyword: 'oolong' }]);

    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = await within(listbox).findAllByRole('option');
    expect(options.length).toBeGreaterThan(0);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(options.map((o) => o.textContent?.toLowerCase()).join(' ')).toContain('oolong');

    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pathOf(view)).toBe('/search_result/oolong'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “oolong”' })).toBeTruthy();
    expect((await gridNames()).join(' ')).toMatch(/oolong/i);
    expect(screen.queryByRole('dialog')).toBeNull();

    // The anonymous id cookie identifies the visitor in both calls.
    const id = document.cookie.match(/sg_cid=([^;]+)/)?.[1];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(view.calls('searchProduct').map((c) => c.body)).toEqual([
      { Keyword: 'oolong', searchType: 'product', Currency: 'HKD', CookieID: id },
    ]);
    expect(view.calls('searchProduct')[0]!.authorization).toBeNull();
    expect(view.calls('SearchAndFilterProduct').at(-1)!.body).toMatchObject({ Keyword: 'oolong', CookieID: id, MustNot: { ProductType: ['boxset'] } });
  });

  it('keeps the keyboard on the suggestions: arrows, Enter on an option, Escape closes the list then the popup', async () => {
    const view = await openShop('/home');
    const user = userEvent.setup();
    const { dialog, field } = await openSearchPopup(user);
    await user.type(field, 'tieguan');
    const options = await within(dialog).findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options.at(-1)!.id);

    await user.keyboard('{Escape}');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Enter on an option picks it: a product opens its page, a keyword searches for it.
    const again = await openSearchPopup(user);
    await user.type(again.field, 'tieguan');
    const first = (await within(again.dialog).findAllByRole('option'))[0]!;
    await user.keyboard('{ArrowDown}{Enter}');
    const product = first.getAttribute('data-type') === 'product';
    await waitFor(() => expect(pathOf(view)).toMatch(product ? /^\/product\// : /^\/search_result\//));
  });

  it('finds the tea by its Chinese name', async () => {
    const view = await openShop('/home');
    const user = userEvent.setup();
    const { field } = await openSearchPopup(user);
    await user.type(field, '鐵觀音{Enter}');
    await waitFor(() => expect(pathOf(view)).toBe('/search_result/鐵觀音'));
    expect(await gridNames()).toContain('Anxi Tieguanyin');
  });

  it('does nothing for an empty keyword', async () => {
    const view = await openShop('/home');
    const user = userEvent.setup();
    const { dialog, field } = await openSearchPopup(user);
    await user.type(field, '   {Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(view.calls('searchProduct')).toEqual([]);
    expect(view.calls('get-autocomplete-recommend')).toEqual([]);
    expect(pathOf(view)).toBe('/home');
  });

  it('keeps recent searches in this browser under the anonymous id, by the spec rules', async () => {
    const view = await openShop('/home');
    const user = userEvent.setup();
    for (const keyword of ['oolong', 'whisky', 'Oolong ']) {
      const { field } = await openSearchPopup(user);
      await user.type(field, `${keyword}{Enter}`);
      await waitFor(() => expect(pathOf(view)).toBe(`/search_result/${keyword.trim()}`));
    }
    const id = cookieId();
    // A repeat (any case) moves to the front.
    expect(JSON.parse(view.services.storage.getItem(localRecentSearchKey(id))!)).toEqual(['Oolong', 'whisky']);

    const { dialog } = await openSearchPopup(user);
    const recent = within(dialog).getByRole('list', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('button', { name: /^(Oolong|whisky)$/ }).map((b) => b.textContent)).toEqual(['Oolong', 'whisky']);
    // Visitors see no hot lists (a member call).
    expect(within(dialog).queryByRole('heading', { name: 'Top searches' })).toBeNull();
    expect(view.calls('getHotKeyword')).toEqual([]);

    await user.click(within(recent).getByRole('button', { name: 'Remove whisky from recent searches' }));
    expect(JSON.parse(view.services.storage.getItem(localRecentSearchKey(id))!)).toEqual(['Oolong']);
    // Picking a recent search searches for it.
    await user.click(within(recent).getByRole('button', { name: 'Oolong' }));
    await waitFor(() => expect(pathOf(view)).toBe('/search_result/Oolong'));

    const reopened = await openSearchPopup(user);
    await user.click(within(reopened.dialog).getByRole('button', { name: 'Clear all' }));
    expect(within(reopened.dialog).getByText('Your searches will show here.')).toBeTruthy();
    expect(view.services.storage.getItem(localRecentSearchKey(id))).toBeNull();
  });
});

describe('recent searches kept locally', () => {
  it('ignore empty keywords, keep 5 newest first, move a repeat to the front, and live under the cookie id', () => {
    const storage = new Map<string, string>();
    const local = (id: string) =>
      createLocalRecentSearches(
        { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
        id,
      );
    const mine = local('cid-1');
    for (const k of ['a', ' ', 'b', 'c', 'd', 'e', 'f', 'C']) mine.push(k);
    expect(mine.get()).toEqual(['C', 'f', 'e', 'd', 'b']);
    // Another visitor id on the same browser has its own list; the same id reads it back.
    expect(local('cid-2').get()).toEqual([]);
    expect(local('cid-1').get()).toEqual(['C', 'f', 'e', 'd', 'b']);
  });

  it('the cookie lives 180 days, is read once and reused', () => {
    let written = '';
    const jar = {
      get cookie() {
        return written.split(';')[0] ?? '';
      },
      set cookie(value: string) {
        written = value;
      },
    };
    const id = cookieId(jar, { secure: true, newId: () => '0b5e5a3c-1d2e-4f60-9a7b-8c9d0e1f2a3b' });
    expect(written).toBe(`sg_cid=${id}; Max-Age=15552000; Path=/; SameSite=Lax; Secure`);
    expect(cookieId(jar, { newId: () => 'ffffffff-0000-4000-8000-000000000000' })).toBe(id);
    const returning = { cookie: 'other=1; sg_cid=12345678-aaaa-4bbb-8ccc-1234567890ab' };
    expect(cookieId(returning)).toBe('12345678-aaaa-4bbb-8ccc-1234567890ab');
  });
});

describe('the search popup (member)', () => {
  it('shows the server recent searches and hot lists, records a search, and deletes one or all', async () => {
    const member = await signUpMember(server);
    const auth = { authorization: `Bearer ${member.idToken}` };
    for (const Keyword of ['sencha', 'gaiwan']) await server.call(searchProduct, { Keyword, Currency: 'HKD', searchType: 'product' }, auth);
    const view = await openShop('/home');
    await signIn(view, member);
    const user = userEvent.setup();

    let { dialog, field } = await openSearchPopup(user);
    const recent = await within(dialog).findByRole('list', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('button', { name: /^(gaiwan|sencha)$/ }).map((b) => b.textContent)).toEqual(['gaiwan', 'sencha']);
    // The hot lists show as the server ranks them (a list with nothing in it is left out).
    const hot = await server.call(getHotKeyword, {}, auth);
    expect(hot.TopSearch.length).toBeGreaterThan(0);
    for (const [title, list] of [['Top searches', hot.TopSearch], ['Now trending', hot.NowTrening]] as const) {
      const ranked = [...list].sort((a, b) => a.Sort - b.Sort).map((k) => k.Keyword);
      if (ranked.length === 0) {
        expect(within(dialog).queryByRole('heading', { name: title })).toBeNull();
        continue;
      }
      const shown = await within(dialog).findByRole('list', { name: title });
      expect(within(shown).getAllByRole('button').map((b) => b.textContent)).toEqual(ranked);
    }

    // The search goes with the member's token; the server keeps it.
    await user.type(field, 'whisky{Enter}');
    await waitFor(() => expect(pathOf(view)).toBe('/search_result/whisky'));
    expect(view.calls('searchProduct')[0]!.authorization).toBe(`Bearer ${member.idToken}`);
    expect(view.calls('UserSearchAndFilterProduct').length).toBeGreaterThan(0);
    expect((await server.call(getUserRecentSearch, {}, auth)).RecentSearchList).toEqual(['whisky', 'gaiwan', 'sencha']);

    ({ dialog, field } = await openSearchPopup(user));
    const list = within(dialog).getByRole('list', { name: 'Recent searches' });
    expect(within(list).getAllByRole('button', { name: /^(whisky|gaiwan|sencha)$/ }).map((b) => b.textContent)).toEqual([
      'whisky',
      'gaiwan',
      'sencha',
    ]);
    await user.click(within(list).getByRole('button', { name: 'Remove gaiwan from recent searches' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'gaiwan' })).toBeNull());
    expect((await server.call(getUserRecentSearch, {}, auth)).RecentSearchList).toEqual(['whisky', 'sencha']);
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(await within(dialog).findByText('Your searches will show here.')).toBeTruthy();
    expect((await server.call(getUserRecentSearch, {}, auth)).RecentSearchList).toEqual([]);
    // Nothing went to this browser's storage.
    expect(view.services.storage.getItem(localRecentSearchKey(cookieId()))).toBeNull();
  });
});

describe('the results page', () => {
  it('filters by type and sorts by price from the filter-and-sort popup, in the URL', async () => {
    const view = await openShop('/search_result');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'All products' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter and sort' });
    const types = await within(dialog).findByRole('group', { name: 'Product type' });
    expect(within(types).queryByRole('checkbox', { name: /Box Sets/ })).toBeNull();
    await user.click(within(types).getByRole('checkbox', { name: /^Coffee/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Price: low to high' }));
    // Prices are typed in dollars and go to the URL in cents; a reversed range is refused in words.
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Lowest' }), '100');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Highest' }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The lowest price must not be above the highest.');
    expect(view.router.state.location.search).toEqual({});
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Highest' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Highest' }), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Show results' }));

    const chosen = { type: 'coffee', min: 10000, max: 40000, sort: 'priceAsc' };
    await waitFor(() => expect(view.router.state.location.search).toEqual(chosen));
    const expected = await server.call(SearchAndFilterProduct, {
      Currency: 'HKD',
      Filter: { ProductType: ['coffee'] },
      MustNot: { ProductType: ['boxset'] },
      Range: { Price: { Min: 10000, Max: 40000 } },
      Sort: 'priceAsc',
      Size: 12,
    });
    expect(expected.ProductList.length).toBeGreaterThan(1);
    expect(expected.ProductList.every((p) => p.ProductTypeID === 'coffee')).toBe(true);
    await waitFor(async () => expect(await gridNames()).toEqual(namesOf(expected.ProductList)));
    expect(expected.ProductList.every((p) => p.Price >= 10000 && p.Price <= 40000)).toBe(true);
    expect(screen.getByRole('button', { name: /Filter and sort.*2 filters on/ })).toBeTruthy();

    // Back and forward keep the filters (they live in the URL).
    act(() => view.router.history.back());
    await waitFor(() => expect(view.router.state.location.search).toEqual({}));
    act(() => view.router.history.forward());
    await waitFor(() => expect(view.router.state.location.search).toEqual(chosen));
    await waitFor(async () => expect(await gridNames()).toEqual(namesOf(expected.ProductList)));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.router.state.location.search).toEqual({ sort: 'priceAsc' }));
  });

  it('reads filters from a reloaded URL, and pages on with Show more', async () => {
    const expected = await server.call(SearchAndFilterProduct, {
      Currency: 'HKD',
      MustNot: { ProductType: ['boxset'] },
      Sort: 'priceDesc',
      Size: 24,
    });
    expect(expected.Total).toBeGreaterThan(12);
    const view = await openShop('/search_result?sort=priceDesc&min=0&type=not%20a%20type,');
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(view.calls('SearchAndFilterProduct').at(-1)!.body).toMatchObject({
      Filter: { ProductType: ['not a type'] },
      Range: { Price: { Min: 0 } },
      Sort: 'priceDesc',
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(view.router.state.location.search).toEqual({ sort: 'priceDesc' }));
    await waitFor(async () => expect(await gridNames()).toEqual(namesOf(expected.ProductList.slice(0, 12))));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await gridNames()).toEqual(namesOf(expected.ProductList.slice(0, 24))));
  });

  it('offers the nearest word when a misspelt keyword finds nothing, and its link searches that word (issue 14)', async () => {
    const view = await openShop('/search_result/wiskey');
    expect(await screen.findByText('Nothing matches “wiskey”.')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'whisky' });
    expect(link.closest('p')?.textContent).toBe('Did you mean whisky?');
    expect(screen.queryByText('Check the spelling, or try a more general word.')).toBeNull();
    await userEvent.setup().click(link);
    await waitFor(() => expect(pathOf(view)).toBe('/search_result/whisky'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “whisky”' })).toBeTruthy();
    expect(view.calls('SearchAndFilterProduct').at(-1)!.body).toMatchObject({ Keyword: 'whisky' });
    await waitFor(async () =>
      expect((await gridNames()).sort()).toEqual(['Islay Single Malt 10 Year Old', 'Japanese Blended Malt Whisky', 'Speyside Single Malt 12 Year Old']),
    );
  });

  it('counts the filters over the keyword’s results (issue 14)', async () => {
    await openShop('/search_result/tea');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “tea”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter and sort' });
    const types = await within(dialog).findByRole('group', { name: 'Product type' });
    const listed = within(types)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    // All 14 teas, and the tea ware that names or describes tea; no coffee, although coffees mention tea.
    expect(listed).toEqual(['Tea14', 'Equipment3']);
  });

  it('says when nothing matches a keyword', async () => {
    await openShop('/search_result/qzxjvwq');
    expect(await screen.findByText('Nothing matches “qzxjvwq”.')).toBeTruthy();
    expect(screen.getByText('Check the spelling, or try a more general word.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });
});

describe('box-set search', () => {
  it('forces the box-set type, hides the type filter, and searches box sets from its popup', async () => {
    const view = await openShop('/search_boxset');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sensory box sets' })).toBeTruthy();
    const names = await gridNames('Box sets');
    expect(names.length).toBeGreaterThan(0);
    const boxsetCalls = view.calls('SearchAndFilterProduct');
    expect(boxsetCalls.at(-1)!.body).toMatchObject({ Filter: { ProductType: ['boxset'] } });
    expect(boxsetCalls.at(-1)!.body.MustNot).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const filters = await screen.findByRole('dialog', { name: 'Filter and sort' });
    expect(within(filters).queryByRole('group', { name: 'Product type' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /Change search/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Search box sets' });
    await user.type(within(dialog).getByRole('combobox'), 'whisky{Enter}');
    await waitFor(() => expect(pathOf(view)).toBe('/search_boxset/whisky'));
    expect(view.calls('searchProduct').at(-1)!.body).toMatchObject({ Keyword: 'whisky', searchType: 'boxset' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Box sets for “whisky”' })).toBeTruthy();
    await waitFor(async () => expect(await gridNames('Box sets')).toEqual(['Whisky Tasting Flight']));
  });
});

describe('a broad keyword at catalogue scale', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    // 1,100 generated products, each described as "a generated catalogue entry".
    await addGeneratedProducts(big.db, 1100, SEED_NOW);
  });
  afterAll(() => big.close());

  it('says "1,000+ products" when matches were counted up to the cap, and offers more', async () => {
    await renderApp(big, '/search_result/generated');
    expect(await screen.findByText('1,000+ products')).toBeTruthy();
    expect(await screen.findAllByRole('listitem')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('pages on past a capped count while pages come back full, and stops at a short one', () => {
    const { getNextPageParam } = searchQueries.results({} as never, { member: false, searchType: 'product', Currency: 'HKD', Keyword: 'generated', filters: {} } as never);
    const page = (n: number) => ({ ProductList: Array.from({ length: n }, () => ({}) as never), Total: 1000, TotalCapped: true });
    const loaded = Array.from({ length: 84 }, () => page(RESULTS_PAGE_SIZE)); // 1,008 shown
    expect(getNextPageParam(page(RESULTS_PAGE_SIZE), loaded, 0, [])).toBe(84 * RESULTS_PAGE_SIZE);
    expect(getNextPageParam(page(4), [...loaded, page(4)], 0, [])).toBeUndefined();
    // An exact Total ends the pages at Total.
    const exact = { ProductList: Array.from({ length: RESULTS_PAGE_SIZE }, () => ({}) as never), Total: 24 };
    expect(getNextPageParam(exact, [exact, exact], 0, [])).toBeUndefined();
  });
});
