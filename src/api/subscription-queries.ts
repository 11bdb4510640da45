import { queryOptions } from '@tanstack/react-query';
import { getSubscriptionOrder, getSubscriptionPlan, getSubscriptionRecord, type Currency, type SubscriptionTab } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

/** While a subscription order waits for its payment, it is read again this often. */
const POLL_MS = 2_000;

/**
 * queryOptions factories of box-set subscriptions, read by the plans, record and popup screens
 * (features/subscriptions) and by the subscription checkout and its confirmation (features/checkout).
 * Member data is keyed under 'member', so signing out clears it.
 */
export const subscriptionQueries = {
  plans: (api: ApiClient, Currency: Currency) =>
    queryOptions({
      queryKey: ['subscriptionPlans', Currency],
      queryFn: ({ signal }) => api.call(getSubscriptionPlan, { Currency }, { signal }).then((r) => r.PlanList),
      // Read again each time a plans page opens (the last answer shows meanwhile): staff change plans' prices, boxes
      // and sale in the back office, and a member must see those at once, not a minute later.
      staleTime: 0,
    }),
  /** The member's subscriptions (started ones), one tab or all. */
  records: (api: ApiClient, Tab?: SubscriptionTab) =>
    queryOptions({
      queryKey: ['member', 'subscriptionRecords', Tab ?? 'all'],
      queryFn: ({ signal }) => api.call(getSubscriptionRecord, Tab ? { Tab } : {}, { signal }).then((r) => r.RecordList),
      meta: { handlesErrors: true },
    }),
  /** A subscription order with its subscription; while it waits for its payment (and `poll`), read again every few seconds. */
  order: (api: ApiClient, RecordID: string, poll: boolean) =>
    queryOptions({
      queryKey: ['member', 'subscriptionOrder', RecordID],
      queryFn: ({ signal }) => api.call(getSubscriptionOrder, { RecordID }, { signal }),
      refetchInterval: (query) => (poll && query.state.data?.Order.PaymentStatus === 'WaitForPayment' ? POLL_MS : false),
      retry: false,
      meta: { handlesErrors: true },
    }),
};
