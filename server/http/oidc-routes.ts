import type { Hono } from 'hono';
import type { AppEnv } from './api.ts';

/** Where providers that answer by form POST (Apple) send the browser back. */
export const FORM_POST_PATH = '/api/oidc/form-post';

const FIELDS = ['code', 'state', 'error'] as const;

/**
 * A provider's form POST carries the same code and state a redirect would; the SPA's
 * /third_party_login reads them from the address, so forward them there (303: the browser GETs it).
 */
export function mountOidcRoutes(app: Hono<AppEnv>) {
  app.post(FORM_POST_PATH, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const query = new URLSearchParams();
    for (const field of FIELDS) {
      const value = form[field];
      if (typeof value === 'string' && value.length <= 4096) query.set(field, value);
    }
    return c.redirect(`/third_party_login?${query}`, 303);
  });
}
