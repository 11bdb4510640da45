import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import { systemClock, type Clock, type Deps, type ServerConfig } from './deps.ts';
import { createGeo } from './services/geo.ts';
import { createOutboxMailer, type Mailer } from './services/mail.ts';
import { createMemoryMediaStore, type MediaStore } from './services/media.ts';
import type { OidcConfig } from './services/oidc-config.ts';
import { createPasswords, PRODUCTION_SCRYPT_COST } from './services/passwords.ts';
import { createPushService, generateVapidKeys, type PushService } from './services/push.ts';
import { createRateLimiter } from './services/rate-limit.ts';
import { createTokens } from './services/tokens.ts';

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
  config?: Partial<ServerConfig>;
}

/** Builds every dependency of createApp from a few settings (server, tests and bench alike). */
export function createDeps(options: DepsOptions): Deps {
  const clock = options.clock ?? systemClock;
  const { db, log } = options;
  return {
    db,
    clock,
    log,
    geo: createGeo(),
    tokens: createTokens({ secret: options.secret, idTokenSeconds: options.idTokenSeconds ?? 3600, clock }),
    passwords: createPasswords(options.scryptCost ?? PRODUCTION_SCRYPT_COST),
    mailer: options.mailer ?? createOutboxMailer({ db, clock, log }),
    limits: {
      loginPerIp: createRateLimiter({ limit: 30, windowMs: 10 * MINUTE_MS, clock }),
      loginPerAccount: createRateLimiter({ limit: 10, windowMs: 15 * MINUTE_MS, clock }),
      codesPerAccount: createRateLimiter({ limit: 10, windowMs: 60 * MINUTE_MS, clock }),
    },
    media: options.media ?? createMemoryMediaStore(),
    push: options.push ?? createPushService({ vapid: generateVapidKeys() }),
    oidc: options.oidc ?? {},
    config: {
      trustProxy: false,
      maxBodyBytes: 1024 * 1024,
      version: '0.0.0',
      publicUrl: 'http://localhost:3000',
      production: false,
      ...options.config,
    },
  };
}
