/**
 * The stack-only floor (DESIGN §10): the libraries the SPA is built on, each used just enough
 * that the bundler keeps what a real first load needs, and nothing of our own. `npm run bench`
 * builds it next to the real SPA; the difference is our own code on first load.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { useActor } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as v from 'valibot';
import { createActor, createMachine } from 'xstate';

const Settings = v.object({ locale: v.picklist(['en', 'zh-Hant']), currency: v.picklist(['HKD', 'USD']) });
const settings = v.parse(Settings, JSON.parse(localStorage.getItem('floor') ?? '{"locale":"en","currency":"HKD"}'));

const toggle = createMachine({
  id: 'toggle',
  initial: 'closed',
  states: { closed: { on: { TOGGLE: 'open' } }, open: { on: { TOGGLE: 'closed' } } },
});
const background = createActor(toggle).start();

i18n.loadAndActivate({ locale: settings.locale, messages: {} });
const queryClient = new QueryClient();

function Home() {
  const [state, send] = useActor(toggle);
  const query = useQuery({ queryKey: ['settings'], queryFn: () => Promise.resolve(settings.currency) });
  return (
    <Dialog.Root open={state.matches('open')} onOpenChange={() => send({ type: 'TOGGLE' })}>
      <Dialog.Trigger>{i18n._('Open')}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay />
        <Dialog.Content>
          <Dialog.Title>{query.data}</Dialog.Title>
          <Dialog.Description>{background.getSnapshot().value as string}</Dialog.Description>
          <Dialog.Close>×</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Home />
      <Outlet />
    </>
  ),
});
const router = createRouter({ routeTree: rootRoute });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
