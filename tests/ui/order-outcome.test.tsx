/**
 * src/app/order-outcome.ts: a finished checkout's outcome waits for the order kinds' registry (a chunk of its
 * own). A member who left the checkout meanwhile is taken nowhere, but what the checkout read of the order
 * is still dropped: the order's page, opened later, reads it anew instead of showing it unpaid.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import type { CheckoutOutput } from '../../machines/checkout/checkout.types.ts';
import { productOrderQuery } from '../../src/api/order-queries.ts';
import { useOrderOutcome } from '../../src/app/order-outcome.ts';
import { createAppRouter } from '../../src/app/router.ts';
import { AppServicesContext, createAppServices } from '../../src/app/services.ts';

function Checkout({ result }: { result: CheckoutOutput | undefined }) {
  useOrderOutcome('product', result);
  return null;
}

it('drops the order the checkout read even when the member left before the registry came, and goes nowhere', async () => {
  const services = createAppServices({ fetch: () => new Promise<Response>(() => {}) });
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: ['/about'] }) });
  const navigate = vi.spyOn(router, 'navigate');
  const orderKey = productOrderQuery(services.api, 'ord-1', false).queryKey;
  services.queryClient.setQueryData(orderKey, { OrderID: 'ord-1', PaymentStatus: 'unpaid' } as never);
  const frame = (children: ReactNode) => (
    <AppServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <RouterContextProvider router={router}>{children}</RouterContextProvider>
      </QueryClientProvider>
    </AppServicesContext.Provider>
  );
  const view = render(frame(<Checkout result={undefined} />));
  view.rerender(frame(<Checkout result={{ outcome: 'confirmed', OrderID: 'ord-1' } as CheckoutOutput} />));
  // Gone before the registry's chunk has come in.
  view.unmount();
  await vi.waitFor(() => expect(services.queryClient.getQueryData(orderKey)).toBeUndefined());
  expect(navigate).not.toHaveBeenCalled();
});
