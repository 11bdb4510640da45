/**
 * Gatherings' pour lists in the back office (issue 32, contract/staff-gatherings.ts). A pour's `remaining` is what
 * orders take with conditional updates that never go below zero (services/orders/gathering/kind.ts) and give back
 * when they expire or are cancelled; so `set_aside − remaining` is what orders hold or bought. A change here locks
 * the pour's row first: an order taking of it meanwhile either went before (and is counted) or waits for this
 * change, and `remaining` moves by the change of `set_aside` in the same statement. The gathering's row is held
 * in share mode for the change, so a close (an update of that row) waits for it or goes first and is seen.
 */
import { and, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import { personName } from '../../../contract/person-name.ts';
import { POURS_PER_GATHERING_MAX } from '../../../contract/staff-gathering-fields.ts';
import type { StaffGathering, StaffGatheringFilter, StaffGatheringSort, StaffPour } from '../../../contract/staff-gatherings.ts';
import type { Db } from '../../db/client.ts';
import { eventVariances, events, gatheringOrders, gatheringPours, gatherings, orderLines, products, users, variances } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { pourRows, toGatheringProduct, type PourRow } from '../gatherings/pours.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { appendAudit } from './audit.ts';

/** The audit log's actions for pours. */
export const CREATE_POUR_ACTION = 'pour.create';
export const UPDATE_POUR_ACTION = 'pour.update';
export const REMOVE_POUR_ACTION = 'pour.remove';

export type PourDeps = Pick<Deps, 'db' | 'clock' | 'gatheringEvents'>;
type PourTableRow = typeof gatheringPours.$inferSelect;

const noGathering = () => new ApiError(400, ErrorCode.ObjectNotFound, 'No gathering has this id', 'GatheringID');
const noPour = () => new ApiError(400, ErrorCode.ObjectNotFound, 'This product is not on the gathering’s pour list', 'ProductID');
const pourTarget = (gatheringId: string, productId: string) => `pour:${gatheringId}/${productId}`;
const pourKey = (gatheringId: string, productId: string) => and(eq(gatheringPours.gatheringId, gatheringId), eq(gatheringPours.productId, productId));

const pourCountOf = sql<number>`(select count(*)::int from ${gatheringPours} where ${gatheringPours.gatheringId} = ${gatherings.id})`;

const gatheringColumns = {
  g: gatherings,
  eventId: events.id,
  titleEn: events.titleEn,
  titleZh: events.titleZh,
  startsAt: eventVariances.startsAt,
  endsAt: eventVariances.endsAt,
  hostId: users.id,
  hostGiven: users.givenName,
  hostFamily: users.familyName,
  pourCount: pourCountOf,
};

/** `pageKey`: a list's key column (keyset-pages.ts); one gathering's read has none. */
const selectGatherings = (db: Db, pageKey: SQL<string> = sql<string>`''`) =>
  db
    .select({ ...gatheringColumns, pageKey })
    .from(gatherings)
    .innerJoin(eventVariances, eq(eventVariances.id, gatherings.varianceId))
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    // Who opened it; before then, the member the session names as its host.
    .leftJoin(users, eq(users.id, sql`coalesce(${gatherings.hostUserId}, ${eventVariances.hostUserId})`));

type GatheringListRow = Awaited<ReturnType<ReturnType<typeof selectGatherings>['where']>>[number];

function toStaffGathering(r: GatheringListRow): StaffGathering {
  return {
    GatheringID: r.g.id,
    Status: r.g.status,
    SessionID: r.g.varianceId,
    EventID: r.eventId,
    EventName: { en: r.titleEn, zh: r.titleZh },
    StartAt: r.startsAt.toISOString(),
    EndAt: r.endsAt.toISOString(),
    HostEmail: r.g.hostEmail,
    Host: r.hostId ? { UserID: r.hostId, Name: personName(r.hostGiven ?? '', r.hostFamily ?? '', 'en') } : null,
    ...(r.g.openedAt ? { OpenedAt: r.g.openedAt.toISOString() } : {}),
    ...(r.g.closedAt ? { ClosedAt: r.g.closedAt.toISOString() } : {}),
    PourCount: Number(r.pourCount),
  };
}

async function describeGathering(db: Db, gatheringId: string): Promise<StaffGathering> {
  const [row] = await selectGatherings(db).where(eq(gatherings.id, gatheringId));
  if (!row) throw noGathering();
  return toStaffGathering(row);
}

/** The order of staff-list-gatherings under each sort (contract StaffGatheringSort): ties broken by the session's start, then id. */
const GATHERING_SORTS: Record<StaffGatheringSort['Field'], KeyPart[]> = {
  StartAt: [],
  Event: [{ expr: events.titleEn, type: 'text' }],
  Status: [{ expr: gatherings.status, type: 'text' }],
  HostEmail: [{ expr: gatherings.hostEmail, type: 'text' }],
  PourCount: [{ expr: pourCountOf, type: 'integer' }],
};

const gatheringKeyset = (sort: StaffGatheringSort) =>
  sortKeyset(sort.Field, sort.Direction, [...GATHERING_SORTS[sort.Field], { expr: eventVariances.startsAt, type: 'timestamptz' }, { expr: gatherings.id, type: 'text' }]);

export interface GatheringQuery {
  status: StaffGatheringFilter;
  size: number;
  /** When absent: soonest first, closed ones latest first. */
  sort?: StaffGatheringSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** staff-list-gatherings: what is coming or going on soonest first (what to get ready), closed ones latest first, or as `sort` asks. */
export async function listStaffGatherings(db: Db, query: GatheringQuery): Promise<{ GatheringList: StaffGathering[]; LastEvaluatedKey?: string }> {
  const keyset = gatheringKeyset(query.sort ?? { Field: 'StartAt', Direction: query.status === 'Closed' ? 'desc' : 'asc' });
  const conditions: SQL[] = [query.status === 'current' ? inArray(gatherings.status, ['Scheduled', 'Ongoing']) : eq(gatherings.status, query.status)];
  const after = afterPageKey(keyset, query.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await selectGatherings(db, keysetColumn(keyset))
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const next = nextPageKey(keyset, rows, query.size);
  return { GatheringList: rows.slice(0, query.size).map(toStaffGathering), ...(next ? { LastEvaluatedKey: next } : {}) };
}

/** The products of the gathering's list that an order of the gathering took (whatever became of the order). */
async function orderedProducts(db: Db, gatheringId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .innerJoin(gatheringOrders, eq(gatheringOrders.orderId, orderLines.orderId))
    .where(eq(gatheringOrders.gatheringId, gatheringId));
  return new Set(rows.map((r) => r.productId));
}

function toStaffPour(r: PourRow, ordered: ReadonlySet<string>): StaffPour {
  return {
    ProductID: r.productId,
    VarianceID: r.varianceId,
    Name: { en: r.nameEn, zh: r.nameZh },
    VarianceName: { en: r.varianceEn, zh: r.varianceZh },
    // The picture the room's own list shows.
    Image: toGatheringProduct(r, 'HKD').Image,
    IsAlcohol: r.isAlcohol,
    Price: { HKD: r.priceHkd, USD: r.priceUsd },
    OnlinePrice: { HKD: r.onlineHkd, USD: r.onlineUsd },
    SetAside: r.setAside,
    Remaining: r.remaining,
    Taken: r.setAside - r.remaining,
    // Something taken is held by an order, even one whose lines are not written yet (its transaction is running).
    Ordered: ordered.has(r.productId) || r.remaining < r.setAside,
  };
}

async function describePour(db: Db, gatheringId: string, productId: string): Promise<StaffPour> {
  const [row] = await pourRows(db, pourKey(gatheringId, productId));
  if (!row) throw noPour();
  return toStaffPour(row, await orderedProducts(db, gatheringId));
}

/** staff-get-pour-list: the gathering and its whole list, in the room's order. */
export async function staffPourList(db: Db, gatheringId: string): Promise<{ Gathering: StaffGathering; PourList: StaffPour[] }> {
  const gathering = await describeGathering(db, gatheringId);
  const [rows, ordered] = await Promise.all([pourRows(db, eq(gatheringPours.gatheringId, gatheringId)), orderedProducts(db, gatheringId)]);
  return { Gathering: gathering, PourList: rows.map((r) => toStaffPour(r, ordered)) };
}

/** The gathering, held in share mode until the change commits (a close waits); closed ones are refused. */
async function holdOpenGathering(tx: Db, gatheringId: string): Promise<void> {
  const [row] = await tx.select({ status: gatherings.status }).from(gatherings).where(eq(gatherings.id, gatheringId)).for('share');
  if (!row) throw noGathering();
  if (row.status === 'Closed') throw new ApiError(400, ErrorCode.GatheringClosed, 'This gathering is closed: its pour list no longer changes', 'GatheringID');
}

/** What an audit row keeps of a pour. */
const pourAuditView = (r: PourTableRow) => ({
  GatheringID: r.gatheringId,
  ProductID: r.productId,
  VarianceID: r.varianceId,
  Price: { HKD: r.priceHkd, USD: r.priceUsd },
  SetAside: r.setAside,
  Remaining: r.remaining,
});

export interface PourChange {
  gatheringId: string;
  productId: string;
  varianceId: string;
  price: { HKD: number; USD: number };
  setAside: number;
}

/** The variance must be one of the product's. */
async function checkVariance(tx: Db, productId: string, varianceId: string): Promise<void> {
  const [variance] = await tx.select({ productId: variances.productId }).from(variances).where(eq(variances.id, varianceId));
  if (variance?.productId === productId) return;
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No product has this id', 'ProductID');
  if (!variance) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No variance has this id', 'VarianceID');
  throw new ApiError(400, ErrorCode.InvalidParameter, 'This variance is not one of the product’s', 'VarianceID');
}

const lockPour = async (tx: Db, gatheringId: string, productId: string) =>
  (await tx.select().from(gatheringPours).where(pourKey(gatheringId, productId)).for('update'))[0];

/** A new pour, last on the list; undefined when another change added this product first (it is changed instead). */
async function addPour(tx: Db, c: PourChange): Promise<PourTableRow | undefined> {
  const [stats] = await tx
    .select({ count: sql<number>`count(*)::int`, sort: max(gatheringPours.sort) })
    .from(gatheringPours)
    .where(eq(gatheringPours.gatheringId, c.gatheringId));
  if (Number(stats?.count ?? 0) >= POURS_PER_GATHERING_MAX) {
    throw new ApiError(400, ErrorCode.LimitError, `A pour list holds at most ${POURS_PER_GATHERING_MAX} products`, 'ProductID');
  }
  const [made] = await tx
    .insert(gatheringPours)
    .values({
      gatheringId: c.gatheringId,
      productId: c.productId,
      varianceId: c.varianceId,
      priceHkd: c.price.HKD,
      priceUsd: c.price.USD,
      setAside: c.setAside,
      remaining: c.setAside,
      sort: (stats?.sort ?? -1) + 1,
    })
    .onConflictDoNothing()
    .returning();
  return made;
}

/**
 * staff-save-pour: adds the product to the list or changes its pour, with one audit row; the same values again
 * change nothing and write nothing. Answers the pour and whether it was added.
 */
export async function saveStaffPour(deps: PourDeps, actorUserId: string, c: PourChange): Promise<{ Pour: StaffPour; Created: boolean }> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    await holdOpenGathering(tx, c.gatheringId);
    await checkVariance(tx, c.productId, c.varianceId);
    let before = await lockPour(tx, c.gatheringId, c.productId);
    if (!before) {
      const made = await addPour(tx, c);
      if (made) {
        await appendAudit(tx, { at: now, actorUserId, action: CREATE_POUR_ACTION, target: pourTarget(c.gatheringId, c.productId), before: null, after: pourAuditView(made) });
        return { created: true, changed: true };
      }
      // Added by another press a moment ago (its insert committed first): this one changes it.
      before = await lockPour(tx, c.gatheringId, c.productId);
      if (!before) throw noPour();
    }
    const same = before.varianceId === c.varianceId && before.priceHkd === c.price.HKD && before.priceUsd === c.price.USD && before.setAside === c.setAside;
    if (same) return { created: false, changed: false };
    const taken = before.setAside - before.remaining;
    const belowTaken = () =>
      new ApiError(400, ErrorCode.SetAsideBelowSold, `${taken} are sold or held by orders: the quantity set aside cannot go below them`, 'SetAside', { Taken: taken });
    if (c.setAside < taken) throw belowTaken();
    const [after] = await tx
      .update(gatheringPours)
      .set({
        varianceId: c.varianceId,
        priceHkd: c.price.HKD,
        priceUsd: c.price.USD,
        setAside: c.setAside,
        remaining: sql`${gatheringPours.remaining} + (${c.setAside}::int - ${gatheringPours.setAside})`,
      })
      // Holds under the row lock anyway; kept so that no path can take remaining below zero.
      .where(and(pourKey(c.gatheringId, c.productId), sql`${gatheringPours.remaining} + (${c.setAside}::int - ${gatheringPours.setAside}) >= 0`))
      .returning();
    if (!after) throw belowTaken();
    await appendAudit(tx, { at: now, actorUserId, action: UPDATE_POUR_ACTION, target: pourTarget(c.gatheringId, c.productId), before: pourAuditView(before), after: pourAuditView(after) });
    return { created: false, changed: true };
  });
  // The room's pour lists and the host's screen read afresh.
  if (outcome.changed) deps.gatheringEvents.publish(c.gatheringId);
  return { Pour: await describePour(deps.db, c.gatheringId, c.productId), Created: outcome.created };
}

/** staff-remove-pour: off the list (members' cart lines of it go with it), only while no order ever took of it. */
export async function removeStaffPour(deps: PourDeps, actorUserId: string, gatheringId: string, productId: string): Promise<{ Removed: StaffPour }> {
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    await holdOpenGathering(tx, gatheringId);
    const before = await lockPour(tx, gatheringId, productId);
    if (!before) throw noPour();
    // Locked: an order taking of it now has either taken already (remaining is lower) or waits and then finds no pour.
    const ordered = before.remaining < before.setAside || (await orderedProducts(tx, gatheringId)).has(productId);
    if (ordered) throw new ApiError(400, ErrorCode.PourAlreadyOrdered, 'Orders took of this pour: it stays on the list (set its quantity to what was taken to stop further orders)', 'ProductID');
    const shown = await describePour(tx, gatheringId, productId);
    await tx.delete(gatheringPours).where(pourKey(gatheringId, productId));
    await appendAudit(tx, { at: now, actorUserId, action: REMOVE_POUR_ACTION, target: pourTarget(gatheringId, productId), before: pourAuditView(before), after: null });
    return shown;
  });
  deps.gatheringEvents.publish(gatheringId);
  return { Removed: removed };
}
