/**
 * A product's taste as every page that shows a product reads it: its profile from the published cards and the
 * signed-in member's match (the product page's taste section, tonight's pour list). Member data is keyed under
 * 'member', so signing out clears it; errors are handled in words beside the part that failed.
 */
import { queryOptions } from '@tanstack/react-query';
import { CalculateUserProductMatch, getProductTasteProfile } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

export const productTasteQueries = {
  /** The average five senses and top notes of the product's published cards. */
  profile: (api: ApiClient, ProductID: string) =>
    queryOptions({
      queryKey: ['tasteProfile', ProductID],
      queryFn: ({ signal }) => api.call(getProductTasteProfile, { ProductID }, { signal }).then((r) => r.Profile),
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  /** How well the product suits the signed-in member, with its reasons. */
  match: (api: ApiClient, ProductID: string) =>
    queryOptions({
      queryKey: ['member', 'tasteMatch', ProductID],
      queryFn: ({ signal }) => api.call(CalculateUserProductMatch, { ProductID }, { signal }),
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
};
