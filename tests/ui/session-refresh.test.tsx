import { waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGetInfo, userLogin, userSignOut } from '../../contract/index.ts';
import { isLoggedIn, isUserReady } from '../../machines/session/session.selectors.ts';
import { createAppServices } from '../../src/app/services.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let now = Date.parse('2026-11-21T02:00:00Z');
let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 600 });
});
afterAll(() => server.close());

/** The app's services talking to the in-process server, counting the calls by name. */
function appAgainstServer() {
  const calls: string[] = [];
  const services = createAppServices({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      calls.push(url.pathname.replace('/api/', ''));
      return server.app.fetch(new Request(url, init));
    },
  });
  return { services, calls };
}

async function signedIn() {
  const app = appAgainstServer();
  const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
  app.services.session.send({ type: 'SIGNED_IN', tokens });
  await waitFor(app.services.session, isUserReady);
  return { ...app, tokens };
}

describe('the session and the API client together', () => {
  it('refreshes once for any number of concurrent 401s, and every call succeeds on retry', async () => {
    const { services, calls } = await signedIn();
    now += 601_000; // every id token issued so far has expired
    calls.length = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => services.api.call(userGetInfo, { accessToken: '' })));
    expect(answers.every((a) => a.userDetailInfo.email === demoMember.email)).toBe(true);
    expect(calls.filter((c) => c === 'user-refresh-token')).toHaveLength(1);
    expect(calls.filter((c) => c === 'user-get-info').length).toBeGreaterThanOrEqual(5);
    expect(isLoggedIn(services.session.getSnapshot())).toBe(true);
  });

  it('ends the session and opens the login popup when the refresh is refused', async () => {
    const { services, tokens } = await signedIn();
    // Signed out elsewhere: the refresh token is revoked on the server.
    await server.call(userSignOut, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    await expect(services.api.call(userGetInfo, { accessToken: '' })).rejects.toMatchObject({ code: 'Unauthorized' });
    expect(isLoggedIn(services.session.getSnapshot())).toBe(false);
    expect(services.popups.get().map((p) => p.name)).toEqual(['login']);
  });

  it('a member call without tokens fails locally, without a request', async () => {
    const { services, calls } = appAgainstServer();
    await expect(services.api.call(userGetInfo, { accessToken: '' })).rejects.toMatchObject({ code: 'Unauthorized' });
    expect(calls).toEqual([]);
  });
});
