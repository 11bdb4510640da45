/**
 * Subscriptions in the back office (issue 32; contract/staff-subscriptions.ts): subscribers and plans with the
 * status the member's record shows (statusOf in describe.ts, here as SQL so lists filter and count on the
 * server), the failed renewals, and a renewal waiting on stock tried again at once.
 *
 * Failed renewals come from rows that exist already (no column of their own): a subscription ended
 * PaymentFailed or Unpaid (its billing date is the failed cycle's), one waiting on stock (its
 * stock_delay_mailed_for is its billing date and no order is placed for it), and the audit_log rows the renewal
 * job writes when it skips a cycle (SKIP_CYCLE_ACTION).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '../../../../contract/define.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import type { PaymentMethod } from '../../../../contract/orders.ts';
import type {
  FailedRenewal,
  FailedRenewalReason,
  FailedRenewalSort,
  StaffSubscription,
  StaffSubscriptionPlan,
  StaffSubscriptionSort,
} from '../../../../contract/staff-subscriptions.ts';
import type { SubscriptionStatus } from '../../../../contract/subscriptions.ts';
import type { Db } from '../../../db/client.ts';
import { subscriptionCycles, subscriptionPlans, subscriptions, users } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { ApiError } from '../../../http/errors.ts';
import { artworkUrl } from '../../artwork.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../../keyset-pages.ts';
import { runJobNow, type JobHandler } from '../../jobs/queue.ts';
import { appendAudit } from '../../staff/audit.ts';
import { UNPAID } from '../kind.ts';
import { SUBSCRIPTION_RENEW_JOB, type SubscriptionRow } from './lifecycle.ts';
import { plansById } from './plans.ts';
import { outOfStockGiveUpAt, renewSubscriptionJob, SKIP_CYCLE_ACTION } from './renewals.ts';

/** The audit log's action for a staff press that ran a renewal waiting on stock. */
export const RETRY_RENEWAL_ACTION = 'subscription.renewal-retry';

const unpaidList = sql.join(
  UNPAID.map((s) => sql`${s}`),
  sql`, `,
);

/** statusOf (describe.ts) as SQL over the subscriptions row: PastDue while the renewal billed at its billing date waits unpaid. */
const statusSql = (now: Date) => sql<SubscriptionStatus>`case
  when ${subscriptions.status} = 'Ended' then 'Ended'
  when ${subscriptions.status} = 'Pending' then 'Pending'
  when ${subscriptions.cancelledAt} is not null then 'Cancelled'
  when exists (select 1 from subscription_cycles c join orders o on o.id = c.order_id
    where c.subscription_id = ${subscriptions.id} and c.cycle > 1 and c.period_start = ${subscriptions.currentPeriodEnd}
      and o.payment_status in (${unpaidList}) and c.period_start <= ${now.toISOString()}::timestamptz) then 'PastDue'
  else 'Active' end`;

/** A renewal out of stock and still tried daily: mailed about for this billing date, no order placed for it. */
const waitingOnStockSql = sql<boolean>`(${subscriptions.status} = 'Active' and ${subscriptions.cancelledAt} is null
  and ${subscriptions.stockDelayMailedFor} = ${subscriptions.currentPeriodEnd}
  and not exists (select 1 from subscription_cycles c where c.subscription_id = ${subscriptions.id} and c.period_start >= ${subscriptions.currentPeriodEnd}))`;

const listedColumns = (now: Date) => ({
  sub: subscriptions,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  nameEn: subscriptionPlans.nameEn,
  nameZh: subscriptionPlans.nameZh,
  duration: subscriptionPlans.duration,
  status: statusSql(now),
  waiting: waitingOnStockSql,
});

interface Listed {
  sub: SubscriptionRow;
  email: string;
  givenName: string;
  familyName: string;
  nameEn: string;
  nameZh: string;
  duration: 'month' | 'quarter' | 'annual';
  status: SubscriptionStatus;
  waiting: boolean;
}

