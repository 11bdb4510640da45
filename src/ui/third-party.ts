import type { ThirdPartyProvider } from '../../contract/index.ts';

/** Providers' own names: not translated. */
export const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };

/** In-app browsers (Facebook, Instagram, LINE, Android web views), where Google refuses to sign in (spec §8). */
export const isEmbeddedBrowser = (userAgent: string): boolean => /FBAN|FBAV|Instagram|Line\/|; wv\)/.test(userAgent);
