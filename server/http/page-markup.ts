/**
 * The markup of a page's first paint (issue 14, Fast): what #root holds until React's createRoot replaces it
 * (src/main.tsx). The top bar with the shop's name, the page's heading and largest picture where the server
 * knows them, skeleton blocks for the rest; a search results page gets the SPA's heading, search field, count
 * and first row of cards, so that the swap moves nothing. Everything from the database is escaped.
 *
 * The product card below is a copy of src/ui/ProductCard.tsx's first-row markup (the server never loads the
 * SPA's React code); tests/ui/page-head-titles.test.tsx compares the two card by card.
 */
import type { Currency, ProductCard } from '../../contract/index.ts';
import { minorDigits } from '../services/money.ts';
import type { BannerFacts, SearchFacts } from '../services/page-facts.ts';

export const SHOP_NAME = 'Sip & Gather';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export const encodePath = (segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

export const skeletonGrid = (cards: number) =>
  `<div class="skeleton-grid" aria-hidden="true">${'<div class="skeleton skeleton-card"></div>'.repeat(cards)}</div>`;
export const skeletonTitle = '<div class="skeleton skeleton-title" aria-hidden="true"></div>';
export const skeletonLines = (n: number) => `<div class="shell-lines" aria-hidden="true">${'<div class="skeleton"></div>'.repeat(n)}</div>`;

/** The picture the page will show largest: eager, at high priority, its box sized before it loads. */
export const heroImage = (src: string, alt: string, className: string) =>
  `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" class="${className}" width="800" height="800" fetchpriority="high" />`;

export const bannerFigure = (banner: BannerFacts, className: string) =>
  `<div class="shell-banner ${className}">${heroImage(banner.image, '', 'shell-banner-image')}` +
  `<p class="shell-banner-text"><span class="shell-banner-title">${escapeHtml(banner.title)}</span>` +
  `<span>${escapeHtml(banner.subtitle)}</span></p></div>`;

/** The brand mark as the SPA draws it (src/ui/frame-icons.tsx), from index.html's sprite. */
const BRAND_MARK = '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false"><use href="#icon-brand"></use></svg>';

/** The top bar as the SPA draws it (TopMenuBar), the brand alone: its buttons need the script. */
const TOP_BAR =
  '<header class="top-menu"><div class="top-menu-row">' +
  `<a href="/home" class="brand" aria-label="${escapeHtml(SHOP_NAME)} home"><span class="brand-mark" aria-hidden="true">${BRAND_MARK}</span>` +
  `<span class="brand-name">${escapeHtml(SHOP_NAME)}</span></a></div></header>`;

export const shell = (page: string) =>
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
export function searchShell(term: string, results: SearchFacts | undefined): string {
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

