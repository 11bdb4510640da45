import { gatheringEventRoutes } from './http/gathering-events.ts';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from './db/schema.ts';
import { registry as defaultRegistry } from './calls/index.ts';
import type { Registered } from './calls/handler.ts';
import type { Deps } from './deps.ts';
import { clientIp, createApiRouter, type AppEnv } from './http/api.ts';
import { compressAnswer, matchesEtag, sendVariant, strongEtag } from './http/compression.ts';
import { ApiError } from './http/errors.ts';
import { mountMediaRoutes } from './http/media-routes.ts';
import { mountNewsletterRoutes } from './http/newsletter-routes.ts';
import { renderArtwork } from './services/artwork.ts';
import { mountOidcRoutes } from './http/oidc-routes.ts';
import { openApiRoutes } from './http/openapi.ts';
import { createPages, type RenderedPage, type RouteFiles } from './http/page-head.ts';
import { mountPaymentRoutes } from './http/payment-routes.ts';
import { COMPLETE_ANSWER, contentSecurityPolicy, inlineHashes, securityHeaderWriter, type SecurityOptions } from './http/security-headers.ts';
import { mountSiteFiles } from './http/site-files.ts';
import { listBuiltFiles, sendBuiltFile, type BuiltFile } from './http/static-files.ts';
import { defaultCurrencyFor } from './services/geo.ts';
import { createPageFacts } from './services/page-facts.ts';
import { ErrorCode } from '../contract/errors.ts';

export interface AppOptions {
  /** Built SPA to serve with history fallback; the API alone when absent. */
  spaDir?: string;
  /** Calls to serve; every contract call by default. */
  registry?: ReadonlyMap<string, Registered>;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  const security: SecurityOptions = { publicUrl: deps.config.publicUrl, stripe: Boolean(deps.payments.walletKey) };
  const setSecurityHeaders = securityHeaderWriter(security);
  // Every answer's frame, in one middleware (each one more costs every call, DESIGN §10): the request id, the
  // access log, then, on answers the API's calls have not completed themselves (COMPLETE_ANSWER), compression
  // from 1 KB (built files and index.html come compressed already, see compression.ts), the security headers
  // and the id. Hono's requestId() sets its header before the answer exists, which makes every answer build web Headers.
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming && incoming.length <= 255 && !/[^\w\-=]/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    // No access log, no log record to build (every call pays for it otherwise).
    const started = deps.log.isLevelEnabled('info') ? performance.now() : undefined;
    await next();
    if (!c.get(COMPLETE_ANSWER)) {
      await compressAnswer(c, 1024);
      setSecurityHeaders(c.res.headers);
      c.res.headers.set('x-request-id', id);
    }
    if (started !== undefined) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      deps.log.info({ requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    }
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
      return c.json({
        result: true,
        Mails: mails.map(({ id, to, subject, text, html, headers, createdAt }) => ({ id, to, subject, text, html, headers: headers ?? {}, createdAt })),
      });
    });
  }
  if (!deps.config.production && options.spaDir) {
    // Tests of updates (e2e/pwa.spec.ts): after POST /api/dev/next-build, /sw.js answers as a newer build's
    // worker would (other bytes), which browsers install as an update.
    const workerFile = path.join(options.spaDir, 'sw.js');
    let nextBuild = 0;
    app.post('/api/dev/next-build', (c) => c.json({ result: true, Build: ++nextBuild }));
    app.get('/sw.js', async (c, next) => {
      if (nextBuild === 0) return next();
      const worker = `${readFileSync(workerFile, 'utf8')}\n// build ${nextBuild} (/api/dev/next-build)\n`;
      return c.body(worker, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    });
  }
  mountMediaRoutes(app, deps);
  mountOidcRoutes(app);
  mountPaymentRoutes(app, deps);
  mountNewsletterRoutes(app, deps);
  // Before the calls, whose router takes every path under /api.
  app.route('/', gatheringEventRoutes(deps));
  const registry = options.registry ?? defaultRegistry;
  app.route('/', openApiRoutes(registry));
  app.route('/api', createApiRouter(deps, registry, security));
  app.all('/api/*', () => {
    throw new ApiError(404, ErrorCode.NotFound, 'Unknown call');
  });

  // Artwork is drawn from its name, so a change to the drawing keeps the address: cached for a day
  // (then revalidated by its ETag) rather than for good.
  app.get('/media/art/:file{[a-z]+-[0-9]+-[0-9]+\\.svg}', (c) => {
    const svg = renderArtwork(c.req.param('file').replace(/\.svg$/, ''));
    if (!svg) return c.notFound();
    const etag = strongEtag(Buffer.from(svg));
    const headers = { etag, 'cache-control': ARTWORK_CACHE };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' });
  });
  // Anything else under /media/ does not exist: a 404, never the SPA's page.
  app.all('/media/*', notFound);
  mountSiteFiles(app, deps);

  if (options.spaDir) {
    const flowTools = deps.config.flowTools ?? !deps.config.production;
    const metas: Record<string, string> = {};
    if (flowTools) metas['sg-flow-tools'] = 'on';
    if (deps.payments.walletKey) metas['sg-stripe-key'] = deps.payments.walletKey;
    mountSpa(app, options.spaDir, metas, security, (template, routeFiles) => {
      const pages = createPages(createPageFacts(deps), { publicUrl: deps.config.publicUrl, flowTools }, template, routeFiles);
      // The visitor's default currency (as getCurrency answers it) comes with the page; a results page's
      // filters in the query change what it shows.
      return (c) => pages(c.req.path, defaultCurrencyFor(deps.geo.countryOf(clientIp(c, deps))), new URL(c.req.url).searchParams);
    });
  }

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toEnvelope(), err.status);
    deps.log.error({ requestId: c.get('requestId'), err }, 'unhandled error');
    return c.json({ result: false, ErrorCode: ErrorCode.InternalError, message: 'An error occurred, please try again later.' }, 500);
  });

  return app;
}

