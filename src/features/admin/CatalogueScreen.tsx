import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { STAFF_PRODUCTS_PAGE_MAX, StaffProductSort, type StaffProduct, type StaffVariance } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Price } from '../../ui/Price.tsx';
import { formatNumber } from '../../ui/format.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, ListSearchField, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { useLocalName } from './catalogue-form.ts';
import { catalogueQueries, type ProductFilters } from './catalogue-queries.ts';
import { ProductDialog } from './CatalogueProductDialog.tsx';
import { StockDialog } from './CatalogueStockDialog.tsx';
import { VarianceDialog } from './CatalogueVarianceDialog.tsx';
import './catalogue.css';

type StatusFilter = NonNullable<ProductFilters['Status']>;
/** staff-list-products's order without a Sort. */
const BY_ID: StaffProductSort = { Field: 'ProductID', Direction: 'asc' };
/** A product's stock in all its variances (what the Stock sort orders by). */
const stockOf = (p: StaffProduct) => p.Variances.reduce((n, v) => n + v.Stock, 0);

/** The dialog open over the table, with what it works on. */
type Action =
  | { type: 'newProduct' }
  | { type: 'editProduct'; product: StaffProduct }
  | { type: 'addVariance'; product: StaffProduct }
  | { type: 'editVariance'; product: StaffProduct; variance: StaffVariance }
  | { type: 'stock'; product: StaffProduct; variance: StaffVariance };

/**
 * The back office's catalogue (issue 32): products filtered and paged on the server, each with its variances'
 * prices and stock; staff make products, change them and their variances, and adjust stock with a reason.
 */
