import type { ProductCache } from './services/product-cache.ts';
import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import type { Geo } from './services/geo.ts';
import type { Mailer } from './services/mail.ts';
import type { MediaStore } from './services/media.ts';
import type { OidcConfig } from './services/oidc-config.ts';
import type { Passwords } from './services/passwords.ts';
import type { ChosenProvider } from './services/payments/index.ts';
import type { PushService } from './services/push.ts';
import type { RateLimiter } from './services/rate-limit.ts';
import type { Tokens } from './services/tokens.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface ServerConfig {
  /** Honour X-Forwarded-For for the client address (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /** Version answered by getVersion; the SPA compares it with its own build. */
  version: string;
  /** The shop's address as its visitors reach it, for links in mail. */
  publicUrl: string;
  /** Development helpers (the mail outbox reader) are served only outside production. */
  production: boolean;
  /** The flow atlas and live inspector (/testing, /testing2); by default on outside production. */
  flowTools?: boolean;
}

/** Login and code endpoints are rate limited per address and per account (DESIGN §7). */
export interface Limits {
  loginPerIp: RateLimiter;
  loginPerAccount: RateLimiter;
  codesPerAccount: RateLimiter;
}

/** The payment provider and the shop's payment rules. */
export interface Payments {
  /** Stripe or the sandbox (with the sandbox beside it for FPS), chosen by configuration; ready once its module has loaded. */
  ready: Promise<ChosenProvider>;
  /** How long an unpaid order holds its stock, by payment method (FPS: the QR's 10 minutes). */
  windowMs: { CreditCard: number; Alipay: number; FPS: number };
  /** The Stripe publishable key the SPA's wallet payments go through; only when Stripe is the provider. */
  walletKey?: string | undefined;
}

/** Everything a handler may touch. createApp receives it whole: no module singletons. */
export interface Deps {
  db: Db;
  clock: Clock;
  log: Logger;
  geo: Geo;
  tokens: Tokens;
  passwords: Passwords;
  mailer: Mailer;
  limits: Limits;
  media: MediaStore;
  /** Web Push delivery (VAPID) for notification settings and reminders. */
  push: PushService;
  /** Third-party sign-in providers; empty when none is configured. */
  oidc: OidcConfig;
  payments: Payments;
  /** getProduct's answers for a few seconds (services/product-cache.ts). */
  productCache: ProductCache;
  config: ServerConfig;
}
