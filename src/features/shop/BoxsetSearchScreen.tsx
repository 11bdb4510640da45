import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { queries } from '../../api/queries.ts';
import { useServices } from '../../app/services.ts';
import { ProductGrid } from './ProductCard.tsx';
import { useCurrency } from './use-currency.ts';

const route = getRouteApi('/search_boxset/{-$keyword}');

/** Box sets, searchable by keyword (spec §2 search_boxset). */
export function BoxsetSearchScreen() {
  const { api } = useServices();
  const { keyword = '' } = route.useParams();
  const navigate = route.useNavigate();
  const currency = useCurrency();
  const { t } = useLingui();
  const [draft, setDraft] = useState(keyword);
  const search = useInfiniteQuery(queries.boxsetSearch(api, { Currency: currency, Keyword: keyword }));
  const products = search.data?.pages.flatMap((p) => p.ProductList) ?? [];
  const total = search.data?.pages[0]?.Total ?? 0;

  return (
    <div className="page">
      <header className="page-head">
        <h1>
          <Trans>Sensory box sets</Trans>
        </h1>
        <p className="muted">
          <Trans>Curated sets to taste side by side, at home or with friends.</Trans>
        </p>
      </header>
      <form
        role="search"
        className="search-row"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ params: { keyword: draft.trim() || undefined } });
        }}
      >
        <label className="visually-hidden" htmlFor="boxset-keyword">
          <Trans>Search box sets</Trans>
        </label>
        <input id="boxset-keyword" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t`Search box sets`} />
        <button type="submit" className="button primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <p className="muted" aria-live="polite">
        {plural(total, { one: '# box set', other: '# box sets' })}
      </p>
      {products.length === 0 && search.isSuccess ? (
        <p className="empty-state">
          <Trans>No box sets match "{keyword}". Try another word.</Trans>
        </p>
      ) : (
        <ProductGrid products={products} label={t`Box sets`} />
      )}
      {search.hasNextPage && (
        <button type="button" className="button wide" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {search.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
    </div>
  );
}