export function CatalogueScreen() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const errorText = useAdminErrorText();
  const [type, setType] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [size, setSize] = useState<number>(25);
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState('');
  const pages = useKeysetPages();
  const sort = useListSort<StaffProductSort['Field']>(pages);

  const types = useQuery(catalogueQueries.productTypes(api));
  const typeName = useMemo(() => {
    const names = new Map((types.data ?? []).map((pt) => [pt.ProductTypeID, pt.Name] as const));
    return (id: string) => {
      const name = names.get(id);
      return name ? localName(name) : id;
    };
  }, [types.data, localName]);

  const filters: ProductFilters = { ...(type ? { ProductTypeID: type } : {}), ...(text ? { Text: text } : {}), Status: status, Size: size, ...sort.body };
  const list = useQuery(catalogueQueries.products(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;

  const columns = useMemo((): AdminColumn<StaffProduct>[] => {
    const col = adminColumns<StaffProduct>();
    return [
      col.accessor('Name', {
        header: () => t`Product`,
        cell: (c) => {
          const p = c.row.original;
          // What customers see first: the first uploaded picture, else the artwork.
          const picture = p.Photos[0]?.ThumbUrl ?? p.ImageUrls[0];
          return (
            <div className="catalogue-product">
              {picture && <img src={picture} alt="" width={48} height={48} loading="lazy" />}
              <div>
                <span className="catalogue-product-name">{p.Name.en}</span>
                <br />
                <span lang="zh-Hant">{p.Name.zh}</span>
              </div>
            </div>
          );
        },
      }),
      col.accessor('ProductID', { header: () => t`Product id`, cell: (c) => <span className="admin-mono">{c.getValue()}</span> }),
      col.accessor('ProductTypeID', { header: () => t`Type`, cell: (c) => typeName(c.getValue()) }),
      col.accessor('MinPrice', { header: () => t`Lowest price`, sortDescFirst: true, cell: (c) => <Price amount={c.getValue().HKD} currency="HKD" /> }),
      col.accessor(stockOf, { id: 'Stock', header: () => t`Stock in all`, sortDescFirst: true, cell: (c) => formatNumber(c.getValue(), i18n.locale) }),
      col.accessor('CreatedAt', { header: () => t`Added (Hong Kong time)`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.accessor('IsAlcohol', { header: () => t`Alcohol`, cell: (c) => (c.getValue() ? <Trans>Yes, 18+</Trans> : <Trans>No</Trans>) }),
      col.accessor('StopSell', { header: () => t`Sale`, cell: (c) => (c.getValue() ? <Trans>Stopped</Trans> : <Trans>On sale</Trans>) }),
      col.display({
        id: 'variances',
        header: () => t`Variances`,
        cell: (c) => <VarianceList product={c.row.original} onEdit={(variance) => setAction({ type: 'editVariance', product: c.row.original, variance })} onStock={(variance) => setAction({ type: 'stock', product: c.row.original, variance })} />,
      }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const p = c.row.original;
          const name = p.Name.en;
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Edit product ${name}`} onClick={() => setAction({ type: 'editProduct', product: p })}>
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="button small" aria-label={t`Add a variance to ${name}`} onClick={() => setAction({ type: 'addVariance', product: p })}>
                <Trans>Add variance</Trans>
              </button>
            </div>
          );
        },
      }),
    ];
  }, [t, i18n.locale, typeName]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setText(typed.trim());
    pages.reset();
  };
  const finished = (message: string) => {
    setAction(null);
    setDone(message);
  };
  const close = () => setAction(null);

  return (
    <section className="admin-screen" aria-labelledby="admin-catalogue-title">
      <div className="catalogue-head">
        <h2 id="admin-catalogue-title">
          <Trans>Catalogue</Trans>
        </h2>
        <button type="button" className="button primary" onClick={() => setAction({ type: 'newProduct' })}>
          <Trans>New product</Trans>
        </button>
      </div>
      <form className="admin-filters" onSubmit={search} role="search" aria-label={t`Find products`}>
        <FilterSelect
          label={<Trans>Product type</Trans>}
          value={type}
          onChange={setType}
          pages={pages}
          options={[{ value: '', label: t`Every type` }, ...(types.data ?? []).map((pt) => ({ value: pt.ProductTypeID, label: localName(pt.Name) }))]}
        />
        <FilterSelect
          label={<Trans>Sale</Trans>}
          value={status}
          onChange={setStatus}
          pages={pages}
          options={[
            { value: 'all', label: t`All products` },
            { value: 'onSale', label: t`On sale` },
            { value: 'stopped', label: t`Sale stopped` },
          ]}
        />
        <PageSizeField value={size} max={STAFF_PRODUCTS_PAGE_MAX} onChange={setSize} pages={pages} />
        <ListSearchField label={<Trans>Name or product id</Trans>} value={typed} maxLength={100} onChange={setTyped} />
      </form>
      {types.isError && (
        <p className="muted small">
          <Trans>The product types could not be loaded: the type filter lists none.</Trans>
        </p>
      )}
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={sort.chosen ? <Trans>Products</Trans> : <Trans>Products, by id</Trans>}
        columns={columns}
        rows={list.data?.ProductList}
        rowId={(p) => p.ProductID}
        empty={<Trans>No products match these filters.</Trans>}
        failed={code ? <Trans>The products could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffProductSort.entries.Field.options, BY_ID)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of products`} />
      {action?.type === 'newProduct' && (
        <ProductDialog productTypes={types.data ?? []} onClose={close} onSaved={({ Name: { en: name }, ProductID: id }) => finished(t`Product ${name} made (${id}).`)} />
      )}
      {action?.type === 'editProduct' && (
        <ProductDialog product={action.product} productTypes={types.data ?? []} onClose={close} onSaved={({ Name: { en: name } }) => finished(t`Product ${name} saved.`)} />
      )}
      {action?.type === 'addVariance' && (
        <VarianceDialog product={action.product} onClose={close} onSaved={(name) => finished(t`Variance ${name} added.`)} />
      )}
      {action?.type === 'editVariance' && (
        <VarianceDialog product={action.product} variance={action.variance} onClose={close} onSaved={(name) => finished(t`Variance ${name} saved.`)} />
      )}
      {action?.type === 'stock' && (
        <StockDialog
          product={action.product}
          variance={action.variance}
          onClose={close}
          onAdjusted={(v) => {
            const name = v.Name.en;
            const stock = formatNumber(v.Stock, i18n.locale);
            finished(t`Stock of ${name} is now ${stock}.`);
          }}
        />
      )}
    </section>
  );
}

/** A product's variances, each with its prices in both currencies, its stock and what staff do with it. */
function VarianceList({ product, onEdit, onStock }: { product: StaffProduct; onEdit: (v: StaffVariance) => void; onStock: (v: StaffVariance) => void }) {
  const { t, i18n } = useLingui();
  const productName = product.Name.en;
  if (product.Variances.length === 0) {
    return (
      <span className="muted">
        <Trans>No variances</Trans>
      </span>
    );
  }
  return (
    <table className="catalogue-variances">
      <caption className="visually-hidden">
        <Trans>Variances of {productName}</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Variance</Trans>
          </th>
          <th scope="col">HKD</th>
          <th scope="col">USD</th>
          <th scope="col">
            <Trans>Stock</Trans>
          </th>
          <th scope="col">
            <span className="visually-hidden">
              <Trans>Actions</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {product.Variances.map((v) => {
          const name = v.Name.en;
          return (
            <tr key={v.VarianceID}>
              <th scope="row">
                {name}
                {v.StopSell && (
                  <>
                    {' '}
                    <span className="catalogue-stopped">
                      <Trans>sale stopped</Trans>
                    </span>
                  </>
                )}
              </th>
              <td>
                <Price amount={v.Price.HKD} currency="HKD" />
              </td>
              <td>
                <Price amount={v.Price.USD} currency="USD" />
              </td>
              <td className={v.Stock === 0 ? 'catalogue-out' : undefined}>{formatNumber(v.Stock, i18n.locale)}</td>
              <td>
                <div className="admin-actions">
                  <button type="button" className="button small" aria-label={t`Edit variance ${name} of ${productName}`} onClick={() => onEdit(v)}>
                    <Trans>Edit</Trans>
                  </button>
                  <button type="button" className="button small" aria-label={t`Adjust stock of ${name}, ${productName}`} onClick={() => onStock(v)}>
                    <Trans>Adjust stock</Trans>
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
