/**
 * Crash test (issue 13, "No payment lost in a crash"): the real server (server/main.ts, as `npm run serve`
 * starts it) is killed with SIGKILL while members check out by card, started again on the same data, and
 * the books are checked in the database once it has recovered.
 *
 *   npm run crash-test [-- --mode pglite|postgres|both] [--runs 5] [--delays 40,80,…]
 *                      [--members 12] [--deadline 60] [--keep]
 *
 * Per database mode (PGlite in a fresh data directory; a fresh PostgreSQL database crash_<random> beside
 * TEST_DATABASE_URL, default postgres://root@127.0.0.1:5432/test, dropped afterwards): the database is
 * migrated and seeded here and its starting figures recorded; a server is started and ~12 members sign up
 * through the API (each from an X-Forwarded-For address of its own, TRUST_PROXY=1), each with a delivery
 * address and a saved test card 4242 4242 4242 4242. Unless --delays fixes them, the kill delays come from
 * a calibration: on a freshly started server (as each run's is) every member checks out once without a
 * crash, and the --runs delays are spread evenly over the time until the last answer (i/(runs+1) of it),
 * so the kills fall while checkouts are under way however busy the machine is (fixed delays of 20–100 ms
 * killed a cold server before any order was placed). Then one run per delay:
 *
 *   1. start the server; put one unit in each member's bag (setShoppingBag, the same line every run);
 *   2. send every member's checkout (CreditCard) at once, and SIGKILL the server `delay` ms later;
 *   3. start the server again on the same data (JOBS_INTERVAL_SECONDS=1) and poll until the books hold,
 *      or the deadline (60 s) passes; stop it (SIGTERM, wait for exit) and check the books once more,
 *      in the database (PGlite only now, after the server exited).
 *
 * PGlite serves one process at a time, so with PGlite the books cannot be read while the server runs:
 * its poll waits until the members' orders, read through the API, stay unchanged for STABLE_MS, then
 * stops the server and checks the books in the data directory; should they not hold yet, the server is
 * started again and the poll goes on, until the deadline. Its recovered-in figure is therefore an upper
 * bound (≤). With PostgreSQL the books are read directly every POLL_MS while the server runs.
 *
 * The books (checked over the whole database: a failure stays failed in later runs):
 *   stock      stock + held = starting figure, for every variance (held: units in the lines of unpaid or
 *              paid orders; stock is taken at checkout and given back only when an unpaid order closes)
 *   payments   every sandbox payment that succeeded belongs to an order that is Paid with that payment id,
 *              or has a refund record (refund_requests) for that payment id
 *   holds      every unpaid order (WaitForPayment, PaymentFailed) has a payment window (pay_before) and an
 *              'order.expire' job, so nothing holds stock for ever
 *   paid       no order is Paid without a succeeded provider payment (the seed's demo orders aside)
 *
 * One line per run; a run that fails also lists what failed (a few rows each). Exits 1 when any run
 * failed, 2 on bad arguments. Server output goes to a log file in the run's temporary directory, which is
 * removed afterwards unless a run failed or --keep was given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { seed } from '../server/db/seed/index.ts';
import { ORDER_EXPIRY_JOB } from '../server/services/orders/hold.ts';
import { createPasswords } from '../server/services/passwords.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
/** How often the PostgreSQL books are read, and the members' orders through the API (PGlite), while recovering. */
const POLL_MS = 250;
/** PGlite: the members' orders must stay unchanged this long before the server is stopped to read the books. */
const STABLE_MS = 3000;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
/** Plentiful seed variances (120–200 in stock), each shared by a third of the members so checkouts contend for rows. */
const VARIANCES = ['tea-keemun-50g', 'tea-jasmine-pearls-50g', 'tea-sencha-50g'];
const HOME = {
  label: 'home',
  firstName: 'Ka Yan',
  lastName: 'Wong',
  countryCallingCode: '852',
  phone: '91234567',
  CountryID: 'HK',
  city: 'HK-wan-chai',
  address1: '1 Harbour Road',
  postalCode: '000000',
} as const;
/** Unpaid statuses (server/services/orders/kind.ts UNPAID), as SQL. */
const UNPAID_SQL = `('WaitForPayment', 'PaymentFailed')`;

