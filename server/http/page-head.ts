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
 * - a static first paint in #root: the top bar with the shop's name, the page's heading and that
 *   picture where it knows them, skeleton blocks for the rest. React's createRoot replaces it on its
 *   first render (src/main.tsx). A search results page (search_result) gets the SPA's heading, search
 *   field, count and the first row of result cards (src/ui/ProductCard.tsx markup, prices in the
 *   visitor's currency), or its empty state, so that the swap moves nothing.
 * - status 404 for a page that is not there (an unknown product, event, product type or address; the flow
 *   tools when they are off): the SPA still loads and shows its not-found page.
 *
 * The route table below mirrors src/routes (tests/ui/page-head-titles.test.tsx checks each title
 * against the SPA's own). Everything from the database is escaped: HTML text and attributes, and `<`
 * inside the JSON-LD. The shell's few rules beyond the entry stylesheet come as an inline <style>,
 * which the pages' policy already allows (style-src 'unsafe-inline', security-headers.ts); the JSON-LD
 * is a data block, which no script-src governs.
 */
import { INFORMATION_PAGES, type Currency, type ProductCard } from '../../contract/index.ts';
import { precompress, type Variants } from './compression.ts';
import { minorDigits } from '../services/money.ts';
import { searchKeywordOf, type BannerFacts, type EventFacts, type PageFacts, type ProductFacts, type SearchFacts } from '../services/page-facts.ts';

export const SHOP_NAME = 'Sip & Gather';
export const SHOP_DESCRIPTION = 'Sip & Gather: tea, coffee, incense and spirits, with tastings and a community in Hong Kong.';
/** The picture that stands for the shop where a page has none of its own (the site icon). */
const SHOP_IMAGE = '/media/art/cup-30-0.svg';
const NOT_FOUND = 'Page not found';
/** Meta descriptions are cut around here (search engines show some 150–160 characters). */
const DESCRIPTION_LENGTH = 155;

/** Pages whose title is a fixed message of the SPA (their routes' staticData.title, in English). */
export const TITLED_PAGES = new Map([
  ['b2b_enquiry', 'Business enquiries'],
  ['checkout_event', 'Join the event'],
  ['checkout_product', 'Checkout'],
  ['entry_survey', 'Tell us about your tastes'],
  ['payment_fail', 'Payment not completed'],
  ['reset_password', 'Reset your password'],
  ['shopping_bag', 'Shopping bag'],
  ['third_party_login', 'Signing you in'],
  ['verify_sign_up', 'Verify your e-mail'],
  ['verify_success', 'E-mail verified'],
]);
/** Pages of one parameter with a fixed title. */
export const TITLED_ITEM_PAGES = new Map([
  ['order_product_confirm', 'Your order'],
  ['order_record', 'Order details'],
  ['activate_ticket', 'Activate your ticket'],
  ['order_event_confirm', 'Your booking'],
  ['nfc', 'Scanned product'],
]);
/** Pages of two fixed segments, in lower case (the taste pages). */
export const TITLED_SUB_PAGES = new Map([
  ['daily_sip/select_product', "Today's sip"],
  ['taste_card/select_product', 'Choose the drink'],
  ['taste_card/steps', 'Write a taste card'],
  ['taste_card/success', 'Taste card published'],
  ['newsletter/confirm', 'Newsletter subscription'],
  ['newsletter/unsubscribe', 'Unsubscribe'],
]);
/** new_tastecard/{productID?}: with or without its drink. */
const NEW_TASTE_CARD_TITLE = 'Write a taste card';
/** event_record/{eventID}/{varianceID}: the one page of two parameters. */
const EVENT_RECORD_TITLE = 'Your event booking';
/** The flow tools: pages only while they are on (FLOW_TOOLS), not found otherwise, as in the SPA. */
export const FLOW_TOOL_PAGES = new Map([
  ['testing', 'Flow atlas'],
  ['testing2', 'Flow inspector'],
]);

/** The page an address shows, as src/routes defines them. */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'new-in'; typeId?: string }
  | { kind: 'product'; id: string }
  | { kind: 'event'; id: string }
  | { kind: 'search'; boxset: boolean; keyword?: string }
  | { kind: 'information'; id: string }
  | { kind: 'titled'; name: string }
  | { kind: 'not-found' };

/**
 * The route of a path (without its query), matched as the SPA's router matches it: static segments
 * in any case, a trailing slash ignored, parameters percent-decoded.
 */
export function routeOf(pathname: string, options: { flowTools: boolean }): PageRoute {
  let segments: string[];
  try {
    segments = pathname
      .split('/')
      .filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1))
      .map((s) => decodeURIComponent(s));
  } catch {
    return { kind: 'not-found' };
  }
  if (segments.some((s) => s === '')) return { kind: 'not-found' };
  const [first, second, ...rest] = segments;
  const name = first?.toLowerCase();
  if (name === 'event_record' && second !== undefined && rest.length === 1) return { kind: 'titled', name: EVENT_RECORD_TITLE };
  if (rest.length > 0) return { kind: 'not-found' };
  if (name === undefined || ((name === 'home' || name === 'index.html') && second === undefined)) return { kind: 'home' };
  switch (name) {
    case 'new_in':
      return second === undefined ? { kind: 'new-in' } : { kind: 'new-in', typeId: second };
    case 'product':
      return second === undefined ? { kind: 'not-found' } : { kind: 'product', id: second };
    case 'event':
      return second === undefined ? { kind: 'not-found' } : { kind: 'event', id: second };
    case 'search_result':
    case 'search_boxset':
      return { kind: 'search', boxset: name === 'search_boxset', ...(second === undefined ? {} : { keyword: second }) };
  }
  if (name === 'new_tastecard') return { kind: 'titled', name: NEW_TASTE_CARD_TITLE };
  const sub = second === undefined ? undefined : TITLED_SUB_PAGES.get(`${name}/${second.toLowerCase()}`);
  if (sub) return { kind: 'titled', name: sub };
  const titled = second === undefined ? (TITLED_PAGES.get(name) ?? (options.flowTools ? FLOW_TOOL_PAGES.get(name) : undefined)) : TITLED_ITEM_PAGES.get(name);
  if (titled) return { kind: 'titled', name: titled };
  if (second === undefined && (INFORMATION_PAGES as readonly string[]).includes(name)) return { kind: 'information', id: name };
  return { kind: 'not-found' };
}

