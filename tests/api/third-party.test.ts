/**
 * Third-party sign-in against a real OpenID Connect provider (oidc-provider) started in this process
 * on 127.0.0.1: discovery, authorization with PKCE, state and nonce, code exchange, ID token checks
 * and userinfo all go over HTTP as they would with Google or Apple.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getThirdPartyProviders,
  thirdPartyAuthorize,
  thirdPartyLinkup,
  userGetInfo,
  userLogin,
  type ThirdPartyProvider,
  type TokenSet,
} from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import type { OidcConfig } from '../../server/services/oidc-config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CLIENT_ID = 'sip-and-gather';
const CLIENT_SECRET = 'a-test-client-secret-that-is-long-enough';
const REDIRECT_URI = 'http://shop.test/third_party_login';

type AccountClaims = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
};

/** The provider's people; the test's login step signs in whoever `loginAs` names. */
const accounts = new Map<string, AccountClaims>();
let loginAs = '';
function person(sub: string, email: string, emailVerified = true): AccountClaims {
  const claims = { sub, email, email_verified: emailVerified, given_name: 'Siu Ming', family_name: 'Lee' };
  accounts.set(sub, claims);
  return claims;
}

let server: ReturnType<typeof createServer>;
let issuer: string;

async function startProvider() {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['a-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub);
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
}

/** Follows the provider's redirects as a browser would (cookies included) until it returns to the shop. */
async function signInAtProvider(authorizationUrl: string, sub: string): Promise<{ Code: string; State: string }> {
  loginAs = sub;
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10 && !url.href.startsWith('http://shop.test/'); hop++) {
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
    if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
    await response.body?.cancel();
    url = new URL(location, url);
  }
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state) throw new Error(`provider returned ${url.href}`);
  return { Code: code, State: state };
}

let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  await startProvider();
  const settings = { issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
  const oidc: OidcConfig = { google: settings, apple: { ...settings } };
  t = await createTestApp({ clock: { now: () => new Date(now) }, oidc });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });
