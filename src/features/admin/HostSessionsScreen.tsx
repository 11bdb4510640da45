import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { StaffSession } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { adminColumns, AdminTable, Pager, useKeysetPages, type AdminColumn } from './AdminTable.tsx';
import { downloadCsv, safeFileName } from './download-csv.ts';
import { hostQueries, type HostSessionFilters } from './host-queries.ts';
import { BookingCard } from './SessionGuestList.tsx';
import { SessionResults } from './SurveyResultsScreen.tsx';
import './sessions.css';

type When = NonNullable<HostSessionFilters['When']>;
const PAGE_SIZE = 25;

/** A link to the session's gathering host page (/host/<id>), where the host opens the room and checks tickets in. */
function HostPageLink({ session, label, children }: { session: StaffSession; label?: string; children: ReactNode }) {
  return session.GatheringID ? (
    <Link to="/host/$gatheringID" params={{ gatheringID: session.GatheringID }} aria-label={label} className="small">
      {children}
    </Link>
  ) : null;
}

/**
 * A host's back office (issue 32): the sessions they host, upcoming or past, paged on the server, each with its
 * fill and a link to its gathering's host page; a session opened shows its guest list (read-only, checked in or
 * not: tickets are checked in on the host page) and its guests' survey results.
 */
export function HostSessionsScreen() {
  const { api } = useServices();
  const { t } = useLingui();
  const bilingual = useBilingual();
  const errorText = useAdminErrorText();
  const [when, setWhen] = useState<When>('upcoming');
  const [open, setOpen] = useState<StaffSession | null>(null);
  const pages = useKeysetPages();
  const whenId = useId();

  const list = useQuery(hostQueries.sessions(api, { When: when, Size: PAGE_SIZE }, pages.key));
  const code = errorCode(list.error);
  const reason = code ? errorText(code, 'load') : '';
  const busy = list.isFetching;

  const columns = useMemo((): AdminColumn<StaffSession>[] => {
    const col = adminColumns<StaffSession>();
    return [
      col.display({ id: 'event', header: () => t`Event`, cell: (c) => bilingual(c.row.original.EventName) }),
      col.accessor('StartAt', {
        header: () => t`Starts (Hong Kong time)`,
        cell: (c) => (
          <span className="admin-nowrap">
            {hongKongDateTime(c.getValue())}–{hongKongDateTime(c.row.original.EndAt).slice(11)}
          </span>
        ),
      }),
      col.display({
        id: 'fill',
        header: () => t`Seats`,
        cell: (c) => {
          const { SeatsSold: sold, Capacity: capacity } = c.row.original;
          return <Trans>{sold} of {capacity} booked</Trans>;
        },
      }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const s = c.row.original;
          const name = bilingual(s.EventName);
          const start = hongKongDateTime(s.StartAt);
          return (
            <div className="admin-actions">
              <button type="button" className="button small" aria-label={t`Guests and survey results of ${name} on ${start}`} onClick={() => setOpen(s)}>
                <Trans>Guests and results</Trans>
              </button>
              <HostPageLink session={s} label={t`Host page of ${name} on ${start}`}>
                <Trans>Host page</Trans>
              </HostPageLink>
            </div>
          );
        },
      }),
    ];
  }, [t, bilingual]);

  return (
    <section className="admin-screen" aria-labelledby="admin-my-sessions-title">
      <h2 id="admin-my-sessions-title">
        <Trans>My sessions</Trans>
      </h2>
      {open ? (
        <HostSession session={open} onBack={() => setOpen(null)} />
      ) : (
        <>
          <div className="admin-filters" role="group" aria-label={t`Which sessions`}>
            <div className="field">
              <label htmlFor={whenId}>
                <Trans>Show</Trans>
              </label>
              <select
                id={whenId}
                value={when}
                onChange={(e) => {
                  setWhen(e.target.value as When);
                  pages.reset();
                }}
              >
                <option value="upcoming">{t`Upcoming`}</option>
                <option value="past">{t`Past`}</option>
              </select>
            </div>
          </div>
          <AdminTable
            caption={when === 'upcoming' ? <Trans>Sessions you host, soonest first</Trans> : <Trans>Sessions you hosted, latest first</Trans>}
            columns={columns}
            rows={list.data?.SessionList}
            rowId={(s) => s.SessionID}
            empty={when === 'upcoming' ? <Trans>You host no upcoming session.</Trans> : <Trans>You have hosted no session yet.</Trans>}
            failed={code ? <Trans>Your sessions could not be loaded. {reason}</Trans> : undefined}
            onRetry={() => void list.refetch()}
            busy={busy}
          />
          <Pager pages={pages} list={list} busy={busy} label={t`Pages of your sessions`} />
        </>
      )}
    </section>
  );
}

/** One of the host's sessions: its host page, its guest list and its survey results. */
function HostSession({ session, onBack }: { session: StaffSession; onBack: () => void }) {
  const bilingual = useBilingual();
  const name = bilingual(session.EventName);
  const when = hongKongDateTime(session.StartAt);
  return (
    <>
      <div className="admin-guests-head">
        <h3>
          <Trans>
            {name}, {when} (Hong Kong time)
          </Trans>
        </h3>
        <div className="admin-actions">
          <HostPageLink session={session}>
            <Trans>Open the host page</Trans>
          </HostPageLink>
          <button type="button" className="button small" onClick={onBack}>
            <Trans>Back to my sessions</Trans>
          </button>
        </div>
      </div>
      <HostGuestList session={session} />
      <section aria-labelledby="admin-host-results-title">
        <h3 id="admin-host-results-title">
          <Trans>Survey results</Trans>
        </h3>
        <SessionResults sessionId={session.SessionID} />
      </section>
    </>
  );
}

/** The session's paid bookings, each seat's ticket checked in or not, read-only; and the same as a CSV file. */
function HostGuestList({ session }: { session: StaffSession }) {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const guests = useQuery(hostQueries.guests(api, session.SessionID));
  const code = errorCode(guests.error);
  const reason = code ? errorText(code, 'load') : '';
  const bookings = guests.data?.BookingList;
  const seats = bookings?.reduce((sum, b) => sum + b.Seats, 0) ?? 0;
  const checkedIn = bookings?.reduce((sum, b) => sum + b.Guests.filter((g) => g.CheckedIn).length, 0) ?? 0;
  return (
    <section className="admin-guests" aria-labelledby="admin-host-guests-title" aria-busy={guests.isFetching}>
      <div className="admin-guests-head">
        <h3 id="admin-host-guests-title">
          <Trans>Guests</Trans>
        </h3>
        <button
          type="button"
          className="button small"
          disabled={!guests.data}
          onClick={() => guests.data && downloadCsv(`guests-${safeFileName(session.SessionID)}.csv`, guests.data.CSV)}
        >
          <Trans>Download CSV</Trans>
        </button>
      </div>
      {code ? (
        <RetryAlert onRetry={() => void guests.refetch()}>
          <Trans>The guest list could not be loaded. {reason}</Trans>
        </RetryAlert>
      ) : !bookings ? (
        <p className="muted" role="status">
          <Trans>Loading the guest list…</Trans>
        </p>
      ) : bookings.length === 0 ? (
        <p className="muted" role="status">
          <Trans>No paid booking yet.</Trans>
        </p>
      ) : (
        <>
          <p role="status">
            {plural(bookings.length, { one: '# booking', other: '# bookings' })} · {plural(seats, { one: '# seat', other: '# seats' })} ·{' '}
            {t`${checkedIn} checked in`}
          </p>
          <ul className="admin-bookings">
            {bookings.map((b) => (
              <BookingCard key={b.OrderID} booking={b} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