const memberOf = (r: Pick<Listed, 'sub' | 'email' | 'givenName' | 'familyName'>) => ({
  UserID: r.sub.userId,
  Email: r.email,
  Name: `${r.givenName} ${r.familyName}`.trim(),
});
const planOf = (r: Pick<Listed, 'sub' | 'nameEn' | 'nameZh' | 'duration'>) => ({ PlanID: r.sub.planId, Name: { en: r.nameEn, zh: r.nameZh }, Duration: r.duration });

function toStaffSubscription(r: Listed): StaffSubscription {
  const s = r.sub;
  const billing = s.status === 'Active' && !s.cancelledAt ? s.currentPeriodEnd : null;
  return {
    SubscriptionID: s.id,
    Member: memberOf(r),
    Plan: planOf(r),
    Status: r.status,
    ...(s.endReason ? { EndReason: s.endReason } : {}),
    Currency: s.currency as Currency,
    PaymentMethod: s.paymentMethod as PaymentMethod,
    ...(billing ? { NextBillingDate: billing.toISOString() } : {}),
    ...(r.waiting && s.currentPeriodEnd ? { WaitingOnStockSince: s.currentPeriodEnd.toISOString() } : {}),
    CreatedAt: s.createdAt.toISOString(),
    ...(s.startedAt ? { StartedAt: s.startedAt.toISOString() } : {}),
    ...(s.cancelledAt ? { CancelledAt: s.cancelledAt.toISOString() } : {}),
    ...(s.endedAt ? { EndedAt: s.endedAt.toISOString() } : {}),
  };
}

function selectListed(db: Db, now: Date) {
  return db
    .select(listedColumns(now))
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId));
}

