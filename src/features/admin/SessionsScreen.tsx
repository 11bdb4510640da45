import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { STAFF_SESSIONS_PAGE_MAX, StaffSessionSort, type StaffSession } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { Price } from '../../ui/Price.tsx';
import { adminColumns, AdminTable, FilterSelect, PageSizeField, Pager, useKeysetPages, useListSort, type AdminColumn } from './AdminTable.tsx';
import { SessionCancelDialog } from './SessionCancelDialog.tsx';
import { SessionFormDialog, type SessionSaved } from './SessionFormDialog.tsx';
import { SessionGuestList } from './SessionGuestList.tsx';
import { sessionQueries, type SessionFilters } from './sessions-queries.ts';
import { useSessionErrorText } from './sessions-words.ts';
import './sessions.css';

type When = NonNullable<SessionFilters['When']>;

/** staff-list-sessions's order without a Sort: upcoming soonest first, past and cancelled latest first. */
const startOrder = (when: When): StaffSessionSort => ({ Field: 'StartAt', Direction: when === 'upcoming' ? 'asc' : 'desc' });

type Action = { type: 'create' } | { type: 'edit' | 'cancel' | 'guests'; session: StaffSession };

/** The back office's route: its search keeps the event the sessions are filtered by (?event=<id>). */
const route = getRouteApi('/admin/{-$section}');

/** A session's event in the page's language. */
function useEventName(): (s: StaffSession) => string {
  const { i18n } = useLingui();
  return useCallback((s: StaffSession) => (i18n.locale === 'zh-Hant' ? s.EventName.zh || s.EventName.en : s.EventName.en), [i18n.locale]);
}

/**
 * The back office's event sessions (issue 32): upcoming, past or cancelled, paged on the server, of every event
 * or of one (the address's ?event=, as the events section links to it); a new session for an event, a scheduled
 * one changed or cancelled (machines/session-cancel), a session's guest list and CSV.
 */
