/**
 * What the server adds to a page of the route tree beyond its route's own title (issue 14, 15, 29), keyed by
 * route path (page-routes.gen.ts): a title made from the page's data (a product's name), a description,
 * Open Graph picture, JSON-LD, the picture to preload, the first paint; and for a page of one thing (a
 * product, an event, a product type, an information page, a post, a member), the look-up that answers 404
 * when there is no such thing. A route with no entry here gets its route's title and the shop's description
 * with status 200: a new route is never a 404 (tests/api/page-routes.test.ts walks every route).
 */
import { INFORMATION_PAGES, type Currency } from '../../contract/index.ts';
import { searchKeywordOf, type PageFacts } from '../services/page-facts.ts';
import { eventJsonLd, productJsonLd } from './page-json-ld.ts';
import type { RouteMatch } from './page-match.ts';
import { bannerFigure, escapeHtml, FIRST_ROW, heroImage, searchShell, shell, skeletonGrid, skeletonLines, skeletonTitle, SHOP_NAME } from './page-markup.ts';
import { PAGE_ROUTES } from './page-routes.gen.ts';

export const SHOP_DESCRIPTION = 'Sip & Gather: tea, coffee, incense and spirits, with tastings and a community in Hong Kong.';
/** Meta descriptions are cut around here (search engines show some 150–160 characters). */
const DESCRIPTION_LENGTH = 155;

/** What the server writes into a page's head and #root. */
export interface PageHead {
  status: 200 | 404;
  /** The document title: "<page> · Sip & Gather", or the shop's name alone. */
  title: string;
  /** og:title where a shared link says more than the document title (a post's own title). */
  ogTitle?: string;
  description: string;
  /** Absolute: PUBLIC_URL and the page's path; none for a page that is not there. */
  canonical?: string;
  ogType: 'website' | 'product';
  /** og:image, absolute. */
  image: string;
  /** The picture to preload at high priority: the page's largest, as the SPA will show it. */
  preloadImage?: string;
  jsonLd?: Record<string, unknown>;
  /** Markup for #root until the SPA renders. */
  shell: string;
}

export interface PageHeadOptions {
  publicUrl: string;
  flowTools: boolean;
}

/** What a page's head depends on beside its path: the visitor's currency; filters in the address (search). */
export interface PageVisit {
  currency?: Currency;
  /** The address sets a results page's filters or sort (type, attr, min, max, sort): results differ from the plain page's. */
  filtered?: boolean;
}

/** A head and the promises it was read from (the caller keeps the page while they stay the same). */
export interface HeadResult {
  head: PageHead;
  sources: unknown[];
}

/** What a route's entry works with. */
export interface HeadContext {
  match: RouteMatch;
  facts: PageFacts;
  options: PageHeadOptions;
  visit: PageVisit;
  absolute(path: string): string;
  /** The page with the shop's defaults (its route's title when `name` is not given: see pageHead). */
  page(name: string | undefined, rest: Partial<PageHead> & { shell: string }): PageHead;
  /** The SPA's not-found page: some have a heading of their own (ProductNotFound). */
  notFound(heading?: string): PageHead;
  canonical: string;
}

type HeadEntry = (context: HeadContext) => Promise<HeadResult> | HeadResult;

export const documentTitle = (name: string | undefined) => (name ? `${name} · ${SHOP_NAME}` : SHOP_NAME);

/** The start of a text for a meta description: its first paragraph that is not a heading or list, cut at a word. */
export function summary(text: string, length = DESCRIPTION_LENGTH): string {
  const paragraph =
    text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith('## ') && !p.startsWith('- ')) ?? text.trim();
  const flat = paragraph.replace(/\s+/g, ' ');
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).replace(/[\s,.;:–—-]+$/, '');
  return `${atWord}…`;
}

const routeTitle = (path: string) => PAGE_ROUTES.find((r) => r.path === path)?.title;

