/**
 * Product details as getProduct answers them, kept for a minute per process. A product page is the
 * most read thing in the shop and the same few products are read again and again (DESIGN §10: getProduct
 * at 0.6 × a bare server's rate); a database round trip each time cannot keep up.
 *
 * Stock is the one thing that moves: this process forgets a product when its own checkout or release
 * changes its stock. With several processes on one PostgreSQL a forgotten product is also announced over a
 * shared signal (Redis pub/sub when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY), and every other
 * process drops its copy at once; a change the signal misses (a lost connection) shows within
 * PRODUCT_CACHE_TTL_MS. With the embedded database there is one process, and no signal. The bag and checkout never read this: they check stock in the database, so
 * a stale "Last 3 left" does no harm.
 * A minute, not seconds: a miss reads the catalogue (milliseconds, and with PGlite on the event loop), so
 * the busy products must stay read.
 * Beside the products it keeps values read from the whole catalogue (a search's count of matches,
 * search/products.ts), which any product's change drops, here and through the signal.
 */
import pg from 'pg';
import type { Clock } from './clock.ts';
import type { Redis } from './redis.ts';

export const PRODUCT_CACHE_TTL_MS = 60_000;
/** Enough for a shop's busy products; past it the oldest entry goes. */
const MAX_ENTRIES = 5_000;
/** Catalogue-wide values (one per distinct search's filters): the busy searches, not every one ever typed. */
const MAX_WIDE_ENTRIES = 1_000;
/** The most products one batched read asks for; a bigger burst is read in several. */
const MAX_BATCH = 100;

