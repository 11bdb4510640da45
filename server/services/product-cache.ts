/**
 * Product details as getProduct answers them, kept for a minute per process. A product page is the
 * most read thing in the shop and the same few products are read again and again (DESIGN §10: getProduct
 * at 0.6 × a bare server's rate); a database round trip each time cannot keep up.
 *
 * Stock is the one thing that moves: this process forgets a product when its own checkout or release
 * changes its stock. With several processes (one PostgreSQL, REDIS_URL set) a forgotten product is also
 * announced over a shared signal (Redis pub/sub), and every other process drops its copy at once; without
 * the signal another writer's change shows within PRODUCT_CACHE_TTL_MS (with the embedded database there is
 * one process, so never later). The bag and checkout never read this: they check stock in the database, so
 * a stale "Last 3 left" does no harm.
 * A minute, not seconds: a miss reads the catalogue (milliseconds, and with PGlite on the event loop), so
 * the busy products must stay read.
 */
import type { Clock } from '../deps.ts';
import type { Redis } from './redis.ts';

export const PRODUCT_CACHE_TTL_MS = 60_000;
/** Enough for a shop's busy products; past it the oldest entry goes. */
const MAX_ENTRIES = 5_000;

export interface ProductCache {
  /** The product read through `load` at most once per TTL (concurrent misses share one read); a missing product is not kept. */
  get<T>(productId: string, variant: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Drop these products (their stock changed here), here and, through the signal, in every other process. */
  forget(productIds: Iterable<string>): void;
  clear(): void;
}

/** How server processes tell each other which products changed. */
export interface CacheSignal {
  /** Tells every process (this one too) that these products changed; never throws (a lost signal leaves the TTL). */
  publish(productIds: readonly string[]): void;
  /** Calls `listener` with the products another process (or this one) announced. */
  onChange(listener: (productIds: string[]) => void): void;
}

const CHANNEL = 'product-changed';

/** The signal over Redis pub/sub (REDIS_URL): subscribed before it is answered, so no later change is missed. */
export async function redisCacheSignal(redis: Pick<Redis, 'subscribe' | 'publish'>, onError: (err: unknown) => void): Promise<CacheSignal> {
  const listeners: Array<(productIds: string[]) => void> = [];
  await redis.subscribe(CHANNEL, (message) => {
    let ids: unknown;
    try {
      ids = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    const productIds = ids.filter((id): id is string => typeof id === 'string');
    for (const listener of listeners) listener(productIds);
  });
  return {
    publish(productIds) {
      redis.publish(CHANNEL, JSON.stringify(productIds)).catch(onError);
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

export function createProductCache(clock: Clock, ttlMs = PRODUCT_CACHE_TTL_MS, signal?: CacheSignal): ProductCache {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  const SEPARATOR = '\u0000';
  const key = (productId: string, variant: string) => `${productId}${SEPARATOR}${variant}`;
  // Another process's change: drop the copy here (this process's own announcements come back too, and drop nothing new).
  signal?.onChange((productIds) => drop(productIds));
  return {
    get<T>(productId: string, variant: string, load: () => Promise<T | undefined>) {
      const k = key(productId, variant);
      const now = clock.now().getTime();
      const hit = entries.get(k);
      if (hit && hit.until > now) return hit.value as Promise<T | undefined>;
      const entry: { until: number; value: Promise<unknown> } = { until: now + ttlMs, value: Promise.resolve(undefined) };
      // Not kept: a product that is not there, or a read that failed (unless a newer read took its place).
      const discard = () => entries.get(k) === entry && entries.delete(k);
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
      entries.delete(k);
      entries.set(k, entry);
      const value = entry.value as Promise<T | undefined>;
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
    forget(productIds) {
      const ids = [...new Set(productIds)];
      drop(ids);
      if (signal && ids.length > 0) signal.publish(ids);
    },
    clear() {
      entries.clear();
    },
  };

  function drop(productIds: Iterable<string>) {
    // Rare (a checkout, a release) and the cache is small: a pass over it is enough.
    const forgotten = new Set(productIds);
    if (forgotten.size === 0) return;
    for (const k of entries.keys()) if (forgotten.has(k.slice(0, k.indexOf(SEPARATOR)))) entries.delete(k);
  }
}
