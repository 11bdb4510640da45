/**
 * What a page's HTML says before any script runs (issue 14, Fast). The server answers index.html for
 * every page of the SPA; it completes it for the page asked for:
 *
 * - the title the SPA gives that page in English (src/app/page-title.tsx and each route's
 *   staticData.title: "Anxi Tieguanyin · Sip & Gather"), its meta description, a canonical address
 *   (PUBLIC_URL + path) and Open Graph tags; on a product page, schema.org Product / Offer JSON-LD; on
 *   an event page (issue 15), one schema.org Event per session to come, with its place, offer and host;
 * - a preload, at high priority, of the picture that will be the page's largest (home: the first big
 *   banner; a product: its gallery's first picture; a product type's page: its banner; an event: its cover;
 *   search results: the first card's picture);
 * - a static first paint in #root (page-markup.ts), which React's createRoot replaces on its first render;
 * - status 404 for a page that is not there (an address no route of the tree has; an unknown product,
 *   event, product type, information page, post or member; the flow tools when they are off): the SPA
 *   still loads and shows its not-found page.
 *
 * The pages are the route tree's (page-match.ts reads page-routes.gen.ts, generated from src/routes, with
 * each route's fixed title): no page of the SPA is unknown here (issue 29, 2). What the server adds to a
 * route (a title from the database, JSON-LD, the look-up that makes a 404) is page-heads.ts's, by route path;
 * tests/ui/page-head-titles.test.tsx checks the titles against the SPA's own. Everything from the database
 * is escaped: HTML text and attributes, and `<` inside the JSON-LD. The shell's few rules beyond the entry
 * stylesheet come as an inline <style>, which the pages' policy already allows (style-src 'unsafe-inline',
 * security-headers.ts); the JSON-LD is a data block, which no script-src governs.
 */
import type { Currency } from '../../contract/index.ts';
import type { PageFacts } from '../services/page-facts.ts';
import { precompress, type Variants } from './compression.ts';
import { documentTitle, ROUTE_HEADS, SHOP_DESCRIPTION, type HeadResult, type PageHead, type PageHeadOptions, type PageVisit } from './page-heads.ts';
import { jsonForScript } from './page-json-ld.ts';
import { canonicalPathOf, routeOf } from './page-match.ts';
import { escapeHtml, SHELL_STYLE, shell, skeletonTitle, SHOP_NAME } from './page-markup.ts';

export { routeOf } from './page-match.ts';
export { summary, type PageHead, type PageHeadOptions, type PageVisit } from './page-heads.ts';

/** The picture that stands for the shop where a page has none of its own (the site icon). */
const SHOP_IMAGE = '/media/art/cup-30-0.svg';
const NOT_FOUND = 'Page not found';

/** Query parameters of a results page that change its results (src/features/search/search-params.ts). */
const RESULT_FILTERS = ['type', 'attr', 'min', 'max', 'sort'];
/** Whether an address's query sets a results page's filters or sort. */
export const filtersResults = (query: URLSearchParams) => RESULT_FILTERS.some((name) => query.get(name));

