/**
 * Events' sessions in the back office (issue 32, contract/staff-events.ts): the list, creating a session and
 * changing one. Each change writes its audit row (the session before and after, as staff see it) in the change's
 * own transaction. A change of capacity happens with the session's row locked, so the seats orders hold meanwhile
 * are counted: seats_left moves by the capacity's change and never below zero (the table's check). After each
 * change commits, the event page's head facts are forgotten in every process, so its dates and seats show at once.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { roleSatisfies } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { personName } from '../../../contract/person-name.ts';
import type { StaffSession, StaffSessionSort } from '../../../contract/staff-events.ts';
import type { Db } from '../../db/client.ts';
import { eventBookings, events, eventVariances, gatherings, orders, staffRoles, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { hostScheduledMail, sessionMovedMail } from '../mail-templates.ts';
import { hongKongDate, timeSlotOf } from '../events/sessions.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { CONTENT_FACTS } from '../page-facts.ts';
import { appendAudit } from './audit.ts';

/** The audit log's actions for a session created and changed through the back office. */
export const CREATE_SESSION_ACTION = 'session.create';
export const UPDATE_SESSION_ACTION = 'session.update';

export type SessionDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'productCache'> & { config: Pick<Deps['config'], 'publicUrl'> };
type SessionRow = typeof eventVariances.$inferSelect;

/**
 * The event page's head facts (page-facts.ts, kept in the product cache) list its sessions to come with their
 * dates and seats: a session change forgets them here and in every other process. Called after commit.
 */
export function forgetEventPage(deps: Pick<Deps, 'productCache'>, eventId: string): void {
  deps.productCache.forget([CONTENT_FACTS.event(eventId)]);
}

/** Seats of the session's paid bookings (a subquery per listed session; event_bookings_variance_idx finds them). */
const seatsSoldOf = sql<number>`coalesce((select sum(${eventBookings.seats}) from ${eventBookings}
  inner join ${orders} on ${orders.id} = ${eventBookings.orderId}
  where ${eventBookings.varianceId} = ${eventVariances.id} and ${orders.paymentStatus} = 'Paid'), 0)::int`;

const listedColumns = {
  session: eventVariances,
  titleEn: events.titleEn,
  titleZh: events.titleZh,
  hostGiven: users.givenName,
  hostFamily: users.familyName,
  hostEmail: users.email,
  seatsSold: seatsSoldOf,
  gatheringId: gatherings.id,
};

/** `pageKey`: a list's key column (keyset-pages.ts); one session's read has none. */
const selectSessions = (db: Db, pageKey: SQL<string> = sql<string>`''`) =>
  db
    .select({ ...listedColumns, pageKey })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .leftJoin(users, eq(users.id, eventVariances.hostUserId))
    .leftJoin(gatherings, eq(gatherings.varianceId, eventVariances.id));

type ListedSession = Awaited<ReturnType<ReturnType<typeof selectSessions>['where']>>[number];

export function toStaffSession(r: ListedSession): StaffSession {
  const s = r.session;
  return {
    SessionID: s.id,
    EventID: s.eventId,
    EventName: { en: r.titleEn, zh: r.titleZh },
    StartAt: s.startsAt.toISOString(),
    EndAt: s.endsAt.toISOString(),
    Capacity: s.capacity,
    SeatsSold: Number(r.seatsSold),
    SeatsLeft: s.seatsLeft,
    Price: { HKD: s.priceHkd, USD: s.priceUsd },
    SaleOpensAt: s.saleOpensAt.toISOString(),
    SaleClosesAt: s.saleClosesAt.toISOString(),
    SvipSaleOpensAt: s.svipSaleOpensAt ? s.svipSaleOpensAt.toISOString() : null,
    Host: s.hostUserId && r.hostEmail !== null ? { UserID: s.hostUserId, Name: personName(r.hostGiven ?? '', r.hostFamily ?? '', 'en'), Email: r.hostEmail } : null,
    Status: s.status,
    ...(s.cancelledAt ? { CancelledAt: s.cancelledAt.toISOString() } : {}),
    GatheringID: r.gatheringId ?? null,
  };
}

