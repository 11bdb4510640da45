/**
 * Event orders and records as the member reads them: EventOrder (get-event-order, list-user-event-order)
 * and EventRecord (the member's place at a session: a booker's paid seats, or a guest's taken ticket).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Currency } from '../../../../contract/define.ts';
import type { EventOrder, EventOrderDetail, EventRecord, EventRecordTab, EventTicket } from '../../../../contract/event-orders.ts';
import type { PaymentMethod } from '../../../../contract/orders.ts';
import type { Db } from '../../../db/client.ts';
import { eventBookings, eventTickets, eventVariances, events, orders, productTypes } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { sessionOf, type EventRow, type EventVarianceRow } from '../../events/sessions.ts';
import { expireOverdueOrders } from '../expire.ts';
import type { OrderKinds, OrderRow } from '../kind.ts';
import { EVENT_ORDER } from './kind.ts';

type TicketRow = typeof eventTickets.$inferSelect;
type BookingRow = typeof eventBookings.$inferSelect;

export function ticketOf(row: TicketRow): EventTicket {
  return {
    TicketID: row.id,
    SeatNumber: row.seatNumber,
    IsOwner: row.isOwner,
    HolderName: row.holderName,
    ContactNumber: row.contactNumber,
    Activated: row.activatedBy !== null,
    Redeemed: row.redeemedAt !== null,
  };
}

interface SessionRows {
  event: EventRow;
  session: EventVarianceRow;
  isAlcohol: boolean;
}

/** Sessions with their events, by variance id. */
async function sessionsById(db: Db, varianceIds: readonly string[]): Promise<Map<string, SessionRows>> {
  if (varianceIds.length === 0) return new Map();
  const rows = await db
    .select({ event: events, session: eventVariances, isAlcohol: productTypes.isAlcohol })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .innerJoin(productTypes, eq(productTypes.id, events.typeId))
    .where(inArray(eventVariances.id, [...new Set(varianceIds)]));
  return new Map(rows.map((r) => [r.session.id, r]));
}

