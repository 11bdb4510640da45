import { queryOptions } from '@tanstack/react-query';
import { listInviteCode } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** The member's membership and invite codes (list-invite-code): the account's Membership tab and the invitation page. */
export const membershipQueries = {
  invites: (api: ApiClient) =>
    queryOptions({
      queryKey: ['member', 'invites'],
      queryFn: () => api.call(listInviteCode, {}),
      staleTime: 60_000,
    }),
};
