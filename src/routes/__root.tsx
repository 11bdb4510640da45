import { createRootRouteWithContext } from '@tanstack/react-router';
import type { AppServices } from '../app/services.ts';
import { PageTitleAnnouncer } from '../app/page-title.tsx';
import { RootLayout } from '../features/layout/RootLayout.tsx';
import { NotFoundScreen, RouteErrorScreen } from '../ui/RouteStates.tsx';

export const Route = createRootRouteWithContext<AppServices>()({
  component: () => (
    <>
      <PageTitleAnnouncer />
      <RootLayout />
    </>
  ),
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
});
