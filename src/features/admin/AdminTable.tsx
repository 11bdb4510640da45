import { Trans } from '@lingui/react/macro';
import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnHelper,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useId, useState, type ReactNode } from 'react';
import type { ListSort, SortDirection } from '../../../contract/staff-sort.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

/**
 * The back office's tables use TanStack Table's core and its sorting state only: sorting (manualSorting),
 * filtering and paging happen on the server.
 */
const features = tableFeatures({ rowSortingFeature });
export type AdminTableFeatures = typeof features;
export type AdminColumn<T extends RowData> = ColumnDef<AdminTableFeatures, T, any>;

/** Typed column definitions for a table of T. */
export const adminColumns = <T extends RowData>(): ColumnHelper<AdminTableFeatures, T> => createColumnHelper<AdminTableFeatures, T>();

const NO_ROWS: never[] = [];

/**
 * How a screen sorts its table on the server (contract/staff-sort.ts; OrdersScreen does it):
 *
 *   const pages = useKeysetPages();
 *   const sort = useListSort<StaffOrderSort['Field']>(pages);   // component state, as the screens keep their filters
 *   useQuery(adminQueries.orders(api, { ...filters, ...sort.body }, pages.key));   // Sort sent once one is chosen
 *   <AdminTable … sort={sort.table(StaffOrderSort.entries.Field.options, NEWEST_FIRST)} />
 *
 * NEWEST_FIRST is the order the call answers without a Sort (its header shows as sorted until another is chosen).
 * A caption that names the default order ("newest first") should drop it once `sort.chosen` is set.
 * A column is sortable when its id (the accessor's key, e.g. 'CreatedAt') is one of the call's sort fields;
 * `sortDescFirst: true` on a column (times, amounts) makes its first press sort descending. Choosing a sort
 * starts again at the first page: a page key belongs to the sort that answered it.
 */
export interface TableSort<F extends string = string> {
  /** The call's sortable fields: the ids of the columns that get a sort button. */
  fields: readonly F[];
  /** The sort the rows are in (the list's default until one is chosen). */
  value: ListSort<F>;
  onChange: (sort: ListSort<F>) => void;
}

/**
 * The sort a screen chose (none yet: the list's own default order, so the call is sent without Sort). A paged
 * list passes its pages, which start again at the first when the sort changes.
 */
export function useListSort<F extends string>(pages?: KeysetPages) {
  const [chosen, setChosen] = useState<ListSort<F>>();
  const choose = (sort: ListSort<F>) => {
    setChosen(sort);
    pages?.reset();
  };
  return {
    chosen,
    /** The call's body part: { Sort } once one is chosen. */
    body: chosen ? { Sort: chosen } : {},
    /** AdminTable's sort prop: `fallback` is the order the list answers without a Sort. */
    table: (fields: readonly F[], fallback: ListSort<F>): TableSort<F> => ({ fields, value: chosen ?? fallback, onChange: choose }),
  };
}

const sortingOf = (sort: ListSort | undefined): SortingState => (sort ? [{ id: sort.Field, desc: sort.Direction === 'desc' }] : []);

/** An arrow for the column's sort: up ascending, down descending, both faint while unsorted. */
function SortIcon({ direction }: { direction: SortDirection | false }) {
  return (
    <svg className="admin-sort-icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      {direction !== 'desc' && <path d="M6 1 10 5H2z" opacity={direction ? 1 : 0.35} />}
      {direction !== 'asc' && <path d="M6 11 2 7h8z" opacity={direction ? 1 : 0.35} />}
    </svg>
  );
}

/**
 * A column's header or cell: its definition called as a function inside this one component. TanStack's FlexRender
 * mounts a definition function as a component of its own, so when a screen made its columns again (a query
 * answered, a hook gave a new function) every cell was unmounted and mounted anew: a button or link in a row
 * lost keyboard focus, and an element found a moment before was no longer in the page (a CI failure: the test
 * clicked an events row's link that the search's answer had just replaced). Called, the new definition's output
 * is reconciled with the old, and the DOM stays.
 */
function ColumnContent<C>({ render, context }: { render: ((context: C) => ReactNode) | ReactNode; context: C }): ReactNode {
  return typeof render === 'function' ? (render as (context: C) => ReactNode)(context) : render;
}

/**
 * A table of one page of server rows, named by its caption; while there is nothing to show it says why in words,
 * in the table itself: loading (a status), nothing found, or a failure with Try again (an alert).
 */
