import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/**
 * Spec §2 subscription_record/{orderID}: a subscription (any of its orders' ids, or its RecordID): its
 * status, next billing date, end date, billing history, delivery address, card; cancel; pay a cycle
 * waiting for payment (the renewal mail links here).
 */
export const Route = createFileRoute('/subscription_record/$orderID')({
  beforeLoad: requireLogin,
  staticData: { title: msg`My subscription` },
  component: lazyScreen(() => import('../../features/subscriptions/SubscriptionRecordScreen.tsx'), 'SubscriptionRecordScreen'),
});