const home: HeadEntry = async ({ facts, page, absolute }) => {
  const source = facts.homeBanner();
  const banner = await source;
  return {
    sources: [source],
    // '/' is the home page too (the SPA redirects it to /home).
    head: page(routeTitle('/home'), {
      ...(banner ? { image: absolute(banner.image), preloadImage: banner.image } : {}),
      shell: shell(`<h1 class="visually-hidden">${escapeHtml(SHOP_NAME)}</h1>${banner ? bannerFigure(banner, 'shell-big') : ''}${skeletonTitle}${skeletonGrid(4)}`),
    }),
  };
};

const newIn: HeadEntry = async ({ match, facts, page, notFound, absolute }) => {
  const typeId = match.params.productTypeID;
  if (typeId === undefined) return { sources: [], head: page('New in', { shell: shell(`<h1>New in</h1>${skeletonGrid(4)}`) }) };
  const source = facts.productType(typeId);
  const type = await source;
  if (!type) return { sources: [source], head: notFound() };
  return {
    sources: [source],
    head: page(`New in: ${type.name}`, {
      description: summary(type.description),
      ...(type.banner ? { image: absolute(type.banner.image), preloadImage: type.banner.image } : {}),
      shell: shell(
        `<h1>${escapeHtml(type.name)}</h1><p class="muted">${escapeHtml(type.description)}</p>` +
          `${type.banner ? bannerFigure(type.banner, 'shell-wide') : ''}${skeletonGrid(4)}`,
      ),
    }),
  };
};

const product: HeadEntry = async ({ match, facts, page, notFound, absolute, canonical }) => {
  const source = facts.product(match.params.productID!);
  const found = await source;
  if (!found) return { sources: [source], head: notFound('Product not found') };
  const picture = found.images[0]!;
  return {
    sources: [source],
    head: page(found.name, {
      description: summary(found.description),
      ogType: 'product',
      image: absolute(picture),
      preloadImage: picture,
      jsonLd: productJsonLd(found, canonical, absolute),
      shell: shell(
        `<div class="shell-product">${heroImage(picture, found.name, 'shell-gallery')}` +
          `<div><h1>${escapeHtml(found.name)}</h1>${skeletonLines(4)}</div></div>`,
      ),
    }),
  };
};

const event: HeadEntry = async ({ match, facts, page, notFound, absolute, canonical }) => {
  const source = facts.event(match.params.eventID!);
  const found = await source;
  if (!found) return { sources: [source], head: notFound('Event not found') };
  return {
    sources: [source],
    head: page(found.title, {
      description: summary(found.description),
      image: absolute(found.image),
      preloadImage: found.image,
      // An event with no session to come has no date to give: no Event data.
      ...(found.sessions.length ? { jsonLd: eventJsonLd(found, canonical, absolute) } : {}),
      shell: shell(
        `<div class="shell-product">${heroImage(found.image, found.title, 'shell-gallery')}` +
          `<div><h1>${escapeHtml(found.title)}</h1>` +
          `<p class="muted">${escapeHtml(`${found.hostName} · ${found.venue}, ${found.district}`)}</p>${skeletonLines(4)}</div></div>`,
      ),
    }),
  };
};

const search =
  (boxset: boolean): HeadEntry =>
  async ({ match, facts, visit, page }) => {
    const keyword = match.params.keyword;
    const name = boxset ? (keyword ? `Box sets for “${keyword}”` : 'Box sets') : keyword ? `Search results for “${keyword}”` : 'Search';
    const description = keyword ? `${boxset ? 'Box sets' : 'Tea, coffee, incense and spirits'} matching “${keyword}” at ${SHOP_NAME}, Hong Kong.` : SHOP_DESCRIPTION;
    if (boxset) return { sources: [], head: page(name, { description, shell: shell(`<h1>${escapeHtml(name)}</h1>${skeletonGrid(4)}`) }) };
    const term = searchKeywordOf(keyword);
    if (visit.filtered) return { sources: [], head: page(name, { description, shell: shell(searchShell(term, undefined)) }) };
    const source = facts.searchResults(term, visit.currency ?? 'HKD', FIRST_ROW);
    // A failed read is not kept (page-facts): the page falls back to skeletons, and the next visit reads again.
    const results = await source.catch(() => undefined);
    const picture = results?.cards[0]?.Image;
    return { sources: [source], head: page(name, { description, ...(picture ? { preloadImage: picture } : {}), shell: shell(searchShell(term, results)) }) };
  };

