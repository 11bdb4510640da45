/**
 * The real API in a process of its own: a fresh database (PGlite in memory, or a new
 * PostgreSQL database that is dropped on stop), the seed plus N generated products, the demo
 * member's bag filled with BAG_LINES lines, and createApp(deps) served on a free loopback port.
 * The ready message carries the demo member's id token (`bagToken`) for the bag scenario.
 *
 *   node --import tsx bench/server-app.ts --db pglite|postgres --products 10000
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { and, eq, gte, not, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { openDatabase, openScratchDatabase, type Database } from '../server/db/client.ts';
import { bagItems, products, variances } from '../server/db/schema.ts';
import { seed } from '../server/db/seed/index.ts';
import { demoMember } from '../server/db/seed/member-data.ts';
import { createDeps } from '../server/create-deps.ts';
import { createPasswords } from '../server/services/passwords.ts';
import { startSession } from '../server/services/sessions.ts';
import { DEFAULT_POSTGRES_URL, listen, send } from './child-protocol.ts';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'pglite' }, products: { type: 'string', default: '10000' } },
});
const driver = values.db === 'postgres' ? 'postgres' : 'pglite';
const extraProducts = Number(values.products);

/** Lines in the demo member's bag for the getShoppingBag scenario. */
const BAG_LINES = 20;

/** BAG_LINES lines of the seed catalogue (a spread of types, alcohol included), one to three units each, all in stock. */
async function fillBag(db: Database['db']) {
  const lines = await db
    .select({ id: variances.id })
    .from(variances)
    .innerJoin(products, eq(products.id, variances.productId))
    .where(and(not(products.stopSell), not(variances.stopSell), gte(variances.stock, 10), sql`${products.id} not like 'gen-%'`))
    .orderBy(sql`md5(${variances.id})`)
    .limit(BAG_LINES);
  if (lines.length < BAG_LINES) throw new Error(`only ${lines.length} variances can fill the bench bag`);
  const now = new Date();
  await db
    .insert(bagItems)
    .values(lines.map((line, i) => ({ userId: demoMember.id, varianceId: line.id, quantity: 1 + (i % 3), addedAt: now, updatedAt: now })));
}

let database: (Database & { name: string }) | undefined;
try {
  database =
    driver === 'postgres'
      ? { ...(await openScratchDatabase(process.env.DATABASE_URL || DEFAULT_POSTGRES_URL, 'sg_bench')), name: 'scratch PostgreSQL' }
      : { ...(await openDatabase()), name: 'in memory' };
  const { db } = database;

  const seedStarted = performance.now();
  await seed(db, { now: new Date(), extraProducts, passwords: createPasswords(10) });
  const seedMs = performance.now() - seedStarted;
  // A long-lived catalogue has planner statistics and a visibility map (index-only scans); a freshly
  // loaded one only gets them from autovacuum (PostgreSQL, eventually) or never (PGlite, which has no
  // autovacuum), so gather them once, as an operator would after a bulk load.
  await db.execute(sql`vacuum analyze`);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  await fillBag(db);

  const deps = createDeps({ db, log: pino({ level: 'silent' }), secret: randomBytes(32), config: { maxBodyBytes: 64 * 1024, version: 'bench' } });
  const app = createApp(deps);
  const { idToken } = await startSession(deps, demoMember.id);
  const opened = database;
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    void send({
      type: 'ready',
      port: info.port,
      info: {
        driver,
        database: opened.name,
        products: count?.n ?? 0,
        seedSeconds: Math.round(seedMs / 100) / 10,
        bagLines: BAG_LINES,
        bagToken: idToken,
      },
    });
  });
  listen(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await opened.close();
  });
} catch (error) {
  await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  // A database that failed to seed is still dropped.
  await database?.close().catch(() => undefined);
  process.exit(1);
}
