/**
 * Subscription plans made and changed in the back office (issue 32, contract/staff-subscription-plans.ts): the
 * subscription_plans and subscription_plan_items rows the customers' calls read (plans.ts), each change with its
 * audit row in the change's own transaction. Beside staff.ts (the plans' list) rather than in services/staff: the
 * order core writes audit rows through services/staff, so services/staff may not import it back.
 *
 * What existing subscribers are charged never follows a price change: each subscription keeps the price it was
 * made at (subscriptions.price_hkd / price_usd, written when it is placed) and every renewal charges that
 * (atSubscribedPrice), so only members subscribing afterwards pay the new price.
 *
 * A change locks the plan's row FOR UPDATE first; placing a first cycle reads it FOR SHARE (findPlan, share). So
 * a new subscription either is placed before the change (and the change then sees it: an interval may no longer
 * change) or after it (priced at, and keeping, the new price). Customers see a change at once: no server cache
 * holds plans (getSubscriptionPlan, subscription-calculate and create-subscription read these tables each call).
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Bilingual } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { StaffSubscriptionPlan } from '../../../../contract/staff-subscriptions.ts';
import type { SubscriptionDuration } from '../../../../contract/subscriptions.ts';
import type { Db } from '../../../db/client.ts';
import { subscriptionPlanItems, subscriptionPlans, subscriptions, variances } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { parseArtSeed } from '../../artwork.ts';
import { listStaffSubscriptionPlans } from './staff.ts';
import { appendAudit } from '../../staff/audit.ts';

/** The audit log's actions for a plan made and a plan changed. */
export const CREATE_PLAN_ACTION = 'subscription-plan.create';
export const UPDATE_PLAN_ACTION = 'subscription-plan.update';

export type PlanDeps = Pick<Deps, 'db' | 'clock'>;
type PlanRow = typeof subscriptionPlans.$inferSelect;
type PlanChange = Partial<Omit<typeof subscriptionPlans.$inferInsert, 'id'>>;
type Money = { HKD: number; USD: number };
export type PlanItem = { varianceId: string; quantity: number };

/** What an audit row keeps of a plan: every stored field, its box included, in the contract's words. */
const auditView = (row: PlanRow, items: readonly PlanItem[]) => ({
  PlanID: row.id,
  Name: { en: row.nameEn, zh: row.nameZh },
  Description: { en: row.descriptionEn, zh: row.descriptionZh },
  Duration: row.duration,
  Price: { HKD: row.priceHkd, USD: row.priceUsd },
  Image: row.image,
  Items: items.map((i) => ({ VarianceID: i.varianceId, Quantity: i.quantity })),
  OnSale: row.onSale,
});

const boxOf = async (db: Db, planId: string): Promise<PlanItem[]> =>
  db
    .select({ varianceId: subscriptionPlanItems.varianceId, quantity: subscriptionPlanItems.quantity })
    .from(subscriptionPlanItems)
    .where(eq(subscriptionPlanItems.planId, planId))
    .orderBy(asc(subscriptionPlanItems.sort), asc(subscriptionPlanItems.varianceId));

async function writeBox(tx: Db, planId: string, items: readonly PlanItem[]): Promise<void> {
  await tx.delete(subscriptionPlanItems).where(eq(subscriptionPlanItems.planId, planId));
  await tx.insert(subscriptionPlanItems).values(items.map((i, sort) => ({ planId, varianceId: i.varianceId, quantity: i.quantity, sort })));
}

/** 400 naming Items when one is not a variance (the contract checks each is named once). */
async function checkItems(db: Db, items: readonly PlanItem[]): Promise<void> {
  const ids = items.map((i) => i.varianceId);
  const found = new Set((await db.select({ id: variances.id }).from(variances).where(inArray(variances.id, ids))).map((r) => r.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) throw new ApiError(400, ErrorCode.InvalidParameter, `Items is invalid: no variance ${unknown.join(', ')}`, 'Items');
}

/** 400 naming Image when the seed names no motif the artwork draws (the contract checks its shape only). */
function checkImage(image: string): string {
  if (!parseArtSeed(image)) throw new ApiError(400, ErrorCode.InvalidParameter, `Image is invalid: ${image} is not an artwork seed`, 'Image');
  return image;
}

/** A new plan's id: its English name as lower-case ASCII words, and a random tail so two of one name differ (≤ 50 characters). */
function newPlanId(nameEn: string): string {
  const words = nameEn
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 36)
    .replace(/^-+|-+$/g, '');
  return `plan-${words || 'box'}-${randomBytes(3).toString('hex')}`;
}

async function staffPlan(db: Db, now: Date, planId: string): Promise<StaffSubscriptionPlan> {
  return (await listStaffSubscriptionPlans(db, now, [planId])).PlanList[0]!;
}

