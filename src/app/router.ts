import { createRouter, type RouteComponent } from '@tanstack/react-router';
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
  // The router asks for a page's screen chunk only once the page's beforeLoad has passed; on a guarded page
  // (src/app/guards.ts) that is after the guard's own chunk and the session, one wait after the other (issue 30:
  // the survey's booking page and the checkouts). The screens are fetched while the guard decides.
  router.subscribe('onBeforeLoad', ({ toLocation }) => preloadScreens(router, toLocation.pathname));
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

/** Asks for the screen chunks of the routes a path matches (a chunk already asked for is not asked again). */
export function preloadScreens(router: AppRouter, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) {
    const screen = route.options?.component as RouteComponent | undefined;
    screen?.preload?.()?.catch(() => {});
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