export interface ProductCache {
  /** The product read through `load` at most once per TTL (concurrent misses share one read); a missing product is not kept. */
  get<T>(productId: string, variant: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /**
   * As `get`, but the products this variant misses in one turn of the event loop are read together, through
   * one `loadMany` (the first asker's: one variant is one kind of value, read one way). A product read alone
   * costs ~1 ms of planning and mapping at 10,000 products; read 16 or more at a time, ~0.1 ms each. When a
   * busy set of products expires at once, the misses come in a burst.
   */
  getBatched<T>(productId: string, variant: string, loadMany: (productIds: string[]) => Promise<ReadonlyMap<string, T>>): Promise<T | undefined>;
  /** Drop these products (their stock changed here), here and, through the signal, in every other process. */
  forget(productIds: Iterable<string>): void;
  clear(): void;
  /**
   * A value read from the whole catalogue (a search's count of matches), through `load` at most once per TTL
   * (concurrent misses share one read); dropped whenever any product is, here or in another process.
   */
  catalogueWide<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
}

/** How server processes tell each other which products changed. */
export interface CacheSignal {
  /** Tells every process (this one too) that these products changed; never throws (a lost signal leaves the TTL). */
  publish(productIds: readonly string[]): void;
  /**
   * Calls `listener` with the products another process (or this one) announced, or with 'all' when changes
   * may have been missed (the signal's connection was lost and is back).
   */
  onChange(listener: (productIds: string[] | 'all') => void): void;
}

const CHANNEL = 'product-changed';

function parseIds(message: string): string[] | undefined {
  let ids: unknown;
  try {
    ids = JSON.parse(message);
  } catch {
    return undefined;
  }
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : undefined;
}

/**
 * The signal over Redis pub/sub (REDIS_URL): subscribed before it is answered, so no later change is missed;
 * after a lost connection (the client subscribes again by itself), or when Redis first answers after the shop
 * started without it, the listeners are told to drop everything. While Redis is out nothing is published
 * (redis.ts logs the outage once) and changes elsewhere show within PRODUCT_CACHE_TTL_MS, or when it is back.
 */
export async function redisCacheSignal(
  redis: Pick<Redis, 'subscribe' | 'publish' | 'onResubscribed'>,
  onError: (err: unknown) => void,
  /** What changed travels on a channel of its own: products by default, gatherings on GATHERING_CHANNELS.redis. */
  channel: string = CHANNEL,
): Promise<CacheSignal> {
  const listeners: Array<(productIds: string[] | 'all') => void> = [];
  redis.onResubscribed(() => {
    for (const listener of listeners) listener('all');
  });
  await redis.subscribe(channel, (message) => {
    const productIds = parseIds(message);
    if (productIds) for (const listener of listeners) listener(productIds);
  });
  return {
    publish(productIds) {
      redis.publish(channel, JSON.stringify(productIds)).catch(onError);
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

/** LISTEN takes an identifier: PostgreSQL's channel is the same name in its own spelling. */
const PG_CHANNEL = 'sg_product_changed';
/** The gatherings' own channels (services/gatherings/events.ts): which gathering changed, for its live screens. */
export const GATHERING_CHANNELS = { redis: 'gathering-changed', postgres: 'sg_gathering_changed' } as const;
/** A notification's payload must stay under 8000 bytes: ids go in batches well below it. */
const PG_BATCH = 100;
/** Reopening a lost connection waits this long at first, doubling up to PG_RECONNECT_CAP_MS; it never stops. */
const PG_RECONNECT_MS = 1_000;
const PG_RECONNECT_CAP_MS = 10_000;

/**
 * The signal over PostgreSQL's LISTEN/NOTIFY, for several processes on one PostgreSQL without Redis: one
 * connection of its own listens (and notifies). When it is lost (a restart, a failover) it is opened again,
 * backing off while PostgreSQL is away, and the listeners are told to drop everything, since changes may have
 * gone by meanwhile. `onError` hears the loss and the first failed reopening, not every retry. Listening before
 * it is answered.
 */
export async function postgresCacheSignal(
  url: string,
  onError: (err: unknown) => void,
  /** LISTEN's identifier: products by default, gatherings on GATHERING_CHANNELS.postgres. */
  pgChannel: string = PG_CHANNEL,
): Promise<CacheSignal & { close(): Promise<void> }> {
  const listeners: Array<(productIds: string[] | 'all') => void> = [];
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failedReopens = 0;
  const retryLater = () => {
    if (closed) return;
    retry ??= setTimeout(reopen, Math.min(PG_RECONNECT_MS * 2 ** Math.min(failedReopens, 10), PG_RECONNECT_CAP_MS));
  };

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (note) => {
      const productIds = note.channel === pgChannel && note.payload ? parseIds(note.payload) : undefined;
      if (productIds) for (const listener of listeners) listener(productIds);
    });
    const lost = (err?: unknown) => {
      if (err) onError(err);
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      retryLater();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${pgChannel}`);
    // Closed while this reopened: it is not kept.
    if (closed) return void (await next.end());
    client = next;
  }
  function reopen() {
    retry = undefined;
    open().then(
      () => {
        failedReopens = 0;
        for (const listener of listeners) listener('all');
      },
      (err: unknown) => {
        if (failedReopens === 0) onError(err);
        failedReopens += 1;
        retryLater();
      },
    );
  }

  await open();
  return {
    publish(productIds) {
      const current = client;
      if (!current) return;
      for (let i = 0; i < productIds.length; i += PG_BATCH) {
        const batch = JSON.stringify(productIds.slice(i, i + PG_BATCH));
        current.query('select pg_notify($1, $2)', [pgChannel, batch]).catch(onError);
      }
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}

export function createProductCache(clock: Clock, ttlMs = PRODUCT_CACHE_TTL_MS, signal?: CacheSignal): ProductCache {
  type Entries = Map<string, { until: number; value: Promise<unknown> }>;
  const entries: Entries = new Map();
  const wide: Entries = new Map();
  const SEPARATOR = '\u0000';
  const key = (productId: string, variant: string) => `${productId}${SEPARATOR}${variant}`;
  // Another process's change: drop the copy here (this process's own announcements come back too, and drop nothing new).
  signal?.onChange((productIds) => (productIds === 'all' ? clear() : drop(productIds)));
  type Waiting = { resolve(value: unknown): void; reject(err: unknown): void };
  /** Per variant, the misses of this turn, read together in the next check phase (setImmediate: after the poll phase has handed over every request that arrived). */
  const batches = new Map<string, { loadMany: (ids: string[]) => Promise<ReadonlyMap<string, unknown>>; waiting: Map<string, Waiting[]> }>();
  return {
    get<T>(productId: string, variant: string, load: () => Promise<T | undefined>) {
      return read(entries, MAX_ENTRIES, key(productId, variant), load);
    },
    getBatched<T>(productId: string, variant: string, loadMany: (productIds: string[]) => Promise<ReadonlyMap<string, T>>) {
      return read(entries, MAX_ENTRIES, key(productId, variant), () => inBatch<T>(productId, variant, loadMany));
    },
    catalogueWide<T>(k: string, load: () => Promise<T | undefined>) {
      return read(wide, MAX_WIDE_ENTRIES, k, load);
    },
    forget(productIds) {
      const ids = [...new Set(productIds)];
      drop(ids);
      if (signal && ids.length > 0) signal.publish(ids);
    },
    clear,
  };

  function read<T>(map: Entries, max: number, k: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const now = clock.now().getTime();
    const hit = map.get(k);
    if (hit && hit.until > now) return hit.value as Promise<T | undefined>;
    const entry: { until: number; value: Promise<unknown> } = { until: now + ttlMs, value: Promise.resolve(undefined) };
    // Not kept: a product that is not there, or a read that failed (unless a newer read took its place).
    const discard = () => map.get(k) === entry && map.delete(k);
    entry.value = load().then(
      (found) => {
        if (found === undefined) discard();
        return found;
      },
      (err: unknown) => {
        discard();
        throw err;
      },
    );
    map.delete(k);
    map.set(k, entry);
    if (map.size > max) map.delete(map.keys().next().value!);
    return entry.value as Promise<T | undefined>;
  }

  function inBatch<T>(productId: string, variant: string, loadMany: (ids: string[]) => Promise<ReadonlyMap<string, T>>): Promise<T | undefined> {
    let batch = batches.get(variant);
    if (!batch) {
      batch = { loadMany, waiting: new Map() };
      batches.set(variant, batch);
      setImmediate(() => flush(variant));
    }
    const waiting = batch.waiting.get(productId) ?? [];
    batch.waiting.set(productId, waiting);
    return new Promise<T | undefined>((resolve, reject) => waiting.push({ resolve: resolve as (value: unknown) => void, reject }));
  }

  function flush(variant: string) {
    const batch = batches.get(variant)!;
    batches.delete(variant);
    const ids = [...batch.waiting.keys()];
    for (let i = 0; i < ids.length; i += MAX_BATCH) {
      const chunk = ids.slice(i, i + MAX_BATCH);
      // Called inside a promise: a reader that throws instead of rejecting fails its products rather than leaving them waiting.
      new Promise<ReadonlyMap<string, unknown>>((resolve) => resolve(batch.loadMany(chunk))).then(
        (found) => {
          for (const id of chunk) for (const w of batch.waiting.get(id)!) w.resolve(found.get(id));
        },
        (err: unknown) => {
          for (const id of chunk) for (const w of batch.waiting.get(id)!) w.reject(err);
        },
      );
    }
  }

  function clear() {
    entries.clear();
    wide.clear();
  }

  function drop(productIds: Iterable<string>) {
    // Rare (a checkout, a release) and the cache is small: a pass over it is enough.
    const forgotten = new Set(productIds);
    if (forgotten.size === 0) return;
    for (const k of entries.keys()) if (forgotten.has(k.slice(0, k.indexOf(SEPARATOR)))) entries.delete(k);
    // Any product's change may change what the catalogue-wide values counted.
    wide.clear();
  }
}
