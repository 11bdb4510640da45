import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { EventRecord, EventRecordTab } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { sessionWhen } from '../../ui/event-dates.ts';
import { eventQueries } from './queries.ts';
import './events.css';

const TABS: readonly EventRecordTab[] = ['joined', 'ended', 'cancelled'];

/** Spec §2 popup "my events", §3: the member's event records in three tabs. */
export function MyEventsPopup({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<EventRecordTab>('joined');
  const titles: Record<EventRecordTab, string> = { joined: t`Joined`, ended: t`Ended`, cancelled: t`Cancelled` };
  return (
    <Popup title={<Trans>My events</Trans>} onClose={onClose}>
      <Tabs.Root className="my-events-tabs" value={tab} onValueChange={(value) => setTab(value as EventRecordTab)}>
        <Tabs.List className="my-events-tab-list" aria-label={t`Events by state`}>
          {TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="chip my-events-tab">
              {titles[name]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((name) => (
          <Tabs.Content key={name} value={name} className="my-events-panel">
            {tab === name && <RecordList tab={name} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Popup>
  );
}

function RecordList({ tab }: { tab: EventRecordTab }) {
  const { api } = useServices();
  const list = useQuery(eventQueries.records(api, tab));
  if (list.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading your events…</Trans>
      </p>
    );
  }
  if (list.isError) {
    return (
      <div>
        <FormError>
          <Trans>Your events could not be loaded.</Trans>
        </FormError>
        <button type="button" className="button small" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (list.data.length === 0) {
    return (
      <div className="my-events-empty">
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
      </div>
    );
  }
  return (
    <ul className="my-events-list">
      {list.data.map((record) => (
        <RecordRow key={record.VarianceID} record={record} />
      ))}
    </ul>
  );
}

function RecordRow({ record }: { record: EventRecord }) {
  const pick = useBilingual();
  const { i18n } = useLingui();
  const seats = record.NumberOfSeat;
  const session = record.Session;
  return (
    <li className="my-events-row">
      <img src={session.Image} alt="" width={56} height={56} loading="lazy" decoding="async" className="my-events-thumb" />
      <div className="my-events-text">
        <Link to="/event_record/$eventID/$varianceID" params={{ eventID: record.EventID, varianceID: record.VarianceID }} className="my-events-title">
          {pick(session.Title)}
        </Link>
        <p className="muted small">{sessionWhen(session, i18n.locale)}</p>
        <p className="muted small">
          {pick(session.Location.Name)} ·{' '}
          {record.Role === 'Guest' ? <Trans>Guest ticket</Trans> : <Plural value={seats} one="# seat" other="# seats" />}
        </p>
      </div>
    </li>
  );
}
