import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { settings } from './db/schema.ts';
import { isEmpty, loadTasteVocabulary, seed } from './db/seed/index.ts';
import pkg from '../package.json' with { type: 'json' };
import { createDeps } from './create-deps.ts';
import { systemClock } from './deps.ts';
import { createPasswords } from './services/passwords.ts';
import { createSmtpMailer } from './services/mail.ts';
import { createDiskMediaStore } from './services/media.ts';
import { readOidcConfig } from './services/oidc-config.ts';
import { createPushService, loadVapidKeys } from './services/push.ts';
import { startJobs } from './services/jobs.ts';
import { readPaymentConfig } from './services/payments/provider.ts';
import { GATHERING_CHANNELS, postgresCacheSignal, redisCacheSignal, type CacheSignal } from './services/product-cache.ts';
import { connectRedis } from './services/redis.ts';

/** How long the start waits for Redis before opening without it (it keeps connecting in the background). */
const REDIS_START_WAIT_MS = 2_000;

const root = fileURLToPath(new URL('..', import.meta.url));
const config = readConfig();
const log = pino({ level: config.logLevel });

/** The signing secret: AUTH_SECRET, else one generated once and kept in the database. */
async function authSecret(db: Db): Promise<Uint8Array> {
  if (config.authSecret) return new TextEncoder().encode(config.authSecret);
  await db
    .insert(settings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'auth_secret'));
  return Buffer.from(row!.value, 'base64');
}

if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
);
if (await isEmpty(database.db)) {
  log.info('empty database: loading seed data');
  await seed(database.db, { now: systemClock.now(), passwords: createPasswords() });
} else {
  // Reference data a release adds reaches a database seeded before it.
  await database.db.transaction((tx) => loadTasteVocabulary(tx as unknown as Db));
}

// Several processes share rate limits and product-cache drops through Redis (DESIGN §11); on PostgreSQL
// without Redis, product-cache drops still travel, over LISTEN/NOTIFY (rate limits then stay per process).
// Redis connects in the background: the shop opens without it, counting limits per process until it answers.
const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisPrefix, log) : undefined;
// A moment's wait, so that limits are shared from the first request when Redis answers; never longer.
if (redis) await Promise.race([redis.connected, delay(REDIS_START_WAIT_MS)]);
const signalError = (err: unknown) => log.warn({ err }, 'product-change signal failed');
const pgSignal = !redis && config.databaseUrl ? await postgresCacheSignal(config.databaseUrl, signalError) : undefined;
const productSignal: CacheSignal | undefined = redis ? await redisCacheSignal(redis, signalError) : pgSignal;
// Which gathering changed, on a channel of its own of the same signal (its live screens, issue 31).
const gatheringPgSignal = !redis && config.databaseUrl ? await postgresCacheSignal(config.databaseUrl, signalError, GATHERING_CHANNELS.postgres) : undefined;
const gatheringSignal: CacheSignal | undefined = redis ? await redisCacheSignal(redis, signalError, GATHERING_CHANNELS.redis) : gatheringPgSignal;
if (redis?.isAvailable()) log.info({ prefix: config.redisPrefix }, 'rate limits and product-cache drops shared through Redis');
else if (redis) log.warn({ prefix: config.redisPrefix }, 'Redis does not answer yet: the shop opens, counting rate limits in this process until it does');

const spaDir = path.join(root, 'dist/spa');
const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
const deps = createDeps({
  db: database.db,
  log,
  secret: await authSecret(database.db),
  idTokenSeconds: config.idTokenSeconds,
  mailer: config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined,
  media: createDiskMediaStore(path.join(config.dataDir, 'media')),
  push: createPushService({ vapid: await loadVapidKeys(database.db) }),
  oidc: readOidcConfig(process.env),
  redis,
  productSignal,
  gatheringSignal,
  payments: {
    config: readPaymentConfig(process.env, { publicUrl, randomSecret: () => randomBytes(32).toString('hex') }),
    windowMs: config.paymentWindowMinutes * 60_000,
  },
  config: {
    trustProxy: config.trustProxy,
    version: pkg.version,
    publicUrl,
    production: config.production,
    flowTools: config.flowTools,
    staffSecondFactor: config.staffSecondFactor,
    b2bEnquiryEmail: config.b2bEnquiryEmail,
  },
});
// Fail at start, not at the first checkout, when the configured provider cannot be loaded.
const { provider } = await deps.payments.ready;
log.info({ provider: provider.name }, 'payments ready');
const app = createApp(deps, existsSync(path.join(spaDir, 'index.html')) ? { spaDir } : {});
const stopJobs = startJobs(deps, config.jobsIntervalSeconds * 1000);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Sip & Gather is open at http://localhost:${info.port} (${where})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopJobs();
    server.close(
      () =>
        void deps.background
          .idle()
          .then(() => Promise.all([database.close(), redis?.close(), pgSignal?.close(), gatheringPgSignal?.close()]))
          .then(() => process.exit(0)),
    );
  });
}