// ------------------------------------------------------------------------------------ arguments

const usage =
  'usage: npm run crash-test -- [--mode pglite|postgres|both] [--runs N] [--delays 20,40,…] [--members N] [--deadline seconds] [--keep]';
let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      mode: { type: 'string', default: 'both' },
      runs: { type: 'string', default: '5' },
      delays: { type: 'string' },
      members: { type: 'string', default: '12' },
      deadline: { type: 'string', default: '60' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
function wholeNumber(name: string, text: string | undefined, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min}\n${usage}`);
    process.exit(2);
  }
  return n;
}
if (!['pglite', 'postgres', 'both'].includes(args.mode!)) {
  console.error(`--mode must be pglite, postgres or both, not ${args.mode}\n${usage}`);
  process.exit(2);
}
const runs = wholeNumber('runs', args.runs, 1);
/** Fixed kill delays; without them each mode measures its checkouts first (see calibrate). */
const fixedDelays = args.delays ? args.delays.split(',').map((d) => wholeNumber('delays', d.trim(), 0)) : undefined;
const memberCount = wholeNumber('members', args.members, 1);
const deadlineMs = wholeNumber('deadline', args.deadline, 1) * 1000;

// ------------------------------------------------------------------------------------ helpers

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Raw SQL against the books: PostgreSQL through pg, PGlite through the project's openDatabase. */
interface Books {
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

interface Mode {
  name: 'pglite' | 'postgres';
  /** What the server is started with besides the common settings. */
  env: Record<string, string>;
  /** False for PGlite: readable only once the server has exited. */
  readableWhileRunning: boolean;
  openBooks(): Promise<Books>;
  /** Runs once, before the first server: migrates and seeds. */
  prepare(): Promise<void>;
  /** Runs once, at the end (drops the PostgreSQL database). */
  cleanup(): Promise<void>;
}

function pgliteMode(dir: string): Mode {
  const dataDir = path.join(dir, 'data');
  const open = async (): Promise<Books> => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    return {
      query: async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
      close: () => database.close(),
    };
  };
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir },
    readableWhileRunning: false,
    openBooks: open,
    async prepare() {
      mkdirSync(dataDir, { recursive: true });
      // server/main.ts seeds an empty database too; seeding here lets the starting figures be read before it runs.
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await seed(database.db, { now: new Date(), passwords: createPasswords(10) });
      } finally {
        await database.close();
      }
    },
    async cleanup() {},
  };
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function postgresMode(dir: string): Mode {
  const name = `crash_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let pool: pg.Pool | undefined;
  let created = false;
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'media-root') },
    readableWhileRunning: true,
    async openBooks() {
      if (!pool) {
        pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
        pool.on('error', () => {});
      }
      const p = pool;
      return { query: async <T>(text: string) => (await p.query(text)).rows as T[], close: async () => {} };
    },
    async prepare() {
      await adminQuery(`create database ${name}`);
      created = true;
      const database = await openDatabase({ url: url.toString() });
      try {
        await seed(database.db, { now: new Date(), passwords: createPasswords(10) });
      } finally {
        await database.close();
      }
    },
    async cleanup() {
      await pool?.end().catch(() => {});
      if (created) await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function postgresAnswers(): Promise<string | undefined> {
  try {
    await adminQuery('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

// ------------------------------------------------------------------------------------ servers

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Every server of a mode writes to one log file. */
let serverLog: WriteStream | undefined;
let logPath = '';
/** The server of the moment, killed (by its pid) should this script fail. */
let current: Server | undefined;

/** Starts server/main.ts (node --import tsx, so a SIGKILL reaches the server itself) and waits until it is open. */
async function startServer(mode: Mode, label: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The shop's defaults, whatever this shell has set: the sandbox provider, no Redis, the mode's database.
  for (const key of Object.keys(env)) if (/^(DATABASE_URL|REDIS_|STRIPE_|SMTP_URL|PAYMENT_WINDOW_MINUTES)/.test(key)) delete env[key];
  Object.assign(env, mode.env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '1',
    JOBS_INTERVAL_SECONDS: '1',
    NODE_ENV: 'development',
    FLOW_TOOLS: '0',
    LOG_LEVEL: 'info',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  serverLog?.write(`\n===== ${new Date().toISOString()} ${label}: pid ${child.pid}, port ${port}\n`);
  let tail = '';
  const server: Server = { url: `http://127.0.0.1:${port}`, child, exited };
  current = server;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: the server did not open in ${START_TIMEOUT_MS / 1000} s:\n${tail}`)), START_TIMEOUT_MS);
    let open = false;
    const read = (chunk: Buffer) => {
      serverLog?.write(chunk);
      if (open) return;
      tail = (tail + chunk.toString()).slice(-4000);
      if (tail.includes('Sip & Gather is open at')) {
        open = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!open) reject(new Error(`${label}: the server ended (${signal ?? `code ${code}`}) before it opened:\n${tail}`));
    });
  });
  return server;
}

/** SIGTERM and wait for the exit; SIGKILL after STOP_TIMEOUT_MS. Answers false when it had to be killed. */
async function stopServer(server: Server): Promise<boolean> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return true;
  server.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
  if ((await Promise.race([server.exited, timeout])) === 'timeout') {
    server.child.kill('SIGKILL');
    await server.exited;
    return false;
  }
  return true;
}

// ------------------------------------------------------------------------------------ the API

interface Member {
  email: string;
  /** Its own client address (198.18.0.0/15 is set aside for tests), sent as X-Forwarded-For. */
  address: string;
  idToken: string;
  cardId: string;
  variance: string;
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function call(server: Server, name: string, body: object, who: { address: string; idToken?: string }, timeoutMs = 30_000): Promise<Answer> {
  const response = await fetch(`${server.url}/api/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': who.address,
      ...(who.idToken ? { authorization: `Bearer ${who.idToken}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, json };
}

async function must(server: Server, name: string, body: object, who: { address: string; idToken?: string }): Promise<Record<string, unknown>> {
  const answer = await call(server, name, body, who);
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.json;
}

/** The sign-up code mailed to the address, read from the development outbox. */
async function mailedCode(server: Server, email: string): Promise<string> {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const response = await fetch(`${server.url}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const answer = (await response.json()) as { Mails?: Array<{ text?: string }> };
    const code = answer.Mails?.[0]?.text?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no sign-up code was mailed to ${email}`);
}

/** Signs a member up through the API (as e2e/support.ts does), with a delivery address and a saved test card. */
async function createMember(server: Server, tag: string, modeIndex: number, i: number): Promise<Member> {
  const email = `crash.${tag}.${i}@example.com`;
  const address = `198.18.${modeIndex * 16 + Math.floor(i / 250)}.${(i % 250) + 1}`;
  await must(server, 'user-signup', { email, password: 'Oolong2026', given_name: 'Ka Yan', family_name: 'Wong' }, { address });
  const tokens = await must(server, 'user-confirm-signup', { email, confirmationCode: await mailedCode(server, email) }, { address });
  const who = { address, idToken: String(tokens.idToken) };
  await must(server, 'user-update-info', { accessToken: String(tokens.accessToken), deliveryAddress: [HOME], mainDeliveryAddressIndex: 0 }, who);
  const token = await must(server, 'addCreditCard', { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 5, cvc: '123' }, who);
  const saved = await must(server, 'addPaymentMehtod', { PaymentMethodID: String(token.PaymentMethodID) }, who);
  const card = saved.PaymentMethod as { id: string };
  return { email, address, idToken: who.idToken, cardId: card.id, variance: VARIANCES[i % VARIANCES.length]! };
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)))));
  }
  return made;
}

/** Every member's checkout (CreditCard, the saved card) at once; each answer (none when the server died) with its time. */
function sendCheckouts(server: Server, members: readonly Member[]): Array<Promise<{ at: number; answer: Answer | undefined }>> {
  return members.map((m) =>
    call(server, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID: m.cardId }, m).then(
      (answer) => ({ at: performance.now(), answer }),
      () => ({ at: performance.now(), answer: undefined }),
    ),
  );
}

/**
 * How long the checkouts take on a freshly started server (as each run's is), so that the kills fall
 * while they are under way on this machine, busy or not: the checkouts are sent once without a crash
 * and the times of the first and last answers measured.
 */
async function calibrate(mode: Mode, members: readonly Member[]): Promise<{ first: number; last: number; ok: number }> {
  const server = await startServer(mode, `${mode.name}: calibration (no crash)`);
  try {
    await Promise.all(members.map((m) => must(server, 'setShoppingBag', { VarianceID: m.variance, Quantity: 1 }, m)));
    const sentAt = performance.now();
    const answers = await Promise.all(sendCheckouts(server, members));
    const times = answers.map((a) => a.at - sentAt);
    return { first: Math.min(...times), last: Math.max(...times), ok: answers.filter((a) => a.answer?.status === 200).length };
  } finally {
    await stopServer(server);
  }
}

/** PGlite's poll: waits until the members' orders (id and status, read through the API) stay unchanged for STABLE_MS. */
async function ordersSettled(server: Server, members: readonly Member[], until: number): Promise<void> {
  let last = '';
  let since = performance.now();
  while (performance.now() < until) {
    let view: string;
    try {
      const lists = await Promise.all(members.map((m) => call(server, 'list-user-product-order', { Size: 50 }, m, 10_000)));
      view = lists
        .map((l) => ((l.json.OrderList ?? []) as Array<{ OrderID: string; PaymentStatus: string }>).map((o) => `${o.OrderID}:${o.PaymentStatus}`).join(','))
        .join('|');
    } catch (error) {
      view = `error: ${(error as Error).message}`;
    }
    if (view !== last) {
      last = view;
      since = performance.now();
    } else if (performance.now() - since >= STABLE_MS) return;
    await sleep(POLL_MS);
  }
}

// ------------------------------------------------------------------------------------ the books

interface Start {
  /** Per variance: stock + held at the start. */
  figures: Map<string, number>;
  /** Orders there before the test (the seed's demo orders, paid without a provider payment). */
  orderIds: string[];
}

const HELD_BY_VARIANCE = `
  select v.id, v.stock::int as stock, coalesce(h.held, 0)::int as held
  from variances v
  left join (
    select l.variance_id, sum(l.quantity)::int as held
    from order_lines l join orders o on o.id = l.order_id
    where o.payment_status in ('WaitForPayment', 'PaymentFailed', 'Paid')
    group by l.variance_id
  ) h on h.variance_id = v.id`;

async function readStart(books: Books): Promise<Start> {
  const rows = await books.query<{ id: string; stock: number; held: number }>(HELD_BY_VARIANCE);
  const orders = await books.query<{ id: string }>('select id from orders');
  return { figures: new Map(rows.map((r) => [r.id, r.stock + r.held])), orderIds: orders.map((o) => o.id) };
}

interface Failure {
  check: 'stock' | 'payments' | 'holds' | 'paid';
  /** Offending rows in this run's orders (created since it began), and in all. */
  thisRun: number;
  rows: Array<Record<string, unknown>>;
}

async function checkBooks(books: Books, start: Start, runStartedAt: Date): Promise<Failure[]> {
  const since = `${quote(runStartedAt.toISOString())}::timestamptz`;
  const before = start.orderIds.length ? `o.id not in (${start.orderIds.map(quote).join(', ')})` : 'true';
  const failures: Failure[] = [];

  const stock = (await books.query<{ id: string; stock: number; held: number }>(HELD_BY_VARIANCE))
    .map((r) => ({ variance: r.id, start: start.figures.get(r.id), stock: r.stock, held: r.held }))
    .filter((r) => r.start !== r.stock + r.held);
  if (stock.length) failures.push({ check: 'stock', thisRun: stock.length, rows: stock });

  const payments = await books.query<Record<string, unknown> & { this_run: boolean }>(`
    select p.id as payment, p.order_ref, o.id as "order", o.payment_status, o.payment_id as order_payment,
           coalesce(p.created_at >= ${since}, false) as this_run
    from sandbox_payments p left join orders o on o.reference = p.order_ref
    where p.status = 'succeeded'
      and not exists (select 1 from orders x where x.reference = p.order_ref and x.payment_status = 'Paid' and x.payment_id = p.id)
      and not exists (select 1 from refund_requests r where r.payment_id = p.id)
    order by p.created_at`);
  if (payments.length) failures.push({ check: 'payments', thisRun: payments.filter((r) => r.this_run).length, rows: payments });

  const holds = await books.query<Record<string, unknown> & { this_run: boolean }>(`
    select o.id as "order", o.payment_status, o.pay_before, o.created_at >= ${since} as this_run,
           exists (select 1 from jobs j where j.kind = ${quote(ORDER_EXPIRY_JOB)} and j.key = o.id) as expiry_job
    from orders o
    where o.payment_status in ${UNPAID_SQL}
      and (o.pay_before is null or not exists (select 1 from jobs j where j.kind = ${quote(ORDER_EXPIRY_JOB)} and j.key = o.id))
    order by o.created_at`);
  if (holds.length) failures.push({ check: 'holds', thisRun: holds.filter((r) => r.this_run).length, rows: holds });

  const paid = await books.query<Record<string, unknown> & { this_run: boolean }>(`
    select o.id as "order", o.reference, o.payment_id, p.status as payment_status, o.created_at >= ${since} as this_run
    from orders o left join sandbox_payments p on p.id = o.payment_id
    where o.payment_status = 'Paid' and ${before}
      and not exists (select 1 from sandbox_payments s where s.id = o.payment_id and s.status = 'succeeded' and s.order_ref = o.reference)
    order by o.created_at`);
  if (paid.length) failures.push({ check: 'paid', thisRun: paid.filter((r) => r.this_run).length, rows: paid });

  return failures;
}

interface RunFigures {
  placed: number;
  paid: number;
  unpaid: number;
  closed: number;
  refunds: number;
  succeeded: number;
}

async function runFigures(books: Books, runStartedAt: Date): Promise<RunFigures> {
  const since = `${quote(runStartedAt.toISOString())}::timestamptz`;
  const [orders] = await books.query<{ placed: number; paid: number; unpaid: number; closed: number }>(`
    select count(*)::int as placed,
           count(*) filter (where payment_status = 'Paid')::int as paid,
           count(*) filter (where payment_status in ${UNPAID_SQL})::int as unpaid,
           count(*) filter (where payment_status in ('Cancelled', 'Expired'))::int as closed
    from orders where created_at >= ${since}`);
  const [refunds] = await books.query<{ n: number }>(`select count(*)::int as n from refund_requests where created_at >= ${since}`);
  const [succeeded] = await books.query<{ n: number }>(`select count(*)::int as n from sandbox_payments where status = 'succeeded' and created_at >= ${since}`);
  return { placed: orders?.placed ?? 0, paid: orders?.paid ?? 0, unpaid: orders?.unpaid ?? 0, closed: orders?.closed ?? 0, refunds: refunds?.n ?? 0, succeeded: succeeded?.n ?? 0 };
}

// ------------------------------------------------------------------------------------ a run

interface RunResult {
  ok: boolean;
  line: string;
  details: string[];
}

function describe(failures: readonly Failure[]): string[] {
  const details: string[] = [];
  for (const f of failures) {
    details.push(`    ${f.check}: ${f.rows.length} offending (${f.thisRun} from this run), e.g.`);
    for (const row of f.rows.slice(0, 3)) {
      const shown = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
      details.push(`      ${JSON.stringify(shown)}`);
    }
  }
  return details;
}

async function crashRun(mode: Mode, start: Start, members: readonly Member[], delay: number, runNo: number): Promise<RunResult> {
  const label = `${mode.name} run ${runNo} (kill at ${delay} ms)`;
  let server = await startServer(mode, `${label}: before the crash`);
  await Promise.all(members.map((m) => must(server, 'setShoppingBag', { VarianceID: m.variance, Quantity: 1 }, m)));

  // Orders of this run are those created from here on (same machine, same clock).
  const runStartedAt = new Date(Date.now() - 5);
  const sentAt = performance.now();
  const checkouts = sendCheckouts(server, members);
  await sleep(Math.max(0, delay - (performance.now() - sentAt)));
  server.child.kill('SIGKILL');
  const killedAt = performance.now();
  await server.exited;
  const answered = (await Promise.all(checkouts)).filter((c) => c.answer && c.at <= killedAt);
  const paidAnswers = answered.filter((c) => c.answer!.status === 200).length;

  // Recovery: the same data, polled until the books hold or the deadline passes.
  const restartedAt = performance.now();
  const deadline = restartedAt + deadlineMs;
  let recoveredMs: number | undefined;
  let stoppedCleanly = true;
  let restarts = 0;
  let failures: Failure[] = [];
  server = await startServer(mode, `${label}: restart after the crash`);
  if (mode.readableWhileRunning) {
    const books = await mode.openBooks();
    for (;;) {
      failures = await checkBooks(books, start, runStartedAt);
      if (failures.length === 0) {
        recoveredMs = performance.now() - restartedAt;
        break;
      }
      if (performance.now() > deadline) break;
      await sleep(POLL_MS);
    }
    stoppedCleanly = await stopServer(server);
  } else {
    for (;;) {
      await ordersSettled(server, members, deadline);
      const readyAt = performance.now();
      stoppedCleanly = (await stopServer(server)) && stoppedCleanly;
      const books = await mode.openBooks();
      try {
        failures = await checkBooks(books, start, runStartedAt);
      } finally {
        await books.close();
      }
      if (failures.length === 0) {
        recoveredMs = readyAt - restartedAt;
        break;
      }
      if (performance.now() > deadline) break;
      restarts++;
      server = await startServer(mode, `${label}: restart ${restarts + 1} (the books did not hold yet)`);
    }
  }

  // The verdict: the books once the server has exited.
  const books = await mode.openBooks();
  let figures: RunFigures;
  try {
    failures = await checkBooks(books, start, runStartedAt);
    figures = await runFigures(books, runStartedAt);
  } finally {
    await books.close();
  }
  const ok = failures.length === 0 && stoppedCleanly;
  const bound = mode.readableWhileRunning ? '' : '≤';
  const recovered = recoveredMs === undefined ? `not within ${deadlineMs / 1000} s` : `${bound}${Math.round(recoveredMs)} ms`;
  const verdict = ok
    ? 'OK'
    : `FAIL ${[...failures.map((f) => `${f.check}×${f.rows.length}`), ...(stoppedCleanly ? [] : ['stop (SIGTERM ignored, killed)'])].join(' ')}`;
  const line = [
    mode.name.padEnd(8),
    `delay ${String(delay).padStart(3)} ms`,
    `answered ${answered.length}/${members.length} (${paidAnswers} ok)`,
    `placed ${figures.placed}`,
    `paid ${figures.paid}`,
    `unpaid ${figures.unpaid}`,
    ...(figures.closed ? [`closed ${figures.closed}`] : []),
    `refunds ${figures.refunds}`,
    `succeeded payments ${figures.succeeded}`,
    `recovered in ${recovered}${restarts ? ` (${restarts + 1} starts)` : ''}`,
    verdict,
  ].join(' | ');
  return { ok, line, details: describe(failures) };
}

// ------------------------------------------------------------------------------------ a mode

async function runMode(mode: Mode, modeIndex: number, dir: string): Promise<boolean> {
  logPath = path.join(dir, `server-${mode.name}.log`);
  serverLog = createWriteStream(logPath);
  let allOk = true;
  try {
    await mode.prepare();
    const startBooks = await mode.openBooks();
    let start: Start;
    try {
      start = await readStart(startBooks);
    } finally {
      await startBooks.close();
    }

    const began = performance.now();
    const server = await startServer(mode, `${mode.name}: members sign up`);
    const tag = randomBytes(3).toString('hex');
    const members = await inBatches(memberCount, 4, (i) => createMember(server, tag, modeIndex, i));
    await stopServer(server);
    console.log(`${mode.name}: ${members.length} members signed up with a saved card in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
    let delays = fixedDelays;
    if (!delays) {
      const measured = await calibrate(mode, members);
      // Spread over the time the checkouts take: from before the first answer to near the last.
      delays = Array.from({ length: runs }, (_, i) => Math.round((measured.last * (i + 1)) / (runs + 1)));
      console.log(
        `${mode.name}: calibration on a fresh server, no crash: ${measured.ok}/${members.length} checkouts paid, answered from ` +
          `${Math.round(measured.first)} to ${Math.round(measured.last)} ms; kill delays ${delays.join(', ')} ms.`,
      );
    }

    for (const [i, delay] of delays.entries()) {
      const result = await crashRun(mode, start, members, delay, i + 1);
      console.log(result.line);
      for (const detail of result.details) console.log(detail);
      allOk &&= result.ok;
    }
  } catch (error) {
    console.log(`${mode.name}: the crash test could not go on: ${(error as Error).message}`);
    allOk = false;
  } finally {
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill('SIGKILL');
      await current.exited;
    }
    await new Promise<void>((resolve) => serverLog!.end(() => resolve()));
  }
  return allOk;
}

// ------------------------------------------------------------------------------------ main

const began = performance.now();
const dir = mkdtempSync(path.join(tmpdir(), 'sg-crash-'));
console.log(
  `Sip & Gather crash test: ${memberCount} members check out by card at once, the server is SIGKILLed ` +
    `${fixedDelays ? `${fixedDelays.join(', ')} ms after they start` : `${runs} times while they run (delays from a calibration)`}, ` +
    `restarted on the same data and given up to ${deadlineMs / 1000} s to recover (${dir}).`,
);
let ok = true;
let ran = 0;
const modes: Array<'pglite' | 'postgres'> = args.mode === 'both' ? ['pglite', 'postgres'] : [args.mode as 'pglite' | 'postgres'];
for (const [index, name] of modes.entries()) {
  if (name === 'postgres') {
    const missing = await postgresAnswers();
    if (missing) {
      console.log(`postgres: skipped, PostgreSQL did not answer at ${ADMIN_URL} (${missing})`);
      if (args.mode === 'postgres') ok = false;
      continue;
    }
  }
  const mode = name === 'pglite' ? pgliteMode(path.join(dir, 'pglite')) : postgresMode(path.join(dir, 'postgres'));
  try {
    ok = (await runMode(mode, index, dir)) && ok;
    ran++;
  } finally {
    await mode.cleanup();
  }
}
const keepDir = args.keep || !ok;
if (keepDir) console.log(`Server logs and data kept in ${dir} (PostgreSQL databases are dropped).`);
else rmSync(dir, { recursive: true, force: true });
console.log(`${ok ? 'All runs kept the books' : 'FAILED'} (${ran} mode${ran === 1 ? '' : 's'}, ${((performance.now() - began) / 1000).toFixed(0)} s).`);
process.exit(ok ? 0 : 1);
