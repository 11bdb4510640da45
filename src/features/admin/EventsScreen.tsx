import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { STAFF_EVENTS_PAGE_MAX, StaffEventSort, type StaffEvent } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { formatNumber } from '../../ui/format.ts';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, FilterSelect, ListSearchField, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { useLocalName } from './catalogue-form.ts';
import { catalogueQueries } from './catalogue-queries.ts';
import { EventFormDialog } from './EventFormDialog.tsx';
import { eventQueries, type EventFilters } from './events-queries.ts';
import './events.css';

type StatusFilter = NonNullable<EventFilters['Status']>;

/** staff-list-events's order without a Sort. */
const BY_ID: StaffEventSort = { Field: 'EventID', Direction: 'asc' };

type Action = { type: 'new' } | { type: 'edit'; event: StaffEvent };

/**
 * The back office's events (issue 32): events filtered and paged on the server, each with its sessions to come,
 * held and cancelled; staff make events and change them (texts in both languages, host, venue, cover, hidden or
 * not). Sessions are the sessions section's: each event links to its own there, and to its page, where
 * customers see its sessions.
 */
export function EventsScreen() {
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
  const sort = useListSort<StaffEventSort['Field']>(pages);

  const types = useQuery(catalogueQueries.productTypes(api));
  const typeName = useMemo(() => {
    const names = new Map((types.data ?? []).map((pt) => [pt.ProductTypeID, pt.Name] as const));
    return (id: string) => {
      const name = names.get(id);
      return name ? localName(name) : id;
    };
  }, [types.data, localName]);

  const filters: EventFilters = { ...(type ? { ProductTypeID: type } : {}), ...(text ? { Text: text } : {}), Status: status, Size: size, ...sort.body };
  const list = useQuery(eventQueries.list(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;

  const columns = useMemo((): AdminColumn<StaffEvent>[] => {
    const col = adminColumns<StaffEvent>();
    const count = (n: number) => formatNumber(n, i18n.locale);
    return [
      // Sorted by its English title (the first line).
      col.accessor((e) => e.Title.en, {
        id: 'Title',
        header: () => t`Event`,
        cell: (c) => {
          const e = c.row.original;
          return (
            <div className="events-event">
              <img src={e.ImageUrl} alt="" width={48} height={48} loading="lazy" />
              <div>
                <span className="events-title">{e.Title.en}</span>
                <br />
                <span lang="zh-Hant">{e.Title.zh}</span>
                <br />
                <span className="admin-mono muted small">{e.EventID}</span>
              </div>
            </div>
          );
        },
      }),
      col.accessor('ProductTypeID', { header: () => t`Type`, cell: (c) => typeName(c.getValue()) }),
      col.display({
        id: 'where',
        header: () => t`Host and venue`,
        cell: (c) => {
          const e = c.row.original;
          return (
            <>
              {localName(e.Host.Name)}
              <br />
              <span className="muted small">
                {localName(e.Location.Name)}, {localName(e.Location.District)}
              </span>
            </>
          );
        },
      }),
      col.accessor('CreatedAt', { header: () => t`Made (Hong Kong time)`, sortDescFirst: true, cell: (c) => <span className="admin-nowrap">{hongKongDateTime(c.getValue())}</span> }),
      col.accessor('Published', { header: () => t`Customers`, cell: (c) => (c.getValue() ? <Trans>Shown</Trans> : <Trans>Hidden</Trans>) }),
      col.display({
        id: 'sessions',
        header: () => t`Sessions`,
        cell: (c) => {
          const e = c.row.original;
          const [upcoming, past, cancelled] = [count(e.Sessions.Upcoming), count(e.Sessions.Past), count(e.Sessions.Cancelled)];
          const next = e.NextSessionAt ? hongKongDateTime(e.NextSessionAt) : '';
          return (
            <>
              <Trans>
                {upcoming} to come, {past} held, {cancelled} cancelled
              </Trans>
              {next && (
                <>
                  <br />
                  <span className="muted small admin-nowrap">
                    <Trans>Next: {next}</Trans>
                  </span>
                </>
              )}
            </>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const e = c.row.original;
          const title = e.Title.en;
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Edit event ${title}`} onClick={() => setAction({ type: 'edit', event: e })}>
                <Trans>Edit</Trans>
              </button>
              <Link to="/admin/{-$section}" params={{ section: 'sessions' }} search={{ event: e.EventID }} aria-label={t`Sessions of ${title} in the back office`}>
                <Trans>Sessions</Trans>
              </Link>
              {e.Published ? (
                <Link to="/event/$eventID" params={{ eventID: e.EventID }} target="_blank" rel="noopener" aria-label={t`Sessions of ${title} on its page (opens a new tab)`}>
                  <Trans>Its page and sessions</Trans>
                </Link>
              ) : (
                <span className="muted small">
                  <Trans>No page while hidden</Trans>
                </span>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, i18n.locale, typeName, localName]);

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
    <section className="admin-screen" aria-labelledby="admin-events-title">
      <div className="events-head">
        <h2 id="admin-events-title">
          <Trans>Events</Trans>
        </h2>
        <button type="button" className="button primary" onClick={() => setAction({ type: 'new' })}>
          <Trans>New event</Trans>
        </button>
      </div>
      <form className="admin-filters" onSubmit={search} role="search" aria-label={t`Find events`}>
        <FilterSelect
          label={<Trans>What is tasted</Trans>}
          value={type}
          onChange={setType}
          pages={pages}
          options={[{ value: '', label: t`Every type` }, ...(types.data ?? []).map((pt) => ({ value: pt.ProductTypeID, label: localName(pt.Name) }))]}
        />
        <FilterSelect
          label={<Trans>Customers see</Trans>}
          value={status}
          onChange={setStatus}
          pages={pages}
          options={[
            { value: 'all', label: t`All events` },
            { value: 'published', label: t`Shown to customers` },
            { value: 'hidden', label: t`Hidden` },
          ]}
        />
        <PageSizeField value={size} max={STAFF_EVENTS_PAGE_MAX} onChange={setSize} pages={pages} />
        <ListSearchField label={<Trans>Title or event id</Trans>} value={typed} maxLength={100} onChange={setTyped} />
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
        caption={sort.chosen ? <Trans>Events</Trans> : <Trans>Events, by id</Trans>}
        columns={columns}
        rows={list.data?.EventList}
        rowId={(e) => e.EventID}
        empty={<Trans>No events match these filters.</Trans>}
        failed={code ? <Trans>The events could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffEventSort.entries.Field.options, BY_ID)}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of events`} />
      {action?.type === 'new' && (
        <EventFormDialog productTypes={types.data ?? []} onClose={close} onSaved={({ Title: { en: title }, EventID: id }) => finished(t`Event ${title} made (${id}).`)} />
      )}
      {action?.type === 'edit' && (
        <EventFormDialog event={action.event} productTypes={types.data ?? []} onClose={close} onSaved={({ Title: { en: title } }) => finished(t`Event ${title} saved.`)} />
      )}
    </section>
  );
}
