import { contentQueries } from './queries.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';
import type { AppServices } from '../../app/services.ts';
import type { Information, InformationPageId } from '../../../contract/index.ts';
import type { TitledPage } from '../../app/page-title.tsx';

/** The options of an information page's route: its content is loaded before the page shows. */
export function informationRoute(id: InformationPageId) {
  return {
    staticData: {
      informationId: id,
      title: ({ loaderData, text }: TitledPage) => (loaderData ? text((loaderData as Information).Title) : undefined),
    },
    loader: ({ context: { api, queryClient } }: { context: AppServices }) =>
      queryClient.ensureQueryData(contentQueries.information(api, id)),
    component: lazyScreen(() => import('./InformationScreen.tsx'), 'InformationScreen'),
  };
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    informationId?: InformationPageId;
  }
}
