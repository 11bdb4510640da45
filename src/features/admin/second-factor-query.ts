import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStaffSecondFactor } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';
import { useServices } from '../../app/services.ts';
import { ADMIN_KEY } from './queries.ts';

const secondFactorQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'second-factor'],
    queryFn: ({ signal }) => api.call(getStaffSecondFactor, {}, { signal }),
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });

/**
 * Whether the back office must first ask for the second factor (issue 32): required for this member and not
 * passed on this session lately (or its pass has run out since it was read).
 */
export function useSecondFactorNeeded(enabled: boolean) {
  const { api } = useServices();
  const status = useQuery({ ...secondFactorQuery(api), enabled });
  const data = status.data;
  const needed = data ? data.Required && !(data.VerifiedUntil && Date.parse(data.VerifiedUntil) > Date.now()) : undefined;
  return { status, needed, enrolled: data?.Enrolled ?? false };
}
