/**
 * The real API in a process of its own: a fresh database (PGlite in memory, or a new
 * PostgreSQL database that is dropped on stop), the seed plus N generated products, and
 * createApp(deps) served on a free loopback port.
 *
 *   node --import tsx bench/server-app.ts --db pglite|postgres --products 10000
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../server/app.ts';
import { openDatabase, openScratchDatabase, type Database } from '../server/db/client.ts';
import { products } from '../server/db/schema.ts';
import { seed } from '../server/db/seed/index.ts';
import { createDeps } from '../server/create-deps.ts';
import { createPasswords } from '../server/services/passwords.ts';
import { DEFAULT_POSTGRES_URL, listen, send } from './child-protocol.ts';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'pglite' }, products: { type: 'string', default: '10000' } },
});
const driver = values.db === 'postgres' ? 'postgres' : 'pglite';
const extraProducts = Number(values.products);

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
  // A long-lived catalogue has planner statistics; a freshly loaded one only gets them from
  // autovacuum (PostgreSQL, eventually) or never (PGlite), so gather them once, as an operator would.
  await db.execute(sql`analyze`);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);

  const app = createApp(
    createDeps({ db, log: pino({ level: 'silent' }), secret: randomBytes(32), config: { maxBodyBytes: 64 * 1024, version: 'bench' } }),
  );
  const opened = database;
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    void send({
      type: 'ready',
      port: info.port,
      info: { driver, database: opened.name, products: count?.n ?? 0, seedSeconds: Math.round(seedMs / 100) / 10 },
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
