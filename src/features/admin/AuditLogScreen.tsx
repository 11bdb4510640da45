import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { AUDIT_PAGE_MAX, AuditSort, type AuditEntry } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { OwnerOnly } from './OwnerOnly.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { adminQueries, type AuditFilters } from './queries.ts';
import { useAdminAccess } from './use-admin-access.ts';

/** The actions the back office writes today, offered as suggestions (any other action can be typed). */
const KNOWN_ACTIONS = ['order.ship', 'order.cancel', 'refund.pay', 'staff-role.set'];

/** list-audit-log's order without a Sort. */
const NEWEST_FIRST: AuditSort = { Field: 'At', Direction: 'desc' };

/** The audit log (issue 32, the owner's only): every change made through the back office, newest first. */
export function AuditLogScreen() {
  const access = useAdminAccess();
  if (access.data !== 'owner') return <OwnerOnly />;
  return <AuditLog />;
}

/** `datetime-local` (the reader's clock) as an ISO 8601 instant, which list-audit-log's Before takes. */
function instantOf(local: string): string | undefined {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : undefined;
}

function AuditLog() {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const [typed, setTyped] = useState({ action: '', before: '' });
  const [filters, setFilters] = useState<AuditFilters>({});
  const [size, setSize] = useState(50);
  const pages = useKeysetPages();
  const sort = useListSort<AuditSort['Field']>(pages);
  const ids = { action: useId(), before: useId(), actions: useId() };
  const list = useQuery(adminQueries.audit(api, { ...filters, Size: size, ...sort.body }, pages.key));
  // Who did it, by e-mail where the staff list knows them (the owner reads it anyway).
  const staff = useQuery(adminQueries.staff(api));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';

  const columns = useMemo((): AdminColumn<AuditEntry>[] => {
    const col = adminColumns<AuditEntry>();
    const emails = new Map((staff.data ?? []).map((m) => [m.UserID, m.Email]));
    return [
      col.accessor('At', { header: () => t`When`, sortDescFirst: true, cell: (c) => hongKongDateTime(c.getValue()) }),
      col.accessor('ActorUserID', {
        header: () => t`Who`,
        cell: (c) => {
          const id = c.getValue();
          return id === null ? t`The command line` : (emails.get(id) ?? <span className="admin-mono">{id}</span>);
        },
      }),
      col.accessor('Action', { header: () => t`Action`, cell: (c) => <span className="admin-mono">{c.getValue()}</span> }),
      col.accessor('Target', { header: () => t`On`, cell: (c) => <span className="admin-mono">{c.getValue()}</span> }),
      col.display({
        id: 'change',
        header: () => t`Before and after`,
        cell: (c) => (
          <details>
            <summary>
              <Trans>Show the change</Trans>
            </summary>
            <div className="admin-change">
              <div>
                <strong>
                  <Trans>Before</Trans>
                </strong>
                <pre>{JSON.stringify(c.row.original.Before, null, 2)}</pre>
              </div>
              <div>
                <strong>
                  <Trans>After</Trans>
                </strong>
                <pre>{JSON.stringify(c.row.original.After, null, 2)}</pre>
              </div>
            </div>
          </details>
        ),
      }),
    ];
  }, [t, staff.data]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const action = typed.action.trim();
    const before = instantOf(typed.before);
    setFilters({ ...(action ? { Action: action } : {}), ...(before ? { Before: before } : {}) });
    pages.reset();
  };

  return (
    <section className="admin-screen" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">
        <Trans>Audit log</Trans>
      </h2>
      <form className="admin-filters" onSubmit={apply} role="search" aria-label={t`Filter the audit log`}>
        <div className="field">
          <label htmlFor={ids.action}>
            <Trans>Action</Trans>
          </label>
          <input id={ids.action} list={ids.actions} value={typed.action} maxLength={100} onChange={(e) => setTyped({ ...typed, action: e.target.value })} />
          <datalist id={ids.actions}>
            {KNOWN_ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={ids.before}>
            <Trans>Written before</Trans>
          </label>
          <input id={ids.before} type="datetime-local" value={typed.before} onChange={(e) => setTyped({ ...typed, before: e.target.value })} />
        </div>
        <PageSizeField value={size} max={AUDIT_PAGE_MAX} onChange={setSize} pages={pages} />
        <button type="submit" className="button">
          <Trans>Filter</Trans>
        </button>
      </form>
      <AdminTable
        caption={sort.chosen ? <Trans>Changes made through the back office</Trans> : <Trans>Changes made through the back office, newest first</Trans>}
        columns={columns}
        rows={list.data?.AuditLog}
        rowId={(a) => a.ID}
        empty={<Trans>No changes match these filters.</Trans>}
        failed={code ? <Trans>The audit log could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
        sort={sort.table(AuditSort.entries.Field.options, NEWEST_FIRST)}
      />
      <Pager pages={pages} list={list} busy={list.isFetching} label={t`Pages of the audit log`} />
    </section>
  );
}
