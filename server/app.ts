import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { requestId } from 'hono/request-id';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from './db/schema.ts';
import { registry as defaultRegistry } from './calls/index.ts';
import type { Registered } from './calls/handler.ts';
import type { Deps } from './deps.ts';
import { createApiRouter, type AppEnv } from './http/api.ts';
import { ApiError } from './http/errors.ts';
import { mountMediaRoutes } from './http/media-routes.ts';
import { renderArtwork } from './services/artwork.ts';
import { mountOidcRoutes } from './http/oidc-routes.ts';
import { mountPaymentRoutes } from './http/payment-routes.ts';
import { ErrorCode } from '../contract/errors.ts';

export interface AppOptions {
  /** Built SPA to serve with history fallback; the API alone when absent. */
  spaDir?: string;
  /** Calls to serve; every contract call by default. */
  registry?: ReadonlyMap<string, Registered>;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    // No access log, no log record to build (every call pays for it otherwise).
    if (!deps.log.isLevelEnabled('info')) return next();
    const started = performance.now();
    await next();
    deps.log.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });

  if (!deps.config.production) {
    // Development and tests read mail here instead of an inbox (DESIGN §7).
    app.get('/api/dev/outbox', async (c) => {
      // Mail a request sent after its answer (a reset code) is in the outbox by the time anyone looks.
      await deps.background.idle();
      const email = (c.req.query('email') ?? '').trim().toLowerCase();
      const mails = await deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.seq))
        .limit(20);
      return c.json({ result: true, Mails: mails.map(({ id, to, subject, text, createdAt }) => ({ id, to, subject, text, createdAt })) });
    });
  }
  mountMediaRoutes(app, deps);
  mountOidcRoutes(app);
  mountPaymentRoutes(app, deps);
  app.route('/api', createApiRouter(deps, options.registry ?? defaultRegistry));
  app.all('/api/*', () => {
    throw new ApiError(404, ErrorCode.NotFound, 'Unknown call');
  });

  app.get('/media/art/:file{[a-z]+-[0-9]+-[0-9]+\\.svg}', (c) => {
    const svg = renderArtwork(c.req.param('file').replace(/\.svg$/, ''));
    if (!svg) return c.notFound();
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  if (options.spaDir) {
    const metas: Record<string, string> = {};
    if (deps.config.flowTools ?? !deps.config.production) metas['sg-flow-tools'] = 'on';
    if (deps.payments.walletKey) metas['sg-stripe-key'] = deps.payments.walletKey;
    mountSpa(app, options.spaDir, metas);
  }

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toEnvelope(), err.status);
    deps.log.error({ requestId: c.get('requestId'), err }, 'unhandled error');
    return c.json({ result: false, ErrorCode: ErrorCode.InternalError, message: 'An error occurred, please try again later.' }, 500);
  });

  return app;
}

/**
 * Hashed assets are cached for good; every other path answers index.html (history-mode routing).
 * index.html carries the SPA's settings as meta tags (no extra request on first load): whether the
 * flow tools are on, and the Stripe publishable key wallet payments need.
 */
function mountSpa(app: Hono<AppEnv>, spaDir: string, metas: Record<string, string>) {
  const root = path.relative(process.cwd(), spaDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
    }),
  );
  let indexHtml: Promise<string> | undefined;
  const serveIndex = async (c: Context<AppEnv>) => {
    const tags = Object.entries(metas).map(([name, content]) => `  <meta name="${name}" content="${escapeAttribute(content)}" />\n`);
    indexHtml ??= readFile(path.join(spaDir, 'index.html'), 'utf8').then((html) => (tags.length ? html.replace('</head>', `${tags.join('')}  </head>`) : html));
    c.header('cache-control', 'no-cache');
    return c.html(await indexHtml);
  };
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  app.use('*', serveStatic({ root }));
  app.get('*', serveIndex);
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
