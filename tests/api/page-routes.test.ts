/**
 * No page of the SPA is unknown to the server (issue 29, 2; DESIGN §6): the server's page table is the route
 * tree's list (server/http/page-routes.gen.ts, written by scripts/generate-routes.mjs). Every route of it,
 * its parameters filled with real ids of the seed, answers 200 with its title; a route whose id the server
 * looks up answers 404 for an id that does not exist, and only then.
 */
import { DEMO_INVITE_CODE } from '../../server/db/seed/invite-data.ts';
import { SEED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription } from '../../contract/index.ts';
import { createApp } from '../../server/app.ts';
import {
  eventTickets,
  eventVariances,
  events,
  information,
  inspirations,
  nfcTags,
  orders,
  products,
  productTypes,
  subscriptions,
  users,
} from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS } from '../../server/db/seed/subscription-data.ts';
import { NOT_INDEXED, ROUTE_HEADS } from '../../server/http/page-heads.ts';
import { PAGE_ROUTES } from '../../server/http/page-routes.gen.ts';
import { PAGE_ROUTES_FILE, renderPageRoutes } from '../../scripts/generate-routes.mjs';
import { auth, shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sip &amp; Gather</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const SHOP = 'Sip & Gather';
const NOT_FOUND_TITLE = `Page not found · ${SHOP}`;
const NO_SUCH_ID = 'no-such-id-29';

let t: TestApp;
let spaDir: string;
let app: ReturnType<typeof createApp>;
/** A real value for each parameter, by route path and parameter name (or the name alone). */
const ids = new Map<string, string>();
/** Titles the server takes from the database, by address. */
const titles = new Map<string, string>();

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`the seed has no ${what}`);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  spaDir = mkdtempSync(path.join(tmpdir(), 'sg-routes-'));
  writeFileSync(path.join(spaDir, 'index.html'), TEMPLATE);
  app = createApp({ ...t.deps, config: { ...t.deps.config, production: false, flowTools: true } }, { spaDir });
  const { db } = t;

  const product = await one(db.select({ id: products.id, name: products.nameEn }).from(products).orderBy(asc(products.id)).limit(1), 'product');
  const type = await one(db.select({ id: productTypes.id, name: productTypes.nameEn }).from(productTypes).orderBy(asc(productTypes.id)).limit(1), 'product type');
  const session = await one(
    db
      .select({ eventId: events.id, title: events.titleEn, varianceId: eventVariances.id })
      .from(eventVariances)
      .innerJoin(events, eq(events.id, eventVariances.eventId))
      .where(eq(events.published, true))
      .orderBy(asc(eventVariances.id))
      .limit(1),
    'published event session',
  );
  const post = await one(db.select({ id: inspirations.id }).from(inspirations).where(eq(inspirations.status, 'Published')).limit(1), 'published post');
  const member = await one(db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt)).limit(1), 'member');
  const ticket = await one(db.select({ id: eventTickets.id }).from(eventTickets).limit(1), 'ticket');
  const tag = await one(db.select({ id: nfcTags.id }).from(nfcTags).limit(1), 'NFC tag');
  const orderOf = (kind: string) => one(db.select({ id: orders.id }).from(orders).where(eq(orders.kind, kind)).orderBy(asc(orders.id)).limit(1), `${kind} order`);
  const productOrder = await orderOf('product');
  const eventOrder = await orderOf('event');
  // The seed has no subscription: a new member starts one (by FPS, left unpaid: its record and order are there).
  const subscriber = await shopper(t);
  const { RecordID } = await t.call(
    createSubscription,
    { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', SubscriptionID: SEED_SUBSCRIPTION_PLANS.month },
    auth(subscriber),
  );
  const subscription = await one(db.select({ id: subscriptions.id, orderId: subscriptions.firstOrderId }).from(subscriptions).where(eq(subscriptions.id, RecordID)), 'subscription');

  ids.set('productID', product.id);
  ids.set('productTypeID', type.id);
  ids.set('eventID', session.eventId);
  ids.set('varianceID', session.varianceId);
  ids.set('inspirationId', post.id);
  ids.set('inspirationID', post.id);
  ids.set('userID', member.id);
  ids.set('ticketID', ticket.id);
  ids.set('inviteCode', DEMO_INVITE_CODE);
  ids.set('gatheringID', SEED_GATHERING_ID);
  ids.set('ID', tag.id);
  ids.set('keyword', 'oolong');
  ids.set('/order_record/$orderID:orderID', productOrder.id);
  ids.set('/order_product_confirm/$orderID:orderID', productOrder.id);
  ids.set('/order_event_confirm/$orderID:orderID', eventOrder.id);
  ids.set('/order_subscription_confirm/$orderID:orderID', subscription.orderId!);
  ids.set('/subscription_record/$orderID:orderID', subscription.id);
  // The back office's sections are chosen in its chunk; the server answers the page for any (issue 32).
  ids.set('/admin/{-$section}:section', 'orders');

  titles.set(`/product/${encodeURIComponent(product.id)}`, product.name);
  titles.set(`/event/${encodeURIComponent(session.eventId)}`, session.title);
  titles.set('/new_in', 'New in');
  titles.set(`/new_in/${encodeURIComponent(type.id)}`, `New in: ${type.name}`);
  titles.set('/search_result', 'Search');
  titles.set('/search_result/oolong', 'Search results for “oolong”');
  titles.set('/search_boxset', 'Box sets');
  titles.set('/search_boxset/oolong', 'Box sets for “oolong”');
  titles.set('/edit_inspiration', 'New post');
  titles.set(`/edit_inspiration/${encodeURIComponent(post.id)}`, 'Edit post');
  titles.set('/', 'Tea, coffee, incense and spirits');
  for (const page of await db.select({ id: information.id, title: information.titleEn }).from(information)) titles.set(`/${page.id}`, page.title);
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await t.close();
});