export interface StaffSubscriptionQuery {
  status?: SubscriptionStatus | undefined;
  planId?: string | undefined;
  size: number;
  /** Newest first when absent. */
  sort?: StaffSubscriptionSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

// Rows with no next billing date (cancelled, ended, pending) sort as the earliest time: the key parts are never null.
const NO_DATE = sql`'1970-01-01T00:00:00Z'::timestamptz`;

/** The order of staff-list-subscriptions under each sort (contract StaffSubscriptionSort): ties by creation, then id. */
const subscriptionSorts = (now: Date): Record<StaffSubscriptionSort['Field'], KeyPart[]> => ({
  CreatedAt: [],
  Member: [{ expr: users.email, type: 'text' }],
  Plan: [{ expr: subscriptionPlans.nameEn, type: 'text' }],
  Status: [{ expr: statusSql(now), type: 'text' }],
  // As toStaffSubscription shows it: only an active subscription not cancelled has one.
  NextBillingDate: [
    {
      expr: sql`coalesce(case when ${subscriptions.status} = 'Active' and ${subscriptions.cancelledAt} is null then ${subscriptions.currentPeriodEnd} end, ${NO_DATE})`,
      type: 'timestamptz',
    },
  ],
});

const subscriptionKeyset = (now: Date, sort: StaffSubscriptionSort) =>
  sortKeyset(sort.Field, sort.Direction, [
    ...subscriptionSorts(now)[sort.Field],
    { expr: subscriptions.createdAt, type: 'timestamptz' },
    { expr: subscriptions.id, type: 'text' },
  ]);

/** staff-list-subscriptions: newest first (created_at, id descending) or as `sort` asks, filtered and paged on the server. */
export async function listStaffSubscriptions(db: Db, now: Date, q: StaffSubscriptionQuery): Promise<{ SubscriptionList: StaffSubscription[]; LastEvaluatedKey?: string }> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(sql`${statusSql(now)} = ${q.status}`);
  if (q.planId) conditions.push(eq(subscriptions.planId, q.planId));
  const keyset = subscriptionKeyset(now, q.sort ?? { Field: 'CreatedAt', Direction: 'desc' });
  const after = afterPageKey(keyset, q.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await db
    .select({ ...listedColumns(now), pageKey: keysetColumn(keyset) })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(q.size + 1);
  const next = nextPageKey(keyset, rows, q.size);
  return {
    SubscriptionList: rows.slice(0, q.size).map(toStaffSubscription),
    ...(next ? { LastEvaluatedKey: next } : {}),
  };
}

async function describeStaffSubscription(db: Db, now: Date, id: string): Promise<StaffSubscription | undefined> {
  const [row] = await selectListed(db, now).where(eq(subscriptions.id, id));
  return row && toStaffSubscription(row);
}

/**
 * staff-list-subscription-plans: every plan in the shop's order (or those of `planIds`: a plan staff just made or
 * changed), with its box and its subscriber counts per status.
 */
export async function listStaffSubscriptionPlans(db: Db, now: Date, planIds?: readonly string[]): Promise<{ PlanList: StaffSubscriptionPlan[] }> {
  const only = planIds ? inArray(subscriptionPlans.id, [...planIds]) : undefined;
  const plans = await db.select().from(subscriptionPlans).where(only).orderBy(asc(subscriptionPlans.sort), asc(subscriptionPlans.id));
  const boxes = await plansById(db, plans.map((p) => p.id));
  const status = statusSql(now);
  const counts = await db
    .select({ planId: subscriptions.planId, status, count: sql<number>`count(*)::int`, waiting: sql<number>`count(*) filter (where ${waitingOnStockSql})::int` })
    .from(subscriptions)
    .where(planIds ? inArray(subscriptions.planId, [...planIds]) : undefined)
    // By position: the status expression carries a parameter, written again it would not be the same expression.
    .groupBy(sql.raw('1'), sql.raw('2'));
  return {
    PlanList: plans.map((p) => {
      const mine = counts.filter((c) => c.planId === p.id);
      const of = (s: SubscriptionStatus) => mine.filter((c) => c.status === s).reduce((n, c) => n + Number(c.count), 0);
      return {
        PlanID: p.id,
        Name: { en: p.nameEn, zh: p.nameZh },
        Description: { en: p.descriptionEn, zh: p.descriptionZh },
        Duration: p.duration,
        PriceHKD: p.priceHkd,
        PriceUSD: p.priceUsd,
        Image: p.image,
        ImageUrl: artworkUrl(p.image),
        Items: (boxes.get(p.id)?.items ?? []).map((i) => ({ VarianceID: i.varianceId, ProductID: i.productId, Name: i.name, VarianceName: i.varianceName, Quantity: i.quantity })),
        OnSale: p.onSale,
        Subscribers: { Pending: of('Pending'), Active: of('Active'), PastDue: of('PastDue'), Cancelled: of('Cancelled'), Ended: of('Ended') },
        WaitingOnStock: mine.reduce((n, c) => n + Number(c.waiting), 0),
      };
    }),
  };
}

export interface FailedRenewalQuery {
  reason?: FailedRenewalReason | undefined;
  size: number;
  /** Newest first when absent. */
  sort?: FailedRenewalSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** The order of staff-list-failed-renewals under each sort (contract FailedRenewalSort), over the list's rows f. */
const FAILED_SORTS: Record<FailedRenewalSort['Field'], KeyPart[]> = {
  At: [],
  BillingDate: [{ expr: sql`f.billing_at`, type: 'timestamptz' }],
  Reason: [{ expr: sql`f.reason`, type: 'text' }],
  Member: [{ expr: users.email, type: 'text' }],
  Plan: [{ expr: subscriptionPlans.nameEn, type: 'text' }],
};

// Ties by when it failed, then the row key naming its source (unique across the three).
const failedKeyset = (sort: FailedRenewalSort) =>
  sortKeyset(sort.Field, sort.Direction, [...FAILED_SORTS[sort.Field], { expr: sql`f.at`, type: 'timestamptz' }, { expr: sql`f.row_key`, type: 'text' }]);

interface FailedRow {
  reason: FailedRenewalReason;
  subscription_id: string;
  billing_at: Date | string;
  at: Date | string;
  next_billing_at: Date | string | null;
  order_id: string | null;
  attempts: number | null;
  row_key: string;
}

const asDate = (x: Date | string) => (x instanceof Date ? x : new Date(x));

/**
 * staff-list-failed-renewals: the three sources (module comment) as one list, newest first by when it failed
 * (At, then a row key naming the source), paged by that pair.
 */
export async function listFailedRenewals(db: Db, now: Date, q: FailedRenewalQuery): Promise<{ RenewalList: FailedRenewal[]; LastEvaluatedKey?: string }> {
  const failed = sql`(
    select s.end_reason as reason, s.id as subscription_id, s.current_period_end as billing_at, s.ended_at as at,
      null::timestamptz as next_billing_at, c.order_id as order_id, c.attempts as attempts, 'e:' || s.id as row_key
    from subscriptions s
    left join subscription_cycles c on c.subscription_id = s.id and c.period_start = s.current_period_end and c.cycle > 1
    where s.status = 'Ended' and s.end_reason in ('PaymentFailed', 'Unpaid')
    union all
    select 'OutOfStockWaiting', s.id, s.current_period_end, s.current_period_end, null::timestamptz, null, null, 'w:' || s.id
    from subscriptions s
    where s.status = 'Active' and s.cancelled_at is null and s.stock_delay_mailed_for = s.current_period_end
      and not exists (select 1 from subscription_cycles c where c.subscription_id = s.id and c.period_start >= s.current_period_end)
    union all
    select 'OutOfStockSkipped', a.after->>'SubscriptionID', (a.after->>'SkippedBillingDate')::timestamptz, a.at,
      (a.after->>'NextBillingDate')::timestamptz, null, null, 's:' || lpad(a.id::text, 20, '0')
    from audit_log a
    where a.action = ${SKIP_CYCLE_ACTION}
  ) f`;
  const conditions: SQL[] = [sql`true`];
  if (q.reason) conditions.push(sql`f.reason = ${q.reason}`);
  const keyset = failedKeyset(q.sort ?? { Field: 'At', Direction: 'desc' });
  const after = afterPageKey(keyset, q.lastEvaluatedKey);
  if (after) conditions.push(after);
  const result = (await db.execute(sql`select f.*, ${keysetColumn(keyset)} as page_key, ${users.email} as email, ${users.givenName} as given_name, ${users.familyName} as family_name,
      ${subscriptions.userId} as user_id, ${subscriptions.planId} as plan_id, ${subscriptionPlans.nameEn} as name_en,
      ${subscriptionPlans.nameZh} as name_zh, ${subscriptionPlans.duration} as duration, ${statusSql(now)} as status
    from ${failed}
    join ${subscriptions} on ${subscriptions.id} = f.subscription_id
    join ${users} on ${users.id} = ${subscriptions.userId}
    join ${subscriptionPlans} on ${subscriptionPlans.id} = ${subscriptions.planId}
    where ${sql.join(conditions, sql` and `)}
    order by ${sql.join(keysetOrder(keyset), sql`, `)}
    limit ${q.size + 1}`)) as unknown as {
    rows: Array<FailedRow & { page_key: string; email: string; given_name: string; family_name: string; user_id: string; plan_id: string; name_en: string; name_zh: string; duration: Listed['duration']; status: SubscriptionStatus }>;
  };
  const rows = result.rows;
  const page = rows.slice(0, q.size);
  const next = nextPageKey(
    keyset,
    rows.map((r) => ({ pageKey: r.page_key })),
    q.size,
  );
  return {
    RenewalList: page.map((r) => {
      const billing = asDate(r.billing_at);
      return {
        Reason: r.reason,
        SubscriptionID: r.subscription_id,
        Member: { UserID: r.user_id, Email: r.email, Name: `${r.given_name} ${r.family_name}`.trim() },
        Plan: { PlanID: r.plan_id, Name: { en: r.name_en, zh: r.name_zh }, Duration: r.duration },
        Status: r.status,
        BillingDate: billing.toISOString(),
        At: asDate(r.at).toISOString(),
        ...(r.reason === 'OutOfStockWaiting' ? { GiveUpAt: outOfStockGiveUpAt(billing).toISOString() } : {}),
        ...(r.next_billing_at ? { NextBillingDate: asDate(r.next_billing_at).toISOString() } : {}),
        ...(r.order_id ? { OrderID: r.order_id } : {}),
        ...(r.reason === 'PaymentFailed' && r.attempts !== null ? { Attempts: Number(r.attempts) } : {}),
      };
    }),
    ...(next ? { LastEvaluatedKey: next } : {}),
  };
}

type RetryOutcome = 'Renewed' | 'StillOutOfStock' | 'Skipped' | 'InProgress';

/** The order placed for the billing date the subscription last waited on stock for, if any. */
async function orderAfterWaiting(db: Db, sub: SubscriptionRow): Promise<string | undefined> {
  if (!sub.stockDelayMailedFor) return undefined;
  const [cycle] = await db
    .select({ orderId: subscriptionCycles.orderId })
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.subscriptionId, sub.id), eq(subscriptionCycles.periodStart, sub.stockDelayMailedFor)));
  return cycle?.orderId;
}

