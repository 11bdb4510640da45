import { queryOptions } from '@tanstack/react-query';
import { checkUsername } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** queryOptions factories for the account popup's username checks (countries and cities: src/api/places.ts). */
export const accountQueries = {
  /**
   * Whether a username is free. The signal is passed on, so a check superseded by newer typing
   * (its query no longer observed) is aborted.
   */
  usernameAvailable: (api: ApiClient, name: string) =>
    queryOptions({
      queryKey: ['usernameAvailable', name.toLowerCase()],
      queryFn: ({ signal }) => api.call(checkUsername, { name }, { signal }).then((r) => r.available),
      staleTime: 10_000,
      retry: false,
      meta: { handlesErrors: true },
    }),
};
