import { ErrorCode, type Bilingual } from '../../../contract/index.ts';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { errorCode } from '../../api/error-code.ts';
import { eventQueries } from '../../features/events/queries.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2 event/{eventID}: public; the server writes its head (title, description, cover) for sharing. */
export const Route = createFileRoute('/event/$eventID')({
  loader: async ({ params, context: { api, queryClient, preferences } }) => {
    const currency = await preferences.resolveCurrency();
    try {
      const event = await queryClient.ensureQueryData(eventQueries.detail(api, params.eventID, currency));
      return { title: event.Title };
    } catch (error) {
      if (errorCode(error) === ErrorCode.ObjectNotFound || errorCode(error) === ErrorCode.InvalidParameter) throw notFound();
      throw error;
    }
  },
  staticData: { title: ({ loaderData, text }) => (loaderData ? text((loaderData as { title: Bilingual }).title) : undefined) },
  component: lazyScreen(() => import('../../features/events/EventScreen.tsx'), 'EventScreen'),
  notFoundComponent: lazyScreen(() => import('../../features/events/EventScreen.tsx'), 'EventNotFound'),
});
