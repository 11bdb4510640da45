/**
 * Linking a third-party sign-in to the signed-in member's account, from the account popup, against the
 * real server app and a real OpenID Connect provider (oidc-provider) listening on 127.0.0.1.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginCodeChallenge, thirdPartyAuthorize, thirdPartyLinkup, userLogin } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startOidcProvider, type OidcPerson, type OidcTestProvider } from '../support/oidc-provider.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const REDIRECT_URI = 'http://shop.test/third_party_login';

let provider: OidcTestProvider;
/** A provider identity whose e-mail is not the demo member's: only a link can lead it to that account. */
const people: Record<string, OidcPerson> = {
  mei: { sub: 'mei-at-google', email: 'mei.elsewhere@example.com', email_verified: true, given_name: 'Mei', family_name: 'Chan' },
};

/** What the browser does at the provider: signs in as `sub` and comes back to the shop, at this path. */
async function returnFromProvider(authorizationUrl: string, sub: string): Promise<string> {
  const url = await provider.followLogin(authorizationUrl, sub);
  return `${url.pathname}${url.search}`;
}

/** A fresh third-party sign-in (no member signed in) as `sub`, straight through login-code-challenge. */
async function signInWithProvider(sub: string) {
  const { AuthorizationUrl } = await server.call(thirdPartyAuthorize, { Provider: 'google' });
  const back = await provider.followLogin(AuthorizationUrl, sub);
  return server.call(loginCodeChallenge, { Code: back.searchParams.get('code')!, State: back.searchParams.get('state')! });
}

let server: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: REDIRECT_URI, people });
  server = await createTestApp({ oidc: { google: provider.settings, facebook: { ...provider.settings } } });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});
afterEach(() => vi.restoreAllMocks());

/** Renders the app on `app`, signs the demo member in and opens the account popup's Linked accounts tab. */
async function openLinkedAccounts(app: TestApp) {
  const view = await renderApp(app, '/home');
  const tokens = await app.call(userLogin, { email: demoMember.email, password: demoMember.password });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.email).toBe(demoMember.email));
  act(() => view.services.popups.open('account'));
  const dialog = await screen.findByRole('dialog', { name: 'Account and settings' });
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('tab', { name: 'Linked accounts' }));
  return { ...view, tokens, dialog, user };
}

describe('linked accounts', () => {
  it('links Google to the signed-in member, who can then log in with it', async () => {
    const { dialog, user, services } = await openLinkedAccounts(server);
    expect(await within(dialog).findByRole('button', { name: 'Link Google' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Link Facebook' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Link Apple' })).toBeNull();
    expect(within(dialog).getByText('After linking, you can log in with either.')).toBeTruthy();

    const calls = vi.spyOn(services.api, 'call');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await user.click(within(dialog).getByRole('button', { name: 'Link Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    const authorizationUrl = String(assign.mock.calls[0]![0]);
    expect(authorizationUrl).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    expect(calls.mock.calls.filter(([def]) => def === thirdPartyLinkup).map(([, body]) => body)).toEqual([
      { accessToken: '', Provider: 'google' },
    ]);
    vi.restoreAllMocks();

    // The provider sends the browser back to /third_party_login, which links and signs the member in.
    const back = await returnFromProvider(authorizationUrl, 'mei');
    expect(back).toMatch(/^\/third_party_login\?/);
    const view = await renderApp(server, back);
    await waitFor(() => expect(view.services.session.getSnapshot().context.tokens?.userID).toBe(demoMember.id));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));

    // From now on that provider identity signs in as the demo member.
    expect((await signInWithProvider('mei')).userID).toBe(demoMember.id);
  });

  it('says so in words when the provider cannot be opened, and lets the member try again', async () => {
    const { dialog, user, services } = await openLinkedAccounts(server);
    const call = services.api.call.bind(services.api);
    vi.spyOn(services.api, 'call').mockImplementation((def, ...rest) =>
      def === thirdPartyLinkup ? Promise.reject(new TypeError('Failed to fetch')) : call(def, ...rest),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await user.click(await within(dialog).findByRole('button', { name: 'Link Facebook' }));
    expect(await within(dialog).findByText('Could not reach Sip & Gather. Check your connection and try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect((within(dialog).getByRole('button', { name: 'Link Facebook' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers no buttons, only a sentence, when no provider is configured', async () => {
    const bare = await createTestApp();
    try {
      const { dialog } = await openLinkedAccounts(bare);
      expect(await within(dialog).findByText('No other sign-in services are available.')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: /^Link / })).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
