import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { staffListEnquiries, type CallBodyInput } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

export type EnquiryFilters = Omit<CallBodyInput<typeof staffListEnquiries>, 'LastEvaluatedKey'>;

/** The back office's enquiry reads: read afresh after an enquiry is updated here. */
export const ENQUIRIES_KEY = [...ADMIN_KEY, 'enquiries'] as const;

export const enquiryQueries = {
  /** A page of business enquiries (staff-list-enquiries) by status and sort, after `key` (undefined: the first). */
  list: (api: ApiClient, filters: EnquiryFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...ENQUIRIES_KEY, filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListEnquiries, { ...filters, ...(key ? { LastEvaluatedKey: key } : {}) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