async function ticketsByOrder(db: Db, orderIds: readonly string[]): Promise<Map<string, TicketRow[]>> {
  const byOrder = new Map<string, TicketRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(eventTickets).where(inArray(eventTickets.orderId, [...orderIds])).orderBy(asc(eventTickets.orderId), asc(eventTickets.seatNumber));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** Event orders with their bookings, sessions and tickets. */
export async function describeEventOrders(db: Db, list: readonly OrderRow[]): Promise<EventOrder[]> {
  if (list.length === 0) return [];
  const ids = list.map((o) => o.id);
  const bookings = new Map((await db.select().from(eventBookings).where(inArray(eventBookings.orderId, ids))).map((b) => [b.orderId, b]));
  const sessions = await sessionsById(db, [...bookings.values()].map((b) => b.varianceId));
  const tickets = await ticketsByOrder(db, ids);
  return list.flatMap((order) => {
    const booking = bookings.get(order.id);
    const session = booking && sessions.get(booking.varianceId);
    if (!booking || !session) return [];
    return [
      {
        OrderID: order.id,
        Reference: order.reference,
        CreatedAt: order.createdAt.toISOString(),
        Currency: order.currency as Currency,
        PaymentMethod: order.paymentMethod as PaymentMethod,
        PaymentStatus: order.paymentStatus,
        ...(order.payBefore && (order.paymentStatus === 'WaitForPayment' || order.paymentStatus === 'PaymentFailed')
          ? { PayBefore: order.payBefore.toISOString() }
          : {}),
        ...(order.paidAt ? { PaidAt: order.paidAt.toISOString() } : {}),
        ...(order.couponCode ? { CouponID: order.couponCode } : {}),
        Session: sessionOf(session.event, session.session, session.isAlcohol),
        NumberOfSeat: booking.seats,
        orderDetail: order.orderDetail as EventOrderDetail,
        TicketList: (tickets.get(order.id) ?? []).map(ticketOf),
      },
    ];
  });
}

/** The member's event orders for a session, newest first (an overdue unpaid one expired first). */
export async function listSessionOrders(deps: Deps, kinds: OrderKinds, userId: string, varianceId: string): Promise<EventOrder[]> {
  await expireOverdueOrders(deps, kinds, deps.clock.now(), { userId });
  const rows = await deps.db
    .select({ order: orders })
    .from(orders)
    .innerJoin(eventBookings, eq(eventBookings.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.kind, EVENT_ORDER), eq(eventBookings.varianceId, varianceId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return describeEventOrders(deps.db, rows.map((r) => r.order));
}

/**
 * The member's records: for each session they booked (any order) or hold a guest ticket of. A session
 * with paid seats is joined until it ends, then ended; one whose orders all closed unpaid is cancelled;
 * one with only an order still waiting for payment has no record yet.
 */
export async function eventRecords(deps: Deps, kinds: OrderKinds, userId: string, only?: { varianceId: string }): Promise<EventRecord[]> {
  const now = deps.clock.now();
  await expireOverdueOrders(deps, kinds, now, { userId });
  const booked = await deps.db
    .select({ booking: eventBookings, status: orders.paymentStatus })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .where(and(eq(eventBookings.userId, userId), only ? eq(eventBookings.varianceId, only.varianceId) : undefined));
  const taken = await deps.db
    .select({ ticket: eventTickets })
    .from(eventTickets)
    .innerJoin(orders, eq(orders.id, eventTickets.orderId))
    .where(
      and(
        eq(eventTickets.activatedBy, userId),
        eq(eventTickets.isOwner, false),
        eq(orders.paymentStatus, 'Paid'),
        only ? eq(eventTickets.varianceId, only.varianceId) : undefined,
      ),
    );

  const bookingsBySession = new Map<string, Array<{ booking: BookingRow; status: OrderRow['paymentStatus'] }>>();
  for (const row of booked) bookingsBySession.set(row.booking.varianceId, [...(bookingsBySession.get(row.booking.varianceId) ?? []), row]);
  const sessions = await sessionsById(deps.db, [...bookingsBySession.keys(), ...taken.map((t) => t.ticket.varianceId)]);
  const paidOrderIds = booked.filter((b) => b.status === 'Paid').map((b) => b.booking.orderId);
  const tickets = await ticketsByOrder(deps.db, paidOrderIds);

  const records: EventRecord[] = [];
  const tabOf = (session: EventVarianceRow): EventRecordTab => (session.endsAt <= now ? 'ended' : 'joined');
  for (const [varianceId, rows] of bookingsBySession) {
    const found = sessions.get(varianceId);
    if (!found) continue;
    const paid = rows.filter((r) => r.status === 'Paid');
    const closed = rows.every((r) => r.status === 'Cancelled' || r.status === 'Expired');
    if (paid.length === 0 && !closed) continue;
    records.push({
      VarianceID: varianceId,
      EventID: found.event.id,
      Session: sessionOf(found.event, found.session, found.isAlcohol),
      Tab: paid.length > 0 ? tabOf(found.session) : 'cancelled',
      Role: 'Booker',
      NumberOfSeat: paid.reduce((sum, r) => sum + r.booking.seats, 0),
      TicketList: paid.flatMap((r) => tickets.get(r.booking.orderId) ?? []).map(ticketOf),
      CanEditGuests: paid.length > 0 && found.session.startsAt > now,
    });
  }
  for (const { ticket } of taken) {
    const found = sessions.get(ticket.varianceId);
    // A member who also booked the session sees it as its booker (their own seats list their tickets).
    if (!found || records.some((r) => r.VarianceID === ticket.varianceId && r.Tab !== 'cancelled')) continue;
    const guestRecord: EventRecord = {
      VarianceID: ticket.varianceId,
      EventID: found.event.id,
      Session: sessionOf(found.event, found.session, found.isAlcohol),
      Tab: tabOf(found.session),
      Role: 'Guest',
      NumberOfSeat: 1,
      TicketList: [ticketOf(ticket)],
      CanEditGuests: false,
    };
    const cancelledAt = records.findIndex((r) => r.VarianceID === ticket.varianceId);
    if (cancelledAt >= 0) records[cancelledAt] = guestRecord;
    else records.push(guestRecord);
  }
  // Coming sessions soonest first, then ended and cancelled ones latest first.
  const rank = { joined: 0, ended: 1, cancelled: 2 } as const;
  return records.sort((a, b) =>
    rank[a.Tab] !== rank[b.Tab] ? rank[a.Tab] - rank[b.Tab] : a.Tab === 'joined' ? a.Session.StartAt.localeCompare(b.Session.StartAt) : b.Session.StartAt.localeCompare(a.Session.StartAt),
  );
}