export function SessionsScreen() {
  const { api } = useServices();
  const { t, i18n } = useLingui();
  const eventName = useEventName();
  const errorText = useSessionErrorText();
  const { event: eventId = '' } = route.useSearch();
  const [when, setWhen] = useState<When>('upcoming');
  const [size, setSize] = useState<number>(25);
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState('');
  const pages = useKeysetPages();
  const sort = useListSort<StaffSessionSort['Field']>(pages);
  // Another event (or none): its first page, not a page key of the one before.
  const [pagedEvent, setPagedEvent] = useState(eventId);
  if (pagedEvent !== eventId) {
    setPagedEvent(eventId);
    pages.reset();
  }

  const filtered = useQuery({ ...sessionQueries.event(api, eventId), enabled: eventId !== '' });
  const event = filtered.data ?? undefined;
  const eventTitle = event ? (i18n.locale === 'zh-Hant' && event.Title.zh ? event.Title.zh : event.Title.en) : eventId;
  const filters: SessionFilters = { When: when, Size: size, ...(eventId ? { EventID: eventId } : {}), ...sort.body };
  const list = useQuery(sessionQueries.list(api, filters, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;
  const close = useCallback(() => setAction(null), []);

  const columns = useMemo((): AdminColumn<StaffSession>[] => {
    const col = adminColumns<StaffSession>();
    return [
      col.accessor((s) => eventName(s), { id: 'Event', header: () => t`Event`, cell: (c) => c.getValue() }),
      col.accessor('StartAt', {
        header: () => t`Starts (Hong Kong time)`,
        sortDescFirst: true,
        cell: (c) => (
          <span className="admin-nowrap">
            {hongKongDateTime(c.getValue())}–{hongKongDateTime(c.row.original.EndAt).slice(11)}
          </span>
        ),
      }),
      col.accessor('Capacity', { header: () => t`Capacity`, sortDescFirst: true, cell: (c) => c.getValue() }),
      col.accessor('SeatsSold', {
        header: () => t`Sold / left`,
        sortDescFirst: true,
        cell: (c) => {
          const { SeatsSold: sold, SeatsLeft: left } = c.row.original;
          return <Trans>{sold} sold, {left} left</Trans>;
        },
      }),
      col.accessor('Price', {
        header: () => t`Price per seat`,
        sortDescFirst: true,
        cell: (c) => (
          <span className="admin-nowrap">
            <Price amount={c.row.original.Price.HKD} currency="HKD" />
            <br />
            <Price amount={c.row.original.Price.USD} currency="USD" />
          </span>
        ),
      }),
      col.display({
        id: 'sale',
        header: () => t`Sale window`,
        cell: (c) => {
          const s = c.row.original;
          const opens = hongKongDateTime(s.SaleOpensAt);
          const closes = hongKongDateTime(s.SaleClosesAt);
          const svip = s.SvipSaleOpensAt ? hongKongDateTime(s.SvipSaleOpensAt) : '';
          return (
            <span className="admin-nowrap">
              {opens} → {closes}
              {svip && (
                <>
                  <br />
                  <span className="muted small">
                    <Trans>SVIP from {svip}</Trans>
                  </span>
                </>
              )}
            </span>
          );
        },
      }),
      col.accessor('Host', {
        header: () => t`Host`,
        cell: (c) => {
          const host = c.getValue();
          const gathering = c.row.original.GatheringID;
          return host ? (
            <>
              {host.Name}
              <br />
              <span className="muted small">{host.Email}</span>
              {gathering && (
                <>
                  <br />
                  {/* The host's page of the session's gathering: staff send it to the host, who opens it with a mailed code. */}
                  <Link to="/host/$gatheringID" params={{ gatheringID: gathering }} className="small">
                    <Trans>Host’s page</Trans>
                  </Link>
                </>
              )}
            </>
          ) : (
            <span className="muted">{t`None named`}</span>
          );
        },
      }),
      col.display({
        id: 'status',
        header: () => t`Status`,
        cell: (c) => {
          const s = c.row.original;
          if (s.Status === 'cancelled') {
            const at = s.CancelledAt ? hongKongDateTime(s.CancelledAt) : '';
            return at ? <Trans>Cancelled {at}</Trans> : <Trans>Cancelled</Trans>;
          }
          // Upcoming or past as the server's clock has it (the list's filter), not this computer's.
          return when === 'past' ? <Trans>Held</Trans> : <Trans>Scheduled</Trans>;
        },
      }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const s = c.row.original;
          const name = eventName(s);
          const start = hongKongDateTime(s.StartAt);
          const scheduled = s.Status === 'scheduled';
          const upcoming = scheduled && when === 'upcoming';
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Guest list of ${name} on ${start}`} onClick={() => setAction({ type: 'guests', session: s })}>
                <Trans>Guests</Trans>
              </button>
              {upcoming && (
                <button type="button" className="button small" aria-label={t`Change the session of ${name} on ${start}`} onClick={() => setAction({ type: 'edit', session: s })}>
                  <Trans>Change</Trans>
                </button>
              )}
              {scheduled && (
                <button type="button" className="button small danger-text" aria-label={t`Cancel the session of ${name} on ${start}`} onClick={() => setAction({ type: 'cancel', session: s })}>
                  <Trans>Cancel</Trans>
                </button>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, eventName, when]);

  const saved = ({ session, created, mailedBookers }: SessionSaved) => {
    const name = eventName(session);
    const start = hongKongDateTime(session.StartAt);
    setAction(null);
    if (created) return setDone(t`Session of ${name} on ${start} created.`);
    setDone(
      mailedBookers > 0
        ? plural(mailedBookers, {
            one: `Session of ${name} saved. # booker was mailed about the new date.`,
            other: `Session of ${name} saved. # bookers were mailed about the new date.`,
          })
        : t`Session of ${name} saved.`,
    );
  };

  if (action?.type === 'guests') {
    return (
      <section className="admin-screen" aria-labelledby="admin-sessions-title">
        <h2 id="admin-sessions-title">
          <Trans>Sessions</Trans>
        </h2>
        <SessionGuestList session={action.session} eventName={eventName(action.session)} onBack={close} />
      </section>
    );
  }

  return (
    <section className="admin-screen" aria-labelledby="admin-sessions-title">
      <div className="admin-sessions-head">
        <h2 id="admin-sessions-title">{eventId ? <Trans>Sessions of {eventTitle}</Trans> : <Trans>Sessions</Trans>}</h2>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setDone('');
            setAction({ type: 'create' });
          }}
        >
          <Trans>New session</Trans>
        </button>
      </div>
      {eventId && (
        <p className="admin-sessions-event">
          {filtered.isError ? (
            <span>
              <Trans>The event could not be loaded: its sessions are listed by its id.</Trans>
            </span>
          ) : filtered.data === null ? (
            <span>
              <Trans>No event has this id.</Trans>
            </span>
          ) : event && !event.Published ? (
            <span className="muted">
              <Trans>This event is hidden from customers.</Trans>
            </span>
          ) : null}
          {/* The section's own address, without ?event=. */}
          <Link to="/admin/{-$section}" params={{ section: 'sessions' }}>
            <Trans>Show the sessions of every event</Trans>
          </Link>
        </p>
      )}
      <div className="admin-filters" role="group" aria-label={t`Which sessions`}>
        <FilterSelect
          label={<Trans>Show</Trans>}
          value={when}
          onChange={setWhen}
          pages={pages}
          options={[
            { value: 'upcoming', label: t`Upcoming` },
            { value: 'past', label: t`Past` },
            { value: 'cancelled', label: t`Cancelled` },
          ]}
        />
        <PageSizeField value={size} max={STAFF_SESSIONS_PAGE_MAX} onChange={setSize} pages={pages} />
      </div>
      <p className="admin-done" role="status">
        {done}
      </p>
      <AdminTable
        caption={
          sort.chosen ? (
            when === 'upcoming' ? (
              <Trans>Upcoming sessions</Trans>
            ) : when === 'past' ? (
              <Trans>Past sessions</Trans>
            ) : (
              <Trans>Cancelled sessions</Trans>
            )
          ) : when === 'upcoming' ? (
            <Trans>Upcoming sessions, soonest first</Trans>
          ) : when === 'past' ? (
            <Trans>Past sessions, latest first</Trans>
          ) : (
            <Trans>Cancelled sessions, latest first</Trans>
          )
        }
        columns={columns}
        rows={list.data?.SessionList}
        rowId={(s) => s.SessionID}
        empty={<Trans>No sessions here.</Trans>}
        failed={code ? <Trans>The sessions could not be loaded. {reason}</Trans> : undefined}
        onRetry={() => void list.refetch()}
        busy={busy}
        sort={sort.table(StaffSessionSort.entries.Field.options, startOrder(when))}
      />
      <Pager pages={pages} list={list} busy={busy} label={t`Pages of sessions`} />
      {action?.type === 'create' && <SessionFormDialog event={event} onClose={close} onSaved={saved} />}
      {action?.type === 'edit' && <SessionFormDialog session={action.session} onClose={close} onSaved={saved} />}
      {action?.type === 'cancel' && <SessionCancelDialog session={action.session} eventName={eventName(action.session)} onClose={close} />}
    </section>
  );
}
