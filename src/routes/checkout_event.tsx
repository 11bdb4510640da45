import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MAX_SEATS_PER_ORDER } from '../../contract/index.ts';
import { requireLogin } from '../app/guards.ts';
import { lazyScreen } from '../app/lazy-screen.ts';

const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);
const Seats = v.pipe(v.unknown(), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SEATS_PER_ORDER));

/**
 * Spec §2 checkout_event (login required; spec §5: it needs a variance ID, or an order to pay again).
 * `eventID`, `varianceID` and `seats` come from the event page's Join; `orderID` pays an event order
 * placed before again (from payment_fail).
 */
export const Route = createFileRoute('/checkout_event')({
  beforeLoad: requireLogin,
  validateSearch: v.object({
    eventID: optional(v.pipe(v.string(), v.maxLength(100))),
    varianceID: optional(v.pipe(v.string(), v.maxLength(100))),
    seats: optional(Seats),
    orderID: optional(v.pipe(v.string(), v.maxLength(100))),
  }),
  loader: ({ context: { preferences } }) => preferences.resolveCurrency(),
  staticData: {
    title: msg`Join the event`,
    layout: { floatingButtons: false, footer: false },
  },
  component: lazyScreen(() => import('../features/checkout/event/EventCheckoutScreen.tsx'), 'EventCheckoutScreen'),
});
