import { Trans } from '@lingui/react/macro';
import { createColumnHelper, tableFeatures, useTable, type ColumnDef, type ColumnHelper, type RowData } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { RetryAlert } from '../../ui/RetryAlert.tsx';

/** The back office's tables use TanStack Table's core only: sorting, filtering and paging happen on the server. */
const features = tableFeatures({});
export type AdminTableFeatures = typeof features;
export type AdminColumn<T extends RowData> = ColumnDef<AdminTableFeatures, T, any>;

/** Typed column definitions for a table of T. */
export const adminColumns = <T extends RowData>(): ColumnHelper<AdminTableFeatures, T> => createColumnHelper<AdminTableFeatures, T>();

const NO_ROWS: never[] = [];

/**
 * A table of one page of server rows, named by its caption; while there is nothing to show it says why in words,
 * in the table itself: loading (a status), nothing found, or a failure with Try again (an alert).
 */
export function AdminTable<T extends RowData>(props: {
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
}) {
  const table = useTable({ features, columns: props.columns, data: props.rows ?? NO_ROWS, getRowId: (row) => props.rowId(row) });
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
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
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
                          <table.FlexRender cell={cell} />
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

/** Previous and Next page under a table; Next only when the server said there is more. Named after the table it pages. */
export function Pager({ pages, nextKey, busy, label }: { pages: KeysetPages; nextKey: string | undefined; busy: boolean; label: string }) {
  const page = pages.number;
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
