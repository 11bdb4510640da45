import type { Clock } from '../deps.ts';

export interface RateLimiter {
  /** Counts one attempt under `key`; false once the window's allowance is spent. */
  attempt(key: string): boolean;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): void;
}

/**
 * A fixed-window limiter in process memory. One process is the default deployment; with several,
 * this moves to Redis (DESIGN §11).
 */
export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    attempt(key) {
      const now = options.clock.now().getTime();
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        if (windows.size > 100_000) {
          for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
