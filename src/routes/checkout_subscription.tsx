import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireLogin } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/**
 * Spec §2 checkout_subscription (login required). `plan` is the plan chosen on /subscription; `orderID`
 * pays a subscription order waiting for payment (its first cycle again, or a renewal from the record page).
 */
export const Route = createFileRoute('/checkout_subscription')({
  beforeLoad: requireLogin,
  validateSearch: v.object({
    plan: optional(v.pipe(v.string(), v.maxLength(100))),
    orderID: optional(v.pipe(v.string(), v.maxLength(100))),
  }),
  loader: ({ context: { preferences } }) => preferences.resolveCurrency(),
  staticData: { title: msg`Subscribe`, layout: { floatingButtons: false, footer: false } },
  component: lazyScreen(() => import('../features/checkout/subscription/SubscriptionCheckoutScreen.tsx'), 'SubscriptionCheckoutScreen'),
});
