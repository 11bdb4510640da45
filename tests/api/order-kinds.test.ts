/**
 * The order core is generic over order kinds (issue 12): a kind defined here, in the test, with its own
 * lines table, its own hold (seats at a tasting, taken with a conditional update) and its own totals, is
 * placed, paid by the sandbox's FPS webhook delivered again and again (paid once), and expired by the
 * jobs runner giving its seats back, through the core's modules as they are, with no edit to them.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors.ts';
import { listUserProductOrder } from '../../contract/index.ts';
import { createDeps } from '../../server/create-deps.ts';
import { jobs, orders, paymentEvents } from '../../server/db/schema.ts';
import type { Deps } from '../../server/deps.ts';
import { ApiError } from '../../server/http/errors.ts';
import { ordersToShip, shipOrders } from '../../server/services/orders/fulfilment.ts';
import { runJobs } from '../../server/services/jobs/queue.ts';
import { ORDER_EXPIRY_JOB, orderJobHandlers, PAYMENT_RECONCILE_JOB } from '../../server/services/orders/index.ts';
import { orderKinds, type OrderKind } from '../../server/services/orders/kind.ts';
import { checkout } from '../../server/services/orders/payments.ts';
import { productOrderKind } from '../../server/services/orders/product/kind.ts';
import { ownOrder } from '../../server/services/orders/read.ts';
import { receiveWebhook } from '../../server/services/orders/settle.ts';
import { createManualScheduler } from '../../server/services/payments/manual-scheduler.ts';
import { readPaymentConfig } from '../../server/services/payments/provider.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../../server/services/payments/sandbox.ts';
import { auth, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, SEED_NOW, TEST_WEBHOOK_SECRET, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;

// The test kind's own tables: tastings with seats, and one line per order.
const tastings = pgTable('test_tastings', {
  id: text('id').primaryKey(),
  seats: integer('seats').notNull(),
  priceHkd: integer('price_hkd').notNull(),
});
const tastingLines = pgTable('test_tasting_lines', {
  orderId: text('order_id').primaryKey(),
  tastingId: text('tasting_id').notNull(),
  seats: integer('seats').notNull(),
  lineTotal: integer('line_total').notNull(),
});

const BOOKING_FEE_HKD = 1500;
/** What paying did, as the kind saw it: its paid() runs once per order however often the payment is reported. */
const paidOrders: string[] = [];

const tastingOrderKind: OrderKind<{ tastingId: string; seats: number }> = {
  name: 'test-tasting',
  oneUnpaidPerMember: false,
  async hold(tx, { request }) {
    const [tasting] = await tx
      .update(tastings)
      .set({ seats: sql`${tastings.seats} - ${request.seats}` })
      .where(and(eq(tastings.id, request.tastingId), gte(tastings.seats, request.seats)))
      .returning();
    if (!tasting) throw new ApiError(400, ErrorCode.OutOfStock, 'No seats left');
    const lineTotal = tasting.priceHkd * request.seats;
    const total = lineTotal + BOOKING_FEE_HKD;
    return {
      total,
      totalHkd: total,
      orderDetail: { Seats: request.seats, LineTotal: lineTotal, BookingFee: BOOKING_FEE_HKD, Total: total },
      async record(tx, orderId) {
        await tx.insert(tastingLines).values({ orderId, tastingId: tasting.id, seats: request.seats, lineTotal });
      },
    };
  },
  async release(tx, order) {
    const [line] = await tx.select().from(tastingLines).where(eq(tastingLines.orderId, order.id));
    await tx.update(tastings).set({ seats: sql`${tastings.seats} + ${line!.seats}` }).where(eq(tastings.id, line!.tastingId));
  },
  async paid(_tx, order, afterCommit) {
    afterCommit.push(() => {
      paidOrders.push(order.id);
    });
  },
  confirmPath: (order) => `/test_tasting/${order.id}`,
};

const kinds = orderKinds([productOrderKind, tastingOrderKind]);

let now = SEED_NOW.getTime() + 24 * 60 * MINUTE;
let t: TestApp;
/** The shop's services over the test app's database, with the sandbox's webhooks delivered to the core's receiver with these kinds. */
let deps: Deps;
const scheduler = createManualScheduler();
let member: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  await t.db.execute(sql`create table test_tastings (id text primary key, seats integer not null check (seats >= 0), price_hkd integer not null)`);
  await t.db.execute(sql`create table test_tasting_lines (order_id text primary key, tasting_id text not null, seats integer not null, line_total integer not null)`);
  await t.db.insert(tastings).values({ id: 'oolong-evening', seats: 3, priceHkd: 28000 });
  deps = createDeps({
    db: t.db,
    clock: { now: () => new Date(now) },
    log: pino({ level: 'silent' }),
    secret: randomBytes(32),
    payments: {
      config: readPaymentConfig({}, { publicUrl: 'http://shop.test', randomSecret: () => TEST_WEBHOOK_SECRET }),
      scheduler,
      deliverWebhook: async ({ body, signature }) => {
        await receiveWebhook(deps, kinds, body, (name) => (name === SANDBOX_SIGNATURE_HEADER ? signature : undefined));
        return true;
      },
    },
  });
  member = await shopper(t);
});
afterAll(() => t.close());

