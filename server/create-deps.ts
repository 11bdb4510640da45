import { createGatheringEvents } from './services/gatherings/events.ts';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import { systemClock, type Clock, type Deps, type ServerConfig } from './deps.ts';
import { createBackground } from './services/background.ts';
import { MAX_CODE_ATTEMPTS } from './services/codes.ts';
import { createGeo } from './services/geo.ts';
import { createOutboxMailer, type Mailer } from './services/mail.ts';
import { createMemoryMediaStore, type MediaStore } from './services/media.ts';
import type { OidcConfig } from './services/oidc-config.ts';
import { receiveWebhook } from './services/orders/index.ts';
import { createDbSandboxStore } from './services/payments/db-store.ts';
import { createPaymentProvider } from './services/payments/index.ts';
import { createProductCache, type CacheSignal } from './services/product-cache.ts';
import { FPS_WINDOW_MS, readPaymentConfig, timerScheduler, type PaymentConfig, type Scheduler } from './services/payments/provider.ts';
import { SANDBOX_SIGNATURE_HEADER, type WebhookDelivery } from './services/payments/sandbox.ts';
import { createPasswords, PRODUCTION_SCRYPT_COST } from './services/passwords.ts';
import { createPushService, generateVapidKeys, type PushService } from './services/push.ts';
import { createRateLimiter, createRedisRateLimiter, type LimitOptions, type RateLimiter } from './services/rate-limit.ts';
import type { Redis } from './services/redis.ts';
import { createTasteProfileIndex } from './services/taste/profile-index.ts';
import { createTokens } from './services/tokens.ts';
import { createTasteVocabulary } from './services/taste/vocabulary.ts';

const MINUTE_MS = 60_000;

export interface DepsOptions {
  db: Db;
  log: Logger;
  secret: Uint8Array;
  clock?: Clock;
  idTokenSeconds?: number;
  /** log2 of scrypt's N; production uses 17, tests something cheaper. */
  scryptCost?: number;
  mailer?: Mailer;
  media?: MediaStore;
  /** Web Push; by default keys generated in memory (tests). */
  push?: PushService;
  oidc?: OidcConfig;
  payments?: PaymentOptions;
  config?: Partial<ServerConfig>;
  /** With several server processes (REDIS_URL): rate limits are counted in Redis instead of this process's memory. */
  redis?: Redis;
  /** With several server processes: how a changed product is dropped from every process's cache. */
  productSignal?: CacheSignal;
  /** Which gathering changed, between processes (on its own channel of the same signal). */
  gatheringSignal?: CacheSignal;
}

export interface PaymentOptions {
  /** Stripe keys, FPS merchant, webhook secret (readPaymentConfig); by default the sandbox with a random secret. */
  config?: PaymentConfig;
  /** When the sandbox delivers its webhooks; timers by default, a manual scheduler in tests. */
  scheduler?: Scheduler;
  /** How long an unpaid card or Alipay order holds its stock (default 30 minutes). */
  windowMs?: number;
  /** Where sandbox webhooks go; by default straight into the webhook receiver the HTTP endpoint uses. */
  deliverWebhook?: (delivery: WebhookDelivery) => Promise<boolean>;
}