const post = (call: string, body: unknown, headers: Record<string, string> = {}) =>
  t.raw(`/api/${call}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

/** A whole round trip: authorize, sign in at the provider, answer login-code-challenge. */
async function thirdPartyLogin(sub: string, provider: ThirdPartyProvider = 'google') {
  const { AuthorizationUrl } = await t.call(thirdPartyAuthorize, { Provider: provider });
  return post('login-code-challenge', await signInAtProvider(AuthorizationUrl, sub));
}

async function memberOf(tokens: TokenSet) {
  return (await t.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens))).userDetailInfo;
}

describe('third-party providers', () => {
  it('lists only the configured providers and refuses the others', async () => {
    expect((await t.call(getThirdPartyProviders, {})).Providers).toEqual(['google', 'apple']);
    const facebook = await post('third-party-authorize', { Provider: 'facebook' });
    expect(facebook.status).toBe(400);
    expect(facebook.json?.ErrorCode).toBe('InvalidParameter');
    const unknown = await post('third-party-authorize', { Provider: 'myspace' });
    expect(unknown.status).toBe(400);
    expect(unknown.json?.ErrorCode).toBe('InvalidParameter');
  });

  it('lists none when none is configured', async () => {
    const bare = await createTestApp({ seed: false });
    try {
      expect((await bare.call(getThirdPartyProviders, {})).Providers).toEqual([]);
      expect((await bare.raw('/api/third-party-authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Provider: 'google' }),
      })).json?.ErrorCode).toBe('InvalidParameter');
    } finally {
      await bare.close();
    }
  });

  it('sends the browser to the provider with PKCE, state and nonce, and an opaque state', async () => {
    const { AuthorizationUrl } = await t.call(thirdPartyAuthorize, { Provider: 'google' });
    const url = new URL(AuthorizationUrl);
    expect(url.origin).toBe(issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[\w-]{20,}$/);
    expect(() => JSON.parse(Buffer.from(state, 'base64url').toString())).toThrow();
  });
});

describe('third-party sign-in', () => {
  it('creates a verified account for a new e-mail and signs it in', async () => {
    const claims = person('new-member', `new.${Date.now()}@example.com`);
    const r = await thirdPartyLogin('new-member');
    expect(r.status).toBe(200);
    const tokens = r.json as unknown as TokenSet;
    expect(await memberOf(tokens)).toMatchObject({ email: claims.email, emailVerified: true, givenName: 'Siu Ming', familyName: 'Lee' });
    // The same person again: the same account.
    const again = await thirdPartyLogin('new-member');
    expect((again.json as unknown as TokenSet).userID).toBe(tokens.userID);
  });

  it('links an existing account after its password, then signs straight in', async () => {
    person('demo-at-provider', demoMember.email.toUpperCase());
    const first = await thirdPartyLogin('demo-at-provider');
    expect(first.status).toBe(400);
    expect(first.json).toMatchObject({ result: false, ErrorCode: 'LinkRequired', email: demoMember.email });
    const thirdPartyID = String(first.json?.thirdPartyID);
    expect(thirdPartyID.length).toBeGreaterThan(20);

    const wrong = await post('user-link-third-party-account-with-login', { email: demoMember.email, password: 'Wrong-password-1', thirdPartyID });
    expect(wrong.status).toBe(400);
    expect(wrong.json?.ErrorCode).toBe('IncorrectUsernameOrPassword');

    const otherEmail = await post('user-link-third-party-account-with-login', { email: 'someone@example.com', password: demoMember.password, thirdPartyID });
    expect(otherEmail.json?.ErrorCode).toBe('NotAuthorizedException');

    const linked = await post('user-link-third-party-account-with-login', { email: demoMember.email, password: demoMember.password, thirdPartyID });
    expect(linked.status).toBe(200);
    expect((await memberOf(linked.json as unknown as TokenSet)).userID).toBe(demoMember.id);

    // The pending link is spent.
    const replay = await post('user-link-third-party-account-with-login', { email: demoMember.email, password: demoMember.password, thirdPartyID });
    expect(replay.json?.ErrorCode).toBe('NotAuthorizedException');

    const next = await thirdPartyLogin('demo-at-provider');
    expect(next.status).toBe(200);
    expect((next.json as unknown as TokenSet).userID).toBe(demoMember.id);
  });

  it('counts wrong link passwords towards the account limit', async () => {
    const email = `limited.${Date.now()}@example.com`;
    person('limited-new', email);
    await thirdPartyLogin('limited-new'); // creates the account
    person('limited-other', email); // another login at the provider with the same e-mail
    const r = await thirdPartyLogin('limited-other');
    expect(r.json?.ErrorCode).toBe('LinkRequired');
    const body = { email, password: 'Wrong-password-1', thirdPartyID: String(r.json?.thirdPartyID) };
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) answers.push(String((await post('user-link-third-party-account-with-login', body)).json?.ErrorCode));
    expect(answers.slice(0, 10).every((code) => code === 'IncorrectUsernameOrPassword')).toBe(true);
    expect(answers[10]).toBe('LimitError');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    person('unverified', `unverified.${Date.now()}@example.com`, false);
    const r = await thirdPartyLogin('unverified');
    expect(r.status).toBe(400);
    expect(r.json?.ErrorCode).toBe('NotAuthorizedException');
  });

  it('refuses a reused, unknown or expired state, and a forged code', async () => {
    person('state-checks', `state.${Date.now()}@example.com`);
    const { AuthorizationUrl } = await t.call(thirdPartyAuthorize, { Provider: 'google' });
    const answer = await signInAtProvider(AuthorizationUrl, 'state-checks');
    expect((await post('login-code-challenge', answer)).status).toBe(200);
    const reused = await post('login-code-challenge', answer);
    expect(reused.status).toBe(400);
    expect(reused.json?.ErrorCode).toBe('NotAuthorizedException');

    const unknown = await post('login-code-challenge', { Code: answer.Code, State: 'not-a-state-we-issued' });
    expect(unknown.json?.ErrorCode).toBe('NotAuthorizedException');

    const late = await t.call(thirdPartyAuthorize, { Provider: 'google' });
    const lateAnswer = await signInAtProvider(late.AuthorizationUrl, 'state-checks');
    now += 11 * 60_000;
    expect((await post('login-code-challenge', lateAnswer)).json?.ErrorCode).toBe('NotAuthorizedException');

    const forged = await t.call(thirdPartyAuthorize, { Provider: 'google' });
    const { State } = await signInAtProvider(forged.AuthorizationUrl, 'state-checks');
    expect((await post('login-code-challenge', { Code: 'forged-code', State })).json?.ErrorCode).toBe('NotAuthorizedException');
  });

  it('links a provider to a signed-in member (third-party-linkup), whatever its e-mail', async () => {
    const tokens = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
    person('apple-of-demo', `private.relay.${Date.now()}@example.com`);

    const anonymous = await post('third-party-linkup', { accessToken: tokens.accessToken, Provider: 'apple' });
    expect(anonymous.status).toBe(401);

    const { AuthorizationUrl } = await t.call(thirdPartyLinkup, { accessToken: tokens.accessToken, Provider: 'apple' }, auth(tokens));
    const linked = await post('login-code-challenge', await signInAtProvider(AuthorizationUrl, 'apple-of-demo'));
    expect(linked.status).toBe(200);
    expect((linked.json as unknown as TokenSet).userID).toBe(demoMember.id);

    // From now on that Apple login signs in as the member.
    const later = await thirdPartyLogin('apple-of-demo', 'apple');
    expect((later.json as unknown as TokenSet).userID).toBe(demoMember.id);

    // A login already linked to someone else cannot be taken over.
    const other = await thirdPartyLogin('new-member', 'google');
    const otherTokens = other.json as unknown as TokenSet;
    const takeover = await t.call(thirdPartyLinkup, { accessToken: otherTokens.accessToken, Provider: 'apple' }, auth(otherTokens));
    const refused = await post('login-code-challenge', await signInAtProvider(takeover.AuthorizationUrl, 'apple-of-demo'));
    expect(refused.json?.ErrorCode).toBe('NotAuthorizedException');
  });
});