const seatsLeft = async () => (await t.db.select({ seats: tastings.seats }).from(tastings).where(eq(tastings.id, 'oolong-evening')))[0]!.seats;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const book = (seats: number) =>
  checkout(deps, kinds, tastingOrderKind, {
    userId: member.userId,
    language: 'en',
    currency: 'HKD',
    method: 'FPS',
    order: { tastingId: 'oolong-evening', seats },
  });

describe('an order kind defined outside the core', () => {
  it('is placed with its own hold and totals, and refused when its hold cannot be taken', async () => {
    const start = await book(2);
    expect(start).toMatchObject({ PaymentStatus: 'pending', Fps: { AmountHKD: 2 * 28000 + BOOKING_FEE_HKD } });
    const order = await orderRow(start.OrderID);
    expect(order).toMatchObject({ kind: 'test-tasting', paymentStatus: 'WaitForPayment', total: 57500, totalHkd: 57500 });
    expect(await seatsLeft()).toBe(1);
    expect(await t.db.select().from(tastingLines).where(eq(tastingLines.orderId, start.OrderID))).toEqual([
      { orderId: start.OrderID, tastingId: 'oolong-evening', seats: 2, lineTotal: 56000 },
    ]);
    // Its expiry is a job due when its payment window ends.
    expect(await t.db.select({ dueAt: jobs.dueAt }).from(jobs).where(and(eq(jobs.kind, ORDER_EXPIRY_JOB), eq(jobs.key, start.OrderID)))).toEqual([
      { dueAt: order.payBefore },
    ]);

    const before = await t.db.select({ id: orders.id }).from(orders);
    await expect(book(2)).rejects.toMatchObject({ code: ErrorCode.OutOfStock });
    expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    expect(await seatsLeft()).toBe(1);
    // Not a product order: the product order list does not show it.
    expect((await t.call(listUserProductOrder, { Size: 10 }, auth(member))).OrderList).toEqual([]);
  });

  it('is paid once by its FPS webhook delivered again and again, and no longer expires', async () => {
    const [placed] = await t.db.select().from(orders).where(and(eq(orders.kind, 'test-tasting'), eq(orders.paymentStatus, 'WaitForPayment')));
    const { sandbox } = await deps.payments.ready;
    expect(await sandbox.simulateFpsTransfer(placed!.paymentId!)).toMatchObject({ ok: true });
    const deliveries = scheduler.take();
    expect(deliveries.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await Promise.all(deliveries.map((delivery) => delivery.run()));

    expect(await orderRow(placed!.id)).toMatchObject({ paymentStatus: 'Paid', fulfilmentStatus: 'InProcess' });
    expect(paidOrders).toEqual([placed!.id]);
    const events = await t.db.select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.orderId, placed!.id));
    expect(events.filter((e) => e.outcome === 'applied')).toHaveLength(1);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, placed!.id))).toEqual([]);
    // Its seats stay sold.
    expect(await seatsLeft()).toBe(1);
    // Paid, it is not a parcel to ship, and product calls do not reach it.
    expect((await ordersToShip(t.deps)).map((o) => o.reference)).not.toContain(placed!.reference);
    expect(await shipOrders(t.deps, [placed!.reference])).toEqual([{ reference: placed!.reference, outcome: 'notParcel' }]);
    const read = await t.raw('/api/get-product-order', { method: 'POST', headers: { 'content-type': 'application/json', ...auth(member) }, body: JSON.stringify({ orderID: placed!.id }) });
    expect(read.json).toMatchObject({ ErrorCode: ErrorCode.ObjectNotFound });
  });

  it('is expired by the jobs runner past its window, giving its seats back', async () => {
    const start = await book(1);
    expect(await seatsLeft()).toBe(0);
    const handlers = orderJobHandlers(kinds);

    // (The payments sweep may run meanwhile; it finds nothing paid.)
    now += 10 * MINUTE - 1;
    const early = await runJobs(deps, handlers, new Date(now));
    expect(early.done[ORDER_EXPIRY_JOB]).toBeUndefined();
    expect(early.done[PAYMENT_RECONCILE_JOB] ?? 0).toBe(0);
    expect(await seatsLeft()).toBe(0);

    now += 1;
    expect(await runJobs(deps, handlers, new Date(now))).toEqual({ done: { [ORDER_EXPIRY_JOB]: 1 }, failed: 0 });
    expect(await orderRow(start.OrderID)).toMatchObject({ paymentStatus: 'Expired' });
    expect(await seatsLeft()).toBe(1);
    const after = await runJobs(deps, handlers, new Date(now));
    expect(after.failed).toBe(0);
    expect(after.done[ORDER_EXPIRY_JOB]).toBeUndefined();
    expect(await t.db.select().from(jobs).where(eq(jobs.key, start.OrderID))).toEqual([]);
  });

  it('is expired by a read that finds it overdue before the runner', async () => {
    const start = await book(1);
    now += 10 * MINUTE;
    expect(await ownOrder(deps, kinds, member.userId, start.OrderID)).toMatchObject({ paymentStatus: 'Expired' });
    expect(await seatsLeft()).toBe(1);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, start.OrderID))).toEqual([]);
  });
});