export function AdminTable<T extends RowData, F extends string = string>(props: {
  caption: ReactNode;
  columns: AdminColumn<T>[];
  rows: T[] | undefined;
  rowId: (row: T) => string;
  /** Words for an empty page. */
  empty: ReactNode;
  /** Words for a failure (the rows could not be read), with a retry. */
  failed?: ReactNode;
  onRetry: () => void;
  /** A new page is being read (the previous one still shows). */
  busy: boolean;
  /** Sorting on the server (see TableSort); without it no column sorts. */
  sort?: TableSort<F> | undefined;
}) {
  const { sort } = props;
  const sorting = sortingOf(sort?.value);
  const table = useTable({
    features,
    columns: props.columns,
    data: props.rows ?? NO_ROWS,
    getRowId: (row) => props.rowId(row),
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    // A sorted column flips between ascending and descending; the list always has an order.
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      const field = sort?.fields.find((f) => f === next?.id);
      if (field) sort!.onChange({ Field: field, Direction: next!.desc ? 'desc' : 'asc' });
    },
  });
  const width = props.columns.length;
  const rows = table.getRowModel().rows;
  const note = (children: ReactNode, role?: 'status') => (
    <tr>
      <td colSpan={width} className="admin-table-note">
        <div role={role}>{children}</div>
      </td>
    </tr>
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={props.busy || props.rows === undefined}>
        <caption>{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = !header.isPlaceholder && !!sort?.fields.some((f) => f === header.column.id) && header.column.getCanSort();
                const sorted = sortable ? header.column.getIsSorted() : false;
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {header.isPlaceholder ? null : sortable ? (
                      <button type="button" className="admin-sort" onClick={header.column.getToggleSortingHandler()}>
                        <ColumnContent render={header.column.columnDef.header} context={header.getContext()} />
                        <SortIcon direction={sorted} />
                        {sorted && (
                          <span className="visually-hidden">{sorted === 'asc' ? <Trans>, sorted ascending</Trans> : <Trans>, sorted descending</Trans>}</span>
                        )}
                      </button>
                    ) : (
                      <ColumnContent render={header.column.columnDef.header} context={header.getContext()} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.failed
            ? note(<RetryAlert onRetry={props.onRetry}>{props.failed}</RetryAlert>)
            : props.rows === undefined
              ? note(<Trans>Loading…</Trans>, 'status')
              : rows.length === 0
                ? note(props.empty, 'status')
                : rows.map((row) => (
                    <tr key={row.id}>
                      {row.getAllCells().map((cell) => (
                        <td key={cell.id}>
                          <ColumnContent render={cell.column.columnDef.cell} context={cell.getContext()} />
                        </td>
                      ))}
                    </tr>
                  ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Server paging by LastEvaluatedKey: the keys of the pages after the first, as a stack. Next pushes the key the
 * page answered; Previous pops; a new filter starts again at the first page.
 */
export function useKeysetPages() {
  const [keys, setKeys] = useState<string[]>([]);
  return {
    /** The key of the page to read (undefined: the first). */
    key: keys.at(-1),
    /** 1 for the first page. */
    number: keys.length + 1,
    next: (key: string) => setKeys((stack) => [...stack, key]),
    previous: () => setKeys((stack) => stack.slice(0, -1)),
    reset: () => setKeys([]),
  };
}

export type KeysetPages = ReturnType<typeof useKeysetPages>;

/** A keyset-paged list's query, as the Pager reads it. */
interface PagedList {
  isPlaceholderData: boolean;
  data?: { LastEvaluatedKey?: string | undefined } | undefined;
}

/**
 * Previous and Next page under a table; Next only when the server said there is more (not while the rows shown
 * are the previous answer's, kept until the next arrives). Named after the table it pages.
 */
export function Pager({ pages, list, busy, label }: { pages: KeysetPages; list: PagedList; busy: boolean; label: string }) {
  const page = pages.number;
  const nextKey = list.isPlaceholderData ? undefined : list.data?.LastEvaluatedKey;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button small" disabled={pages.number === 1 || busy} onClick={pages.previous}>
        <Trans>Previous page</Trans>
      </button>
      <span aria-live="polite">
        <Trans>Page {page}</Trans>
      </span>
      <button type="button" className="button small" disabled={!nextKey || busy} onClick={() => nextKey && pages.next(nextKey)}>
        <Trans>Next page</Trans>
      </button>
    </nav>
  );
}

/** A list's free-text filter and the filters form's Search button after it. */
export function ListSearchField({
  label,
  value,
  maxLength,
  onChange,
  code = false,
}: {
  label: ReactNode;
  value: string;
  maxLength: number;
  onChange: (text: string) => void;
  /** A code typed as given: no autocomplete, no spelling marks. */
  code?: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="field admin-search">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          {...(code ? { autoComplete: 'off', spellCheck: false } : {})}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <button type="submit" className="button">
        <Trans>Search</Trans>
      </button>
    </>
  );
}

/** The page sizes offered: a few, and the call's most. */
const pageSizes = (max: number) => [...new Set([10, 25, 50, max])].filter((n) => n <= max).sort((a, b) => a - b);

/** "Per page": how many rows a page of the list holds (at most the call's `max`); a new size starts at the first page. */
export function PageSizeField({ value, max, pages, onChange }: { value: number; max: number; pages: KeysetPages; onChange: (size: number) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Per page</Trans>
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          onChange(Number(e.target.value));
          pages.reset();
        }}
      >
        {pageSizes(max).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled select filtering a list on the server; a new choice starts the list again at its first page. */
export function FilterSelect<V extends string>(props: { label: ReactNode; value: V; options: readonly FilterOption<V>[]; pages: KeysetPages; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => {
          props.onChange(e.target.value as V);
          props.pages.reset();
        }}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