/** What the server writes into a page's head and #root. */
export interface PageHead {
  status: 200 | 404;
  /** The document title: "<page> · Sip & Gather", or the shop's name alone. */
  title: string;
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

export const documentTitle = (name: string | undefined) => (name ? `${name} · ${SHOP_NAME}` : SHOP_NAME);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

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

/** A price in major units with its minor digits, as schema.org wants it: 38000 HKD → "380.00". */
export const majorUnits = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

const encodePath = (segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/** The canonical path of a route: how the SPA itself links to it. */
function canonicalPath(route: PageRoute, pathname: string): string {
  switch (route.kind) {
    case 'home':
      return '/home';
    case 'new-in':
      return route.typeId === undefined ? '/new_in' : encodePath(['new_in', route.typeId]);
    case 'product':
      return encodePath(['product', route.id]);
    case 'event':
      return encodePath(['event', route.id]);
    case 'search': {
      const page = route.boxset ? 'search_boxset' : 'search_result';
      return route.keyword === undefined ? `/${page}` : encodePath([page, route.keyword]);
    }
    case 'information':
      return `/${route.id}`;
    default:
      return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  }
}

function productJsonLd(product: ProductFacts, url: string, absolute: (path: string) => string) {
  const offers = product.variances.map((v) => ({
    '@type': 'Offer',
    sku: v.id,
    name: v.name,
    price: majorUnits(v.priceHkd, 'HKD'),
    priceCurrency: 'HKD',
    availability: `https://schema.org/${v.inStock ? 'InStock' : 'OutOfStock'}`,
    url,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    sku: product.id,
    name: product.name,
    description: product.description,
    image: product.images.map(absolute),
    category: product.typeName,
    ...(offers.length ? { offers } : {}),
  };
}

/** Hong Kong is UTC+8 all year: an instant as Hong Kong wall-clock time with its offset, as schema.org dates are best given. */
const hongKongIso = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

const EVENT_AVAILABILITY = { OnSale: 'InStock', SoldOut: 'SoldOut', NotOpen: 'PreOrder', Closed: 'SoldOut', Past: 'SoldOut' } as const;

/** One schema.org Event per session to come (an event held on several dates is several events). */
function eventJsonLd(event: EventFacts, url: string, absolute: (path: string) => string) {
  const place = {
    '@type': 'Place',
    name: event.venue,
    address: { '@type': 'PostalAddress', streetAddress: event.address, addressLocality: event.district, addressRegion: 'Hong Kong', addressCountry: 'HK' },
    hasMap: event.mapUrl,
  };
  return {
    '@context': 'https://schema.org',
    '@graph': event.sessions.map((session) => ({
      '@type': 'Event',
      '@id': `${url}#${session.id}`,
      name: event.title,
      description: event.description,
      image: [absolute(event.image)],
      startDate: hongKongIso(session.startsAt),
      endDate: hongKongIso(session.endsAt),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: place,
      ...(event.isAlcohol ? { typicalAgeRange: '18-' } : {}),
      offers: {
        '@type': 'Offer',
        sku: session.id,
        price: majorUnits(session.priceHkd, 'HKD'),
        priceCurrency: 'HKD',
        availability: `https://schema.org/${EVENT_AVAILABILITY[session.status]}`,
        validFrom: hongKongIso(session.saleOpensAt),
        url,
      },
      performer: { '@type': 'Person', name: event.hostName, description: event.hostBio },
      organizer: { '@type': 'Organization', name: SHOP_NAME, url: absolute('/home') },
    })),
  };
}

// ------------------------------------------------------------------------------------- shell

const skeletonGrid = (cards: number) =>
  `<div class="skeleton-grid" aria-hidden="true">${'<div class="skeleton skeleton-card"></div>'.repeat(cards)}</div>`;
const skeletonTitle = '<div class="skeleton skeleton-title" aria-hidden="true"></div>';
const skeletonLines = (n: number) => `<div class="shell-lines" aria-hidden="true">${'<div class="skeleton"></div>'.repeat(n)}</div>`;

/** The picture the page will show largest: eager, at high priority, its box sized before it loads. */
const heroImage = (src: string, alt: string, className: string) =>
  `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" class="${className}" width="800" height="800" fetchpriority="high" />`;

const bannerFigure = (banner: BannerFacts, className: string) =>
  `<div class="shell-banner ${className}">${heroImage(banner.image, '', 'shell-banner-image')}` +
  `<p class="shell-banner-text"><span class="shell-banner-title">${escapeHtml(banner.title)}</span>` +
  `<span>${escapeHtml(banner.subtitle)}</span></p></div>`;

/** The top bar as the SPA draws it (TopMenuBar), the brand alone: its buttons need the script. */
const TOP_BAR =
  '<header class="top-menu"><div class="top-menu-row">' +
  `<a href="/home" class="brand" aria-label="${escapeHtml(SHOP_NAME)} home"><span class="brand-mark" aria-hidden="true">◐</span>` +
  `<span class="brand-name">${escapeHtml(SHOP_NAME)}</span></a></div></header>`;

const shell = (page: string) =>
  `<div class="app shell" data-navigator="false">${TOP_BAR}<main id="main" class="main"><div class="page" aria-busy="true">${page}</div></main></div>`;

// ----------------------------------------------------------------------------- search results

/** Cards in a first row at any width (src/ui/ProductCard.tsx FIRST_ROW): painted eagerly, the rest left to the SPA. */
export const FIRST_ROW = 4;

/** Each currency's sign, as the SPA writes prices (src/ui/format.ts CURRENCY_SIGNS, formatMoney). */
const CURRENCY_SIGNS: Record<Currency, string> = { HKD: 'HK$', USD: 'US$' };
const moneyFormats = new Map<Currency, Intl.NumberFormat>();
/** A price in English as the SPA shows it: 38000 HKD → "HK$380.00". */
export function formatPrice(minor: number, currency: Currency): string {
  const digits = minorDigits(currency);
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(currency, format);
  }
  return format
    .formatToParts(minor / 10 ** digits)
    .map((part) => (part.type === 'currency' ? CURRENCY_SIGNS[currency] : part.value))
    .join('');
}

const SEARCH_ICON =
  '<svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">' +
  '<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path></svg>';
/** The card's wishlist heart as drawn (ui/HeartButton.tsx), still: it needs the script to work. */
const CARD_HEART =
  '<span class="wishlist-heart product-card-heart" aria-hidden="true"><span class="wishlist-heart-button">' +
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="heart-icon"><path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.6 3.2 5 6.7 5c2.1 0 3.5 1.1 4.3 2.4h2C13.8 6.1 15.2 5 17.3 5c3.5 0 5.6 3.6 4.2 6.8C19.5 16.4 12 21 12 21z" ' +
  'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"></path></svg></span></span>';

/** A product card as src/ui/ProductCard.tsx renders it in a first row (the first card's picture at high priority). */
function productCard(card: ProductCard, index: number): string {
  const load = index === 0 ? 'loading="eager" fetchpriority="high"' : 'loading="eager" decoding="async"';
  const badges =
    (card.StockStatus === 'OutOfStock' ? '<span class="badge muted">Out of stock</span>' : '') + (card.IsAlcohol ? '<span class="badge">18+</span>' : '');
  return (
    `<li class="product-card"><a href="/product/${escapeHtml(encodeURIComponent(card.ProductID))}" class="product-card-link">` +
    `<img src="${escapeHtml(card.Image)}" alt="" ${load} width="400" height="400" class="product-card-image" />` +
    `<span class="product-card-name">${escapeHtml(card.Name.en)}</span>` +
    `<span class="product-card-meta"><span class="price" data-currency="${escapeHtml(card.Currency)}">From ${escapeHtml(formatPrice(card.Price, card.Currency))}</span>${badges}</span>` +
    `</a>${CARD_HEART}</li>`
  );
}

/** The count over the results as the SPA words it: "1 product", "12 products", "1,000+ products". */
const resultCount = (results: SearchFacts) => {
  const count = results.total.toLocaleString('en');
  return results.capped ? `${count}+ products` : `${count} ${results.total === 1 ? 'product' : 'products'}`;
};

/**
 * A results page as src/features/search/SearchResultScreen.tsx first renders it: heading, the search
 * field (still: it opens a popup), the count and the filter button, then the first row of cards or the
 * empty state; skeletons when the results are not known (filters in the address, a failed read).
 */
function searchShell(term: string, results: SearchFacts | undefined): string {
  const heading = term ? `Results for “${term}”` : 'All products';
  const field =
    `<div class="shell-search-field" aria-hidden="true">${SEARCH_ICON}` +
    `<span${term ? '' : ' class="muted"'}>${escapeHtml(term || 'Search products')}</span></div>`;
  const toolbar =
    `<div class="toolbar"><p class="muted">${results ? escapeHtml(resultCount(results)) : ''}</p>` +
    '<div class="shell-search-actions" aria-hidden="true"><span class="chip-button">Filter and sort</span></div></div>';
  let body: string;
  if (!results) body = skeletonGrid(FIRST_ROW);
  else if (results.cards.length) {
    body = `<div><ul class="product-grid" aria-label="Search results">${results.cards.map(productCard).join('')}</ul></div>`;
  } else {
    const nearest = results.didYouMean;
    body =
      `<div class="empty-state"><p>${term ? `Nothing matches “${escapeHtml(term)}”.` : 'Nothing matches these filters.'}</p>` +
      (nearest
        ? `<p class="search-did-you-mean">Did you mean <a href="${escapeHtml(encodePath(['search_result', nearest]))}">${escapeHtml(nearest)}</a>?</p>`
        : '<p class="muted">Check the spelling, or try a more general word.</p>') +
      '</div>';
  }
  return `<header class="page-head"><h1>${escapeHtml(heading)}</h1></header>${field}${toolbar}${body}`;
}

/**
 * The shell's own rules: the entry stylesheet has the top bar, the page frame and the skeletons; the
 * banner and gallery rules come with the screens' chunks, so their shapes are given here.
 */
export const SHELL_STYLE = [
  '.shell-banner{position:relative;overflow:hidden;margin:var(--space-1) 0 var(--space-5);border-radius:var(--radius-l);background:var(--paper-sunken)}',
  '.shell-banner-image{display:block;width:100%;height:auto;aspect-ratio:4/3.4;object-fit:cover}',
  '.shell-wide .shell-banner-image{aspect-ratio:16/9}',
  '.shell-banner-text{position:absolute;inset:auto 0 0;display:flex;flex-direction:column;gap:2px;margin:0;padding:var(--space-7) var(--space-4) var(--space-4);color:#fff;background:linear-gradient(to top,rgb(20 17 13/.84),rgb(20 17 13/0))}',
  '.shell-banner-title{font-family:var(--font-serif);font-size:1.3rem;font-weight:600}',
  '.shell-product{display:grid;gap:var(--space-5)}',
  '.shell-gallery{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:var(--radius-l);background:var(--paper-sunken)}',
  '.shell-lines{display:grid;gap:var(--space-3);margin-top:var(--space-4)}.shell-lines .skeleton{height:1.2em}',
  // The results page's search field and toolbar (features/search/search.css .search-field-button, .search-toolbar-actions).
  '.shell-search-field{display:flex;align-items:center;gap:var(--space-3);width:100%;max-width:640px;min-height:var(--tap);padding:0 var(--space-4);border:1px solid #8a7d6c;border-radius:var(--radius-pill);background:var(--surface);color:var(--ink);box-sizing:border-box}',
  '.shell-search-actions{display:flex;align-items:center;gap:var(--space-3)}',
  '@media (min-width:600px){.shell-banner-image{aspect-ratio:16/10}.shell-wide .shell-banner-image{aspect-ratio:3/1}.shell-gallery{max-width:560px;margin-inline:auto}}',
  '@media (min-width:900px){.shell-banner-image{aspect-ratio:21/9}.shell-product{grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:var(--space-7)}.shell-gallery{max-width:none}}',
].join('');

// -------------------------------------------------------------------------------------- head

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

/** Query parameters of a results page that change its results (src/features/search/search-params.ts). */
const RESULT_FILTERS = ['type', 'attr', 'min', 'max', 'sort'];
/** Whether an address's query sets a results page's filters or sort. */
export const filtersResults = (query: URLSearchParams) => RESULT_FILTERS.some((name) => query.get(name));

/** A page's head and shell, with the promises it read from (the caller keeps the page while they stay the same). */
export async function pageHead(
  pathname: string,
  facts: PageFacts,
  options: PageHeadOptions,
  visit: PageVisit = {},
): Promise<{ head: PageHead; sources: unknown[] }> {
  const base = options.publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => (/^https?:/.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`);
  const route = routeOf(pathname, options);
  const canonical = base + canonicalPath(route, pathname);
  const page = (name: string | undefined, rest: Partial<PageHead> & { shell: string }): PageHead => ({
    status: 200,
    title: documentTitle(name),
    description: SHOP_DESCRIPTION,
    canonical,
    ogType: 'website',
    image: absolute(SHOP_IMAGE),
    ...rest,
  });
  /** The SPA's not-found page: a product's has a heading of its own (ProductNotFound). */
  const notFound = (heading = NOT_FOUND): PageHead => {
    const { canonical: _none, ...head } = page(NOT_FOUND, { shell: shell(`<h1>${heading}</h1>`) });
    return { ...head, status: 404 };
  };

  switch (route.kind) {
    case 'home': {
      const source = facts.homeBanner();
      const banner = await source;
      return {
        sources: [source],
        head: page('Tea, coffee, incense and spirits', {
          ...(banner ? { image: absolute(banner.image), preloadImage: banner.image } : {}),
          shell: shell(
            `<h1 class="visually-hidden">${escapeHtml(SHOP_NAME)}</h1>${banner ? bannerFigure(banner, 'shell-big') : ''}${skeletonTitle}${skeletonGrid(4)}`,
          ),
        }),
      };
    }
    case 'new-in': {
      if (route.typeId === undefined) {
        return { sources: [], head: page('New in', { shell: shell(`<h1>New in</h1>${skeletonGrid(4)}`) }) };
      }
      const source = facts.productType(route.typeId);
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
    }
    case 'product': {
      const source = facts.product(route.id);
      const product = await source;
      if (!product) return { sources: [source], head: notFound('Product not found') };
      const picture = product.images[0]!;
      return {
        sources: [source],
        head: page(product.name, {
          description: summary(product.description),
          ogType: 'product',
          image: absolute(picture),
          preloadImage: picture,
          jsonLd: productJsonLd(product, canonical, absolute),
          shell: shell(
            `<div class="shell-product">${heroImage(picture, product.name, 'shell-gallery')}` +
              `<div><h1>${escapeHtml(product.name)}</h1>${skeletonLines(4)}</div></div>`,
          ),
        }),
      };
    }
    case 'event': {
      const source = facts.event(route.id);
      const event = await source;
      if (!event) return { sources: [source], head: notFound('Event not found') };
      return {
        sources: [source],
        head: page(event.title, {
          description: summary(event.description),
          image: absolute(event.image),
          preloadImage: event.image,
          // An event with no session to come has no date to give: no Event data.
          ...(event.sessions.length ? { jsonLd: eventJsonLd(event, canonical, absolute) } : {}),
          shell: shell(
            `<div class="shell-product">${heroImage(event.image, event.title, 'shell-gallery')}` +
              `<div><h1>${escapeHtml(event.title)}</h1>` +
              `<p class="muted">${escapeHtml(`${event.hostName} · ${event.venue}, ${event.district}`)}</p>${skeletonLines(4)}</div></div>`,
          ),
        }),
      };
    }
    case 'search': {
      const keyword = route.keyword;
      const name = route.boxset ? (keyword ? `Box sets for “${keyword}”` : 'Box sets') : keyword ? `Search results for “${keyword}”` : 'Search';
      const description = keyword
        ? `${route.boxset ? 'Box sets' : 'Tea, coffee, incense and spirits'} matching “${keyword}” at ${SHOP_NAME}, Hong Kong.`
        : SHOP_DESCRIPTION;
      if (route.boxset) return { sources: [], head: page(name, { description, shell: shell(`<h1>${escapeHtml(name)}</h1>${skeletonGrid(4)}`) }) };
      const term = searchKeywordOf(keyword);
      if (visit.filtered) return { sources: [], head: page(name, { description, shell: shell(searchShell(term, undefined)) }) };
      const source = facts.searchResults(term, visit.currency ?? 'HKD', FIRST_ROW);
      // A failed read is not kept (page-facts): the page falls back to skeletons, and the next visit reads again.
      const results = await source.catch(() => undefined);
      const picture = results?.cards[0]?.Image;
      return {
        sources: [source],
        head: page(name, { description, ...(picture ? { preloadImage: picture } : {}), shell: shell(searchShell(term, results)) }),
      };
    }
    case 'information': {
      const source = facts.information(route.id);
      const info = await source;
      if (!info) return { sources: [source], head: notFound() };
      return {
        sources: [source],
        head: page(info.title, { description: summary(info.text), shell: shell(`<h1>${escapeHtml(info.title)}</h1>${skeletonLines(6)}`) }),
      };
    }
    case 'titled':
      return { sources: [], head: page(route.name, { shell: shell(skeletonTitle) }) };
    case 'not-found':
      return { sources: [], head: notFound() };
  }
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
    meta('property', 'og:title', head.title),
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
export function createPages(facts: PageFacts, options: PageHeadOptions, template: () => string) {
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
    const html = renderPage(template(), head).replace(/<\/head>/i, () => `  <meta name="sg-currency" content="${escapeHtml(currency)}" />\n  </head>`);
    const page: RenderedPage = { status: head.status, variants: precompress(html) };
    if (head.status === 200) {
      kept.delete(key);
      kept.set(key, { sources, page });
      if (kept.size > MAX_PAGES) kept.delete(kept.keys().next().value!);
    }
    return page;
  };
}
