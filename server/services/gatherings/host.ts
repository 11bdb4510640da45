/**
 * A gathering's host (spec §7 admin-init; issue 31): the member signed in with the e-mail the shop named for
 * the session opens the gathering with a code mailed to it, checks tickets in, sees the room and closes it.
 * Every call here needs the host role (issue 32; the dispatcher checks it). A host reaches only their own
 * gatherings: another host's answers 403 Forbidden; staff and owners, who run the shop, read, check in at and
 * close every gathering, but only the named host opens one (the mailed code proves the host e-mail). A
 * gathering that does not exist is ObjectNotFound, as is one its named host has not opened yet (their screen
 * then asks for a code).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { roleSatisfies, type Currency, type RoleAuth } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { eventTickets, eventVariances, events, gatheringAttendees, gatheringOrders, gatheringPours, gatherings, orderLines, orders, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { consumeCode, issueCode } from '../codes.ts';
import { appendAudit } from '../audit-log.ts';
import { limit, limitReached } from '../limits.ts';
import { hostCodeMail } from '../mail-templates.ts';
import { userById } from '../users.ts';
import { alreadyCheckedIn, checkIn } from './check-in.ts';
import { gatheringClosed, gatheringInfo } from './info.ts';
import { pourRows, toGatheringProduct } from './pours.ts';

const displayName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.givenName} || ' ' || ${users.familyName})`;

async function gatheringRow(db: Db, gatheringId: string) {
  const [row] = await db
    .select({ id: gatherings.id, hostEmail: gatherings.hostEmail, hostUserId: gatherings.hostUserId, status: gatherings.status, varianceId: gatherings.varianceId, titleEn: events.titleEn, titleZh: events.titleZh })
    .from(gatherings)
    .innerJoin(eventVariances, eq(eventVariances.id, gatherings.varianceId))
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .where(eq(gatherings.id, gatheringId));
  if (!row) throw notFound('Gathering');
  return row;
}

/** Another host's gathering (issue 32). */
const notYours = () => new ApiError(403, ErrorCode.Forbidden, 'This gathering has another host');

/** Whether the member's e-mail is the one the shop named as the gathering's host. */
const isNamedHost = (row: { hostEmail: string }, email: string) => row.hostEmail.toLowerCase() === email;

/**
 * Who asks: the signed-in member, and a look-up of the role they hold. server/calls passes services/staff's
 * roleOf: this part does not import the staff part, which imports orders/, which imports this part.
 */
export interface HostCaller {
  userId: string;
  role: () => Promise<RoleAuth | undefined>;
}

/**
 * The gathering, for its host (who opened it) and for staff and owners. Its named host before they opened it:
 * ObjectNotFound (their screen asks for a code); anyone else: Forbidden. The host of their own open gathering,
 * the usual case, costs no more than the gathering's row.
 */
async function hostedBy(db: Db, { userId, role: roleOf }: HostCaller, gatheringId: string) {
  const row = await gatheringRow(db, gatheringId);
  if (row.hostUserId === userId) return row;
  const [user, role] = await Promise.all([userById(db, userId), roleOf()]);
  if (isNamedHost(row, user.email)) throw notFound('Gathering');
  if (roleSatisfies(role, 'staff')) return row;
  throw notYours();
}

/** request-gathering-code: a code to the host e-mail, when the signed-in member has it. */
export async function requestHostCode(deps: Deps, userId: string, gatheringId: string, language: 'en' | 'zh-Hant' | undefined) {
  const [row, user] = await Promise.all([gatheringRow(deps.db, gatheringId), userById(deps.db, userId)]);
  if (!isNamedHost(row, user.email)) throw notYours();
  if (row.status === 'Closed') throw gatheringClosed();
  await limit(deps, 'codesPerAccount', userId);
  await limit(deps, 'mailsPerRecipient', user.email);
  const { code } = await issueCode(deps, userId, 'host');
  await deps.mailer.send(hostCodeMail(user.email, language ?? (user.language === 'zh-Hant' ? 'zh-Hant' : 'en'), code, { en: row.titleEn, zh: row.titleZh }));
  return {};
}

