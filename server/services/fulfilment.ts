/**
 * After payment: the member hears that the order is confirmed, and the shop marks it shipped when the
 * courier has it (FulfilmentStatus InProcess → Completed, the orders popup's Completed tab). Shipping
 * is an operator's act (`npm run orders -- ship <reference>`): the spec shows no admin screens.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { orderLines, orders, users } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { orderPaidMail, orderShippedMail } from './mail-templates.ts';
import { pushOrderShipped } from './notifications/notices.ts';

type OrderRow = typeof orders.$inferSelect;
export type FulfilmentDeps = Pick<Deps, 'db' | 'mailer' | 'log'> & {
  config: Pick<Deps['config'], 'publicUrl'>;
  /** With it, a shipped order is also pushed to the member's devices (opening its order record). */
  push?: Deps['push'];
  clock?: Deps['clock'];
};

async function mailAbout(deps: FulfilmentDeps, order: OrderRow, kind: 'paid' | 'shipped') {
  const [member] = await deps.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, order.userId));
  if (!member) return;
  const facts = { reference: order.reference, total: order.total, currency: order.currency, link: `${deps.config.publicUrl}/order_record/${order.id}` };
  const language = member.language === 'zh-Hant' ? 'zh-Hant' : 'en';
  await deps.mailer.send(kind === 'paid' ? orderPaidMail(member.email, language, facts) : orderShippedMail(member.email, language, facts));
}

/**
 * The order confirmation mail, sent by whoever settled the payment (once: only the settlement that
 * turned the order Paid calls this). A mail that cannot be sent does not undo the payment.
 */
export async function mailOrderPaid(deps: FulfilmentDeps, order: OrderRow): Promise<void> {
  try {
    await mailAbout(deps, order, 'paid');
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'order confirmation mail not sent');
  }
}

export type ShipOutcome = 'shipped' | 'alreadyShipped' | 'notPaid' | 'notFound';

/** Marks paid orders shipped, by reference, and tells each member (mail, and push when deps.push is given). A reference given twice ships once. */
export async function shipOrders(deps: FulfilmentDeps, references: readonly string[]): Promise<Array<{ reference: string; outcome: ShipOutcome }>> {
  const results: Array<{ reference: string; outcome: ShipOutcome }> = [];
  for (const raw of references) {
    const reference = raw.trim().toUpperCase();
    // Conditional: two operators shipping the same order at once mail the member once.
    const [shipped] = await deps.db
      .update(orders)
      .set({ fulfilmentStatus: 'Completed' })
      .where(and(eq(orders.reference, reference), eq(orders.kind, 'product'), eq(orders.paymentStatus, 'Paid'), eq(orders.fulfilmentStatus, 'InProcess')))
      .returning();
    if (shipped) {
      await mailAbout(deps, shipped, 'shipped');
      if (deps.push) await pushOrderShipped({ db: deps.db, log: deps.log, push: deps.push }, shipped, deps.clock?.now() ?? new Date());
      results.push({ reference, outcome: 'shipped' });
      continue;
    }
    const [order] = await deps.db.select().from(orders).where(and(eq(orders.reference, reference), eq(orders.kind, 'product')));
    results.push({ reference, outcome: !order ? 'notFound' : order.fulfilmentStatus === 'Completed' ? 'alreadyShipped' : 'notPaid' });
  }
  return results;
}

export interface OrderToShip {
  reference: string;
  paidAt: Date | null;
  email: string;
  items: number;
  total: number;
  currency: string;
}

/** Paid orders waiting to be shipped, oldest payment first: the packing list. */
export async function ordersToShip(deps: Pick<Deps, 'db'>): Promise<OrderToShip[]> {
  const waiting = await deps.db
    .select({ id: orders.id, reference: orders.reference, paidAt: orders.paidAt, email: users.email, total: orders.total, currency: orders.currency })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.kind, 'product'), eq(orders.paymentStatus, 'Paid'), eq(orders.fulfilmentStatus, 'InProcess')))
    .orderBy(asc(orders.paidAt), asc(orders.reference));
  if (waiting.length === 0) return [];
  const counts = await deps.db
    .select({ orderId: orderLines.orderId, items: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, waiting.map((o) => o.id)))
    .groupBy(orderLines.orderId);
  const itemsOf = new Map(counts.map((c) => [c.orderId, c.items]));
  return waiting.map(({ id, ...o }) => ({ ...o, items: itemsOf.get(id) ?? 0 }));
}
