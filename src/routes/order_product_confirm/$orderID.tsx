import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PaymentMethod } from '../../../contract/index.ts';
import { requireLogin } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/**
 * The order confirmation; also where the browser comes back from a provider's page (`payment`, or
 * Stripe's `payment_intent`). A one-time page: never a target when returning after sign-in.
 */
export const Route = createFileRoute('/order_product_confirm/$orderID')({
  beforeLoad: requireLogin,
  validateSearch: v.object({
    payment: optional(v.pipe(v.string(), v.maxLength(200))),
    payment_intent: optional(v.pipe(v.string(), v.maxLength(200))),
    method: optional(PaymentMethod),
  }),
  staticData: { title: msg`Your order`, skipFromRedirect: true },
  component: lazyScreen(() => import('../../features/checkout/OrderConfirmScreen.tsx'), 'OrderConfirmScreen'),
});