/** admin-init: opens the gathering with the mailed code; the member is its host. */
export async function adminInit(deps: Deps, userId: string, body: { email: string; verifyCode: string; gatheringID: string }) {
  const [row, user] = await Promise.all([gatheringRow(deps.db, body.gatheringID), userById(deps.db, userId)]);
  if (body.email !== user.email) throw new ApiError(400, ErrorCode.InvalidParameter, 'This e-mail is not the host of this gathering', 'email');
  if (!isNamedHost(row, user.email)) throw notYours();
  await limit(deps, 'codeChecksPerAccount', `host:${user.email}`);
  await consumeCode(deps, userId, 'host', body.verifyCode, limitReached);
  if (row.status === 'Closed') throw gatheringClosed();
  await deps.db
    .update(gatherings)
    .set({ status: 'Ongoing', hostUserId: userId, openedAt: sql`coalesce(${gatherings.openedAt}, ${deps.clock.now()})` })
    .where(eq(gatherings.id, row.id));
  deps.gatheringEvents.publish(row.id);
  return { Gathering: await gatheringInfo(deps.db, userId, row.id) };
}

/** The audit log's action when a host or staff member closes a gathering (auto-close, the shop's own, writes none). */
export const CLOSE_GATHERING_ACTION = 'gathering.close';

/**
 * Closes the gathering at `now` and tells the room (the host's close, and auto-close.ts once its session is long
 * over). Closing it again changes nothing; answers whether this call closed it. `by`: the member who closed it,
 * recorded in the audit log in the same transaction. Unpaid orders of the evening are left to expire as any order does.
 */
export async function closeGatheringAt(deps: Pick<Deps, 'db' | 'gatheringEvents'>, gatheringId: string, now: Date, by?: { userId: string; status: string }): Promise<boolean> {
  const closed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(gatherings)
      .set({ status: 'Closed', closedAt: now })
      .where(and(eq(gatherings.id, gatheringId), sql`${gatherings.status} <> 'Closed'`))
      .returning({ id: gatherings.id });
    if (rows.length > 0 && by) {
      await appendAudit(tx, { at: now, actorUserId: by.userId, action: CLOSE_GATHERING_ACTION, target: `gathering:${gatheringId}`, before: { Status: by.status }, after: { Status: 'Closed' } });
    }
    return rows.length > 0;
  });
  deps.gatheringEvents.publish(gatheringId);
  return closed;
}

export async function closeGathering(deps: Pick<Deps, 'db' | 'clock' | 'gatheringEvents'>, caller: HostCaller, gatheringId: string) {
  const row = await hostedBy(deps.db, caller, gatheringId);
  await closeGatheringAt(deps, gatheringId, deps.clock.now(), { userId: caller.userId, status: row.status });
  return { Gathering: await gatheringInfo(deps.db, caller.userId, gatheringId) };
}

const rescan = () => new ApiError(400, ErrorCode.RescanQRCode, 'This is not a ticket of this gathering: please scan it again', 'TicketID');

async function attendeeOf(db: Db, gatheringId: string, userId: string) {
  const [a] = await db
    .select({ userId: gatheringAttendees.userId, name: displayName, checkedInAt: gatheringAttendees.checkedInAt, leftAt: gatheringAttendees.leftAt, holder: eventTickets.holderName })
    .from(gatheringAttendees)
    .innerJoin(users, eq(users.id, gatheringAttendees.userId))
    .leftJoin(eventTickets, eq(eventTickets.id, gatheringAttendees.ticketId))
    .where(and(eq(gatheringAttendees.gatheringId, gatheringId), eq(gatheringAttendees.userId, userId)));
  return a;
}

function toAttendee(a: NonNullable<Awaited<ReturnType<typeof attendeeOf>>>) {
  return {
    UserID: a.userId,
    Name: a.name,
    CheckedInAt: a.checkedInAt.toISOString(),
    ...(a.leftAt ? { LeftAt: a.leftAt.toISOString() } : {}),
    ...(a.holder ? { TicketHolder: a.holder } : {}),
  };
}

