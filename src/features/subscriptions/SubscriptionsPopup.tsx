import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { SubscriptionRecord, SubscriptionTab } from '../../../contract/index.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { useDurationWords, useStatusWords } from './subscription-words.tsx';
import './subscriptions.css';

const TABS: readonly SubscriptionTab[] = ['ongoing', 'ended'];

/** Spec §2 popup "subscriptions", §3: the member's subscriptions in the ongoing and ended tabs. */
export function SubscriptionsPopup({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<SubscriptionTab>('ongoing');
  const titles: Record<SubscriptionTab, string> = { ongoing: t`Ongoing`, ended: t`Ended` };
  return (
    <Popup title={<Trans>My subscriptions</Trans>} onClose={onClose}>
      <Tabs.Root className="subscription-tabs" value={tab} onValueChange={(value) => setTab(value as SubscriptionTab)}>
        <Tabs.List className="subscription-tab-list" aria-label={t`Subscriptions by state`}>
          {TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="chip subscription-tab">
              {titles[name]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((name) => (
          <Tabs.Content key={name} value={name} className="subscription-panel">
            {tab === name && <RecordList tab={name} onClose={onClose} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Popup>
  );
}

function RecordList({ tab, onClose }: { tab: SubscriptionTab; onClose: () => void }) {
  const { api } = useServices();
  const list = useQuery(subscriptionQueries.records(api, tab));
  if (list.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading your subscriptions…</Trans>
      </p>
    );
  }
  if (list.isError) {
    return (
      <div>
        <FormError>
          <Trans>Your subscriptions could not be loaded.</Trans>
        </FormError>
        <button type="button" className="button small" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (list.data.length === 0) {
    return (
      <div className="subscription-empty">
        <p className="muted">{tab === 'ongoing' ? <Trans>You have no ongoing subscription.</Trans> : <Trans>No ended subscriptions.</Trans>}</p>
        {tab === 'ongoing' && (
          <Link to="/subscription" className="button small" onClick={onClose}>
            <Trans>See the plans</Trans>
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className="subscription-list">
      {list.data.map((record) => (
        <RecordRow key={record.RecordID} record={record} onClose={onClose} />
      ))}
    </ul>
  );
}

function RecordRow({ record, onClose }: { record: SubscriptionRecord; onClose: () => void }) {
  const pick = useBilingual();
  const words = useDurationWords();
  const status = useStatusWords();
  const next = record.NextBillingDate ? formatDate(record.NextBillingDate) : undefined;
  const end = record.EndDate ? formatDate(record.EndDate) : undefined;
  return (
    <li className="subscription-row">
      <img src={record.Plan.Image} alt="" width={56} height={56} loading="lazy" decoding="async" className="subscription-thumb" />
      <div className="subscription-text">
        <Link to="/subscription_record/$orderID" params={{ orderID: record.OrderID }} className="subscription-title" onClick={onClose}>
          {pick(record.Plan.Name)}
        </Link>
        <p className="muted small">
          {words.every(record.Plan.Duration)} · <span className="subscription-status" data-status={record.Status}>{status(record.Status)}</span>
        </p>
        <p className="muted small">
          {next ? <Trans>Next billing date {next}</Trans> : end ? (record.Tab === 'ended' ? <Trans>Ended {end}</Trans> : <Trans>Until {end}</Trans>) : null}
        </p>
      </div>
    </li>
  );
}
