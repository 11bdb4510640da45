import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PaymentMethod } from '../../../contract/index.ts';
import { requireLogin } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/**
 * The subscription's confirmation; also where the browser comes back from a provider's page (the server
 * settles the payment on the way and adds `payment` and `method`). A one-time page: never a target when
 * returning after sign-in.
 */
export const Route = createFileRoute('/order_subscription_confirm/$orderID')({
  beforeLoad: requireLogin,
  validateSearch: v.object({
    payment: optional(v.pipe(v.string(), v.maxLength(200))),
    method: optional(PaymentMethod),
  }),
  staticData: { title: msg`Your subscription`, skipFromRedirect: true },
  component: lazyScreen(() => import('../../features/checkout/subscription/SubscriptionConfirmScreen.tsx'), 'SubscriptionConfirmScreen'),
});