const informationPage =
  (id: string): HeadEntry =>
  async ({ facts, page, notFound }) => {
    const source = facts.information(id);
    const info = await source;
    if (!info) return { sources: [source], head: notFound() };
    return { sources: [source], head: page(info.title, { description: summary(info.text), shell: shell(`<h1>${escapeHtml(info.title)}</h1>${skeletonLines(6)}`) }) };
  };

/** A post: its title, words and first picture for a shared link; an archived one is there (to its author) but says nothing. */
const post: HeadEntry = async ({ match, facts, page, notFound, absolute }) => {
  const source = facts.post(match.params.inspirationId!);
  const found = await source;
  if (!found) return { sources: [source], head: notFound() };
  const shown = found.published ? found : undefined;
  return {
    sources: [source],
    head: page(undefined, {
      ...(shown ? { ogTitle: documentTitle(shown.title) } : {}),
      ...(shown?.description ? { description: summary(shown.description) } : {}),
      ...(shown?.image ? { image: absolute(shown.image) } : {}),
      shell: shell(`${skeletonTitle}${skeletonLines(4)}`),
    }),
  };
};

const member: HeadEntry = async ({ match, facts, page, notFound }) => {
  const source = facts.memberExists(match.params.userID!);
  return { sources: [source], head: (await source) ? page(undefined, { shell: shell(skeletonTitle) }) : notFound() };
};

/** The flow tools are pages only while they are on (FLOW_TOOLS), not found otherwise, as in the SPA. */
const flowTool: HeadEntry = ({ options, page, notFound }) => ({ sources: [], head: options.flowTools ? page(undefined, { shell: shell(skeletonTitle) }) : notFound() });

/** The route's title is a function of its parameter in the SPA (src/routes/edit_inspiration). */
const postEditor: HeadEntry = ({ match, page }) => ({
  sources: [],
  head: page(match.params.inspirationID ? 'Edit post' : 'New post', { shell: shell(skeletonTitle) }),
});

/** The server's own part of each page, by route path. */
export const ROUTE_HEADS: ReadonlyMap<string, HeadEntry> = new Map<string, HeadEntry>([
  ['/', home],
  ['/home', home],
  ['/new_in/{-$productTypeID}', newIn],
  ['/product/$productID', product],
  ['/event/$eventID', event],
  ['/search_result/{-$keyword}', search(false)],
  ['/search_boxset/{-$keyword}', search(true)],
  ['/inspiration/$inspirationId', post],
  ['/user/$userID', member],
  ['/edit_inspiration/{-$inspirationID}', postEditor],
  ['/testing', flowTool],
  ['/testing2', flowTool],
  ...INFORMATION_PAGES.map((id): [string, HeadEntry] => [`/${id}`, informationPage(id)]),
]);

/**
 * Pages no search engine should list beside the members' own (a route guard marks those): what a mailed
 * link, a ticket or a payment lands on, the sign-in steps, the box sets (a paid member's), the flow tools.
 */
export const NOT_INDEXED: ReadonlySet<string> = new Set([
  '/activate_invitation/$inviteCode',
  '/activate_ticket/$ticketID',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/payment_fail',
  '/reset_password',
  '/search_boxset/{-$keyword}',
  '/testing',
  '/testing2',
  '/third_party_login',
  '/verify_sign_up',
  '/verify_success',
]);
