import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { unsubscribe } from '../services/newsletter/newsletter.ts';
import type { AppEnv } from './api.ts';
import { ApiError } from './errors.ts';
import { ErrorCode } from '../../contract/errors.ts';

/**
 * Newsletter links outside the contract (mounted before the API router, which would take them for calls):
 * - POST /api/newsletter/unsubscribe?token=…: RFC 8058 one-click unsubscribe, which a mail provider sends on
 *   the reader's behalf (body `List-Unsubscribe=One-Click`, form-encoded; the token is in the address, so
 *   the body is not read). Answers 200 at once, again on a repeat.
 * - GET of the same address, and GET /api/newsletter/confirm?token=…: to the SPA's page for it, which acts
 *   once opened in a browser (a link scanner that only fetches addresses changes nothing).
 */
export function mountNewsletterRoutes(app: Hono<AppEnv>, deps: Deps) {
  const tokenOf = (token: string | undefined) => {
    if (!token || token.length < 16 || token.length > 128) throw new ApiError(400, ErrorCode.InvalidParameter, 'token is invalid', 'token');
    return token;
  };
  app.post('/api/newsletter/unsubscribe', async (c) => {
    await unsubscribe(deps, tokenOf(c.req.query('token')));
    return c.json({ result: true });
  });
  for (const page of ['unsubscribe', 'confirm'] as const) {
    app.get(`/api/newsletter/${page}`, (c) => c.redirect(`/newsletter/${page}?token=${encodeURIComponent(tokenOf(c.req.query('token')))}`, 303));
  }
}
