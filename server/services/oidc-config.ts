import type { ThirdPartyProvider } from '../../contract/index.ts';

/** One OpenID Connect provider as configured by environment. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * How the provider returns the browser: 'query' (a redirect to /third_party_login) or 'form_post'
   * (a form POST to /api/oidc/form-post, which Apple requires when e-mail or name is asked for).
   */
  responseMode?: 'query' | 'form_post';
}

export type OidcConfig = Partial<Record<ThirdPartyProvider, OidcProviderConfig>>;

/**
 * Reads GOOGLE_/APPLE_/FACEBOOK_ OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET
 * (e.g. GOOGLE_OIDC_ISSUER=https://accounts.google.com). A provider missing any of them is off.
 * <PROVIDER>_OIDC_RESPONSE_MODE is 'query' or 'form_post'; Apple defaults to form_post.
 */
export function readOidcConfig(env: NodeJS.ProcessEnv): OidcConfig {
  const config: OidcConfig = {};
  for (const provider of ['google', 'apple', 'facebook'] as const) {
    const prefix = `${provider.toUpperCase()}_OIDC_`;
    const issuer = env[`${prefix}ISSUER`];
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    const mode = env[`${prefix}RESPONSE_MODE`] ?? (provider === 'apple' ? 'form_post' : 'query');
    const responseMode = mode === 'form_post' ? 'form_post' : 'query';
    if (issuer && clientId && clientSecret) config[provider] = { issuer, clientId, clientSecret, responseMode };
  }
  return config;
}
