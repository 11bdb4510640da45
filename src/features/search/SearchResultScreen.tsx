import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SearchType } from '../../../contract/index.ts';
import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { EventRail } from '../../ui/EventCard.tsx';
import { formatNumber } from '../../ui/format.ts';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { keywordOf, resultFilters, searchOf, searchQueries, type ResultFilters } from './queries.ts';
import './search.css';

const route = getRouteApi('/search_result/{-$keyword}');

/** Spec §2 search_result: the products matching a keyword. */
export function SearchResultScreen() {
  const { keyword } = route.useParams();
  const filters = resultFilters(route.useSearch(), 'product');
  const term = keywordOf(keyword);
  return (
    <SearchResults
      searchType="product"
      keyword={term}
      filters={filters}
      title={term ? <Trans>Results for “{term}”</Trans> : <Trans>All products</Trans>}
    />
  );
}

/** How many filters are set (the sort is not one). */
const activeFilterCount = (f: ResultFilters) =>
  (f.type?.length ?? 0) + (f.attr?.length ?? 0) + (f.min !== undefined || f.max !== undefined ? 1 : 0);

/**
 * A results page: the keyword (tap to search again), the filter-and-sort popup, the product grid
 * with paging, and the empty state. Shared by search_result and search_boxset.
 */
export function SearchResults(props: {
  searchType: SearchType;
  keyword: string;
  filters: ResultFilters;
  title: ReactNode;
  intro?: ReactNode;
}) {
  const { searchType, keyword, filters } = props;
  const { api, session, popups, preferences } = useServices();
  const member = useSelector(session, isLoggedIn);
  const currency = useStore(preferences).currency ?? 'HKD';
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const search = useInfiniteQuery({
    ...searchQueries.results(api, { member, searchType, Currency: currency, Keyword: keyword, filters }),
    // Changing a filter keeps the old results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
  const products = search.data?.pages.flatMap((p) => p.ProductList) ?? [];
  const total = search.data?.pages[0]?.Total ?? 0;
  const capped = search.data?.pages[0]?.TotalCapped === true;
  // Nothing found, and the server knows a keyword near this one that finds something with these filters.
  const didYouMean = search.data?.pages[0]?.DidYouMean;
  const count = formatNumber(total, i18n.locale);
  const filterCount = activeFilterCount(filters);
  const boxsets = searchType === 'boxset';
  const clearFilters = () =>
    void (boxsets
      ? navigate({ to: '/search_boxset/{-$keyword}', params: { keyword: keyword || undefined }, search: { sort: filters.sort } })
      : navigate({ to: '/search_result/{-$keyword}', params: { keyword: keyword || undefined }, search: { sort: filters.sort } }));

  return (
    <div className="page search-results">
      <header className="page-head">
        <h1>{props.title}</h1>
        {props.intro && <p className="muted">{props.intro}</p>}
      </header>

      <button
        type="button"
        className="search-field-button"
        aria-haspopup="dialog"
        onClick={() => popups.open('search', { keyword, searchType })}
      >
        <SearchIcon />
        <span className="visually-hidden">
          <Trans>Change search:</Trans>{' '}
        </span>
        <span className={keyword ? undefined : 'muted'}>
          {keyword || (boxsets ? <Trans>Search box sets</Trans> : <Trans>Search products</Trans>)}
        </span>
      </button>

      <div className="toolbar">
        <p className="muted" aria-live="polite">
          {search.isSuccess &&
            (capped
              ? boxsets
                ? t`${count}+ box sets`
                : t`${count}+ products`
              : boxsets
                ? plural(total, { one: '# box set', other: '# box sets' })
                : plural(total, { one: '# product', other: '# products' }))}
        </p>
        <div className="search-toolbar-actions">
          {filterCount > 0 && (
            <button type="button" className="link-button" onClick={clearFilters}>
              <Trans>Clear filters</Trans>
            </button>
          )}
          <button
            type="button"
            className="chip-button"
            aria-haspopup="dialog"
            onClick={() => popups.open('filterSort', { searchType, keyword, filters })}
          >
            <Trans>Filter and sort</Trans>
            {filterCount > 0 && (
              <span className="search-filter-count">
                <span aria-hidden="true">{filterCount}</span>
                <span className="visually-hidden">{plural(filterCount, { one: '(# filter on)', other: '(# filters on)' })}</span>
              </span>
            )}
          </button>
        </div>
      </div>

      {search.isError && products.length === 0 ? (
        <div className="empty-state" role="alert">
          <p>
            <Trans>The results could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void search.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : search.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : products.length === 0 ? (
        <div className="empty-state">
          <p>
            {keyword ? (
              <Trans>Nothing matches “{keyword}”.</Trans>
            ) : (
              <Trans>Nothing matches these filters.</Trans>
            )}
          </p>
          {didYouMean ? (
            <p className="search-did-you-mean">
              <Trans>
                Did you mean{' '}
                <KeywordLink searchType={searchType} keyword={didYouMean} filters={filters}>
                  {didYouMean}
                </KeywordLink>
                ?
              </Trans>
            </p>
          ) : (
            <p className="muted">
              {filterCount > 0 ? (
                <Trans>Try fewer filters or another word.</Trans>
              ) : (
                <Trans>Check the spelling, or try a more general word.</Trans>
              )}
            </p>
          )}
          {filterCount > 0 && (
            <button type="button" className="button" onClick={clearFilters}>
              <Trans>Clear filters</Trans>
            </button>
          )}
        </div>
      ) : (
        <div aria-busy={search.isPlaceholderData}>
          <ProductGrid products={products} label={boxsets ? t`Box sets` : t`Search results`} firstRow="lcp" />
        </div>
      )}

      {search.hasNextPage && !search.isPlaceholderData && (
        <button type="button" className="button wide" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {search.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
      {search.isFetchNextPageError && (
        <p className="form-error" role="alert">
          <Trans>More results could not be loaded. Please try again.</Trans>
        </p>
      )}

      {searchType === 'product' && keyword && <EventResults keyword={keyword} />}
    </div>
  );
}

/** Tasting events matching the keyword, as a row under the products; nothing when none match. */
function EventResults({ keyword }: { keyword: string }) {
  const { api, preferences } = useServices();
  const currency = useStore(preferences).currency ?? 'HKD';
  const { t } = useLingui();
  const events = useQuery(searchQueries.events(api, keyword, currency));
  if (!events.data?.length) return null;
  return (
    <section aria-labelledby="event-results-title" className="section">
      <h2 id="event-results-title">
        <Trans>Events</Trans>
      </h2>
      <EventRail events={events.data} label={t`Events matching “${keyword}”`} />
    </section>
  );
}

/** A link to the results for another keyword, with the same filters. */
function KeywordLink(props: { searchType: SearchType; keyword: string; filters: ResultFilters; children: ReactNode }) {
  const params = { keyword: props.keyword };
  const search = searchOf(props.filters);
  return props.searchType === 'boxset' ? (
    <Link to="/search_boxset/{-$keyword}" params={params} search={search}>
      {props.children}
    </Link>
  ) : (
    <Link to="/search_result/{-$keyword}" params={params} search={search}>
      {props.children}
    </Link>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