/** A gathering newly given to a host: who to mail once the change is committed. */
interface ScheduledHost {
  sessionId: string;
  gatheringId: string;
  email: string;
  language: string;
}

/**
 * A session with a named host gets its gathering (issue 31's room: the host opens it with a code mailed to their
 * e-mail, checks tickets in and takes orders), scheduled until the host opens it. Naming another host before then
 * hands it over; one already opened or closed keeps its host. Answers the host when the gathering became theirs
 * here (made, or handed over: the upsert's condition leaves a row already theirs untouched and unreturned), so
 * the host is mailed once however often they are named.
 */
async function scheduleGathering(db: Db, sessionId: string, hostUserId: string | null | undefined): Promise<ScheduledHost | undefined> {
  if (!hostUserId) return undefined;
  const [host] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, hostUserId));
  if (!host) return undefined;
  const hostEmail = host.email.toLowerCase();
  const [given] = await db
    .insert(gatherings)
    .values({ id: `gth-${randomUUID()}`, varianceId: sessionId, hostEmail, status: 'Scheduled' })
    .onConflictDoUpdate({ target: gatherings.varianceId, set: { hostEmail }, where: and(eq(gatherings.status, 'Scheduled'), ne(gatherings.hostEmail, hostEmail)) })
    .returning({ id: gatherings.id });
  return given ? { sessionId, gatheringId: given.id, email: host.email, language: host.language } : undefined;
}

/** Mails a host the session they now host and their gathering's page; a mail that cannot be sent is logged, the change stands. */
async function mailScheduledHost(deps: SessionDeps, scheduled: ScheduledHost | undefined): Promise<void> {
  if (!scheduled) return;
  try {
    const [row] = await deps.db
      .select({ session: eventVariances, event: events })
      .from(eventVariances)
      .innerJoin(events, eq(events.id, eventVariances.eventId))
      .where(eq(eventVariances.id, scheduled.sessionId));
    if (!row) return;
    await deps.mailer.send(
      hostScheduledMail(scheduled.email, mailLanguage(scheduled.language), {
        title: { en: row.event.titleEn, zh: row.event.titleZh },
        date: hongKongDate(row.session.startsAt),
        timeSlot: timeSlotOf(row.session),
        venue: { en: row.event.venueEn, zh: row.event.venueZh },
        address: { en: row.event.addressEn, zh: row.event.addressZh },
        link: `${deps.config.publicUrl}/host/${encodeURIComponent(scheduled.gatheringId)}`,
      }),
    );
  } catch (err) {
    deps.log.error({ err, sessionId: scheduled.sessionId }, 'host scheduled mail not sent');
  }
}

export const sessionNotFound = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No such session', 'SessionID');

/** One session as staff see it (in `db`: a transaction sees its own change). */
export async function describeSession(db: Db, sessionId: string): Promise<StaffSession> {
  const [row] = await selectSessions(db).where(eq(eventVariances.id, sessionId));
  if (!row) throw sessionNotFound();
  return toStaffSession(row);
}