/**
 * check-in-ticket: the ticket's holder is in the room. The ticket is marked redeemed with a conditional update
 * (check-in.ts), so two scans at once, or a scan and the holder's own check-in, check it in once.
 */
export async function checkInTicket(deps: Pick<Deps, 'db' | 'clock' | 'gatheringEvents'>, caller: HostCaller, gatheringId: string, ticketId: string) {
  const row = await hostedBy(deps.db, caller, gatheringId);
  if (row.status !== 'Ongoing') throw gatheringClosed();
  const [ticket] = await deps.db
    .select({ id: eventTickets.id, varianceId: eventTickets.varianceId, holder: eventTickets.activatedBy, redeemedAt: eventTickets.redeemedAt, paid: orders.paymentStatus })
    .from(eventTickets)
    .innerJoin(orders, eq(orders.id, eventTickets.orderId))
    .where(eq(eventTickets.id, ticketId));
  if (!ticket || ticket.varianceId !== row.varianceId || ticket.paid !== 'Paid') throw rescan();
  if (ticket.redeemedAt) throw alreadyCheckedIn();
  if (!ticket.holder) throw new ApiError(400, ErrorCode.InvalidParameter, 'Nobody has taken this guest ticket yet: the guest opens its link and signs up first', 'TicketID');
  const holder = ticket.holder;
  const now = deps.clock.now();
  await deps.db.transaction((tx) => checkIn(tx as unknown as Db, { gatheringId, ticketId, userId: holder, now }));
  deps.gatheringEvents.publish(gatheringId);
  return { Attendee: toAttendee((await attendeeOf(deps.db, gatheringId, holder))!) };
}

/** get-gathering-host-view: the room, tonight's orders and the pours. */
export async function hostView(deps: Pick<Deps, 'db'>, caller: HostCaller, gatheringId: string) {
  await hostedBy(deps.db, caller, gatheringId);
  const [info, attendees, orderRows, pours] = await Promise.all([
    gatheringInfo(deps.db, caller.userId, gatheringId),
    deps.db
      .select({ userId: gatheringAttendees.userId, name: displayName, checkedInAt: gatheringAttendees.checkedInAt, leftAt: gatheringAttendees.leftAt, holder: eventTickets.holderName })
      .from(gatheringAttendees)
      .innerJoin(users, eq(users.id, gatheringAttendees.userId))
      .leftJoin(eventTickets, eq(eventTickets.id, gatheringAttendees.ticketId))
      .where(eq(gatheringAttendees.gatheringId, gatheringId))
      .orderBy(desc(gatheringAttendees.checkedInAt)),
    deps.db
      .select({ id: orders.id, reference: orders.reference, name: displayName, createdAt: orders.createdAt, status: orders.paymentStatus, total: orders.total, currency: orders.currency })
      .from(gatheringOrders)
      .innerJoin(orders, eq(orders.id, gatheringOrders.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      // The table's orders (orders.kind 'gathering', GATHERING_ORDER; named here as orders/ imports this module):
      // a walk-in's paid place shows in the room, not among what is to be poured.
      .where(and(eq(gatheringOrders.gatheringId, gatheringId), eq(orders.kind, 'gathering')))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    pourRows(deps.db, eq(gatheringPours.gatheringId, gatheringId)),
  ]);
  const lines = orderRows.length
    ? await deps.db
        .select({ orderId: orderLines.orderId, productId: orderLines.productId, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(gatheringOrders, eq(gatheringOrders.orderId, orderLines.orderId))
        .where(eq(gatheringOrders.gatheringId, gatheringId))
    : [];
  return {
    Gathering: info,
    AttendeeList: attendees.map(toAttendee),
    OrderList: orderRows.map((o) => ({
      OrderID: o.id,
      Reference: o.reference,
      Name: o.name,
      CreatedAt: o.createdAt.toISOString(),
      PaymentStatus: o.status,
      Total: o.total,
      Currency: o.currency as Currency,
      Lines: lines.filter((l) => l.orderId === o.id).map((l) => ({ ProductID: l.productId, Quantity: l.quantity })),
    })),
    ProductList: pours.map((p) => toGatheringProduct(p, 'HKD')),
  };
}
