import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getMyRole,
  listAuditLog,
  listRefundRequests,
  listStaff,
  staffListOrders,
  type CallBodyInput,
  type StaffSort,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** Everything the back office reads, under 'member' (signing out drops it): refreshed after each change made here. */
export const ADMIN_KEY = ['member', 'admin'] as const;

/**
 * What the signed-in member may do here: the owner everything, staff all but people and the audit log, a host
 * their own sessions, others nothing.
 */
export type AdminAccess = 'owner' | 'staff' | 'host' | 'none';

export type OrderFilters = Omit<CallBodyInput<typeof staffListOrders>, 'LastEvaluatedKey'>;
export type RefundFilters = Omit<CallBodyInput<typeof listRefundRequests>, 'LastEvaluatedKey'>;
export type AuditFilters = Omit<CallBodyInput<typeof listAuditLog>, 'LastEvaluatedKey'>;


/** A page after `key` (undefined: the first), without an empty key in the body. */
const after = (key: string | undefined) => (key ? { LastEvaluatedKey: key } : {});

/** queryOptions factories of the back office; tables page on the server by LastEvaluatedKey. */
export const adminQueries = {
  /** Which role the member holds (get-my-role): a host gets their own sessions, a member without a role nothing. */
  access: (api: ApiClient) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'access'],
      queryFn: ({ signal }): Promise<AdminAccess> =>
        api.call(getMyRole, {}, { signal }).then(({ Role }) => Role ?? 'none'),
      staleTime: 60_000,
      meta: { handlesErrors: true },
    }),
  orders: (api: ApiClient, filters: OrderFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'orders', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListOrders, { ...filters, ...after(key) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  refunds: (api: ApiClient, filters: RefundFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'refunds', filters, key ?? null],
      queryFn: ({ signal }) => api.call(listRefundRequests, { ...filters, ...after(key) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  /** Everyone holding a role, owners first unless `Sort` says otherwise (the list comes whole). */
  staff: (api: ApiClient, Sort?: StaffSort) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'staff', Sort ?? null],
      queryFn: ({ signal }) => api.call(listStaff, Sort ? { Sort } : {}, { signal }).then((r) => r.StaffList),
      meta: { handlesErrors: true },
    }),
  audit: (api: ApiClient, filters: AuditFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...ADMIN_KEY, 'audit', filters, key ?? null],
      queryFn: ({ signal }) => api.call(listAuditLog, { ...filters, ...after(key) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
