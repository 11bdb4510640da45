/**
 * A real OpenID Connect provider (oidc-provider) for tests, listening on 127.0.0.1: discovery,
 * authorization with PKCE, state and nonce, code exchange, ID tokens and userinfo all go over HTTP
 * as they would with Google or Apple. Its login step has no form: it signs in whoever the test names.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { OidcProviderConfig } from '../../server/services/oidc-config.ts';

/** What the provider knows of one of its people (the claims it releases). A type, not an interface: oidc-provider wants an index signature. */
export type OidcPerson = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
};

export interface OidcProviderOptions {
  /** The shop's redirect URI, registered for the one client. */
  redirectUri: string;
  /** Further redirect URIs of the client (e.g. the form-POST receiver). */
  moreRedirectUris?: string[];
  /**
   * The provider's people by account id. Read at each sign-in, so a test may add people to it later.
   */
  people: Record<string, OidcPerson>;
}

export interface OidcTestProvider {
  issuer: string;
  client: { client_id: string; client_secret: string };
  /** The provider as createTestApp's `oidc` option wants it (one entry per provider name). */
  settings: OidcProviderConfig;
  /**
   * What the browser does at the provider: follows its redirects, with cookies, signing in as the
   * account `accountId`, until it leaves for the shop (the redirect URI's origin). Returns that URL.
   */
  followLogin(authorizationUrl: string, accountId: string): Promise<URL>;
  /**
   * The same for a form_post answer: instead of redirecting, the provider serves a form that posts
   * the answer to the shop. Returns that form's action and fields.
   */
  followLoginToForm(authorizationUrl: string, accountId: string): Promise<{ action: string; fields: Record<string, string> }>;
  close(): Promise<void>;
}

const CLIENT = { client_id: 'sip-and-gather', client_secret: 'a-test-client-secret-that-is-long-enough' };

export async function startOidcProvider({ redirectUri, moreRedirectUris = [], people }: OidcProviderOptions): Promise<OidcTestProvider> {
  let loginAs = '';
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [redirectUri, ...moreRedirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['a-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, sub) => {
      const claims = people[sub];
      return claims ? { accountId: sub, claims: () => claims } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Our shop is a first-party client here: consent is granted along with the login.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? (client && session?.grantIdFor(client.clientId));
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // The login page: signs in `loginAs` without a form.
  provider.use(async (ctx, next) => {
    if (!/^\/interaction\/[^/]+$/.test(ctx.path)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.prompt.name !== 'login') throw new Error(`unexpected prompt ${details.prompt.name}`);
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: loginAs } }, { mergeWithLastSubmission: false }));
  });
  handler = provider.callback();

  const shop = new URL(redirectUri).origin;
  /** Follows the provider's redirects (with cookies) until it leaves for the shop or answers a page. */
  async function follow(authorizationUrl: string, accountId: string): Promise<{ url: URL; page?: string }> {
    loginAs = accountId;
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10 && url.origin !== shop; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (value && !/expires=Thu, 01 Jan 1970/i.test(cookie)) jar.set(name, value);
        else jar.delete(name);
      }
      const location = response.headers.get('location');
      if (!location && response.status === 200) return { url, page: await response.text() };
      if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
      await response.body?.cancel();
      url = new URL(location, url);
    }
    return { url };
  }

  async function followLogin(authorizationUrl: string, accountId: string): Promise<URL> {
    const { url, page } = await follow(authorizationUrl, accountId);
    if (page !== undefined) throw new Error('the provider answered a page, not a redirect');
    return url;
  }

  async function followLoginToForm(authorizationUrl: string, accountId: string) {
    const { page } = await follow(authorizationUrl, accountId);
    const action = page?.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!page || !action) throw new Error('the provider answered no form');
    const fields: Record<string, string> = {};
    for (const [, name, value] of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields[name!] = value!;
    return { action: action.replace(/&amp;/g, '&'), fields };
  }

  return {
    issuer,
    client: { ...CLIENT },
    settings: { issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret },
    followLogin,
    followLoginToForm,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
