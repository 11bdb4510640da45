/**
 * Guest tickets: what a ticket link shows (get-ticket), a guest taking their seat (activate-ticket), the holder
 * checking in with it at the venue once the gathering is open (activate-ticket, issue 31), and the booker naming
 * a guest later (update-event-guest). A ticket counts only while its order is Paid.
 */
import { and, eq } from 'drizzle-orm';
import type { EventRecord, EventTicket } from '../../../../contract/event-orders.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { personName } from '../../../../contract/person-name.ts';
import type { Db } from '../../../db/client.ts';
import { eventBookings, eventTickets, gatherings, orders, users } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError, notFound } from '../../../http/errors.ts';
import { sessionOf } from '../../events/sessions.ts';
import { alreadyCheckedIn, checkIn } from '../../gatherings/check-in.ts';
import { gatheringClosed } from '../../gatherings/info.ts';
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

/** The gathering of a session, if the shop has planned one (locked against closing while a ticket checks in, when asked). */
async function gatheringOf(db: Db, varianceId: string, lock: boolean) {
  const query = db.select({ id: gatherings.id, status: gatherings.status }).from(gatherings).where(eq(gatherings.varianceId, varianceId));
  const [row] = lock ? await query.for('share') : await query;
  return row;
}

/**
 * get-ticket: the session, the name and contact number on a ticket, and the session's gathering (so its page can
 * offer to check in at the venue), for whoever has its link: the link is the holder's proof.
 */
export async function readTicket(deps: Deps, ticketId: string) {
  const { ticket } = await paidTicket(deps.db, ticketId, false);
  const [found, gathering] = await Promise.all([findSession(deps.db, ticket.varianceId), gatheringOf(deps.db, ticket.varianceId, false)]);
  return {
    TicketID: ticket.id,
    HolderName: ticket.holderName,
    ContactNumber: ticket.contactNumber,
    Activated: ticket.activatedBy !== null,
    Redeemed: ticket.redeemedAt !== null,
    Session: sessionOf(found.event, found.session, found.isAlcohol),
    ...(gathering ? { GatheringID: gathering.id, GatheringStatus: gathering.status } : {}),
  };
}

const alreadyActivated = () => new ApiError(400, ErrorCode.TicketAlreadyActivated, 'This ticket has already been activated', 'TicketID');

/**
 * The booker's contact number for their guest ("+852 9123 4567", "9123 4567") as an account's phone: a Hong Kong
 * number's eight digits with 852, another's digits alone; undefined when it is not a number an account takes.
 */
export function phoneFromContact(contact: string): { phone: string; phoneCountryCode: string | null } | undefined {
  const digits = contact.replace(/\D/g, '');
  const hongKong = contact.trim().startsWith('+852') ? digits.slice(3) : !contact.trim().startsWith('+') && digits.length === 8 ? digits : undefined;
  if (hongKong !== undefined) return /^\d{8}$/.test(hongKong) ? { phone: hongKong, phoneCountryCode: '852' } : undefined;
  return /^\d{6,15}$/.test(digits) ? { phone: digits, phoneCountryCode: null } : undefined;
}

/**
 * The member takes an unactivated guest ticket (the member's row and the ticket's are locked by the caller). A guest
 * who signed up on the spot has no phone yet: the contact number the booker gave for them becomes it.
 */
async function take(tx: Db, userId: string, ticket: { id: string; varianceId: string; holderName: string; contactNumber: string }, now: Date) {
  if (await hasJoined(tx, userId, ticket.varianceId)) {
    throw new ApiError(400, ErrorCode.UserAlreadyJoinedTheEvent, 'You have already joined this session', 'TicketID');
  }
  const [member] = await tx
    .select({ givenName: users.givenName, familyName: users.familyName, language: users.language, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  const holderName = personName(member!.givenName, member!.familyName, member!.language === 'zh' ? 'zh' : 'en');
  await tx
    .update(eventTickets)
    .set({ activatedBy: userId, activatedAt: now, ...(ticket.holderName ? {} : { holderName }) })
    .where(eq(eventTickets.id, ticket.id));
  const phone = member!.phone ? undefined : phoneFromContact(ticket.contactNumber);
  if (phone) await tx.update(users).set(phone).where(eq(users.id, userId));
}

/** activate-ticket's answer: the member's record of the session, and whether they were checked in at its gathering. */
export type Activation = { Record: EventRecord; CheckedIn?: boolean; GatheringID?: string };

/**
 * activate-ticket. Before the session's gathering opens: the member takes a guest ticket (refused once the session
 * has started). While it is Ongoing (issue 31): the holder (the booker's own seat, or a guest ticket they took) or
 * a member taking an untaken guest ticket now is checked in, once (TicketAlreadyActivated for a ticket checked in
 * already or held by someone else); GatheringClosed once it has closed. The member's row is locked first, so one
 * member taking two tickets of a session at once gets one; the ticket's row, so two members taking one ticket get
 * one, and one holder tapping twice is checked in once.
 */
export async function activateTicket(deps: Deps, kinds: OrderKinds, userId: string, ticketId: string): Promise<Activation> {
  const now = deps.clock.now();
  const done = await inTransaction(deps.db, async (tx): Promise<{ varianceId: string; gatheringId?: string }> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const { ticket } = await paidTicket(tx, ticketId, true);
    const gathering = await gatheringOf(tx, ticket.varianceId, true);
    if (gathering?.status === 'Closed') throw gatheringClosed();
    if (gathering?.status === 'Ongoing') {
      if (ticket.redeemedAt !== null) throw alreadyCheckedIn();
      if (ticket.activatedBy !== userId && (ticket.isOwner || ticket.activatedBy !== null)) throw alreadyActivated();
      if (ticket.activatedBy === null) await take(tx, userId, ticket, now);
      await checkIn(tx, { gatheringId: gathering.id, ticketId: ticket.id, userId, now });
      return { varianceId: ticket.varianceId, gatheringId: gathering.id };
    }
    if (ticket.isOwner || ticket.activatedBy !== null) throw alreadyActivated();
    const found = await findSession(tx, ticket.varianceId);
    if (found.session.startsAt <= now) throw new ApiError(400, ErrorCode.EventSaleClosed, 'This session has already started', 'TicketID');
    await take(tx, userId, ticket, now);
    return { varianceId: ticket.varianceId };
  });
  if (done.gatheringId) deps.gatheringEvents.publish(done.gatheringId);
  const [record] = await eventRecords(deps, kinds, userId, { varianceId: done.varianceId });
  return { Record: record!, ...(done.gatheringId ? { CheckedIn: true, GatheringID: done.gatheringId } : {}) };
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
