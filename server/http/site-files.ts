/**
 * /robots.txt and /sitemap.xml for search engines (issue 14).
 *
 * Both come from the route tree (page-routes.gen.ts, DESIGN §6). robots.txt keeps crawlers out of the
 * member-only and one-time pages (PRIVATE_PAGES) and names the sitemap (which must be an absolute address,
 * hence PUBLIC_URL). The API stays open to them: a crawler that renders the SPA reads the catalogue through it.
 *
 * The sitemap lists the pages of the route tree that need no id (LISTED_PAGES: home, new in, inspiration,
 * the information pages…), the new-in page of each product type, the published events with a session to
 * come (soonest first) and every product on sale, as far as one sitemap file may hold (50,000 addresses),
 * newest products first. It is made at most every ten minutes.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { eventVariances, events, products, productTypes } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './api.ts';
import { NOT_INDEXED } from './page-heads.ts';
import { PAGE_ROUTES } from './page-routes.gen.ts';

/**
 * Where robots.txt keeps crawlers out, from the route tree (page-routes.gen.ts): the pages a route guard
 * keeps for members and those the server marks as not for listing (page-heads.ts NOT_INDEXED), each as the
 * path before its first parameter (with its slash when the parameter is required: /order_record/).
 */
export const PRIVATE_PAGES = [
  ...new Set(
    PAGE_ROUTES.filter((route) => route.signedIn || NOT_INDEXED.has(route.path)).map((route) => {
      const [head, param] = route.path.split(/(?=\/(?:\$|\{-\$))/);
      return param?.startsWith('/$') ? `${head}/` : head!;
    }),
  ),
].sort();

/**
 * The pages of the route tree a crawler may list as they are: no parameter to fill (an optional one left
 * out: /new_in), not private; the home page first, '/' aside (it redirects to /home).
 */
export const LISTED_PAGES = [
  '/home',
  ...PAGE_ROUTES.filter((route) => !route.signedIn && !NOT_INDEXED.has(route.path) && !/\/\$/.test(route.path))
    .map((route) => route.path.replace(/\/\{-\$\w+\}/g, ''))
    .filter((path) => path !== '/' && path !== '/home'),
];

/** The most addresses one sitemap file may list (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;
const SITEMAP_TTL_MS = 10 * 60_000;

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PAGES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export async function sitemapXml(deps: Pick<Deps, 'db' | 'config' | 'clock'>): Promise<string> {
  const base = deps.config.publicUrl.replace(/\/$/, '');
  const types = await deps.db.select({ id: productTypes.id }).from(productTypes).orderBy(asc(productTypes.sort), asc(productTypes.id));
  const pages = [...LISTED_PAGES, ...types.map((t) => `/new_in/${encodeURIComponent(t.id)}`)];
  const coming = await deps.db
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventVariances, eq(eventVariances.eventId, events.id))
    .where(and(eq(events.published, true), gt(eventVariances.startsAt, deps.clock.now())))
    .groupBy(events.id)
    .orderBy(asc(sql`min(${eventVariances.startsAt})`), asc(events.id))
    .limit(SITEMAP_LIMIT - pages.length);
  const listed = [...pages, ...coming.map((e) => `/event/${encodeURIComponent(e.id)}`)];
  const onSale = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.stopSell, false))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(SITEMAP_LIMIT - listed.length);
  const urls = [...listed, ...onSale.map((p) => `/product/${encodeURIComponent(p.id)}`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `<url><loc>${escapeXml(base + u)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export function mountSiteFiles(app: Hono<AppEnv>, deps: Deps) {
  const robots = robotsTxt(deps.config.publicUrl);
  app.get('/robots.txt', (c) => c.body(robots, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' }));

  let made: { at: number; xml: Promise<string> } | undefined;
  app.get('/sitemap.xml', async (c) => {
    const now = deps.clock.now().getTime();
    if (!made || now - made.at > SITEMAP_TTL_MS) {
      const xml = sitemapXml(deps);
      made = { at: now, xml };
      xml.catch(() => {
        if (made?.xml === xml) made = undefined;
      });
    }
    return c.body(await made.xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' });
  });
}