async function page(url: string) {
  const response = await app.request(url, { headers: { 'accept-encoding': 'identity' } });
  const { document } = new JSDOM(await response.text()).window;
  return { status: response.status, title: document.title };
}

const PARAM = /^(?:\$(\w+)|\{-\$(\w+)\})$/;

/** The addresses of a route: each parameter filled with a real id (`value` for one of them), an optional one also left out. */
function addressesOf(routePath: string, value: (name: string) => string): string[] {
  let addresses = [''];
  for (const segment of routePath.split('/').filter(Boolean)) {
    const param = PARAM.exec(segment);
    if (!param) {
      addresses = addresses.map((a) => `${a}/${segment}`);
      continue;
    }
    const filled = addresses.map((a) => `${a}/${encodeURIComponent(value(param[1] ?? param[2]!))}`);
    addresses = param[2] ? [...addresses, ...filled] : filled;
  }
  return addresses.map((a) => a || '/');
}

const realId = (routePath: string) => (name: string) => {
  const id = ids.get(`${routePath}:${name}`) ?? ids.get(name);
  if (id === undefined) throw new Error(`no id of the seed for the parameter ${name} of ${routePath}: add one to this test`);
  return id;
};

/** Routes whose id the server looks up (a public page of a thing): an id that does not exist is a 404. */
const LOOKED_UP = new Set(['/product/$productID', '/event/$eventID', '/new_in/{-$productTypeID}', '/inspiration/$inspirationId', '/user/$userID']);

describe('the route tree as the server knows it', () => {
  it('is the generated list, current with src/routes', () => {
    expect(readFileSync(PAGE_ROUTES_FILE, 'utf8'), 'run node scripts/generate-routes.mjs').toBe(renderPageRoutes());
  });

  it('names every route of the router’s tree (src/routeTree.gen.ts) that is a page', () => {
    const tree = readFileSync(path.join(import.meta.dirname, '../../src/routeTree.gen.ts'), 'utf8');
    const byTo = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(tree)![1]!;
    const treePaths = [...byTo.matchAll(/^\s+'([^']+)':\s*typeof (\w+)/gm)]
      // A layout (…WithChildren) is no page of its own.
      .filter((m) => !m[2]!.endsWith('WithChildren'))
      .map((m) => m[1]!);
    expect(PAGE_ROUTES.map((r) => r.path).sort()).toEqual([...treePaths].sort());
  });

  it('the server’s own head data names routes of the tree only, and every route without a fixed title has some', () => {
    const paths = new Set(PAGE_ROUTES.map((r) => r.path));
    expect([...ROUTE_HEADS.keys(), ...NOT_INDEXED].filter((p) => !paths.has(p))).toEqual([]);
    expect(PAGE_ROUTES.filter((r) => r.title === undefined && !ROUTE_HEADS.has(r.path)).map((r) => r.path)).toEqual([]);
  });
});

describe('every page of the route tree', () => {
  it.each(PAGE_ROUTES.map((r) => [r.path, r] as const))('%s answers 200 with its title, its ids real ones of the seed', async (routePath, route) => {
    for (const url of addressesOf(routePath, realId(routePath))) {
      const p = await page(url);
      expect(p.status, url).toBe(200);
      expect(p.title, url).not.toBe(NOT_FOUND_TITLE);
      const expected = route.title ?? titles.get(url);
      expect(p.title, url).toBe(expected === undefined ? SHOP : `${expected} · ${SHOP}`);
    }
  });

  it.each(PAGE_ROUTES.filter((r) => PARAM.test(r.path.split('/').at(-1)!)).map((r) => [r.path] as const))(
    '%s with an id that does not exist: 404 only where the server looks the id up',
    async (routePath) => {
      const urls = addressesOf(routePath, (name) => (name === 'keyword' ? 'zzqxvwk' : NO_SUCH_ID)).filter((u) => u.endsWith('zzqxvwk') || u.includes(NO_SUCH_ID));
      for (const url of urls) {
        const p = await page(url);
        expect(p.status, url).toBe(LOOKED_UP.has(routePath) ? 404 : 200);
        if (p.status === 404) expect(p.title, url).toBe(NOT_FOUND_TITLE);
        else expect(p.title, url).not.toBe(NOT_FOUND_TITLE);
      }
    },
  );
});

describe('what is not a page', () => {
  it('an address below a page, or beside the tree, is a 404', async () => {
    for (const url of ['/no-such-page', '/product', '/inspiration/x/y', '/user', '/survey/e-1', '/taste_card', '/subscription/x']) {
      expect((await page(url)).status, url).toBe(404);
    }
  });

  it('a post page answers 200 while the post is archived (its author still sees it)', async () => {
    const [post] = await t.db.select().from(inspirations).where(eq(inspirations.status, 'Published')).limit(1);
    const archived = { ...post!, id: 'post-archived-29', status: 'Private' as const };
    const { searchVector: _generated, ...row } = archived;
    await t.db.insert(inspirations).values(row);
    expect((await page('/inspiration/post-archived-29')).status).toBe(200);
  });
});
