/**
 * GET /api/gathering-events/:gatheringID (issue 31, live): server-sent events for a gathering's screens. The
 * host and whoever has been in the room get `changed` whenever the gathering changes (services/gatherings/
 * events.ts), and `ready` when the stream opens (read afresh: changes may have gone by while it was closed).
 * The bearer id token comes in the Authorization header, as for calls (the SPA reads the stream with fetch).
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ErrorCode } from '../../contract/errors.ts';
import type { Deps } from '../deps.ts';
import { mayWatch } from '../services/gatherings/watchers.ts';
import { bearerMember, type AppEnv } from './api.ts';
import { ApiError } from './errors.ts';

/** A comment this often keeps proxies and phones from closing a quiet stream. */
export const KEEP_ALIVE_MS = 20_000;

export function gatheringEventRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get('/api/gathering-events/:gatheringID', async (c) => {
    const userId = await bearerMember(c, deps);
    if (!userId) throw new ApiError(401, ErrorCode.Unauthorized, 'Unauthorized');
    const gatheringId = c.req.param('gatheringID');
    if (!(await mayWatch(deps.db, userId, gatheringId))) throw new ApiError(404, ErrorCode.ObjectNotFound, 'Gathering not found');
    c.header('cache-control', 'no-cache, no-transform');
    return streamSSE(c, async (stream) => {
      let changed = false;
      let wake: (() => void) | undefined;
      const unsubscribe = deps.gatheringEvents.subscribe(gatheringId, () => {
        changed = true;
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: gatheringId });
      while (!stream.aborted && !stream.closed) {
        if (!changed) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, KEEP_ALIVE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
        if (stream.aborted || stream.closed) break;
        if (changed) {
          // Changes close together become one event: each screen reads afresh once.
          changed = false;
          await stream.writeSSE({ event: 'changed', data: gatheringId });
        } else await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
  });
  return routes;
}