export interface SessionQuery {
  when: 'upcoming' | 'past' | 'cancelled';
  eventId?: string | undefined;
  /** Only the sessions this member hosts (host-list-my-sessions; event_variances_host_idx finds them). */
  hostUserId?: string | undefined;
  size: number;
  /** When absent: upcoming soonest first, past and cancelled latest first. */
  sort?: StaffSessionSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** The order of staff-list-sessions under each sort (contract StaffSessionSort): ties broken by start, then id. */
const SESSION_SORTS: Record<StaffSessionSort['Field'], KeyPart[]> = {
  StartAt: [],
  Event: [{ expr: events.titleEn, type: 'text' }],
  Capacity: [{ expr: eventVariances.capacity, type: 'integer' }],
  SeatsSold: [{ expr: seatsSoldOf, type: 'integer' }],
  Price: [
    { expr: eventVariances.priceHkd, type: 'integer' },
    { expr: eventVariances.priceUsd, type: 'integer' },
  ],
  // No host named: '' (first ascending).
  Host: [{ expr: sql`coalesce(${users.email}, '')`, type: 'text' }],
};

const sessionKeyset = (sort: StaffSessionSort) =>
  sortKeyset(sort.Field, sort.Direction, [...SESSION_SORTS[sort.Field], { expr: eventVariances.startsAt, type: 'timestamptz' }, { expr: eventVariances.id, type: 'text' }]);

/** staff-list-sessions: upcoming soonest first (what to get ready), past and cancelled latest first, or as `sort` asks. */
export async function listStaffSessions(deps: Pick<Deps, 'db' | 'clock'>, query: SessionQuery): Promise<{ SessionList: StaffSession[]; LastEvaluatedKey?: string }> {
  const now = deps.clock.now();
  const keyset = sessionKeyset(query.sort ?? { Field: 'StartAt', Direction: query.when === 'upcoming' ? 'asc' : 'desc' });
  const conditions: SQL[] = [];
  if (query.when === 'cancelled') conditions.push(eq(eventVariances.status, 'cancelled'));
  else conditions.push(eq(eventVariances.status, 'scheduled'), query.when === 'upcoming' ? gt(eventVariances.startsAt, now) : lte(eventVariances.startsAt, now));
  if (query.eventId) conditions.push(eq(eventVariances.eventId, query.eventId));
  if (query.hostUserId) conditions.push(eq(eventVariances.hostUserId, query.hostUserId));
  const after = afterPageKey(keyset, query.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await selectSessions(deps.db, keysetColumn(keyset))
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const next = nextPageKey(keyset, rows, query.size);
  return { SessionList: rows.slice(0, query.size).map(toStaffSession), ...(next ? { LastEvaluatedKey: next } : {}) };
}

/** A session's times and sale window, as they would stand after a change. */
interface SessionTimes {
  startsAt: Date;
  endsAt: Date;
  saleOpensAt: Date;
  saleClosesAt: Date;
  svipSaleOpensAt: Date | null;
}

const invalid = (field: string, message: string) => new ApiError(400, ErrorCode.InvalidParameter, message, field);

/** The rules between a session's times; the field named is the one given last in the chain (what to correct). */
function checkTimes(t: SessionTimes, now: Date, startChanged: boolean): void {
  if (startChanged && t.startsAt <= now) throw invalid('StartAt', 'A session starts in the future');
  if (t.endsAt <= t.startsAt) throw invalid('EndAt', 'A session ends after it starts');
  if (t.saleClosesAt > t.startsAt) throw invalid('SaleClosesAt', 'The sale closes at the latest when the session starts');
  if (t.saleOpensAt >= t.saleClosesAt) throw invalid('SaleOpensAt', 'The sale opens before it closes');
  if (t.svipSaleOpensAt && t.svipSaleOpensAt >= t.saleOpensAt) throw invalid('SvipSaleOpensAt', 'SVIP early access opens before the public sale');
}

/** A host must hold the host role (or one above it: owners and staff may host too). */
async function checkHost(db: Db, hostUserId: string | null | undefined): Promise<void> {
  if (!hostUserId) return;
  const [row] = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, hostUserId));
  if (!roleSatisfies(row?.role, 'host')) throw invalid('HostUserID', 'The host must be a member holding the host role');
}

export interface SessionFields {
  startAt?: string | undefined;
  endAt?: string | undefined;
  capacity?: number | undefined;
  price?: { HKD: number; USD: number } | undefined;
  saleOpensAt?: string | undefined;
  saleClosesAt?: string | undefined;
  svipSaleOpensAt?: string | null | undefined;
  hostUserId?: string | null | undefined;
}

