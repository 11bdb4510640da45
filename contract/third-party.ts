import * as v from 'valibot';
import { defineCall } from './define.ts';
import { Email, Password, TokenSet } from './account.ts';

/** Providers are configured by environment (issuer, client id and secret per provider). */
export const ThirdPartyProvider = v.picklist(['google', 'apple', 'facebook']);
export type ThirdPartyProvider = v.InferOutput<typeof ThirdPartyProvider>;

const Token = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));

/** The providers this server has configured, for the login popup's buttons. */
export const getThirdPartyProviders = defineCall({
  name: 'get-third-party-providers',
  method: 'POST',
  auth: 'public',
  body: v.object({}),
  response: v.object({ Providers: v.array(ThirdPartyProvider) }),
});

/**
 * Starts an OpenID Connect sign-in: answers the provider's authorization address (state, nonce and
 * PKCE kept by the server). The provider returns the browser to /third_party_login?code&state.
 */
export const thirdPartyAuthorize = defineCall({
  name: 'third-party-authorize',
  method: 'POST',
  auth: 'public',
  body: v.object({ Provider: ThirdPartyProvider }),
  response: v.object({ AuthorizationUrl: v.string() }),
});

/** A signed-in member links a provider to their account: like third-party-authorize, for them. */
export const thirdPartyLinkup = defineCall({
  name: 'third-party-linkup',
  method: 'POST',
  auth: 'member',
  body: v.object({ accessToken: Token, Provider: ThirdPartyProvider }),
  response: v.object({ AuthorizationUrl: v.string() }),
});

/**
 * Exchanges the provider's code. Answers tokens, or 400 LinkRequired with { email, thirdPartyID }
 * when the e-mail already belongs to an account that is not yet linked.
 */
export const loginCodeChallenge = defineCall({
  name: 'login-code-challenge',
  method: 'POST',
  auth: 'public',
  body: v.object({ Code: Token, State: Token }),
  response: TokenSet,
});

/** Links a pending third-party sign-in to the existing account whose password is given. */
export const userLinkThirdPartyAccountWithLogin = defineCall({
  name: 'user-link-third-party-account-with-login',
  method: 'POST',
  auth: 'public',
  body: v.object({ email: Email, password: Password, thirdPartyID: Token }),
  response: TokenSet,
});
