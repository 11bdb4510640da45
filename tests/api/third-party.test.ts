/**
 * Third-party sign-in against a real OpenID Connect provider (oidc-provider) started in this process
 * on 127.0.0.1: discovery, authorization with PKCE, state and nonce, code exchange, ID token checks
 * and userinfo all go over HTTP as they would with Google or Apple.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getThirdPartyProviders,
  loginCodeChallenge,
  thirdPartyAuthorize,
  thirdPartyLinkup,
  userGetInfo,
  userLogin,
  type ThirdPartyProvider,
  type TokenSet,
} from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import type { OidcConfig } from '../../server/services/oidc-config.ts';
import { startOidcProvider, type OidcPerson, type OidcTestProvider } from '../support/oidc-provider.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const REDIRECT_URI = 'http://shop.test/third_party_login';
const FORM_POST_URI = 'http://shop.test/api/oidc/form-post';

/** The provider's people; the test's login step signs in whoever it names. */
const people: Record<string, OidcPerson> = {};
function person(sub: string, email: string, emailVerified = true): OidcPerson {
  const claims = { sub, email, email_verified: emailVerified, given_name: 'Siu Ming', family_name: 'Lee' };
  people[sub] = claims;
  return claims;
}

let oidcProvider: OidcTestProvider;

/** Signs in at the provider as a browser would and reads the code and state it sends back to the shop. */
async function signInAtProvider(authorizationUrl: string, sub: string): Promise<{ Code: string; State: string }> {
  const url = await oidcProvider.followLogin(authorizationUrl, sub);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state) throw new Error(`provider returned ${url.href}`);
  return { Code: code, State: state };
}

let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  oidcProvider = await startOidcProvider({ redirectUri: REDIRECT_URI, moreRedirectUris: [FORM_POST_URI], people });
  const oidc: OidcConfig = { google: oidcProvider.settings, apple: { ...oidcProvider.settings } };
  t = await createTestApp({ clock: { now: () => new Date(now) }, oidc });
});
afterAll(async () => {
  await t?.close();
  await oidcProvider?.close();
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
    expect(url.origin).toBe(oidcProvider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: oidcProvider.client.client_id,
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
  it('takes a form_post answer (as Apple sends) and forwards it to /third_party_login', async () => {
    const claims = person('posting-member', `posted.${Date.now()}@example.com`);
    const posting = await createTestApp({ oidc: { apple: { ...oidcProvider.settings, responseMode: 'form_post' } } });
    try {
      const { AuthorizationUrl } = await posting.call(thirdPartyAuthorize, { Provider: 'apple' });
      const authorization = new URL(AuthorizationUrl);
      expect(authorization.searchParams.get('response_mode')).toBe('form_post');
      expect(authorization.searchParams.get('redirect_uri')).toBe(FORM_POST_URI);
      const { action, fields } = await oidcProvider.followLoginToForm(AuthorizationUrl, 'posting-member');
      expect(action).toBe(FORM_POST_URI);
      const forwarded = await posting.app.request('/api/oidc/form-post', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      expect(forwarded.status).toBe(303);
      const back = new URL(forwarded.headers.get('location')!, 'http://shop.test');
      expect(back.pathname).toBe('/third_party_login');
      const tokens = await posting.call(loginCodeChallenge, { Code: back.searchParams.get('code')!, State: back.searchParams.get('state')! });
      const info = await posting.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens));
      expect(info.userDetailInfo.email).toBe(claims.email);
    } finally {
      await posting.close();
    }
  });

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
