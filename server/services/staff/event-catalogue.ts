/**
 * Events in the back office (issue 32, contract/staff-event-catalogue.ts): the events the customers' event calls
 * read, listed with their session counts, made and changed by staff, each change with its audit row in the
 * change's own transaction.
 *
 * What customers see follows at once: getEventDetail and the event search read the database (the search
 * document is a generated column), and the event page's head facts, kept in the product cache under
 * CONTENT_FACTS.event, are forgotten after each commit, here and in every other process.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffEvent, StaffEventSort } from '../../../contract/staff-event-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { eventVariances, events, productTypes } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { artworkUrl, parseArtSeed } from '../artwork.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { CONTENT_FACTS } from '../page-facts.ts';
import { appendAudit } from './audit.ts';
import { changedOnly } from './catalogue.ts';

/** The audit log's actions for events. */
export const CREATE_EVENT_ACTION = 'event.create';
export const UPDATE_EVENT_ACTION = 'event.update';

export type EventCatalogueDeps = Pick<Deps, 'db' | 'clock' | 'productCache'>;
type EventRow = typeof events.$inferSelect;
type Bilingual = { en: string; zh: string };

/** What an audit row keeps of an event: what staff set (its sessions have rows of their own). */
export const eventAuditView = (row: EventRow) => ({
  EventID: row.id,
  ProductTypeID: row.typeId,
  Title: { en: row.titleEn, zh: row.titleZh },
  Description: { en: row.descriptionEn, zh: row.descriptionZh },
  Host: { Name: { en: row.hostNameEn, zh: row.hostNameZh }, Bio: { en: row.hostBioEn, zh: row.hostBioZh } },
  Location: {
    Name: { en: row.venueEn, zh: row.venueZh },
    Address: { en: row.addressEn, zh: row.addressZh },
    District: { en: row.districtEn, zh: row.districtZh },
    MapURL: row.mapUrl,
  },
  Remark: { en: row.remarkEn, zh: row.remarkZh },
  Image: row.image,
  Published: row.published,
});

