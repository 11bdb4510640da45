import { queryOptions } from '@tanstack/react-query';
import { getUserOngoingGathering } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

/** While the member is in a room, asked again this often: the host may close it (or it closes by itself). */
const MY_GATHERING_REFRESH_MS = 2 * 60_000;

/**
 * The gathering the member is in now, or null (get-user-ongoing-gathering, issue 31): the floating Tonight button
 * (features/layout) and Tonight's queries (features/gatherings). A file of its own: the button imports nothing
 * else of gatherings. Member data: keyed under 'member', so signing out clears it.
 */
export const myGatheringQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['member', 'gathering', 'mine'],
    queryFn: ({ signal }) => api.call(getUserOngoingGathering, {}, { signal }).then((r) => r.Gathering ?? null),
    staleTime: 30_000,
    // Only while in a room: members elsewhere are not polled (a check-in, by the host's phone, shows on coming back).
    refetchInterval: (query) => (query.state.data?.IAmIn ? MY_GATHERING_REFRESH_MS : false),
    // Back from the camera or another app (where a check-in may have happened), the button is brought up to date.
    refetchOnWindowFocus: true,
    // A button that may or may not show: a failure leaves it out rather than opening the error popup.
    meta: { handlesErrors: true },
  });
