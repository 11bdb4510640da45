import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { lazyScreen } from '../app/lazy-screen.ts';

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/** Spec §2 payment_fail: where a failed payment on a provider's page comes back to. A one-time page. */
export const Route = createFileRoute('/payment_fail')({
  validateSearch: v.object({
    orderID: optional(v.pipe(v.string(), v.maxLength(100))),
    code: optional(v.pipe(v.string(), v.maxLength(60))),
  }),
  staticData: { title: msg`Payment not completed`, skipFromRedirect: true },
  component: lazyScreen(() => import('../features/checkout/PaymentFailScreen.tsx'), 'PaymentFailScreen'),
});
