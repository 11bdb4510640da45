/**
 * Several server processes behind one load balancer (DESIGN §11): two real servers (server/main.ts via tsx,
 * each on its own port) on one fresh PostgreSQL database and one Redis (REDIS_URL, with a key prefix of this
 * run's own). A login limit spent on one is refused by the other, and a checkout on one shows at once in the
 * other's getProduct, whose cache would otherwise keep the old stock for a minute.
 *
 * Without Redis, processes on one PostgreSQL still drop each other's changed products, over LISTEN/NOTIFY.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (TEST_DATABASE_URL names another) and Redis on 127.0.0.1:6379
 * (TEST_REDIS_URL); skipped, saying which did not answer, without them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@redis/client';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, ErrorCode, getProduct, quitOngoingGathering, setShoppingBag, userLogin, type CallDef, type TokenSet } from '../../contract/index.ts';
import { openDatabase } from '../../server/db/client.ts';
import { bagItems } from '../../server/db/schema.ts';
import { seed } from '../../server/db/seed/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { createPasswords } from '../../server/services/passwords.ts';
import { createProductCache, postgresCacheSignal, redisCacheSignal } from '../../server/services/product-cache.ts';
import { SEED_GATHERING_HOST, SEED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { INSPIRATION_MEMBERS } from '../../server/db/seed/inspiration-data.ts';
import { createRateLimiter, createRedisRateLimiter, type RateLimiter } from '../../server/services/rate-limit.ts';
import { connectRedis } from '../../server/services/redis.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** scrypt at N=2^10 for the seeded member (the cost travels in the hash, so the servers check it as cheaply). */
const TEST_SCRYPT_COST = 10;

