/**
 * src/app/router.ts: a guarded page's screen chunk is asked for while its guard still waits on the session,
 * not after it (issue 30: the survey's booking page, opened by its address, waited for the guard's chunk, the
 * member's details and only then its screen).
 */
import { createMemoryHistory, type RouteComponent } from '@tanstack/react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../src/app/router.ts';
import { createAppServices } from '../../src/app/services.ts';
import { Route as EventRecordRoute } from '../../src/routes/event_record/$eventID/$varianceID.tsx';

afterEach(() => void vi.restoreAllMocks());

it('asks for a guarded page’s screen while the session it guards on is still loading', async () => {
  // A signed-in member whose details never arrive: the guard (requireMember) waits on the session throughout.
  const storage = new Map<string, string>([['sg.tokens', JSON.stringify({ idToken: 'id', accessToken: 'access', refreshToken: 'refresh', userID: 'member-1' })]]);
  const services = createAppServices({
    fetch: () => new Promise<Response>(() => {}),
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
  });
  const screen = EventRecordRoute.options.component as RouteComponent;
  const preload = vi.spyOn(screen, 'preload');
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: ['/about'] }) });
  void router.navigate({ to: '/event_record/$eventID/$varianceID', params: { eventID: 'evt-1', varianceID: 'var-1' } });
  await vi.waitFor(() => expect(preload).toHaveBeenCalled());
  // The guard has not let the page through: the member's details are still on their way.
  expect(router.state.location.pathname).toBe('/event_record/evt-1/var-1');
  expect(router.state.resolvedLocation?.pathname).not.toBe('/event_record/evt-1/var-1');
});
