import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { FormError } from './Field.tsx';
import './record-tabs.css';

/**
 * A member's records in tabs (the my events and my subscriptions popups): a chip per tab, the first open,
 * and under it the open tab's content only. `className` names the popup's tabs (a place for its own rules).
 */
export function RecordTabs<Tab extends string>(props: {
  tabs: readonly Tab[];
  titles: Record<Tab, string>;
  label: string;
  className: string;
  children: (tab: Tab) => ReactNode;
}) {
  const [tab, setTab] = useState<Tab>(props.tabs[0]!);
  return (
    <Tabs.Root className={`record-tabs ${props.className}`} value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <Tabs.List className="record-tab-list" aria-label={props.label}>
        {props.tabs.map((name) => (
          <Tabs.Trigger key={name} value={name} className="chip record-tab">
            {props.titles[name]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {props.tabs.map((name) => (
        <Tabs.Content key={name} value={name} className="record-panel">
          {tab === name && props.children(name)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** A tab's records as they load: a line while loading, what failed with a retry, `empty` when none, else a row each. */
export function RecordList<Item>(props: {
  list: UseQueryResult<readonly Item[]>;
  loading: ReactNode;
  failed: ReactNode;
  empty: ReactNode;
  children: (record: Item) => ReactNode;
}) {
  const { list } = props;
  if (list.isPending) {
    return (
      <p className="muted" role="status">
        {props.loading}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div>
        <FormError>{props.failed}</FormError>
        <button type="button" className="button small" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (list.data.length === 0) return <div className="record-empty">{props.empty}</div>;
  return <ul className="record-list">{list.data.map(props.children)}</ul>;
}

/** One record: its picture, then `title` (a link with the class record-title) and the lines under it. */
export function RecordRow(props: { image: string; title: ReactNode; children: ReactNode }) {
  return (
    <li className="record-row">
      <img src={props.image} alt="" width={56} height={56} loading="lazy" decoding="async" className="record-thumb" />
      <div className="record-text">
        {props.title}
        {props.children}
      </div>
    </li>
  );
}
