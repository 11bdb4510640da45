import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { SearchType, SortOrder } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { BOXSET_TYPE_ID, defaultSort, searchOf, searchQueries, type ResultFilters } from './queries.ts';
import './search.css';

// Prices are typed in whole units and sent in minor units (both shop currencies have 2 decimals).
const MINOR_PER_UNIT = 100;
const toUnits = (minor: number | undefined) => (minor === undefined ? '' : String(minor / MINOR_PER_UNIT));
const toMinor = (units: string): number | undefined => {
  const n = Number(units.trim());
  return units.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : Math.round(n * MINOR_PER_UNIT);
};
const toggle = (list: readonly string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/**
 * The filter-and-sort popup of a results page (spec §2): product type (not for box sets),
 * attributes, price range and sort. Applying puts them in the page's URL.
 */
export function FilterSortPopup(props: { searchType: SearchType; keyword: string; filters: ResultFilters; onClose: () => void }) {
  const { api, preferences } = useServices();
  const currency = useStore(preferences).currency ?? 'HKD';
  const { t } = useLingui();
  const pick = useBilingual();
  const navigate = useNavigate();
  const ids = useId();
  const boxsets = props.searchType === 'boxset';
  // Counted over the page's results, with the filters it shows (not those being chosen here).
  const options = useQuery({
    ...searchQueries.filters(api, { searchType: props.searchType, Currency: currency, Keyword: props.keyword, filters: props.filters }),
    meta: { handlesErrors: true },
  });

  const [sort, setSort] = useState<SortOrder>(props.filters.sort ?? defaultSort(props.keyword));
  const [types, setTypes] = useState<string[]>(props.filters.type ?? []);
  const [attrs, setAttrs] = useState<string[]>(props.filters.attr ?? []);
  const [min, setMin] = useState(toUnits(props.filters.min));
  const [max, setMax] = useState(toUnits(props.filters.max));
  const minMinor = toMinor(min);
  const maxMinor = toMinor(max);
  const rangeProblem =
    (min.trim() !== '' && minMinor === undefined) || (max.trim() !== '' && maxMinor === undefined)
      ? t`Enter a price of 0 or more.`
      : minMinor !== undefined && maxMinor !== undefined && minMinor > maxMinor
        ? t`The lowest price must not be above the highest.`
        : undefined;

  const sorts: { value: SortOrder; label: string }[] = [
    ...(props.keyword ? [{ value: 'relevance' as const, label: t`Best match` }] : []),
    { value: 'bestSelling', label: t`Best selling` },
    { value: 'newest', label: t`Newest` },
    { value: 'priceAsc', label: t`Price: low to high` },
    { value: 'priceDesc', label: t`Price: high to low` },
  ];
  // A chosen type stays listed (to be unticked) even when nothing of it is left.
  const typeOptions =
    options.data?.ProductTypeList.filter(
      (ty) => ty.ProductTypeID !== BOXSET_TYPE_ID && (ty.Count > 0 || props.filters.type?.includes(ty.ProductTypeID)),
    ) ?? [];
  const range = options.data?.PriceRange[currency];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (rangeProblem) return;
    const search = searchOf({
      type: boxsets ? undefined : types,
      attr: attrs,
      min: minMinor,
      max: maxMinor,
      sort: sort === defaultSort(props.keyword) ? undefined : sort,
    });
    const params = { keyword: props.keyword || undefined };
    // Navigating closes the popup (spec §2); the results page reads the filters from its URL.
    void (boxsets
      ? navigate({ to: '/search_boxset/{-$keyword}', params, search })
      : navigate({ to: '/search_result/{-$keyword}', params, search }));
  };
  const clear = () => {
    setSort(defaultSort(props.keyword));
    setTypes([]);
    setAttrs([]);
    setMin('');
    setMax('');
  };

  return (
    <Popup title={<Trans>Filter and sort</Trans>} onClose={props.onClose}>
      <form className="form filter-sort" onSubmit={apply} noValidate>
        <fieldset className="filter-group">
          <legend>
            <Trans>Sort by</Trans>
          </legend>
          <div className="choice-grid">
            {sorts.map((s) => (
              <label key={s.value} className="choice-chip">
                <input type="radio" name={`${ids}-sort`} value={s.value} checked={sort === s.value} onChange={() => setSort(s.value)} />
                {s.label}
              </label>
            ))}
          </div>
        </fieldset>

        {options.isPending && (
          <p className="muted">
            <Trans>Loading filters…</Trans>
          </p>
        )}
        {options.isError && (
          <p className="form-error" role="alert">
            <Trans>The filters could not be loaded. You can still sort, or try again later.</Trans>
          </p>
        )}

        {!boxsets && typeOptions.length > 0 && (
          <fieldset className="filter-group">
            <legend>
              <Trans>Product type</Trans>
            </legend>
            <div className="choice-grid">
              {typeOptions.map((ty) => (
                <label key={ty.ProductTypeID} className="choice-chip">
                  <input
                    type="checkbox"
                    checked={types.includes(ty.ProductTypeID)}
                    onChange={(e) => setTypes((list) => toggle(list, ty.ProductTypeID, e.target.checked))}
                  />
                  {pick(ty.Name)}
                  <span className="muted small filter-count">{ty.Count}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        {options.data?.FilterList.map((group) => (
          <fieldset key={group.Group} className="filter-group">
            <legend>{pick(group.Name)}</legend>
            <div className="choice-grid">
              {group.Options.map((o) => (
                <label key={o.AttributeID} className="choice-chip">
                  <input
                    type="checkbox"
                    checked={attrs.includes(o.AttributeID)}
                    onChange={(e) => setAttrs((list) => toggle(list, o.AttributeID, e.target.checked))}
                  />
                  {pick(o.Name)}
                  <span className="muted small filter-count">{o.Count}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}

        <fieldset className="filter-group" aria-describedby={rangeProblem ? `${ids}-range-error` : undefined}>
          <legend>
            <Trans>Price ({currency})</Trans>
          </legend>
          {range && (
            <p className="muted small">
              <Trans>
                Prices run from <Price amount={range.Min} currency={currency} /> to <Price amount={range.Max} currency={currency} />.
              </Trans>
            </p>
          )}
          <div className="field-row">
            <div className="field" data-invalid={!!rangeProblem}>
              <label htmlFor={`${ids}-min`}>
                <Trans>Lowest</Trans>
              </label>
              <input id={`${ids}-min`} type="number" inputMode="decimal" min={0} step="any" value={min} onChange={(e) => setMin(e.target.value)} aria-invalid={!!rangeProblem} />
            </div>
            <div className="field" data-invalid={!!rangeProblem}>
              <label htmlFor={`${ids}-max`}>
                <Trans>Highest</Trans>
              </label>
              <input id={`${ids}-max`} type="number" inputMode="decimal" min={0} step="any" value={max} onChange={(e) => setMax(e.target.value)} aria-invalid={!!rangeProblem} />
            </div>
          </div>
          {rangeProblem && (
            <p id={`${ids}-range-error`} className="field-error" role="alert">
              {rangeProblem}
            </p>
          )}
        </fieldset>

        <div className="filter-actions">
          <button type="button" className="button" onClick={clear}>
            <Trans>Clear all</Trans>
          </button>
          <button type="submit" className="button primary">
            <Trans>Show results</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
