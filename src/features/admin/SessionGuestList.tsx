import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { StaffBooking, StaffSession } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { downloadCsv, safeFileName } from './download-csv.ts';
import { sessionQueries } from './sessions-queries.ts';
import { useSessionErrorText } from './sessions-words.ts';

/**
 * A session's guest list: its paid bookings (oldest first), each with every seat's ticket, checked in or not; and
 * the same list as a CSV file for a spreadsheet.
 */
export function SessionGuestList({ session, eventName, onBack }: { session: StaffSession; eventName: string; onBack: () => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useSessionErrorText();
  const guests = useQuery(sessionQueries.guests(api, session.SessionID));
  const code = errorCode(guests.error);
  const reason = code ? errorText(code, 'load') : '';
  const when = hongKongDateTime(session.StartAt);
  const bookings = guests.data?.BookingList;
  const seats = bookings?.reduce((sum, b) => sum + b.Seats, 0) ?? 0;
  const checkedIn = bookings?.reduce((sum, b) => sum + b.Guests.filter((g) => g.CheckedIn).length, 0) ?? 0;

  return (
    <section className="admin-guests" aria-labelledby="admin-guests-title">
      <div className="admin-guests-head">
        <h3 id="admin-guests-title">
          <Trans>
            Guests of {eventName}, {when} (Hong Kong time)
          </Trans>
        </h3>
        <div className="admin-actions">
          <button
            type="button"
            className="button small"
            disabled={!guests.data}
            onClick={() => guests.data && downloadCsv(`guests-${safeFileName(session.SessionID)}.csv`, guests.data.CSV)}
          >
            <Trans>Download CSV</Trans>
          </button>
          <button type="button" className="button small" onClick={onBack}>
            <Trans>Back to the sessions</Trans>
          </button>
        </div>
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

/** One paid booking with its tickets' table (also a host's read-only guest list, HostSessionsScreen). */
export function BookingCard({ booking }: { booking: StaffBooking }) {
  const { t } = useLingui();
  const reference = booking.Reference;
  const paid = booking.PaidAt ? hongKongDateTime(booking.PaidAt) : '';
  return (
    <li className="admin-booking">
      <p>
        <span className="admin-mono">{reference}</span> · {booking.Booker.Name} · {booking.Booker.Email}
        {paid && (
          <>
            {' · '}
            <Trans>Paid {paid}</Trans>
          </>
        )}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>{t`Tickets of booking ${reference}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Seat`}</th>
              <th scope="col">{t`Guest`}</th>
              <th scope="col">{t`Contact number`}</th>
              <th scope="col">{t`Ticket`}</th>
              <th scope="col">{t`Checked in`}</th>
            </tr>
          </thead>
          <tbody>
            {booking.Guests.map((g) => {
              const at = g.CheckedInAt ? hongKongDateTime(g.CheckedInAt) : '';
              const seat = g.SeatNumber;
              return (
                <tr key={g.TicketID}>
                  <td>{g.IsBooker ? t`${seat} (booker)` : seat}</td>
                  <td>{g.Name || <span className="muted">{t`Not named yet`}</span>}</td>
                  <td>{g.ContactNumber || '—'}</td>
                  <td>
                    <span className="admin-mono">{g.TicketID}</span>
                  </td>
                  <td>{g.CheckedIn ? (at ? t`Checked in ${at}` : t`Checked in`) : t`Not checked in`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </li>
  );
}
