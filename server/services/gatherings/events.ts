/**
 * Which gathering changed (issue 31, live): a check-in, an order placed, paid, cancelled or expired, a pour's
 * remainder, opening or closing. The host's screen and each member's Tonight hear it over server-sent events
 * (http/gathering-events.ts) and read afresh. Across processes it travels on the signal the product cache uses
 * (Redis pub/sub, else PostgreSQL's LISTEN/NOTIFY), on a channel of its own; with one process, in memory.
 */
import type { CacheSignal } from '../product-cache.ts';

export interface GatheringEvents {
  /** Tells every screen of this gathering, in every process, that it changed; never throws. */
  publish(gatheringId: string): void;
  /** Hears this gathering's changes, and 'all' after a lost signal came back (changes may have gone by). */
  subscribe(gatheringId: string, listener: () => void): () => void;
}

export function createGatheringEvents(signal?: CacheSignal): GatheringEvents {
  const listeners = new Map<string, Set<() => void>>();
  const tell = (ids: readonly string[] | 'all') => {
    for (const [id, set] of listeners) if (ids === 'all' || ids.includes(id)) for (const listener of set) listener();
  };
  // The signal tells this process too: publishing goes through it alone, so no screen hears a change twice.
  signal?.onChange(tell);
  return {
    publish(gatheringId) {
      if (signal) signal.publish([gatheringId]);
      else tell([gatheringId]);
    },
    subscribe(gatheringId, listener) {
      let set = listeners.get(gatheringId);
      if (!set) listeners.set(gatheringId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(gatheringId);
      };
    },
  };
}