const instant = (iso: string) => new Date(iso);
const optionalInstant = (iso: string | null | undefined) => (iso === undefined ? undefined : iso === null ? null : new Date(iso));

export interface CreateSession extends SessionFields {
  eventId: string;
  startAt: string;
  endAt: string;
  capacity: number;
  price: { HKD: number; USD: number };
  saleOpensAt: string;
  actorUserId: string;
}

/** staff-create-session: a new session of an existing event, with its audit row; its host (if named) is mailed once committed. */
export async function createStaffSession(deps: SessionDeps, request: CreateSession): Promise<StaffSession> {
  const now = deps.clock.now();
  const startsAt = instant(request.startAt);
  const times: SessionTimes = {
    startsAt,
    endsAt: instant(request.endAt),
    saleOpensAt: instant(request.saleOpensAt),
    saleClosesAt: request.saleClosesAt ? instant(request.saleClosesAt) : startsAt,
    svipSaleOpensAt: optionalInstant(request.svipSaleOpensAt) ?? null,
  };
  checkTimes(times, now, true);
  const { created, scheduled } = await deps.db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, request.eventId));
    if (!event) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No such event', 'EventID');
    await checkHost(tx, request.hostUserId);
    const id = `evs-${randomUUID()}`;
    await tx.insert(eventVariances).values({
      id,
      eventId: request.eventId,
      ...times,
      capacity: request.capacity,
      seatsLeft: request.capacity,
      priceHkd: request.price.HKD,
      priceUsd: request.price.USD,
      hostUserId: request.hostUserId ?? null,
    });
    const scheduled = await scheduleGathering(tx, id, request.hostUserId);
    const created = await describeSession(tx, id);
    await appendAudit(tx, { at: now, actorUserId: request.actorUserId, action: CREATE_SESSION_ACTION, target: `session:${id}`, before: null, after: created });
    return { created, scheduled };
  });
  forgetEventPage(deps, request.eventId);
  await mailScheduledHost(deps, scheduled);
  return created;
}

export interface UpdateSession extends SessionFields {
  sessionId: string;
  actorUserId: string;
}

/** The row's columns a change sets, from what was given and what stands. */
function changedColumns(row: SessionRow, request: UpdateSession): Partial<SessionRow> {
  const startsAt = request.startAt === undefined ? row.startsAt : instant(request.startAt);
  // A sale that closed with the start (the default) keeps closing with it when the session moves.
  const saleClosesAt = request.saleClosesAt !== undefined ? instant(request.saleClosesAt) : row.saleClosesAt.getTime() === row.startsAt.getTime() ? startsAt : row.saleClosesAt;
  const next: Partial<SessionRow> = {
    startsAt,
    endsAt: request.endAt === undefined ? row.endsAt : instant(request.endAt),
    saleOpensAt: request.saleOpensAt === undefined ? row.saleOpensAt : instant(request.saleOpensAt),
    saleClosesAt,
    svipSaleOpensAt: request.svipSaleOpensAt === undefined ? row.svipSaleOpensAt : optionalInstant(request.svipSaleOpensAt)!,
    capacity: request.capacity ?? row.capacity,
    priceHkd: request.price?.HKD ?? row.priceHkd,
    priceUsd: request.price?.USD ?? row.priceUsd,
    hostUserId: request.hostUserId === undefined ? row.hostUserId : request.hostUserId,
  };
  const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
  return Object.fromEntries(Object.entries(next).filter(([k, value]) => !same(value, row[k as keyof SessionRow])));
}

/**
 * staff-update-session: changes what was given of a scheduled session, with its audit row; a move (a new start
 * or end) mails the bookers of its paid bookings once committed, and a host newly given the session is mailed.
 * Answers the session and how many bookers were mailed.
 */
