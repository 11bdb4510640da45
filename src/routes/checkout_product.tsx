import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PaymentMethod } from '../../contract/index.ts';
import { requireLogin } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/**
 * Spec §2: checkout_product is login required. `coupon` carries the bag's coupon; `orderID` with
 * `method` pays an order placed before (after a failed payment).
 */
export const Route = createFileRoute('/checkout_product')({
  beforeLoad: requireLogin,
  validateSearch: v.object({
    coupon: optional(v.pipe(v.string(), v.maxLength(40))),
    orderID: optional(v.pipe(v.string(), v.maxLength(100))),
    method: optional(PaymentMethod),
  }),
  loader: ({ context: { preferences } }) => preferences.resolveCurrency(),
  staticData: { title: msg`Checkout`, layout: { floatingButtons: false, footer: false } },
  component: lazyScreen(() => import('../features/checkout/CheckoutScreen.tsx'), 'CheckoutScreen'),
});