const ARTWORK_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** No cache may keep a 404 for a file that a newer deploy (or another server) has. */
const notFound = (c: Context<AppEnv>) => c.text('Not found', 404, { 'cache-control': 'no-store' });

/**
 * The built files (static-files.ts: hashed assets cached for good, precompressed); every other path
 * answers index.html (history-mode routing) except under /assets/, where a missing chunk must fail
 * as a chunk (404) rather than come back as a page. index.html carries the SPA's settings as meta
 * tags (no extra request on first load): whether the flow tools are on, and the Stripe publishable
 * key wallet payments need; it is read and completed with them once. Each page then gets its own
 * head and first paint (http/page-head.ts), the visitor's default currency, and the status 404 when it
 * is not there; its CSP allows the inline scripts of index.html by hash.
 */
function mountSpa(
  app: Hono<AppEnv>,
  spaDir: string,
  metas: Record<string, string>,
  security: SecurityOptions,
  pagesOf: (template: () => string, routeFiles: () => RouteFiles) => (c: Context<AppEnv>) => Promise<RenderedPage>,
) {
  const files = listBuiltFiles(spaDir);
  // A file listed at start but gone since (dist rebuilt under a running server) is missing, not a failure.
  const sendOrNotFound = (c: Context<AppEnv>, built: BuiltFile) =>
    sendBuiltFile(c, built).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(c);
      throw error;
    });
  app.get('/assets/*', (c) => {
    const built = files.get(c.req.path);
    return built ? sendOrNotFound(c, built) : notFound(c);
  });
  let index: { html: string; policy: string } | undefined;
  const template = () => {
    if (!index) {
      const tags = Object.entries(metas).map(([name, content]) => `  <meta name="${name}" content="${escapeAttribute(content)}" />\n`);
      const source = readFileSync(path.join(spaDir, 'index.html'), 'utf8');
      const html = tags.length ? source.replace('</head>', `${tags.join('')}  </head>`) : source;
      index = { html, policy: contentSecurityPolicy(security, { scriptHashes: inlineHashes(html, 'script') }) };
    }
    return index;
  };
  // Each page's screen files (build/route-chunks.ts); a build without them (tests' own files) names none.
  let screens: RouteFiles | undefined;
  const routeFiles = () => {
    if (!screens) {
      try {
        screens = new Map(Object.entries(JSON.parse(readFileSync(path.join(spaDir, '.vite', 'route-chunks.json'), 'utf8')) as Record<string, { js: string[]; css: string[] }>));
      } catch {
        screens = new Map();
      }
    }
    return screens;
  };
  const pages = pagesOf(() => template().html, routeFiles);
  const serveIndex = async (c: Context<AppEnv>) => {
    const { policy } = template();
    const page = await pages(c);
    const sent = sendVariant(c, page.variants, { contentType: 'text/html; charset=UTF-8', cacheControl: 'no-cache' });
    // A page that is not there: the SPA still loads (and shows its not-found page), under status 404.
    const response =
      page.status === 404 && sent.status === 200 ? new Response(sent.body, { status: 404, headers: sent.headers }) : sent;
    if (page.status === 404) response.headers.delete('etag');
    response.headers.set('content-security-policy', policy);
    return response;
  };
  app.get('/', serveIndex);
  // The built file's own name is no page of the shop: it is the home page's address for good, so each
  // page has one address (canonical, caches, the SPA's router), the query kept (issue 14).
  app.get('/index.html', (c) => c.redirect(`/home${new URL(c.req.url).search}`, 301));
  app.get('*', (c) => {
    const built = files.get(c.req.path);
    return built ? sendOrNotFound(c, built) : serveIndex(c);
  });
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