export async function updateStaffSession(deps: SessionDeps, request: UpdateSession): Promise<{ Session: StaffSession; MailedBookers: number }> {
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    // Locked: orders taking seats wait, so seats_left and capacity move together.
    const [row] = await tx.select().from(eventVariances).where(eq(eventVariances.id, request.sessionId)).for('update');
    if (!row) throw sessionNotFound();
    if (row.status === 'cancelled') throw new ApiError(400, ErrorCode.SessionCancelled, 'This session has been cancelled', 'SessionID');
    const patch = changedColumns(row, request);
    if (Object.keys(patch).length === 0) return undefined;
    checkTimes({ ...row, ...patch } as SessionTimes, now, patch.startsAt !== undefined);
    if (patch.capacity !== undefined) {
      const taken = row.capacity - row.seatsLeft;
      if (patch.capacity < taken) {
        throw new ApiError(400, ErrorCode.CapacityBelowSold, `${taken} seats are sold or held: the capacity cannot go below them`, 'Capacity', { SeatsTaken: taken });
      }
      patch.seatsLeft = row.seatsLeft + (patch.capacity - row.capacity);
    }
    if (patch.hostUserId !== undefined) await checkHost(tx, patch.hostUserId);
    const before = await describeSession(tx, row.id);
    await tx.update(eventVariances).set(patch).where(eq(eventVariances.id, row.id));
    const scheduled = patch.hostUserId ? await scheduleGathering(tx, row.id, patch.hostUserId) : undefined;
    const after = await describeSession(tx, row.id);
    await appendAudit(tx, { at: now, actorUserId: request.actorUserId, action: UPDATE_SESSION_ACTION, target: `session:${row.id}`, before, after });
    return { was: row, moved: patch.startsAt !== undefined || patch.endsAt !== undefined, scheduled };
  });
  if (!changed) return { Session: await describeSession(deps.db, request.sessionId), MailedBookers: 0 };
  forgetEventPage(deps, changed.was.eventId);
  await mailScheduledHost(deps, changed.scheduled);
  const mailed = changed.moved ? await mailMovedBookers(deps, changed.was) : 0;
  return { Session: await describeSession(deps.db, request.sessionId), MailedBookers: mailed };
}

/** Bookers of a session's paid bookings: one per booking (its order), with what their mail says. */
export async function paidBookersOf(db: Db, sessionId: string) {
  return db
    .select({ orderId: orders.id, reference: orders.reference, email: users.email, language: users.language })
    .from(eventBookings)
    .innerJoin(orders, eq(orders.id, eventBookings.orderId))
    .innerJoin(users, eq(users.id, eventBookings.userId))
    .where(and(eq(eventBookings.varianceId, sessionId), eq(orders.paymentStatus, 'Paid')))
    .orderBy(asc(orders.paidAt), asc(orders.id));
}

export const mailLanguage = (language: string) => (language === 'zh-Hant' ? 'zh-Hant' : 'en');

/** Mails each paid booking's booker the session's new date; a mail that cannot be sent is logged, the move stands. */
async function mailMovedBookers(deps: SessionDeps, was: SessionRow): Promise<number> {
  const [now] = await deps.db
    .select({ session: eventVariances, titleEn: events.titleEn, titleZh: events.titleZh })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .where(eq(eventVariances.id, was.id));
  if (!now) return 0;
  let mailed = 0;
  for (const booker of await paidBookersOf(deps.db, was.id)) {
    try {
      await deps.mailer.send(
        sessionMovedMail(booker.email, mailLanguage(booker.language), {
          reference: booker.reference,
          title: { en: now.titleEn, zh: now.titleZh },
          date: hongKongDate(now.session.startsAt),
          timeSlot: timeSlotOf(now.session),
          was: { date: hongKongDate(was.startsAt), timeSlot: timeSlotOf(was) },
        }),
      );
      mailed++;
    } catch (err) {
      deps.log.error({ err, orderId: booker.orderId }, 'session moved mail not sent');
    }
  }
  return mailed;
}
