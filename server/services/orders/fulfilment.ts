/**
 * After payment: the member hears that the order is confirmed, and the shop marks it shipped when the
 * courier has it (FulfilmentStatus InProcess → Completed, the orders popup's Completed tab). Shipping
 * is an operator's act (`npm run orders -- ship <reference>`, or staff-ship-order with the courier's tracking
 * number in the back office, issue 32). Parcels are product orders, the paid boxes of subscription cycles
 * (issue 18) and gathering orders sent to the member's address (issue 31); other kinds ship nothing.
 */
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, subscriptionCycles, subscriptionPlans, subscriptions, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { orderPaidMail, orderShippedMail } from '../mail-templates.ts';
import { pushOrderShipped } from '../notifications/notices.ts';
import { recordLink } from './subscription/mail.ts';

// The kinds' names (orders.kind) as literals: the kinds' modules import this one (their paid mail).
const SUBSCRIPTION_ORDER = 'subscription';
const GATHERING_ORDER = 'gathering';
/** The order kinds that are parcels to ship. */
const SHIPPED_KINDS = ['product', SUBSCRIPTION_ORDER];

/** Orders that are parcels: the shipped kinds, and a gathering's order delivered rather than picked up at the venue. */
const isParcel = (): SQL => or(inArray(orders.kind, SHIPPED_KINDS), and(eq(orders.kind, GATHERING_ORDER), isNotNull(orders.deliveryAddress)))!;

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
  // A subscription's box is followed on the subscription's page, a product order on its order record.
  const link = order.kind === SUBSCRIPTION_ORDER ? recordLink(deps, order.id) : `${deps.config.publicUrl}/order_record/${order.id}`;
  const facts = { reference: order.reference, total: order.total, currency: order.currency, link };
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

/** notParcel: an order with nothing to ship (an event's seats, a gathering order picked up at the venue). */
export type ShipOutcome = 'shipped' | 'alreadyShipped' | 'notPaid' | 'notParcel' | 'notFound';

export interface ShipOptions {
  /** The courier's tracking number, stored on the order and shown to the member. */
  trackingNumber?: string;
  /** Runs in the shipping transaction once the order is shipped (the back office's audit row): both land, or neither. */
  onShipped?: (tx: Db, shipped: OrderRow, before: OrderRow) => Promise<void>;
}

/**
 * Ships one paid parcel, by id or reference, and tells the member (mail, and push when deps.push is given).
 * Conditional: two operators shipping the same order at once ship, record and mail it once.
 */
export async function shipOrder(
  deps: FulfilmentDeps,
  where: { orderId: string } | { reference: string },
  options: ShipOptions = {},
): Promise<{ outcome: ShipOutcome; order?: OrderRow }> {
  const which = 'orderId' in where ? eq(orders.id, where.orderId) : eq(orders.reference, where.reference);
  const shipped = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ fulfilmentStatus: 'Completed', ...(options.trackingNumber !== undefined ? { trackingNumber: options.trackingNumber } : {}) })
      .where(and(which, isParcel(), eq(orders.paymentStatus, 'Paid'), eq(orders.fulfilmentStatus, 'InProcess')))
      .returning();
    // Only InProcess orders are updated, and the tracking number is set by shipping alone: what they were before.
    if (row && options.onShipped) await options.onShipped(tx as unknown as Db, row, { ...row, fulfilmentStatus: 'InProcess', trackingNumber: null });
    return row;
  });
  if (shipped) {
    await mailAbout(deps, shipped, 'shipped');
    if (deps.push) await pushOrderShipped({ db: deps.db, log: deps.log, push: deps.push }, shipped, deps.clock?.now() ?? new Date());
    return { outcome: 'shipped', order: shipped };
  }
  const [order] = await deps.db.select().from(orders).where(which);
  if (!order) return { outcome: 'notFound' };
  const [parcel] = await deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, order.id), isParcel()));
  const outcome: ShipOutcome = !parcel ? 'notParcel' : order.fulfilmentStatus === 'Completed' ? 'alreadyShipped' : 'notPaid';
  return { outcome, order };
}

/** Marks paid orders shipped, by reference, and tells each member (mail, and push when deps.push is given). A reference given twice ships once. */
export async function shipOrders(
  deps: FulfilmentDeps,
  references: readonly string[],
  options: Pick<ShipOptions, 'onShipped'> = {},
): Promise<Array<{ reference: string; outcome: ShipOutcome }>> {
  const results: Array<{ reference: string; outcome: ShipOutcome }> = [];
  for (const raw of references) {
    const reference = raw.trim().toUpperCase();
    results.push({ reference, outcome: (await shipOrder(deps, { reference }, options)).outcome });
  }
  return results;
}

export interface OrderToShip {
  reference: string;
  kind: 'product' | 'subscription';
  paidAt: Date | null;
  email: string;
  items: number;
  total: number;
  currency: string;
  /** Where the parcel goes, on one line: recipient, phone, address, country. */
  address: string;
  /** A subscription cycle's box: its plan (box set) and which cycle it is. */
  box?: { plan: string; cycle: number };
}

type StoredAddress = {
  name?: string;
  firstName?: string;
  lastName?: string;
  countryCallingCode?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  district?: string;
  city?: string;
  postalCode?: string;
  CountryID?: string;
};

/** An order's delivery address on one line (a subscription's names its recipient; "000000" is no postal code). */
export function addressLine(stored: unknown): string {
  if (!stored || typeof stored !== 'object') return '-';
  const a = stored as StoredAddress;
  const recipient = a.name || [a.firstName, a.lastName].filter(Boolean).join(' ');
  const phone = a.phone ? `${a.countryCallingCode ? `+${a.countryCallingCode} ` : ''}${a.phone}` : '';
  const postal = a.postalCode && a.postalCode !== '000000' ? a.postalCode : '';
  return [recipient, phone, a.address1, a.address2, a.district, a.city, postal, a.CountryID].filter((part) => part && part.trim() !== '').join(', ');
}

/** Paid orders waiting to be shipped (product orders and subscription boxes), oldest payment first: the packing list. */
export async function ordersToShip(deps: Pick<Deps, 'db'>): Promise<OrderToShip[]> {
  const waiting = await deps.db
    .select({
      id: orders.id,
      reference: orders.reference,
      kind: orders.kind,
      paidAt: orders.paidAt,
      email: users.email,
      total: orders.total,
      currency: orders.currency,
      deliveryAddress: orders.deliveryAddress,
      plan: subscriptionPlans.nameEn,
      cycle: subscriptionCycles.cycle,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(subscriptionCycles, eq(subscriptionCycles.orderId, orders.id))
    .leftJoin(subscriptions, eq(subscriptions.id, subscriptionCycles.subscriptionId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(isParcel(), eq(orders.paymentStatus, 'Paid'), eq(orders.fulfilmentStatus, 'InProcess')))
    .orderBy(asc(orders.paidAt), asc(orders.reference));
  if (waiting.length === 0) return [];
  const counts = await deps.db
    .select({ orderId: orderLines.orderId, items: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, waiting.map((o) => o.id)))
    .groupBy(orderLines.orderId);
  const itemsOf = new Map(counts.map((c) => [c.orderId, c.items]));
  return waiting.map(({ id, kind, deliveryAddress, plan, cycle, ...o }) => ({
    ...o,
    kind: kind === SUBSCRIPTION_ORDER ? 'subscription' : 'product',
    items: itemsOf.get(id) ?? 0,
    address: addressLine(deliveryAddress),
    ...(kind === SUBSCRIPTION_ORDER && plan !== null && cycle !== null ? { box: { plan, cycle } } : {}),
  }));
}
