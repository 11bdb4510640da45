/**
 * Checking a ticket in at a gathering (issue 31), shared by the host's scan (check-in-ticket) and the holder
 * opening their ticket link at the venue (activate-ticket): the ticket is marked redeemed with a conditional
 * update, so two check-ins at once check it in once, and its holder is in the room.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { eventTickets, gatheringAttendees } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

export const alreadyCheckedIn = () => new ApiError(400, ErrorCode.TicketAlreadyActivated, 'This ticket has already been checked in', 'TicketID');

/** Within the caller's transaction: redeems the ticket (TicketAlreadyActivated if it was) and puts `userId` in the room. */
export async function checkIn(tx: Db, at: { gatheringId: string; ticketId: string; userId: string; now: Date }): Promise<void> {
  const { gatheringId, ticketId, userId, now } = at;
  const taken = await tx
    .update(eventTickets)
    .set({ redeemedAt: now })
    .where(and(eq(eventTickets.id, ticketId), isNull(eventTickets.redeemedAt)))
    .returning({ id: eventTickets.id });
  if (taken.length === 0) throw alreadyCheckedIn();
  await tx
    .insert(gatheringAttendees)
    .values({ gatheringId, userId, ticketId, checkedInAt: now })
    .onConflictDoUpdate({ target: [gatheringAttendees.gatheringId, gatheringAttendees.userId], set: { ticketId, checkedInAt: now, leftAt: null } });
}