/** A page's head and shell, with the promises it read from (the caller keeps the page while they stay the same). */
export async function pageHead(pathname: string, facts: PageFacts, options: PageHeadOptions, visit: PageVisit = {}): Promise<HeadResult> {
  const base = options.publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => (/^https?:/.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`);
  const notFound = (heading = NOT_FOUND): PageHead => ({
    status: 404,
    title: documentTitle(NOT_FOUND),
    description: SHOP_DESCRIPTION,
    ogType: 'website',
    image: absolute(SHOP_IMAGE),
    shell: shell(`<h1>${heading}</h1>`),
  });
  const match = routeOf(pathname);
  if (!match) return { sources: [], head: notFound() };
  // The index redirects to /home: one address for the home page.
  const canonical = base + (match.route.path === '/' ? '/home' : canonicalPathOf(match));
  const page = (name: string | undefined, rest: Partial<PageHead> & { shell: string }): PageHead => ({
    status: 200,
    title: documentTitle(name ?? match.route.title),
    description: SHOP_DESCRIPTION,
    canonical,
    ogType: 'website',
    image: absolute(SHOP_IMAGE),
    ...rest,
  });
  const entry = ROUTE_HEADS.get(match.route.path);
  // A route the server adds nothing to: its own title, the shop's description, status 200.
  if (!entry) return { sources: [], head: page(undefined, { shell: shell(skeletonTitle) }) };
  return entry({ match, facts, options, visit, absolute, page, notFound, canonical });
}

/** index.html completed with a page's head and shell. */
export function renderPage(template: string, head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const early = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...(head.preloadImage ? [`<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`] : []),
  ];
  const late = [
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.ogTitle ?? head.title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    `<style>${SHELL_STYLE}</style>`,
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
  ];
  const withoutOwn = template.replace(/\s*<title>[\s\S]*?<\/title>/i, '').replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  // What the browser needs first right after the charset and viewport, before the scripts and
  // stylesheets; the rest at the end of the head.
  const anchor = /<meta\s+name="viewport"[^>]*>/i.exec(withoutOwn) ?? /<meta\s+charset[^>]*>/i.exec(withoutOwn) ?? /<head[^>]*>/i.exec(withoutOwn);
  const at = anchor ? anchor.index + anchor[0].length : 0;
  const end = withoutOwn.search(/<\/head>/i);
  const headed =
    end < at
      ? `${withoutOwn.slice(0, at)}\n    ${[...early, ...late].join('\n    ')}${withoutOwn.slice(at)}`
      : `${withoutOwn.slice(0, at)}\n    ${early.join('\n    ')}${withoutOwn.slice(at, end)}  ${late.join('\n    ')}\n  ${withoutOwn.slice(end)}`;
  return headed.replace(/<div id="root">\s*<\/div>/, () => `<div id="root">${head.shell}</div>`);
}

// ------------------------------------------------------------------------------------ pages

/** The files each page's screen loads beyond the first load, by route path (build/route-chunks.ts writes them). */
export type RouteFiles = ReadonlyMap<string, { js: readonly string[]; css: readonly string[] }>;

/**
 * The page's screen files named in its head (issue 30), for index.html's loader to ask for once the page has
 * painted: fetched beside the entry, at the entry's low priority, instead of once the entry has run and the router
 * has matched the page. Named as links in the head, they were fetched before the first paint and shared the
 * connection with its styles and picture (Lighthouse's LCP 2.1 s on a product page, 1.85 s without). A data block
 * (no script-src governs it); `<` is written as \u003c so nothing in it can close the element.
 */
export function screenFiles(files: { js: readonly string[]; css: readonly string[] } | undefined): string {
  if (!files) return '';
  const named = JSON.stringify({ js: files.js, css: files.css }).replace(/</g, '\\u003c');
  return `  <script type="application/json" id="sg-screen-files">${named}</script>\n`;
}

/** Pages kept rendered and compressed, by path (and visitor's currency); past it the least recently used goes. */
const MAX_PAGES = 1_000;

export interface RenderedPage {
  status: 200 | 404;
  variants: Variants;
}

/**
 * The pages of the SPA, rendered into `template` (index.html with the SPA's settings) and compressed
 * once, then kept while what they were made from stays the same: the page-facts caches hand back the
 * same promise until a product's stock changes or their time is up, so a kept page goes with them.
 * Pages that are not there are made each time and never kept (any address can ask for one).
 *
 * `currency`: the visitor's default currency (getCurrency's answer for their address), written as
 * `<meta name="sg-currency">` so that a first visit's SPA does not ask for it before loading the page's
 * data; a page is kept once per currency. `query`: the address's query, of which only a results page's
 * filters count (filtersResults): such a page is kept apart, with skeletons for its results.
 */
export function createPages(facts: PageFacts, options: PageHeadOptions, template: () => string, routeFiles: () => RouteFiles = () => new Map()) {
  const kept = new Map<string, { sources: unknown[]; page: RenderedPage }>();
  return async (pathname: string, currency: Currency, query?: URLSearchParams): Promise<RenderedPage> => {
    const filtered = query !== undefined && filtersResults(query);
    const { head, sources } = await pageHead(pathname, facts, options, { currency, filtered });
    const key = `${currency}${filtered ? ' filtered' : ''} ${pathname}`;
    const hit = kept.get(key);
    if (hit && hit.sources.length === sources.length && hit.sources.every((s, i) => s === sources[i])) {
      kept.delete(key);
      kept.set(key, hit);
      return hit.page;
    }
    const screen = head.status === 200 ? screenFiles(routeFiles().get(routeOf(pathname)?.route.path ?? '')) : '';
    const html = renderPage(template(), head).replace(/<\/head>/i, () => `${screen}  <meta name="sg-currency" content="${escapeHtml(currency)}" />\n  </head>`);
    const page: RenderedPage = { status: head.status, variants: precompress(html) };
    if (head.status === 200) {
      kept.delete(key);
      kept.set(key, { sources, page });
      if (kept.size > MAX_PAGES) kept.delete(kept.keys().next().value!);
    }
    return page;
  };
}
