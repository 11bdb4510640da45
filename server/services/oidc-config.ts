import type { ThirdPartyProvider } from '../../contract/index.ts';

/** One OpenID Connect provider as configured by environment. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type OidcConfig = Partial<Record<ThirdPartyProvider, OidcProviderConfig>>;

/**
 * Reads GOOGLE_/APPLE_/FACEBOOK_ OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET
 * (e.g. GOOGLE_OIDC_ISSUER=https://accounts.google.com). A provider missing any of them is off.
 */
export function readOidcConfig(env: NodeJS.ProcessEnv): OidcConfig {
  const config: OidcConfig = {};
  for (const provider of ['google', 'apple', 'facebook'] as const) {
    const prefix = `${provider.toUpperCase()}_OIDC_`;
    const issuer = env[`${prefix}ISSUER`];
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (issuer && clientId && clientSecret) config[provider] = { issuer, clientId, clientSecret };
  }
  return config;
}
