import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { EventRecord, EventRecordTab } from '../../../contract/index.ts';
import { unpaidOrderQueries } from '../../api/unpaid-order-queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { RecordList, RecordRow, RecordTabs } from '../../ui/RecordTabs.tsx';
import { sessionWhen } from '../../ui/event-dates.ts';
import { eventQueries } from './queries.ts';
import './events.css';

const TABS: readonly EventRecordTab[] = ['joined', 'ended', 'cancelled'];

/** Spec §2 popup "my events", §3: the member's event records in three tabs. */
export function MyEventsPopup({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const titles: Record<EventRecordTab, string> = { joined: t`Joined`, ended: t`Ended`, cancelled: t`Cancelled` };
  return (
    <Popup title={<Trans>My events</Trans>} onClose={onClose}>
      <UnpaidBookings />
      <RecordTabs tabs={TABS} titles={titles} label={t`Events by state`} className="my-events-tabs">
        {(tab) => <Records tab={tab} />}
      </RecordTabs>
    </Popup>
  );
}

/**
 * A booking not paid yet is no event record (its seats are only held): the popup says where it is, My orders,
 * where it is paid or cancelled (issue 29).
 */
function UnpaidBookings() {
  const { api, popups } = useServices();
  const pick = useBilingual();
  const unpaid = useQuery(unpaidOrderQueries.list(api));
  const bookings = (unpaid.data ?? []).filter((order) => order.Kind === 'event');
  if (bookings.length === 0) return null;
  return (
    <div className="notice my-events-unpaid" role="status">
      {bookings.map((booking) => {
        const title = pick(booking.Title);
        return (
          <p key={booking.OrderID}>
            <Trans>Your booking of {title} is waiting for payment. Pay for it or cancel it in My orders.</Trans>
          </p>
        );
      })}
      <button type="button" className="button small primary" onClick={() => popups.open('orders')}>
        <Trans>Go to My orders</Trans>
      </button>
    </div>
  );
}

function Records({ tab }: { tab: EventRecordTab }) {
  const { api } = useServices();
  const list = useQuery(eventQueries.records(api, tab));
  return (
    <RecordList
      list={list}
      loading={<Trans>Loading your events…</Trans>}
      failed={<Trans>Your events could not be loaded.</Trans>}
      empty={
        <>
          <p className="muted">
            {tab === 'joined' && <Trans>You have not joined any upcoming event.</Trans>}
            {tab === 'ended' && <Trans>No past events yet.</Trans>}
            {tab === 'cancelled' && <Trans>No cancelled events.</Trans>}
          </p>
          {tab === 'joined' && (
            <Link to="/search_result/{-$keyword}" params={{ keyword: undefined }} className="button small">
              <Trans>Find a tasting</Trans>
            </Link>
          )}
        </>
      }
    >
      {(record) => <EventRecordRow key={record.VarianceID} record={record} />}
    </RecordList>
  );
}

function EventRecordRow({ record }: { record: EventRecord }) {
  const pick = useBilingual();
  const { i18n } = useLingui();
  const seats = record.NumberOfSeat;
  const session = record.Session;
  return (
    <RecordRow
      image={session.Image}
      title={
        <Link to="/event_record/$eventID/$varianceID" params={{ eventID: record.EventID, varianceID: record.VarianceID }} className="record-title">
          {pick(session.Title)}
        </Link>
      }
    >
      <p className="muted small">{sessionWhen(session, i18n.locale)}</p>
      <p className="muted small">
        {pick(session.Location.Name)} ·{' '}
        {record.Role === 'Guest' ? <Trans>Guest ticket</Trans> : <Plural value={seats} one="# seat" other="# seats" />}
      </p>
    </RecordRow>
  );
}