export interface NewPlan {
  name: Bilingual;
  description: Bilingual;
  duration: SubscriptionDuration;
  price: Money;
  image: string;
  items: readonly PlanItem[];
  onSale: boolean;
}

/** staff-create-subscription-plan: the plan and its box made in one transaction, last in the shop's order, with one audit row. */
export async function createPlan(deps: PlanDeps, actorUserId: string, p: NewPlan): Promise<StaffSubscriptionPlan> {
  const image = checkImage(p.image);
  await checkItems(deps.db, p.items);
  const now = deps.clock.now();
  const planId = newPlanId(p.name.en);
  return deps.db.transaction(async (tx) => {
    const [last] = await tx.select({ sort: max(subscriptionPlans.sort) }).from(subscriptionPlans);
    const [row] = await tx
      .insert(subscriptionPlans)
      .values({
        id: planId,
        duration: p.duration,
        nameEn: p.name.en,
        nameZh: p.name.zh,
        descriptionEn: p.description.en,
        descriptionZh: p.description.zh,
        image,
        priceHkd: p.price.HKD,
        priceUsd: p.price.USD,
        onSale: p.onSale,
        sort: (last?.sort ?? 0) + 1,
      })
      .returning();
    await writeBox(tx, planId, p.items);
    await appendAudit(tx, { at: now, actorUserId, action: CREATE_PLAN_ACTION, target: `subscription-plan:${planId}`, before: null, after: auditView(row!, p.items) });
    return staffPlan(tx, now, planId);
  });
}

/** What staff may change of a plan; undefined: unchanged. items, when given, is the whole box. */
export interface PlanEdit {
  planId: string;
  name?: Bilingual | undefined;
  description?: Bilingual | undefined;
  duration?: SubscriptionDuration | undefined;
  price?: Money | undefined;
  image?: string | undefined;
  items?: readonly PlanItem[] | undefined;
  onSale?: boolean | undefined;
}

/** The columns the edit would change (only those whose value differs from the row's). */
function changedColumns(before: PlanRow, e: PlanEdit, image: string | undefined): PlanChange {
  const wanted: PlanChange = {
    ...(e.name ? { nameEn: e.name.en, nameZh: e.name.zh } : {}),
    ...(e.description ? { descriptionEn: e.description.en, descriptionZh: e.description.zh } : {}),
    ...(e.duration ? { duration: e.duration } : {}),
    ...(e.price ? { priceHkd: e.price.HKD, priceUsd: e.price.USD } : {}),
    ...(image ? { image } : {}),
    ...(e.onSale !== undefined ? { onSale: e.onSale } : {}),
  };
  return Object.fromEntries(Object.entries(wanted).filter(([column, value]) => before[column as keyof PlanRow] !== value)) as PlanChange;
}

const sameBox = (a: readonly PlanItem[], b: readonly PlanItem[]) =>
  a.length === b.length && a.every((item, i) => item.varianceId === b[i]!.varianceId && item.quantity === b[i]!.quantity);

/**
 * staff-update-subscription-plan: the changes applied under the plan's row lock, with one audit row; nothing
 * changed, nothing written. Its interval only while no member has subscribed (PlanHasSubscribers otherwise).
 */
export async function updatePlan(deps: PlanDeps, actorUserId: string, e: PlanEdit): Promise<StaffSubscriptionPlan> {
  const image = e.image === undefined ? undefined : checkImage(e.image);
  if (e.items) await checkItems(deps.db, e.items);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, e.planId)).for('update');
    if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No subscription plan has this id', 'PlanID');
    const boxBefore = await boxOf(tx, e.planId);
    const change = changedColumns(before, e, image);
    const boxChanged = e.items !== undefined && !sameBox(boxBefore, e.items);
    if (Object.keys(change).length === 0 && !boxChanged) return staffPlan(tx, now, e.planId);

    if (change.duration) {
      // Counted after the lock: a first cycle being placed holds the row FOR SHARE, so it is counted here once committed.
      const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.planId, e.planId));
      const subscribed = Number(counted?.n ?? 0);
      if (subscribed > 0) {
        throw new ApiError(400, ErrorCode.PlanHasSubscribers, `${subscribed} member(s) have subscribed to this plan: its interval can no longer change`, 'Duration', {
          subscriptions: subscribed,
        });
      }
    }
    const [after] = Object.keys(change).length ? await tx.update(subscriptionPlans).set(change).where(eq(subscriptionPlans.id, e.planId)).returning() : [before];
    if (boxChanged) await writeBox(tx, e.planId, e.items!);
    await appendAudit(tx, {
      at: now,
      actorUserId,
      action: UPDATE_PLAN_ACTION,
      target: `subscription-plan:${e.planId}`,
      before: auditView(before, boxBefore),
      after: auditView(after!, boxChanged ? e.items! : boxBefore),
    });
    return staffPlan(tx, now, e.planId);
  });
}
