import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { staffListNfcTags, type CallBodyInput } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's NFC tags, under the back office's key (read afresh after each change made here). */
export const NFC_KEY = [...ADMIN_KEY, 'nfc'] as const;

export type NfcTagFilters = Omit<CallBodyInput<typeof staffListNfcTags>, 'LastEvaluatedKey'>;

/** queryOptions of the NFC tags screen: tags page on the server by LastEvaluatedKey. */
export const nfcQueries = {
  list: (api: ApiClient, filters: NfcTagFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...NFC_KEY, 'list', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListNfcTags, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
