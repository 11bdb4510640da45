import { queryOptions } from '@tanstack/react-query';
import { getNFC, type Currency } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** queryOptions factories of the NFC pages. */
export const nfcQueries = {
  /** A tag's product; ObjectNotFound for an unknown or retired tag (the page says so). */
  tag: (api: ApiClient, ID: string, Currency: Currency) =>
    queryOptions({
      queryKey: ['nfc', ID, Currency],
      queryFn: ({ signal }) => api.call(getNFC, { ID, Currency }, { signal }),
      retry: false,
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
};
