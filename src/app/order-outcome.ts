import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { CheckoutOutput } from '../../machines/checkout/checkout.types.ts';
import type { EventJoinOutput } from '../../machines/event-join/event-join.types.ts';
import type { SubscriptionCheckoutOutput } from '../../machines/subscription-checkout/subscription-checkout.types.ts';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './lazy-screen.ts';
import type { OrderKind } from './order-kinds.ts';
import { useServices } from './services.ts';

// The registry of order kinds, with every kind's calls and order reads, is needed once a checkout ends: it is
// a chunk of its own, which a checkout fetches as it shows, not in its first load (DESIGN §10).
const loadOrderKinds = () => withTimeout(import('./order-kinds.ts'), CHUNK_LOAD_TIMEOUT_MS);

/** How any kind's checkout ended (its flow's output). */
export type OrderCheckoutResult = CheckoutOutput | EventJoinOutput | SubscriptionCheckoutOutput;

/**
 * Where a finished checkout of any kind goes: the kind's confirmation (paid, or still being decided:
 * the confirmation page waits for it), the provider's page, the FPS QR popup, payment_fail, or back
 * where the member came from (`leave`; the kind's back page unless given). Cancelled stays on the page,
 * which says so. What the checkout read of the order is dropped first: the next page reads it anew.
 */
export function useOrderOutcome(kind: OrderKind, result: OrderCheckoutResult | undefined, leave?: () => void) {
  const { api, popups } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Leaving may close over what the page shows (the event left): the latest, without re-running the effect.
  const onLeave = useRef(leave);
  onLeave.current = leave;
  // A registry that failed to load goes to the route's error screen, as the screen's own chunk would.
  const [failure, setFailure] = useState<{ error: unknown }>();
  if (failure) throw failure.error;
  useEffect(() => void loadOrderKinds().catch(() => {}), []);
  useEffect(() => {
    if (!result) return;
    let mounted = true;
    loadOrderKinds().then(
      ({ orderKinds, confirmLocation }) => {
        const entry = orderKinds[kind];
        const orderID = result.OrderID;
        // What the checkout read of the order is stale even when the member has left the page meanwhile.
        if (orderID) {
          const stale = entry.stale(api, orderID);
          for (const queryKey of stale.remove) queryClient.removeQueries({ queryKey });
          for (const queryKey of stale.invalidate) void queryClient.invalidateQueries({ queryKey });
        }
        // A member who left the checkout before the registry came is not taken anywhere.
        if (!mounted) return;
        switch (result.outcome) {
          case 'confirmed':
          case 'subscribed':
          case 'processing':
            if (orderID) void navigate({ ...confirmLocation(kind, orderID), replace: true });
            break;
          case 'redirect':
            if (result.RedirectURL) window.location.assign(result.RedirectURL);
            break;
          case 'fps':
            if (orderID) popups.open('fpsPayment', { orderID, kind });
            break;
          case 'failed':
            // The checkout page is left behind: going back from payment_fail returns to where the checkout began.
            void navigate({ to: '/payment_fail', search: { orderID, code: result.ErrorCode }, replace: true });
            break;
          case 'backToBag':
          case 'left':
            if (onLeave.current) onLeave.current();
            else void navigate({ to: entry.back.to });
            break;
          case 'cancelled':
            break;
        }
      },
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [kind, result, api, navigate, popups, queryClient]);
}
