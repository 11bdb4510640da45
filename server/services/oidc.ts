import * as client from 'openid-client';
import type { OidcProviderConfig } from './oidc-config.ts';

/** What the server keeps of an authorization in progress (an oidc_states row). */
export interface AuthorizationStart {
  /** The provider's authorization address the browser is sent to. */
  url: string;
  /** Random, opaque; the row's key. */
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Who the provider says signed in, from the validated ID token (and userinfo when it lacks the e-mail). */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** The provider refused the code or answered something that does not validate (not a network failure). */
export class OidcRefused extends Error {}

export const OIDC_SCOPE = 'openid email profile';

/** Discovery documents are kept a day; a failed discovery is retried on the next call. */
const DISCOVERY_TTL_MS = 24 * 3_600_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const discovered = new WeakMap<OidcProviderConfig, { at: number; config: Promise<client.Configuration> }>();

/** The client configuration of one provider, from its discovery document (cached per configured provider). */
function configurationOf(settings: OidcProviderConfig): Promise<client.Configuration> {
  const cached = discovered.get(settings);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(settings.issuer);
  // Plain http only for a provider on this machine (development and tests); real providers are https.
  const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
  const config = client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    undefined,
    insecure ? { execute: [client.allowInsecureRequests] } : undefined,
  );
  const entry = { at: Date.now(), config };
  discovered.set(settings, entry);
  config.catch(() => {
    if (discovered.get(settings) === entry) discovered.delete(settings);
  });
  return config;
}

/** Builds the authorization address: code flow with PKCE (S256), state and nonce. */
export async function startAuthorization(settings: OidcProviderConfig, redirectUri: string): Promise<AuthorizationStart> {
  const config = await configurationOf(settings);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: OIDC_SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(settings.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  });
  return { url: url.href, state, codeVerifier, nonce };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
// Apple sends email_verified as the string "true".
const verified = (value: unknown): boolean => value === true || value === 'true';

/**
 * Exchanges the code the provider returned (with the stored PKCE verifier), validates the ID token
 * (issuer, audience, signature, expiry and nonce) and reads who signed in.
 */
export async function finishAuthorization(
  settings: OidcProviderConfig,
  redirectUri: string,
  params: { code: string; state: string; codeVerifier: string; nonce: string },
): Promise<OidcIdentity> {
  const config = await configurationOf(settings);
  const callback = new URL(redirectUri);
  callback.searchParams.set('code', params.code);
  callback.searchParams.set('state', params.state);
  // The SPA forwards code and state only. The state row already binds this answer to this provider
  // (RFC 9207's mix-up defence), so the expected issuer is supplied for providers that announce `iss`.
  const metadata = config.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);
  let claims: Record<string, unknown>;
  let accessToken: string;
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: params.codeVerifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new OidcRefused('no ID token');
    claims = { ...idClaims };
    accessToken = tokens.access_token;
  } catch (error) {
    throw refusal(error);
  }
  const subject = String(claims.sub);
  if (!text(claims.email)) {
    // Providers that follow the core spec strictly put scope claims in userinfo, not the ID token.
    try {
      const info = await client.fetchUserInfo(config, accessToken, subject);
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    } catch (error) {
      throw refusal(error);
    }
  }
  return {
    subject,
    email: text(claims.email)?.toLowerCase(),
    emailVerified: verified(claims.email_verified),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}

/** The provider is unwell (an HTTP error page, not JSON): a server error, not the member's fault. */
const PROVIDER_TROUBLE = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_HTTP_REQUEST_FORBIDDEN']);

/** Protocol answers (an error from the provider, a token that does not validate) are refusals; the rest propagate. */
function refusal(error: unknown): unknown {
  if (error instanceof OidcRefused) return error;
  if (
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.WWWAuthenticateChallengeError ||
    (error instanceof client.ClientError && !PROVIDER_TROUBLE.has(error.code ?? ''))
  ) {
    return new OidcRefused(error.message, { cause: error });
  }
  return error;
}
