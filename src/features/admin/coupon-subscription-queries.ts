import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  getProductTypeList,
  STAFF_PRODUCTS_PAGE_MAX,
  staffListCoupons,
  staffListProducts,
  staffListFailedRenewals,
  staffListSubscriptionPlans,
  staffListSubscriptions,
  type CallBodyInput,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { ADMIN_KEY } from './queries.ts';

/** The back office's coupons and subscriptions (issue 32): what they read, under ADMIN_KEY like the other sections. */
export const COUPONS_KEY = [...ADMIN_KEY, 'coupons'] as const;
export const SUBSCRIPTIONS_KEY = [...ADMIN_KEY, 'subscriptions'] as const;
/** The customers' plans (src/api/subscription-queries.ts): read again once staff change a plan. */
export const CUSTOMER_PLANS_KEY = ['subscriptionPlans'] as const;
/** The product type whose variances a plan's box holds (the shop's box sets). */
export const BOX_SET_TYPE = 'boxset';

export type CouponFilters = Omit<CallBodyInput<typeof staffListCoupons>, 'LastEvaluatedKey'>;
export type SubscriptionFilters = Omit<CallBodyInput<typeof staffListSubscriptions>, 'LastEvaluatedKey'>;
export type FailedRenewalFilters = Omit<CallBodyInput<typeof staffListFailedRenewals>, 'LastEvaluatedKey'>;

/** A page after `key` (undefined: the first), without an empty key in the body. */
const after = (key: string | undefined) => (key ? { LastEvaluatedKey: key } : {});

export const couponSubscriptionQueries = {
  coupons: (api: ApiClient, filters: CouponFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...COUPONS_KEY, 'list', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListCoupons, { ...filters, ...after(key) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  /** The product types a coupon may be kept to (the shop's public list; rarely changes). */
  productTypes: (api: ApiClient) =>
    queryOptions({
      queryKey: [...COUPONS_KEY, 'product-types'],
      queryFn: ({ signal }) => api.call(getProductTypeList, {}, { signal }).then((r) => r.ProductTypeList),
      staleTime: 60 * 60_000,
      meta: { handlesErrors: true },
    }),
  plans: (api: ApiClient) =>
    queryOptions({
      queryKey: [...SUBSCRIPTIONS_KEY, 'plans'],
      queryFn: ({ signal }) => api.call(staffListSubscriptionPlans, {}, { signal }).then((r) => r.PlanList),
      meta: { handlesErrors: true },
    }),
  /** The box sets, each with its variances: what a plan's box may hold. */
  boxSets: (api: ApiClient) =>
    queryOptions({
      queryKey: [...SUBSCRIPTIONS_KEY, 'box-sets'],
      queryFn: ({ signal }) => api.call(staffListProducts, { ProductTypeID: BOX_SET_TYPE, Size: STAFF_PRODUCTS_PAGE_MAX }, { signal }).then((r) => r.ProductList),
      meta: { handlesErrors: true },
    }),
  subscriptions: (api: ApiClient, filters: SubscriptionFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...SUBSCRIPTIONS_KEY, 'list', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListSubscriptions, { ...filters, ...after(key) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
  failedRenewals: (api: ApiClient, filters: FailedRenewalFilters, key: string | undefined) =>
    queryOptions({
      queryKey: [...SUBSCRIPTIONS_KEY, 'failed', filters, key ?? null],
      queryFn: ({ signal }) => api.call(staffListFailedRenewals, { ...filters, ...after(key) }, { signal }),
      placeholderData: keepPreviousData,
      meta: { handlesErrors: true },
    }),
};
