import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SubscriptionRecord, SubscriptionTab } from '../../../contract/index.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { formatDate } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { RecordList, RecordRow, RecordTabs } from '../../ui/RecordTabs.tsx';
import { useDurationWords, useStatusWords } from './subscription-words.tsx';
import './subscriptions.css';

const TABS: readonly SubscriptionTab[] = ['ongoing', 'ended'];

/** Spec §2 popup "subscriptions", §3: the member's subscriptions in the ongoing and ended tabs. */
export function SubscriptionsPopup({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const titles: Record<SubscriptionTab, string> = { ongoing: t`Ongoing`, ended: t`Ended` };
  return (
    <Popup title={<Trans>My subscriptions</Trans>} onClose={onClose}>
      <RecordTabs tabs={TABS} titles={titles} label={t`Subscriptions by state`} className="subscription-tabs">
        {(tab) => <Records tab={tab} onClose={onClose} />}
      </RecordTabs>
    </Popup>
  );
}

function Records({ tab, onClose }: { tab: SubscriptionTab; onClose: () => void }) {
  const { api } = useServices();
  const list = useQuery(subscriptionQueries.records(api, tab));
  return (
    <RecordList
      list={list}
      loading={<Trans>Loading your subscriptions…</Trans>}
      failed={<Trans>Your subscriptions could not be loaded.</Trans>}
      empty={
        <>
          <p className="muted">{tab === 'ongoing' ? <Trans>You have no ongoing subscription.</Trans> : <Trans>No ended subscriptions.</Trans>}</p>
          {tab === 'ongoing' && (
            <Link to="/subscription" className="button small" onClick={onClose}>
              <Trans>See the plans</Trans>
            </Link>
          )}
        </>
      }
    >
      {(record) => <SubscriptionRow key={record.RecordID} record={record} onClose={onClose} />}
    </RecordList>
  );
}

function SubscriptionRow({ record, onClose }: { record: SubscriptionRecord; onClose: () => void }) {
  const pick = useBilingual();
  const words = useDurationWords();
  const status = useStatusWords();
  const next = record.NextBillingDate ? formatDate(record.NextBillingDate) : undefined;
  const end = record.EndDate ? formatDate(record.EndDate) : undefined;
  return (
    <RecordRow
      image={record.Plan.Image}
      title={
        <Link to="/subscription_record/$orderID" params={{ orderID: record.OrderID }} className="record-title" onClick={onClose}>
          {pick(record.Plan.Name)}
        </Link>
      }
    >
      <p className="muted small">
        {words.every(record.Plan.Duration)} · <span className="subscription-status" data-status={record.Status}>{status(record.Status)}</span>
      </p>
      <p className="muted small">
        {next ? <Trans>Next billing date {next}</Trans> : end ? (record.Tab === 'ended' ? <Trans>Ended {end}</Trans> : <Trans>Until {end}</Trans>) : null}
      </p>
    </RecordRow>
  );
}
