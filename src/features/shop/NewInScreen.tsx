import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { SortOrder } from '../../../contract/index.ts';
import { shopQueries } from './queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { AddToBag } from './AddToBag.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import './shop.css';

const route = getRouteApi('/new_in/{-$productTypeID}');

export function NewInScreen() {
  const { api } = useServices();
  const { productTypeID } = route.useParams();
  const { sort = 'newest' } = route.useSearch();
  const navigate = route.useNavigate();
  const currency = useCurrency();
  const pick = useBilingual();
  const { t } = useLingui();

  const types = useQuery(shopQueries.productTypes(api));
  const type = useQuery({ ...shopQueries.productType(api, productTypeID ?? ''), enabled: !!productTypeID });
  const banners = useQuery({ ...shopQueries.productBanners(api, productTypeID ?? ''), enabled: !!productTypeID });
  const search = useInfiniteQuery(
    shopQueries.productSearch(api, { Currency: currency, ProductTypeID: productTypeID, Sort: sort, excludeBoxsets: !productTypeID }),
  );
  const products = search.data?.pages.flatMap((p) => p.ProductList) ?? [];
  const total = search.data?.pages[0]?.Total ?? 0;
  const sorts: { value: SortOrder; label: string }[] = [
    { value: 'newest', label: t`Newest` },
    { value: 'bestSelling', label: t`Best selling` },
    { value: 'priceAsc', label: t`Price: low to high` },
    { value: 'priceDesc', label: t`Price: high to low` },
  ];

  return (
    <div className="page">
      <header className="page-head">
        <h1>{type.data && productTypeID ? pick(type.data.Name) : <Trans>New in</Trans>}</h1>
        {type.data && productTypeID && <p className="muted">{pick(type.data.Description)}</p>}
      </header>

      {productTypeID && banners.data?.[0] && (
        <Link to={banners.data[0].Link} className="banner banner-wide">
          <img src={banners.data[0].Image} alt="" className="banner-image" width={800} height={800} loading="eager" fetchPriority="high" />
          <span className="banner-text">
            <span className="banner-title">{pick(banners.data[0].Title)}</span>
            <span className="banner-subtitle">{pick(banners.data[0].Subtitle)}</span>
          </span>
        </Link>
      )}

      <nav aria-label={t`Product types`} className="chip-row">
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: undefined }} search={{ sort }} className="chip" activeOptions={{ exact: true, includeSearch: false }} activeProps={{ 'aria-current': 'page' }}>
          <Trans>All</Trans>
        </Link>
        {types.data?.map((ty) => (
          <Link key={ty.ProductTypeID} to="/new_in/{-$productTypeID}" params={{ productTypeID: ty.ProductTypeID }} search={{ sort }} className="chip" activeOptions={{ includeSearch: false }} activeProps={{ 'aria-current': 'page' }}>
            {pick(ty.Name)}
          </Link>
        ))}
      </nav>

      <div className="toolbar">
        <p className="muted" aria-live="polite">
          {plural(total, { one: '# product', other: '# products' })}
        </p>
        <label className="select-label">
          <Trans>Sort by</Trans>
          <select value={sort} onChange={(e) => void navigate({ search: { sort: e.target.value as SortOrder }, replace: true })}>
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {products.length === 0 && search.isSuccess ? (
        <p className="empty-state">
          <Trans>No products here yet. Try another type.</Trans>
        </p>
      ) : (
        <ProductGrid products={products} label={t`Products`} cardAction={(p) => <AddToBag product={p} />} firstRow={productTypeID ? 'eager' : 'lcp'} />
      )}

      {search.hasNextPage && (
        <button type="button" className="button wide" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {search.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
    </div>
  );
}
