/**
 * Third-party login in the SPA against the real server app and a real OpenID Connect provider
 * (oidc-provider) listening on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { thirdPartyAuthorize } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CLIENT = { client_id: 'sip-and-gather', client_secret: 'a-test-client-secret-that-is-long-enough' };
const REDIRECT_URI = 'http://shop.test/third_party_login';

let provider: ReturnType<typeof createServer>;
let issuer: string;
let loginAs = '';
const people: Record<string, { sub: string; email: string; email_verified: boolean; given_name: string; family_name: string }> = {
  demo: { sub: 'demo', email: demoMember.email, email_verified: true, given_name: 'Mei', family_name: 'Chan' },
};

/** A real provider whose login step signs in `loginAs` at once. */
async function startProvider() {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  provider = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const oidc = new Provider(issuer, {
    clients: [{ ...CLIENT, redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'ui-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['a-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, sub) => (people[sub] ? { accountId: sub, claims: () => people[sub]! } : undefined),
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  oidc.use(async (ctx, next) => {
    if (!/^\/interaction\/[^/]+$/.test(ctx.path)) return next();
    ctx.redirect(await oidc.interactionResult(ctx.req, ctx.res, { login: { accountId: loginAs } }, { mergeWithLastSubmission: false }));
  });
  handler = oidc.callback();
}

/** What the browser does at the provider: follow its redirects, with cookies, back to the shop. */
async function returnFromProvider(authorizationUrl: string, sub: string): Promise<string> {
  loginAs = sub;
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  while (!url.href.startsWith('http://shop.test/')) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status}`);
    url = new URL(location, url);
  }
  return `${url.pathname}${url.search}`;
}

/**
 * The in-process server's OIDC client (oauth4webapi) checks `instanceof ArrayBuffer` on what Node's
 * WebCrypto returns; jsdom has its own ArrayBuffer. Let instanceof accept Node's too (as setup.ts does
 * for Uint8Array).
 */
const NodeArrayBuffer = Object.getPrototypeOf(Buffer.alloc(0).buffer).constructor as typeof ArrayBuffer;
if (NodeArrayBuffer !== ArrayBuffer) {
  const ownCheck = Function.prototype[Symbol.hasInstance];
  Object.defineProperty(ArrayBuffer, Symbol.hasInstance, {
    value: (value: unknown) => ownCheck.call(ArrayBuffer, value) || ownCheck.call(NodeArrayBuffer, value),
  });
}

let server: TestApp;
beforeAll(async () => {
  await startProvider();
  const settings = { issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret };
  server = await createTestApp({ oidc: { google: settings, facebook: { ...settings } } });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => provider?.close(resolve));
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
    expect(String(assign.mock.calls[0]![0])).toMatch(new RegExp(`^${issuer}/auth\\?`));
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
