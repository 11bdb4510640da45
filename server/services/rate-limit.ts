import type { Clock } from './clock.ts';
import type { Redis } from './redis.ts';

/** Asynchronous, so that the counts can live in Redis when several processes serve the shop. */
export interface RateLimiter {
  /** Counts one attempt under `key`; false once the window's allowance is spent (the refused attempt counts too). */
  attempt(key: string): Promise<boolean>;
  /**
   * Gives back one attempt counted under `key`: an attempt is taken before the work (so parallel requests
   * cannot all pass a check made before any of them is counted) and given back when it turned out not to
   * count, such as a right password or a valid coupon.
   */
  refund(key: string): Promise<void>;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export interface LimitOptions {
  limit: number;
  windowMs: number;
}

/** Keys kept before windows that have ended are swept, so a flood of one-off keys cannot grow memory without end. */
const SWEEP_ABOVE = 100_000;

/**
 * A fixed-window limiter in process memory. One process is the default deployment; with several, the
 * counts live in Redis (createRedisRateLimiter, DESIGN §11). Each call counts at once, before it returns,
 * so parallel requests cannot all pass.
 */
export function createRateLimiter(options: LimitOptions & { clock: Clock }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const counting = {
    attempt(key: string): boolean {
      const now = options.clock.now().getTime();
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        if (windows.size > SWEEP_ABOVE) {
          for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
    refund(key: string) {
      const current = windows.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
  return {
    attempt: async (key) => counting.attempt(key),
    refund: async (key) => counting.refund(key),
    reset: async (key) => counting.reset(key),
  };
}

/** Counts one attempt; the window starts with the first (its key expires with it). Answers the count. */
const ATTEMPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
/** Gives one back, never below zero, and never brings back a window that has ended. */
const REFUND = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The server's clock, for the fallback's windows when the caller names none. */
const wallClock: Clock = { now: () => new Date() };

/**
 * The same fixed-window limiter with its counts in Redis, shared by every server process (REDIS_URL):
 * each attempt is one atomic script (count, and start the window's expiry on the first), so processes
 * cannot both pass where one allowance is left. Windows are timed by Redis, not by the app's clock.
 *
 * While Redis does not answer (redis.isAvailable(), or a command that fails or times out), attempts are
 * counted in this process's memory instead (`clock` times those windows): each process then allows the
 * limit on its own, which is the stated degradation (the outage is logged once, by redis.ts). Counting goes
 * back to Redis as soon as it answers again; what was counted here meanwhile stays here until it expires.
 */
export function createRedisRateLimiter(
  redis: Pick<Redis, 'client' | 'prefix' | 'isAvailable' | 'reportFailure'>,
  name: string,
  options: LimitOptions,
  clock: Clock = wallClock,
): RateLimiter {
  const keyOf = (key: string) => `${redis.prefix}limit:${name}:${key}`;
  const inProcess = createRateLimiter({ ...options, clock });
  async function shared<T>(inRedis: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (!redis.isAvailable()) return fallback();
    try {
      return await inRedis();
    } catch (err) {
      redis.reportFailure(err);
      return fallback();
    }
  }
  return {
    attempt: (key) =>
      shared(
        async () => Number(await redis.client.eval(ATTEMPT, { keys: [keyOf(key)], arguments: [String(options.windowMs)] })) <= options.limit,
        () => inProcess.attempt(key),
      ),
    refund: (key) =>
      shared(
        async () => void (await redis.client.eval(REFUND, { keys: [keyOf(key)] })),
        () => inProcess.refund(key),
      ),
    // Both: a key counted here during an outage is forgotten too.
    reset: async (key) => {
      await inProcess.reset(key);
      await shared(
        async () => void (await redis.client.del(keyOf(key))),
        async () => {},
      );
    },
  };
}
