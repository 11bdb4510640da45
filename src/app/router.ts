import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { PendingScreen, RouteErrorScreen } from '../ui/RouteStates.tsx';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';
import type { AppServices } from './services.ts';

export function createAppRouter(services: AppServices, options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  const router = createRouter({
    routeTree,
    context: services,
    history: options.history,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: RouteErrorScreen,
    scrollRestoration: false,
  });
  // A popup the address opened (?login=true) takes its parameter away when the visitor closes it, replacing
  // the history entry: a reload or Back does not reopen it. That is no navigation: nothing closes or scrolls.
  let urlCleanup: string | undefined;
  services.popups.onUrlPopupClosed((param) => {
    if ((router.latestLocation.search as Record<string, unknown>)[param] === undefined) return;
    const without = { to: '.', search: (search: Record<string, unknown>) => ({ ...search, [param]: undefined }), hash: true } as const;
    urlCleanup = router.buildLocation(without).href;
    void router.navigate({ ...without, replace: true, resetScroll: false });
  });
  // Spec §2: every navigation closes all popups and scrolls to top; the page history is recorded after it.
  router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (urlCleanup === undefined || toLocation.href !== urlCleanup) services.popups.closeAll();
  });
  router.subscribe('onResolved', ({ toLocation }) => {
    const cleanup = urlCleanup !== undefined && toLocation.href === urlCleanup;
    urlCleanup = undefined;
    if (typeof window !== 'undefined' && !toLocation.hash && !cleanup) window.scrollTo(0, 0);
    const leaf = router.state.matches.at(-1);
    const opensLogin = (toLocation.search as { login?: unknown }).login === true;
    services.pageHistory.record({
      href: toLocation.href,
      skipFromRedirect:
        opensLogin || router.state.matches.some((m) => m.staticData?.skipFromRedirect) || leaf?.status === 'notFound',
    });
    // Spec §2: a login-required page sends a visitor to home with login=true, which opens the login popup.
    if (opensLogin && !isLoggedIn(services.session.getSnapshot())) services.popups.openFromUrl('login', 'login');
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
