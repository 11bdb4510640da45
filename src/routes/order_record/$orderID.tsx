import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireMember } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2: order_record is login + paid-member check. */
export const Route = createFileRoute('/order_record/$orderID')({
  staticData: { title: msg`Order details` },
  beforeLoad: requireMember,
  component: lazyScreen(() => import('../../features/orders/OrderRecordScreen.tsx'), 'OrderRecordScreen'),
});
