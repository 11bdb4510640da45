/**
 * The crash test's books (scripts/crash-test.ts), read in the database: the starting figures, the four checks
 * (stock, payments, holds, paid; see the entry point's comment) and what a run placed, paid and refunded.
 */
import { ORDER_EXPIRY_JOB } from '../../server/services/orders/hold.ts';
import { UNPAID_SQL } from './settings.ts';
import type { Books } from './databases.ts';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export interface Start {
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

export async function readStart(books: Books): Promise<Start> {
  const rows = await books.query<{ id: string; stock: number; held: number }>(HELD_BY_VARIANCE);
  const orders = await books.query<{ id: string }>('select id from orders');
  return { figures: new Map(rows.map((r) => [r.id, r.stock + r.held])), orderIds: orders.map((o) => o.id) };
}

export interface Failure {
  check: 'stock' | 'payments' | 'holds' | 'paid';
  /** Offending rows in this run's orders (created since it began), and in all. */
  thisRun: number;
  rows: Array<Record<string, unknown>>;
}

export async function checkBooks(books: Books, start: Start, runStartedAt: Date): Promise<Failure[]> {
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

export interface RunFigures {
  placed: number;
  paid: number;
  unpaid: number;
  closed: number;
  refunds: number;
  succeeded: number;
}

export async function runFigures(books: Books, runStartedAt: Date): Promise<RunFigures> {
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
