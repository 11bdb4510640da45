import type { GatheringEvents } from './services/gatherings/events.ts';
import type { Background } from './services/background.ts';
import type { ProductCache } from './services/product-cache.ts';
import type { TasteProfileIndex } from './services/taste/profile-index.ts';
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
import type { TasteVocabulary } from './services/taste/vocabulary.ts';
import { systemClock, type Clock } from './services/clock.ts';

export { systemClock, type Clock };

export interface ServerConfig {
  /**
   * How many proxies of ours stand before the server (TRUST_PROXY). Each appends the address it was reached
   * from to X-Forwarded-For, so the client is the entry that many places from the right; entries further
   * left are the client's own to write. 0: the socket's address, X-Forwarded-For ignored.
   */
  trustProxy: number;
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
  /** Where business enquiries are mailed (B2B_ENQUIRY_EMAIL); partners@sipandgather.hk by default. */
  b2bEnquiryEmail?: string;
  /** Back-office calls need a recent second factor (STAFF_SECOND_FACTOR; on by default in production, issue 32). */
  staffSecondFactor?: boolean;
}

/** What anonymous callers could otherwise repeat without end (DESIGN §7); see create-deps.ts for the numbers. */
export interface Limits {
  /** Failed sign-ins from one client address. */
  loginPerAddress: RateLimiter;
  /** Failed sign-ins to one account from browsers it has not signed in from before. */
  loginPerAccount: RateLimiter;
  /** Failed sign-ins from one browser the account has signed in from (its device cookie). */
  loginPerDevice: RateLimiter;
  /** Codes checked for one address (sign-up and reset codes): as many as one code allows. */
  codeChecksPerAccount: RateLimiter;
  /** Other code requests for one account (e-mail change). */
  codesPerAccount: RateLimiter;
  /** Verification and reset mails to one recipient. */
  mailsPerRecipient: RateLimiter;
  /** New accounts from one client address. */
  signUpsPerAddress: RateLimiter;
  /** Coupon codes that turned out invalid, per member and per client address. */
  couponGuessesPerMember: RateLimiter;
  couponGuessesPerAddress: RateLimiter;
  /** Invite codes tried that do not exist, per member. */
  inviteGuessesPerMember: RateLimiter;
  /** Public forms that mail someone (business enquiries, newsletter sign-ups; keys carry the form's name), per client address and per e-mail. */
  formsPerAddress: RateLimiter;
  formsPerEmail: RateLimiter;
  /** Push subscriptions registered from one client address (register-to-global-topic, register-firebase-token). */
  pushRegistrationsPerAddress: RateLimiter;
  /** Taste cards written by one member (a product's public profile must not be one member's to steer). */
  tasteCardsPerMember: RateLimiter;
  /** Comments written by one member. */
  commentsPerMember: RateLimiter;
  /** Inspiration posts published by one member. */
  postsPerMember: RateLimiter;
  /** Wrong second-factor codes (issue 32), per member: a 6-digit code must not be guessable by trying. */
  secondFactorGuessesPerMember: RateLimiter;
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
  /** Work started by a request and not waited for (services/background.ts). */
  background: Background;
  /** Which gathering changed, for its live screens, across processes (services/gatherings/events.ts). */
  gatheringEvents: GatheringEvents;
  /** getProduct's answers for a few seconds (services/product-cache.ts). */
  productCache: ProductCache;
  /** The taste notes, aromas and icons (issue 16), read once per process and searched in memory (services/taste/vocabulary.ts). */
  tasteVocabulary: TasteVocabulary;
  /** Products' taste profiles as vectors, for similar products (services/taste/profile-index.ts). */
  tasteProfiles: TasteProfileIndex;
  config: ServerConfig;
}