/**
 * staff-retry-renewal: runs the subscription's renewal job now, claimed as the job runner claims it (runJobNow),
 * so a second press or the runner never runs it at the same time; the cycle's order is placed once whatever runs
 * (subscription_cycles' key). The press that ran it writes the audit row, after the run (the renewal commits its
 * own transactions: placing the order, charging the card).
 */
export async function staffRetryRenewal(
  deps: Deps,
  actorUserId: string,
  subscriptionId: string,
): Promise<{ Outcome: RetryOutcome; OrderID?: string; Subscription: StaffSubscription }> {
  const now = deps.clock.now();
  const answer = async (Outcome: RetryOutcome, orderId?: string) => ({
    Outcome,
    ...(orderId ? { OrderID: orderId } : {}),
    Subscription: (await describeStaffSubscription(deps.db, now, subscriptionId))!,
  });
  const [before] = await selectListed(deps.db, now).where(eq(subscriptions.id, subscriptionId));
  if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Subscription not found', 'SubscriptionID');
  if (!before.waiting) {
    // Renewed since it waited (an earlier press, the daily try): the same order, nothing run again.
    const placed = before.sub.status !== 'Ended' ? await orderAfterWaiting(deps.db, before.sub) : undefined;
    if (placed) return answer('Renewed', placed);
    throw new ApiError(400, ErrorCode.InvalidParameter, 'This subscription has no renewal waiting on stock', 'SubscriptionID');
  }
  const billingAt = before.sub.currentPeriodEnd!;
  // Looked at again once the job is claimed: a press that got here after another finished runs the job harmlessly
  // (it only reschedules) and neither says it renewed nor writes an audit row.
  let stillWaiting = false;
  const renewIfWaiting: JobHandler = async (d, job, n) => {
    const [claimed] = await selectListed(d.db, n).where(eq(subscriptions.id, subscriptionId));
    stillWaiting = claimed?.waiting === true && claimed.sub.currentPeriodEnd?.getTime() === billingAt.getTime();
    return renewSubscriptionJob(d, job, n);
  };
  const run = await runJobNow(deps, renewIfWaiting, SUBSCRIPTION_RENEW_JOB, subscriptionId, now);
  if (!run.ran && run.why === 'busy') return answer('InProgress', await orderAfterWaiting(deps.db, before.sub));
  if (!run.ran || !stillWaiting) {
    const placed = await orderAfterWaiting(deps.db, before.sub);
    if (placed) return answer('Renewed', placed);
    throw new ApiError(400, ErrorCode.InvalidParameter, 'This subscription has no renewal waiting on stock', 'SubscriptionID');
  }
  const [after] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const orderId = await orderAfterWaiting(deps.db, before.sub);
  const outcome: RetryOutcome = orderId ? 'Renewed' : after?.currentPeriodEnd?.getTime() !== billingAt.getTime() ? 'Skipped' : 'StillOutOfStock';
  await appendAudit(deps.db, {
    at: now,
    actorUserId,
    action: RETRY_RENEWAL_ACTION,
    target: `subscription:${subscriptionId}`,
    before: { WaitingOnStockSince: billingAt.toISOString() },
    after: { Outcome: outcome, OrderID: orderId ?? null, NextBillingDate: after?.currentPeriodEnd?.toISOString() ?? null },
  });
  return answer(outcome, orderId);
}
