/**
 * A session's guest list for the back office (issue 32, staff-session-guest-list): its paid bookings with every
 * seat's ticket, and the same as CSV for a spreadsheet. Names and contact numbers are typed by members, so a cell
 * a spreadsheet would run as a formula is defused (OWASP "CSV injection": a leading ' makes it text).
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { personName } from '../../../contract/person-name.ts';
import type { StaffBooking, StaffSession } from '../../../contract/staff-events.ts';
import type { Db } from '../../db/client.ts';
import { eventBookings, eventTickets, orders, users } from '../../db/schema.ts';
import { describeSession } from './events.ts';

/** What a spreadsheet reads as the start of a formula (=, +, -, @) or of one hidden behind a tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text a spreadsheet shows and never runs. */
export const spreadsheetSafe = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

export const GUEST_CSV_HEADER = ['Reference', 'Booker', 'Booker e-mail', 'Seat', 'Ticket', 'Guest', 'Contact number', "Booker's seat", 'Checked in', 'Checked in at'];

/** One line per seat, every cell defused. */
export function guestListCsv(bookings: readonly StaffBooking[]): string {
  const lines = bookings.flatMap((b) =>
    b.Guests.map((g) => [
      b.Reference,
      b.Booker.Name,
      b.Booker.Email,
      String(g.SeatNumber),
      g.TicketID,
      g.Name,
      g.ContactNumber,
      g.IsBooker ? 'yes' : 'no',
      g.CheckedIn ? 'yes' : 'no',
      g.CheckedInAt ?? '',
    ]),
  );
  return stringify([GUEST_CSV_HEADER, ...lines].map((line) => line.map(spreadsheetSafe)));
}

/** staff-session-guest-list: the session, its paid bookings oldest first with their tickets by seat, and the CSV. */
export async function sessionGuestList(db: Db, sessionId: string): Promise<{ Session: StaffSession; BookingList: StaffBooking[]; CSV: string }> {
  const session = await describeSession(db, sessionId);
  const bookings = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      paidAt: orders.paidAt,
      seats: eventBookings.seats,
      userId: users.id,
      email: users.email,
      givenName: users.givenName,
      familyName: users.familyName,
    })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .where(and(eq(eventBookings.varianceId, sessionId), eq(orders.paymentStatus, 'Paid')))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  const tickets = bookings.length
    ? await db
        .select()
        .from(eventTickets)
        .where(
          inArray(
            eventTickets.orderId,
            bookings.map((b) => b.orderId),
          ),
        )
        .orderBy(asc(eventTickets.orderId), asc(eventTickets.seatNumber))
    : [];
  const BookingList: StaffBooking[] = bookings.map((b) => ({
    OrderID: b.orderId,
    Reference: b.reference,
    Booker: { UserID: b.userId, Name: personName(b.givenName, b.familyName, 'en'), Email: b.email },
    Seats: b.seats,
    ...(b.paidAt ? { PaidAt: b.paidAt.toISOString() } : {}),
    Guests: tickets
      .filter((t) => t.orderId === b.orderId)
      .map((t) => ({
        TicketID: t.id,
        SeatNumber: t.seatNumber,
        IsBooker: t.isOwner,
        Name: t.holderName,
        ContactNumber: t.contactNumber,
        ...(t.activatedBy ? { HolderUserID: t.activatedBy } : {}),
        CheckedIn: t.redeemedAt !== null,
        ...(t.redeemedAt ? { CheckedInAt: t.redeemedAt.toISOString() } : {}),
      })),
  }));
  return { Session: session, BookingList, CSV: guestListCsv(BookingList) };
}
