/**
 * Guest tickets: what a ticket link shows (get-ticket), a guest taking their seat (activate-ticket), and
 * the booker naming a guest later (update-event-guest). A ticket counts only while its order is Paid.
 */
import { and, eq } from 'drizzle-orm';
import type { EventRecord, EventSession, EventTicket } from '../../../../contract/event-orders.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { personName } from '../../../../contract/person-name.ts';
import { eventBookings, eventTickets, orders, users } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError, notFound } from '../../../http/errors.ts';
import { sessionOf } from '../../events/sessions.ts';
import { inTransaction, type OrderKinds } from '../kind.ts';
import { eventRecords, ticketOf } from './describe.ts';
import { findSession, hasJoined } from './pricing.ts';

const ticketNotFound = () => notFound('Ticket');

/** A ticket of a paid order, with its booking (locked for update when asked). */
async function paidTicket(db: Deps['db'], ticketId: string, lock: boolean) {
  const query = db
    .select({ ticket: eventTickets, booking: eventBookings })
    .from(eventTickets)
    .innerJoin(eventBookings, eq(eventBookings.orderId, eventTickets.orderId))
    .innerJoin(orders, eq(orders.id, eventTickets.orderId))
    .where(and(eq(eventTickets.id, ticketId), eq(orders.paymentStatus, 'Paid')));
  const [row] = lock ? await query.for('update', { of: eventTickets }) : await query;
  if (!row) throw ticketNotFound();
  return row;
}

/** get-ticket: the session and the name on a ticket, for whoever has its link. */
export async function readTicket(deps: Deps, ticketId: string): Promise<{ TicketID: string; HolderName: string; Activated: boolean; Session: EventSession }> {
  const { ticket } = await paidTicket(deps.db, ticketId, false);
  const found = await findSession(deps.db, ticket.varianceId);
  return { TicketID: ticket.id, HolderName: ticket.holderName, Activated: ticket.activatedBy !== null, Session: sessionOf(found.event, found.session, found.isAlcohol) };
}

/**
 * activate-ticket: the member takes a guest ticket. The member's row is locked first, so one member taking
 * two tickets of a session at once gets one; the ticket's row, so two members taking one ticket get one.
 */
export async function activateTicket(deps: Deps, kinds: OrderKinds, userId: string, ticketId: string): Promise<EventRecord> {
  const now = deps.clock.now();
  const varianceId = await inTransaction(deps.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const { ticket } = await paidTicket(tx, ticketId, true);
    if (ticket.isOwner || ticket.activatedBy !== null) {
      throw new ApiError(400, ErrorCode.TicketAlreadyActivated, 'This ticket has already been activated', 'TicketID');
    }
    const found = await findSession(tx, ticket.varianceId);
    if (found.session.startsAt <= now) throw new ApiError(400, ErrorCode.EventSaleClosed, 'This session has already started', 'TicketID');
    if (await hasJoined(tx, userId, ticket.varianceId)) {
      throw new ApiError(400, ErrorCode.UserAlreadyJoinedTheEvent, 'You have already joined this session', 'TicketID');
    }
    const [member] = await tx.select({ givenName: users.givenName, familyName: users.familyName, language: users.language }).from(users).where(eq(users.id, userId));
    const holderName = personName(member!.givenName, member!.familyName, member!.language === 'zh' ? 'zh' : 'en');
    await tx
      .update(eventTickets)
      .set({ activatedBy: userId, activatedAt: now, ...(ticket.holderName ? {} : { holderName }) })
      .where(eq(eventTickets.id, ticket.id));
    return ticket.varianceId;
  });
  const [record] = await eventRecords(deps, kinds, userId, { varianceId });
  return record!;
}

/** update-event-guest: the booker names a guest seat of a paid order before the session starts and before the guest has taken it. */
export async function updateGuest(deps: Deps, userId: string, ticketId: string, guest: { Name: string; Contact: string }): Promise<EventTicket> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const { ticket, booking } = await paidTicket(tx, ticketId, true);
    if (booking.userId !== userId) throw ticketNotFound();
    if (ticket.isOwner) throw new ApiError(400, ErrorCode.InvalidParameter, 'Your own seat is not a guest seat', 'TicketID');
    if (ticket.activatedBy !== null) throw new ApiError(400, ErrorCode.TicketAlreadyActivated, 'The guest has taken this ticket already', 'TicketID');
    const found = await findSession(tx, ticket.varianceId);
    if (found.session.startsAt <= now) throw new ApiError(400, ErrorCode.EventSaleClosed, 'This session has already started', 'TicketID');
    const [updated] = await tx
      .update(eventTickets)
      .set({ holderName: guest.Name, contactNumber: guest.Contact })
      .where(eq(eventTickets.id, ticket.id))
      .returning();
    return ticketOf(updated!);
  });
}