/** Why the tests cannot run here, or undefined when PostgreSQL (and Redis, when asked) answer. */
async function missingService(needs: { redis: boolean }): Promise<string | undefined> {
  const db = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await db.connect();
    await db.query('select 1');
  } catch (err) {
    return `PostgreSQL did not answer at ${ADMIN_URL} (${(err as Error).message})`;
  } finally {
    await db.end().catch(() => {});
  }
  if (!needs.redis) return undefined;
  const redis = createClient({ url: REDIS_URL, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis did not answer at ${REDIS_URL} (${(err as Error).message})`;
  } finally {
    if (redis.isOpen) await redis.close();
  }
  return undefined;
}

const missingPostgres = await missingService({ redis: false });
const missing = missingPostgres ?? (await missingService({ redis: true }));
if (missing) console.warn(`tests/api/many-processes.test.ts skipped: ${missing}`);

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts server/main.ts and waits (bounded) until it says it is open. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const server = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  await new Promise<void>((resolve, reject) => {
    // Generous: with the whole suite running on two cores, tsx's start can take a while.
    const timer = setTimeout(() => reject(new Error(`server on ${port} did not open in 150 s:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Sip & Gather is open at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server on ${port} ended (${code}) before it opened:\n${output}`));
    });
  });
  return server;
}

async function stopServer(server: Server | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const ended = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await ended;
}

/** A call to one server: its HTTP status and JSON answer. */
async function post<C extends CallDef>(server: Server, def: C, body: unknown, token?: TokenSet) {
  const response = await fetch(`${server.url}/api/${def.name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token.idToken}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe.skipIf(missing !== undefined)('two server processes on one PostgreSQL and one Redis', () => {
  const run = randomBytes(6).toString('hex');
  const database = `sg_many_${run}`;
  const prefix = `sg-test-${run}:`;
  let dataDir: string | undefined;
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sg-many-'));
    await adminQuery(`create database ${database}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    // Migrated and seeded here, once, so the servers start on a ready shop rather than both seeding it.
    const db = await openDatabase({ url: url.toString() });
    try {
      await seed(db.db, { now: new Date(), passwords: createPasswords(TEST_SCRYPT_COST) });
      await db.db.delete(bagItems).where(eq(bagItems.userId, demoMember.id));
    } finally {
      await db.close();
    }
    const env = { DATABASE_URL: url.toString(), REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dataDir, AUTH_SECRET: `many-${run}` };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await adminQuery(`drop database if exists ${database} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // This run's counters go with it.
    const redis = createClient({ url: REDIS_URL });
    redis.on('error', () => {});
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) if (keys.length) await redis.del(keys);
    await redis.close();
  }, 60_000);

  it('counts, refunds and resets in Redis exactly as the in-memory limiter does', async () => {
    const redis = connectRedis(REDIS_URL, prefix, pino({ level: 'silent' }));
    // It connects in the background (the shop starts without Redis): these tests wait until it answers.
    await redis.connected;
    try {
      const options = { limit: 2, windowMs: 60_000 };
      const steps = ['attempt', 'attempt', 'attempt', 'refund', 'refund', 'refund', 'refund', 'attempt', 'attempt', 'attempt', 'reset', 'attempt'] as const;
      const play = async (limiter: RateLimiter) => {
        const answers: Array<boolean | undefined> = [];
        for (const step of steps) answers.push(step === 'attempt' ? await limiter.attempt('k') : void (await limiter[step]('k')));
        return answers;
      };
      const inRedis = await play(createRedisRateLimiter(redis, 'unit', options));
      expect(inRedis).toEqual(await play(createRateLimiter({ ...options, clock: { now: () => new Date(0) } })));
      expect(inRedis.filter((a) => a !== undefined)).toEqual([true, true, false, true, true, false, true]);
      // The window is Redis's: the key expires with it.
      const ttl = await redis.client.pTTL(`${prefix}limit:unit:k`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await redis.close();
    }
  });

  it('drops the whole cache once a lost Redis subscription is back (changes may have gone by)', async () => {
    const redis = connectRedis(REDIS_URL, prefix, pino({ level: 'silent' }));
    // It connects in the background (the shop starts without Redis): these tests wait until it answers.
    await redis.connected;
    try {
      const signal = await redisCacheSignal(redis, () => {});
      const cache = createProductCache({ now: () => new Date(0) }, 60_000, signal);
      expect(await cache.get('p1', 'HKD', async () => 'before')).toBe('before');
      const reset = new Promise((resolve) => signal.onChange((ids) => ids === 'all' && resolve(ids)));
      // Ends this test's own subscribing connection only (found by its name), as a network fault would.
      const clients = String(await redis.client.sendCommand(['CLIENT', 'LIST', 'TYPE', 'pubsub']));
      const id = clients.split('\n').find((line) => line.includes(` name=${prefix}subscriber-${process.pid} `))?.match(/\bid=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await redis.client.sendCommand(['CLIENT', 'KILL', 'ID', id!]);
      expect(await reset).toBe('all');
      expect(await cache.get('p1', 'HKD', async () => 'read again')).toBe('read again');
    } finally {
      await redis.close();
    }
  });

  it('shares the login limit: failed sign-ins on one server are refused by the other', async () => {
    const email = `guess-${run}@example.com`;
    const guess = (server: Server) => post(server, userLogin, { email, password: 'not-the-password' });
    // loginPerAccount allows ten failed sign-ins to one account (create-deps.ts); all ten are spent on A.
    for (let i = 0; i < 10; i++) {
      const answer = await guess(a!);
      expect(answer, `attempt ${i + 1}`).toMatchObject({ status: 400, json: { ErrorCode: ErrorCode.IncorrectUsernameOrPassword } });
    }
    expect(await guess(b!)).toMatchObject({ status: 429, json: { ErrorCode: ErrorCode.LimitError } });
    expect(await guess(a!)).toMatchObject({ status: 429, json: { ErrorCode: ErrorCode.LimitError } });
    // Each failed sign-in checks a production-cost scrypt hash in the server: slow on a busy machine.
  }, 120_000);

  it('drops a product from the other server’s cache as soon as a checkout changes its stock', async () => {
    const TIN = 'tea-tieguanyin-150g'; // 3 in stock (seed)
    const stockOn = async (server: Server) => {
      const { status, json } = await post(server, getProduct, { Currency: 'HKD', ProductID: 'tea-tieguanyin' });
      expect(status).toBe(200);
      const product = json.Product as { Variances: Array<{ VarianceID: string; StockLeft?: number }> };
      return product.Variances.find((v) => v.VarianceID === TIN)?.StockLeft;
    };
    // B has the product in its cache (for a minute, unless told otherwise).
    expect(await stockOn(b!)).toBe(3);
    expect(await stockOn(b!)).toBe(3);

    const signIn = await post(a!, userLogin, { email: demoMember.email, password: demoMember.password });
    expect(signIn.status).toBe(200);
    const member = signIn.json as unknown as TokenSet;
    expect(await post(a!, setShoppingBag, { VarianceID: TIN, Quantity: 2 }, member)).toMatchObject({ status: 200 });
    const placed = await post(a!, checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, member);
    expect(placed).toMatchObject({ status: 200, json: { result: true } });
    expect(await stockOn(a!)).toBe(1);

    // The drop travels over Redis pub/sub: B answers the new stock after at most a few requests, long before its TTL.
    let seen: number | undefined;
    for (let tries = 0; tries < 200 && seen !== 1; tries++) seen = await stockOn(b!);
    expect(seen).toBe(1);
  }, 60_000);

  it('tells a gathering’s live screen on one server what happened in the room on the other (issue 31)', async () => {
    // The seed gathering: its host follows it on B; Wing Yan, in the room, leaves through A.
    const login = async (server: Server, email: string) => (await post(server, userLogin, { email, password: demoMember.password })).json as unknown as TokenSet;
    const [host, guest] = await Promise.all([login(b!, SEED_GATHERING_HOST.email), login(a!, INSPIRATION_MEMBERS[0].email)]);
    const controller = new AbortController();
    const response = await fetch(`${b!.url}/api/gathering-events/${SEED_GATHERING_ID}`, { headers: { authorization: `Bearer ${host.idToken}` }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (event: string) => {
      while (!text.includes(`event: ${event}`)) text += decoder.decode((await reader.read()).value, { stream: true });
      text = '';
    };
    await until('ready');
    expect(await post(a!, quitOngoingGathering, { gatheringID: SEED_GATHERING_ID }, guest)).toMatchObject({ status: 200 });
    await until('changed');
    controller.abort();
  }, 60_000);
});

describe.skipIf(missingPostgres !== undefined)('product-cache drops over PostgreSQL LISTEN/NOTIFY (no Redis)', () => {
  const database = `sg_notify_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const signals: Array<{ close(): Promise<void> }> = [];
  beforeAll(() => adminQuery(`create database ${database}`));
  afterAll(async () => {
    await Promise.all(signals.map((s) => s.close()));
    await adminQuery(`drop database if exists ${database} with (force)`);
  });

  it('drops a product forgotten in one process from the other’s cache, and everything after a lost connection', async () => {
    const failures: unknown[] = [];
    const [signalA, signalB] = await Promise.all([
      postgresCacheSignal(url.toString(), (err) => failures.push(err)),
      postgresCacheSignal(url.toString(), (err) => failures.push(err)),
    ]);
    signals.push(signalA, signalB);
    const clock = { now: () => new Date(0) };
    const a = createProductCache(clock, 60_000, signalA);
    const b = createProductCache(clock, 60_000, signalB);
    const load = (value: string) => async () => value;
    expect(await b.get('p1', 'HKD', load('before'))).toBe('before');
    expect(await b.get('p2', 'HKD', load('kept'))).toBe('kept');

    const heard = new Promise((resolve) => signalB.onChange(resolve));
    a.forget(['p1']);
    expect(await heard).toEqual(['p1']);
    expect(await b.get('p1', 'HKD', load('after'))).toBe('after');
    expect(await b.get('p2', 'HKD', load('not read'))).toBe('kept');

    // B's listening connection ends (a restart, a failover): once it is back, B keeps nothing it may have missed.
    const reset = new Promise((resolve) => signalB.onChange((ids) => ids === 'all' && resolve(ids)));
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    expect(await reset).toBe('all');
    expect(await b.get('p2', 'HKD', load('read again'))).toBe('read again');
    expect(failures.length).toBeGreaterThan(0);
  });
});
