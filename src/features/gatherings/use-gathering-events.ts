import { useEffect, useRef } from 'react';
import { useServices } from '../../app/services.ts';

/** After a stream ends or fails, the next try waits this long, doubling up to RECONNECT_CAP_MS. */
export const RECONNECT_MS = 1_000;
const RECONNECT_CAP_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows a gathering live (GET /api/gathering-events/:id, server-sent events): `onChange` runs whenever the
 * gathering changes, and when a stream opens again after one ended (changes may have gone by meanwhile); not
 * when the first opens, as the screen has just read everything. A stream that ends
 * or fails is opened again, backing off; none is opened while `enabled` is false.
 */
export function useGatheringEvents(gatheringID: string | undefined, enabled: boolean, onChange: () => void) {
  const { api } = useServices();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!gatheringID || !enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const follow = async () => {
      for (let failures = 0, opened = 0; !signal.aborted; ) {
        try {
          const response = await api.stream(`/api/gathering-events/${encodeURIComponent(gatheringID)}`, signal);
          if (!response.ok || !response.body) throw new Error(`gathering events answered ${response.status}`);
          failures = 0;
          opened += 1;
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (/^event: changed$/m.test(block) || (opened > 1 && /^event: ready$/m.test(block))) latest.current();
            }
          }
        } catch {
          if (signal.aborted) return;
          failures += 1;
        }
        await pause(Math.min(RECONNECT_MS * 2 ** failures, RECONNECT_CAP_MS), signal);
      }
    };
    void follow();
    return () => controller.abort();
  }, [api, gatheringID, enabled]);
}