/** The events as staff see them, with their session counts, in the order of `ids` (unknown ids skipped). */
async function readStaffEvents(db: Db, now: Date, ids: readonly string[]): Promise<StaffEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ row: events, isAlcohol: productTypes.isAlcohol })
    .from(events)
    .innerJoin(productTypes, eq(productTypes.id, events.typeId))
    .where(inArray(events.id, [...ids]));
  const scheduled = eq(eventVariances.status, 'scheduled');
  const toCome = and(scheduled, gt(eventVariances.startsAt, now))!;
  const counts = await db
    .select({
      eventId: eventVariances.eventId,
      upcoming: sql<number>`count(*) filter (where ${toCome})`.mapWith(Number),
      past: sql<number>`count(*) filter (where ${and(scheduled, lte(eventVariances.startsAt, now))!})`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${eventVariances.status} = 'cancelled')`.mapWith(Number),
      next: sql<Date | null>`min(${eventVariances.startsAt}) filter (where ${toCome})`.mapWith(eventVariances.startsAt),
    })
    .from(eventVariances)
    .where(inArray(eventVariances.eventId, [...ids]))
    .groupBy(eventVariances.eventId);
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  const countsOf = new Map(counts.map((c) => [c.eventId, c]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const c = countsOf.get(id);
    return [
      {
        ...eventAuditView(found.row),
        ImageUrl: artworkUrl(found.row.image),
        IsAlcohol: found.isAlcohol,
        CreatedAt: found.row.createdAt.toISOString(),
        Sessions: { Upcoming: c?.upcoming ?? 0, Past: c?.past ?? 0, Cancelled: c?.cancelled ?? 0 },
        NextSessionAt: c?.next ? c.next.toISOString() : null,
      },
    ];
  });
}

/** Customers' copies of the event's page facts, in every process: read afresh. Called after commit. */
function published(deps: EventCatalogueDeps, eventId: string): void {
  deps.productCache.forget([CONTENT_FACTS.event(eventId)]);
}

/** The order of staff-list-events under each sort (contract StaffEventSort): ties broken by id. */
const EVENT_SORTS: Record<StaffEventSort['Field'], KeyPart[]> = {
  EventID: [],
  Title: [{ expr: events.titleEn, type: 'text' }],
  ProductTypeID: [{ expr: events.typeId, type: 'text' }],
  // false before true, as the key's integer.
  Published: [{ expr: sql`${events.published}::int`, type: 'integer' }],
  CreatedAt: [{ expr: events.createdAt, type: 'timestamptz' }],
};

const eventKeyset = (sort: StaffEventSort) => sortKeyset(sort.Field, sort.Direction, [...EVENT_SORTS[sort.Field], { expr: events.id, type: 'text' }]);

/** A LIKE pattern matching what contains `text` (its own % _ and \ taken literally). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface EventQuery {
  productTypeId?: string | undefined;
  text?: string | undefined;
  status: 'all' | 'published' | 'hidden';
  size: number;
  /** By id when absent. */
  sort?: StaffEventSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** staff-list-events: by id (the primary key) or as `sort` asks, filtered and paged on the server, each with its session counts. */
export async function listEvents(deps: Pick<Deps, 'db' | 'clock'>, q: EventQuery): Promise<{ EventList: StaffEvent[]; LastEvaluatedKey?: string }> {
  const conditions: SQL[] = [];
  if (q.productTypeId) conditions.push(eq(events.typeId, q.productTypeId));
  if (q.status === 'published') conditions.push(eq(events.published, true));
  if (q.status === 'hidden') conditions.push(eq(events.published, false));
  if (q.text) {
    const pattern = containsPattern(q.text);
    conditions.push(sql`(${events.id} = ${q.text} or lower(${events.titleEn}) like lower(${pattern}) or ${events.titleZh} like ${pattern})`);
  }
  const keyset = eventKeyset(q.sort ?? { Field: 'EventID', Direction: 'asc' });
  const after = afterPageKey(keyset, q.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await deps.db
    .select({ id: events.id, pageKey: keysetColumn(keyset) })
    .from(events)
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(q.size + 1);
  const next = nextPageKey(keyset, rows, q.size);
  return {
    EventList: await readStaffEvents(deps.db, deps.clock.now(), rows.slice(0, q.size).map((r) => r.id)),
    ...(next ? { LastEvaluatedKey: next } : {}),
  };
}

/** 400 naming ProductTypeID when it is not a product type. */
async function checkProductType(db: Db, typeId: string): Promise<void> {
  const [found] = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, typeId));
  if (!found) throw new ApiError(400, ErrorCode.InvalidParameter, `ProductTypeID is invalid: no product type ${typeId}`, 'ProductTypeID');
}

/** 400 naming Image when the seed names no motif the artwork draws (the contract checks its shape only). */
function checkImage(seed: string): string {
  if (!parseArtSeed(seed)) throw new ApiError(400, ErrorCode.InvalidParameter, `Image is invalid: ${seed} is not an artwork seed`, 'Image');
  return seed;
}

/** A new event's id: its English title in lower-case ASCII words and a random tail so two of one title differ (≤ 51 characters). */
function newEventId(titleEn: string): string {
  const slug = titleEn
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `evt-${slug || 'event'}-${randomBytes(3).toString('hex')}`;
}

export interface EventFields {
  typeId: string;
  title: Bilingual;
  description: Bilingual;
  host: { Name: Bilingual; Bio: Bilingual };
  location: { Name: Bilingual; Address: Bilingual; District: Bilingual; MapURL: string };
  remark: Bilingual;
  image: string;
  published: boolean;
}

/** The columns of the fields given (undefined: not given). */
function columnsOf(f: Partial<EventFields>): Partial<EventRow> {
  return {
    ...(f.typeId !== undefined ? { typeId: f.typeId } : {}),
    ...(f.title ? { titleEn: f.title.en, titleZh: f.title.zh } : {}),
    ...(f.description ? { descriptionEn: f.description.en, descriptionZh: f.description.zh } : {}),
    ...(f.host ? { hostNameEn: f.host.Name.en, hostNameZh: f.host.Name.zh, hostBioEn: f.host.Bio.en, hostBioZh: f.host.Bio.zh } : {}),
    ...(f.location
      ? {
          venueEn: f.location.Name.en,
          venueZh: f.location.Name.zh,
          addressEn: f.location.Address.en,
          addressZh: f.location.Address.zh,
          districtEn: f.location.District.en,
          districtZh: f.location.District.zh,
          mapUrl: f.location.MapURL,
        }
      : {}),
    ...(f.remark ? { remarkEn: f.remark.en, remarkZh: f.remark.zh } : {}),
    ...(f.image !== undefined ? { image: f.image } : {}),
    ...(f.published !== undefined ? { published: f.published } : {}),
  };
}

/** staff-create-event: the event made, with one audit row. */
export async function createEvent(deps: EventCatalogueDeps, actorUserId: string, f: EventFields): Promise<StaffEvent> {
  await checkProductType(deps.db, f.typeId);
  const image = checkImage(f.image);
  const now = deps.clock.now();
  const id = newEventId(f.title.en);
  const made = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      // Every field is given: every column is set.
      .values({ id, createdAt: now, ...columnsOf({ ...f, image }) } as typeof events.$inferInsert)
      .returning();
    await appendAudit(tx, { at: now, actorUserId, action: CREATE_EVENT_ACTION, target: `event:${id}`, before: null, after: eventAuditView(row!) });
    const [event] = await readStaffEvents(tx, now, [id]);
    return event!;
  });
  published(deps, id);
  return made;
}

/**
 * staff-update-event: the changes applied under the event's row lock, with one audit row; nothing changed,
 * nothing written.
 */
export async function updateEvent(deps: EventCatalogueDeps, actorUserId: string, eventId: string, f: Partial<EventFields>): Promise<StaffEvent> {
  if (f.typeId !== undefined) await checkProductType(deps.db, f.typeId);
  const image = f.image !== undefined ? checkImage(f.image) : undefined;
  const now = deps.clock.now();
  const { event, changed } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No event has this id', 'EventID');
    const change = changedOnly(before, columnsOf({ ...f, image }));
    const changed = Object.keys(change).length > 0;
    if (changed) {
      const [after] = await tx.update(events).set(change).where(eq(events.id, eventId)).returning();
      await appendAudit(tx, { at: now, actorUserId, action: UPDATE_EVENT_ACTION, target: `event:${eventId}`, before: eventAuditView(before), after: eventAuditView(after!) });
    }
    const [event] = await readStaffEvents(tx, now, [eventId]);
    return { event: event!, changed };
  });
  if (changed) published(deps, eventId);
  return event;
}