/** Builds every dependency of createApp from a few settings (server, tests and bench alike). */
export function createDeps(options: DepsOptions): Deps {
  const clock = options.clock ?? systemClock;
  const { db, log } = options;
  const publicUrl = options.config?.publicUrl ?? 'http://localhost:3000';
  const paymentConfig =
    options.payments?.config ?? readPaymentConfig({}, { publicUrl, randomSecret: () => randomBytes(32).toString('hex') });
  // The sandbox posts its results back to this shop; the receiver needs the finished deps, read when a delivery runs.
  const deliverWebhook =
    options.payments?.deliverWebhook ??
    (async (delivery: WebhookDelivery) => {
      await receiveWebhook(deps, delivery.body, (name) => (name === SANDBOX_SIGNATURE_HEADER ? delivery.signature : undefined));
      return true;
    });
  const ready = createPaymentProvider(paymentConfig, {
    clock,
    scheduler: options.payments?.scheduler ?? timerScheduler,
    store: createDbSandboxStore(db),
    deliverWebhook,
    onDeliveryError: (err, eventId) => log.warn({ err, eventId }, 'sandbox webhook delivery failed'),
  });
  // A Stripe module that fails to load is reported where the provider is awaited (main.ts does so at start).
  ready.catch(() => {});
  const windowMs = options.payments?.windowMs ?? 30 * MINUTE_MS;
  const { redis } = options;
  const limiter = (name: keyof Deps['limits'], limits: LimitOptions): RateLimiter =>
    redis ? createRedisRateLimiter(redis, name, limits, clock) : createRateLimiter({ ...limits, clock });
  const deps: Deps = {
    db,
    clock,
    log,
    geo: createGeo(),
    tokens: createTokens({ secret: options.secret, idTokenSeconds: options.idTokenSeconds ?? 3600, clock }),
    passwords: createPasswords(options.scryptCost ?? PRODUCTION_SCRYPT_COST),
    mailer: options.mailer ?? createOutboxMailer({ db, clock, log }),
    limits: {
      loginPerAddress: limiter('loginPerAddress', { limit: 30, windowMs: 10 * MINUTE_MS }),
      loginPerAccount: limiter('loginPerAccount', { limit: 10, windowMs: 15 * MINUTE_MS }),
      loginPerDevice: limiter('loginPerDevice', { limit: 10, windowMs: 15 * MINUTE_MS }),
      codeChecksPerAccount: limiter('codeChecksPerAccount', { limit: MAX_CODE_ATTEMPTS, windowMs: 60 * MINUTE_MS }),
      codesPerAccount: limiter('codesPerAccount', { limit: 10, windowMs: 60 * MINUTE_MS }),
      mailsPerRecipient: limiter('mailsPerRecipient', { limit: 5, windowMs: 60 * MINUTE_MS }),
      signUpsPerAddress: limiter('signUpsPerAddress', { limit: 10, windowMs: 60 * MINUTE_MS }),
      couponGuessesPerMember: limiter('couponGuessesPerMember', { limit: 10, windowMs: 10 * MINUTE_MS }),
      couponGuessesPerAddress: limiter('couponGuessesPerAddress', { limit: 30, windowMs: 10 * MINUTE_MS }),
      inviteGuessesPerMember: limiter('inviteGuessesPerMember', { limit: 10, windowMs: 10 * MINUTE_MS }),
      secondFactorGuessesPerMember: limiter('secondFactorGuessesPerMember', { limit: 5, windowMs: 15 * MINUTE_MS }),
      formsPerAddress: limiter('formsPerAddress', { limit: 10, windowMs: 60 * MINUTE_MS }),
      formsPerEmail: limiter('formsPerEmail', { limit: 5, windowMs: 60 * MINUTE_MS }),
      pushRegistrationsPerAddress: limiter('pushRegistrationsPerAddress', { limit: 20, windowMs: 60 * MINUTE_MS }),
      tasteCardsPerMember: limiter('tasteCardsPerMember', { limit: 10, windowMs: 60 * MINUTE_MS }),
      commentsPerMember: limiter('commentsPerMember', { limit: 20, windowMs: 10 * MINUTE_MS }),
      postsPerMember: limiter('postsPerMember', { limit: 5, windowMs: 60 * MINUTE_MS }),
    },
    media: options.media ?? createMemoryMediaStore(),
    background: createBackground(log),
    push: options.push ?? createPushService({ vapid: generateVapidKeys() }),
    oidc: options.oidc ?? {},
    productCache: createProductCache(clock, undefined, options.productSignal),
    gatheringEvents: createGatheringEvents(options.gatheringSignal),
    tasteVocabulary: createTasteVocabulary(db),
    tasteProfiles: createTasteProfileIndex(clock),
    payments: { ready, windowMs: { CreditCard: windowMs, Alipay: windowMs, FPS: FPS_WINDOW_MS }, walletKey: paymentConfig.stripe?.publishableKey },
    config: {
      trustProxy: 0,
      maxBodyBytes: 1024 * 1024,
      version: '0.0.0',
      production: false,
      ...options.config,
      publicUrl,
    },
  };
  return deps;
}
