import { queryOptions } from '@tanstack/react-query';
import { getNewsletterSubscription } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** queryOptions factories of the newsletter. */
export const newsletterQueries = {
  /** The sign-up block's wording (content-managed, both languages). */
  block: (api: ApiClient) =>
    queryOptions({
      queryKey: ['content', 'newsletter'],
      queryFn: ({ signal }) => api.call(getNewsletterSubscription, {}, { signal }),
      staleTime: 10 * 60_000,
      meta: { handlesErrors: true },
    }),
};
