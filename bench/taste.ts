/**
 * The taste bench (issue 16): SearchSimilarProductTasteCard and CalculateUserProductMatch p50 / p99 with
 * 100,000 published taste cards (target p99 ≤ 30 ms), on PGlite and on PostgreSQL. `npm run bench` runs it
 * on its --db (bench/run.ts; --skip-taste leaves it out, --taste-cards sets the count); on its own:
 *
 *   npx tsx bench/taste.ts [--db pglite|postgres|both] [--taste-cards 100000] [--products 10000]
 *                          [--duration 5] [--warmup 1]
 *
 * The app runs in a child process of its own (this file with --serve): a fresh database (PGlite in memory,
 * or a scratch PostgreSQL database dropped on stop), the seed, N generated products and M generated cards
 * (server/db/seed/taste-card-data.ts), VACUUM ANALYZE, and the demo member signed in (two seeded cards and
 * an entry survey: a profile to match). The load generator runs here: one worker (latency), then four.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FromServer, ToServer } from './child-protocol.ts';
import { DEFAULT_POSTGRES_URL, listen, send } from './child-protocol.ts';
import { once, runLoad, type LoadOptions, type LoadResult, type Scenario } from './load.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const TARGET_P99_MS = 30;

export interface TasteBenchOptions {
  db: 'pglite' | 'postgres';
  cards: number;
  products: number;
  load: Pick<LoadOptions, 'durationMs' | 'warmupMs'>;
}

// ------------------------------------------------------------------------------------ server

async function serve(db: 'pglite' | 'postgres', cards: number, extraProducts: number) {
  const { serve: serveHttp } = await import('@hono/node-server');
  const { sql } = await import('drizzle-orm');
  const pino = (await import('pino')).default;
  const { createApp } = await import('../server/app.ts');
  const { openDatabase, openScratchDatabase } = await import('../server/db/client.ts');
  const { seed } = await import('../server/db/seed/index.ts');
  const { demoMember } = await import('../server/db/seed/member-data.ts');
  const { createDeps } = await import('../server/create-deps.ts');
  const { createPasswords } = await import('../server/services/passwords.ts');
  const { startSession } = await import('../server/services/sessions.ts');

  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = db === 'postgres' ? await openScratchDatabase(process.env.DATABASE_URL || DEFAULT_POSTGRES_URL, 'sg_bench_taste') : await openDatabase();
    const seedStarted = performance.now();
    await seed(database.db, { now: new Date(), extraProducts, extraTasteCards: cards, passwords: createPasswords(10) });
    const seedMs = performance.now() - seedStarted;
    await database.db.execute(sql`vacuum analyze`);
    const counted = (await database.db.execute(sql`select
        (select count(*)::int from taste_cards where status = 'Published') as cards,
        (select count(*)::int from product_taste_profiles where card_count > 0) as profiled,
        (select count(*)::int from products) as products`)) as unknown as { rows: Array<{ cards: number; profiled: number; products: number }> };
    // Products with cards to ask about, spread over the catalogue; and a few of the demo member's and public cards.
    const sample = (await database.db.execute(
      sql`select product_id from product_taste_profiles where card_count > 0 order by md5(product_id) limit 500`,
    )) as unknown as { rows: Array<{ product_id: string }> };
    const cardSample = (await database.db.execute(
      sql`select id from taste_cards where status = 'Published' order by md5(id) limit 200`,
    )) as unknown as { rows: Array<{ id: string }> };

    const deps = createDeps({ db: database.db, log: pino({ level: 'silent' }), secret: randomBytes(32), idTokenSeconds: 24 * 3600, config: { maxBodyBytes: 64 * 1024, version: 'bench' } });
    const app = createApp(deps);
    const { idToken } = await startSession(deps, demoMember.id);
    const opened = database;
    const server = serveHttp({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      void send({
        type: 'ready',
        port: info.port,
        info: {
          driver: db,
          seedSeconds: Math.round(seedMs / 100) / 10,
          cards: counted.rows[0]!.cards,
          profiled: counted.rows[0]!.profiled,
          products: counted.rows[0]!.products,
          productIds: sample.rows.map((r) => r.product_id).join(','),
          cardIds: cardSample.rows.map((r) => r.id).join(','),
          token: idToken,
        },
      });
    });
    listen(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.close();
    });
  } catch (error) {
    await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
}

// ------------------------------------------------------------------------------------ bench

interface Child {
  port: number;
  info: Record<string, string | number>;
  stop(): Promise<void>;
}

function startChild(options: TasteBenchOptions): Promise<Child> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench', 'taste.ts'), '--serve', '--db', options.db, '--taste-cards', String(options.cards), '--products', String(options.products)],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<Child>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the taste bench server did not start within 20 minutes'));
    }, 20 * 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the taste bench server exited before it was ready (${signal ?? `code ${code}`})`));
    });
    child.on('message', (message: FromServer) => {
      if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`the taste bench server failed to start:\n${message.message}`));
      } else if (message.type === 'ready') {
        clearTimeout(timer);
        resolve({
          port: message.port,
          info: message.info,
          async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return;
            if (child.connected) child.send({ type: 'stop' } satisfies ToServer);
            const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000).unref());
            if ((await Promise.race([exited, timeout])) === 'timeout') {
              child.kill('SIGKILL');
              await exited;
            }
          },
        });
      }
    });
  });
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

export interface TasteBenchResult {
  rows: string[][];
  errors: number;
  missed: string[];
}

/** Seeds, serves and measures one database; prints its table and answers its budget rows. */
export async function benchTaste(options: TasteBenchOptions): Promise<TasteBenchResult> {
  const name = options.db === 'postgres' ? 'PostgreSQL' : 'PGlite in memory';
  console.log(`\n== Taste cards: similar products and the match at ${options.cards.toLocaleString('en')} published cards (${name}) ${'='.repeat(10)}`);
  const started = performance.now();
  const app = await startChild(options);
  try {
    const { info } = app;
    console.log(
      `App: ${Number(info.cards).toLocaleString('en')} published cards on ${Number(info.profiled).toLocaleString('en')} products ` +
        `(of ${Number(info.products).toLocaleString('en')}); seeded in ${info.seedSeconds} s; seed + VACUUM ANALYZE + start ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    const productIds = String(info.productIds).split(',');
    const cardIds = String(info.cardIds).split(',');
    const headers = { authorization: `Bearer ${info.token}` };
    const similar: Scenario = {
      name: `SearchSimilarProductTasteCard (${productIds.length} products)`,
      method: 'POST',
      path: '/api/SearchSimilarProductTasteCard',
      bodies: productIds.map((ProductID, i) => ({ ProductID, Currency: i % 2 ? 'USD' : 'HKD', Size: 8 })),
    };
    const draft = (i: number) => ({
      FiveSenses: { Sweetness: 1 + (i % 5), Sourness: 1 + ((i * 3) % 5), Bitterness: 1 + ((i * 7) % 5), Saltiness: 1, Umami: 2 },
      TasteNote: ['note-orchid', 'note-honey', 'note-peat-smoke', 'note-lemon', 'note-cocoa'].slice(i % 3, (i % 3) + 3),
      Aroma: ['aroma-jasmine'],
    });
    const match: Scenario = {
      name: `CalculateUserProductMatch (${productIds.length} products, ${cardIds.length} cards, drafts)`,
      method: 'POST',
      path: '/api/CalculateUserProductMatch',
      headers,
      bodies: productIds.flatMap((ProductID, i) => [
        { ProductID },
        ...(i < cardIds.length ? [{ TasteCardID: cardIds[i] }] : []),
        ...(i % 5 === 0 ? [{ TasteCardObj: draft(i) }] : []),
      ]),
    };

    // Every kind of body answers 200 with what it should before anything is measured.
    const firstSimilar = await once(app.port, similar, similar.bodies![0]);
    const similarList = (firstSimilar.json as { ProductList?: Array<{ Similarity: number }> }).ProductList;
    if (firstSimilar.status !== 200 || !similarList?.length) throw new Error(`SearchSimilarProductTasteCard answered ${firstSimilar.status}: ${JSON.stringify(firstSimilar.json).slice(0, 300)}`);
    for (const body of match.bodies!.slice(0, 3)) {
      const answer = await once(app.port, match, body);
      const json = answer.json as { Score?: number; Reasons?: unknown[] };
      if (answer.status !== 200 || json.Score === undefined || !json.Reasons?.length) {
        throw new Error(`CalculateUserProductMatch ${JSON.stringify(body)} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
      }
    }
    console.log(`(first answers: ${similarList.length} similar products, closest ${similarList[0]!.Similarity}; the match has a score and reasons)`);

    // Steady state, as a shop's busy products are: every body once (the profile index loaded, the answers'
    // stock in the product cache), then a second of each scenario for the JIT.
    for (const body of similar.bodies!) await once(app.port, similar, body);
    const warm = { concurrency: 1, warmupMs: 0, durationMs: 1000 };
    await runLoad(app.port, similar, warm);
    await runLoad(app.port, match, warm);
    const serial: LoadOptions = { concurrency: 1, ...options.load };
    const loaded: LoadOptions = { concurrency: 4, ...options.load };
    const results: LoadResult[] = [
      await runLoad(app.port, { ...similar, name: `${similar.name}, 1 worker` }, serial),
      await runLoad(app.port, { ...match, name: `${match.name}, 1 worker` }, serial),
      await runLoad(app.port, { ...similar, name: `${similar.name}, 4 workers` }, loaded),
      await runLoad(app.port, { ...match, name: `${match.name}, 4 workers` }, loaded),
    ];
    const widths = [Math.max(...results.map((r) => r.scenario.length)), 8, 7, 6, 7, 7, 7, 7];
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[0]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(['Scenario', 'Requests', 'Errors', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms']));
    for (const r of results) console.log(line([r.scenario, String(r.requests), String(r.errors), r.rps.toFixed(0), ms(r.p50), ms(r.p90), ms(r.p99), ms(r.max)]));
    for (const r of results) if (r.errors) console.error(`warning: ${r.scenario}: ${r.errors} errors, first: ${r.firstError}`);
    console.log('p99 with 1 worker is the latency target; 4 workers adds queueing on a shared machine.');

    const cardsText = options.cards.toLocaleString('en');
    const missed: string[] = [];
    const rows = results.slice(0, 2).map((r) => {
      const ok = r.p99 <= TARGET_P99_MS;
      if (!ok) missed.push(`${r.scenario} p99 ${ms(r.p99)} ms (${name})`);
      return [`${name}, ${cardsText} cards: ${r.scenario.split(' (')[0]} p50 / p99, 1 worker`, `${ms(r.p50)} / ${ms(r.p99)} ms`, `p99 ≤ ${TARGET_P99_MS} ms`, ok ? 'ok' : 'OVER BUDGET'];
    });
    return { rows, errors: results.reduce((n, r) => n + r.errors, 0), missed };
  } finally {
    await app.stop();
  }
}

// -------------------------------------------------------------------------------------- main

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values: args } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      db: { type: 'string', default: 'both' },
      'taste-cards': { type: 'string', default: '100000' },
      products: { type: 'string', default: '10000' },
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
    },
  });
  const cards = Number(args['taste-cards']);
  const products = Number(args.products);
  if (!Number.isInteger(cards) || cards < 1) throw new Error('--taste-cards takes a whole number above 0');
  if (!Number.isInteger(products) || products < 0) throw new Error('--products takes a whole number');
  if (args.serve) {
    await serve(args.db === 'postgres' ? 'postgres' : 'pglite', cards, products);
  } else {
    const dbs = args.db === 'both' ? (['pglite', 'postgres'] as const) : args.db === 'pglite' || args.db === 'postgres' ? [args.db as 'pglite' | 'postgres'] : undefined;
    if (!dbs) throw new Error(`--db must be pglite, postgres or both, not ${args.db}`);
    const cpus = os.cpus();
    console.log(`Taste bench — ${new Date().toISOString()}; ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}.`);
    const load = { durationMs: Number(args.duration) * 1000, warmupMs: Number(args.warmup) * 1000 };
    const all: TasteBenchResult[] = [];
    for (const db of dbs) all.push(await benchTaste({ db, cards, products, load }));
    console.log('\nTargets:');
    for (const row of all.flatMap((r) => r.rows)) console.log(`  ${row.join('  ')}`);
    if (all.some((r) => r.errors > 0 || r.missed.length > 0)) process.exitCode = 1;
  }
}
