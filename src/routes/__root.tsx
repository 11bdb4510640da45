import { createRootRouteWithContext } from '@tanstack/react-router';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';
import type { AppServices } from '../app/services.ts';
import { PageTitleAnnouncer } from '../app/page-title.tsx';
import { TonightButton } from '../features/layout/FloatingButtons.tsx';
import { RootLayout } from '../features/layout/RootLayout.tsx';
import { BagBadge } from '../features/layout/TopMenuBar.tsx';
import { layoutQueries } from '../features/layout/queries.ts';
import { NotFoundScreen, RouteErrorScreen } from '../ui/RouteStates.tsx';

export const Route = createRootRouteWithContext<AppServices>()({
  // The frame's answers (top menu, footer) are asked beside the page's own, not once the first render asks for
  // them: on a first visit that render waited for them, one round trip after the page's (issue 30). Not waited
  // for; fresh for an hour, so later pages ask nothing.
  loader: ({ context: { api, queryClient, session } }) => {
    void queryClient.prefetchQuery(layoutQueries.navigationMenu(api));
    void queryClient.prefetchQuery(layoutQueries.footer(api));
    // A member's parts of the frame, whose chunks waited for the frame to render, then for what they import.
    if (isLoggedIn(session.getSnapshot())) for (const part of [BagBadge, TonightButton]) void part.preload().catch(() => undefined);
  },
  component: () => (
    <>
      <PageTitleAnnouncer />
      <RootLayout />
    </>
  ),
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
});
