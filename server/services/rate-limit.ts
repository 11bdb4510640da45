import type { Clock } from '../deps.ts';

export interface RateLimiter {
  /** Counts one attempt under `key`; false once the window's allowance is spent (the refused attempt counts too). */
  attempt(key: string): boolean;
  /**
   * Gives back one attempt counted under `key`: an attempt is taken before the work (so parallel requests
   * cannot all pass a check made before any of them is counted) and given back when it turned out not to
   * count, such as a right password or a valid coupon.
   */
  refund(key: string): void;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): void;
}

/** Keys kept before windows that have ended are swept, so a flood of one-off keys cannot grow memory without end. */
const SWEEP_ABOVE = 100_000;

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
        if (windows.size > SWEEP_ABOVE) {
          for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
    refund(key) {
      const current = windows.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
