/**
 * Third-party login in the SPA against the real server app and a real OpenID Connect provider
 * (oidc-provider) listening on 127.0.0.1.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { thirdPartyAuthorize } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startOidcProvider, type OidcPerson, type OidcTestProvider } from '../support/oidc-provider.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const REDIRECT_URI = 'http://shop.test/third_party_login';

let provider: OidcTestProvider;
const people: Record<string, OidcPerson> = {
  demo: { sub: 'demo', email: demoMember.email, email_verified: true, given_name: 'Mei', family_name: 'Chan' },
};

/** What the browser does at the provider: signs in as `sub` and comes back to the shop, at this path. */
async function returnFromProvider(authorizationUrl: string, sub: string): Promise<string> {
  const url = await provider.followLogin(authorizationUrl, sub);
  return `${url.pathname}${url.search}`;
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

describe('the login popup', () => {
  it('offers one button per configured provider and sends the browser to the provider', async () => {
    const view = await renderApp(server, '/home');
    act(() => view.services.popups.open('login'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Apple' })).toBeNull();

    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(String(assign.mock.calls[0]![0])).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    vi.restoreAllMocks();
  });

  it('tells that Google login is unavailable in an embedded browser', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/450.0]');
    const view = await renderApp(server, '/home');
    act(() => view.services.popups.open('login'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByText('Google login unavailable in embedded browsers')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('shows no provider buttons when none is configured', async () => {
    const bare = await createTestApp();
    try {
      const view = await renderApp(bare, '/home');
      act(() => view.services.popups.open('login'));
      const dialog = await screen.findByRole('dialog', { name: 'Log in' });
      await waitFor(() => expect(view.services.queryClient.getQueryState(['thirdPartyProviders'])?.status).toBe('success'));
      expect(within(dialog).queryByRole('button', { name: /Continue with/ })).toBeNull();
    } finally {
      await bare.close();
    }
  });
});

describe('/third_party_login', () => {
  it('asks for the password of the existing account, links, signs in and returns home', async () => {
    const { AuthorizationUrl } = await server.call(thirdPartyAuthorize, { Provider: 'google' });
    const view = await renderApp(server, await returnFromProvider(AuthorizationUrl, 'demo'));
    expect(await screen.findByRole('heading', { name: 'Link your accounts' })).toBeTruthy();
    expect(screen.getByText(/This e-mail already has a Sip & Gather account/)).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(demoMember.email);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'Wrong-password-1');
    await user.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByText('Incorrect email or password')).toBeTruthy();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), demoMember.password);
    await user.click(screen.getByRole('button', { name: 'Link and log in' }));
    await waitFor(() => expect(view.services.session.getSnapshot().context.tokens?.userID).toBe(demoMember.id));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
  });

  it('says so when the provider code is refused', async () => {
    await renderApp(server, '/third_party_login?code=abc&state=not-ours');
    expect(await screen.findByRole('heading', { name: 'We could not log you in' })).toBeTruthy();
    expect(screen.getByText('This login has expired or could not be confirmed. Please log in again.')).toBeTruthy();
  });

  it('says so when the login was cancelled at the provider', async () => {
    await renderApp(server, '/third_party_login?error=access_denied&state=x');
    expect(await screen.findByRole('heading', { name: 'The login was cancelled' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});
