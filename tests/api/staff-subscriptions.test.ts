/**
 * Issue 32: subscriptions in the back office. Subscribers listed a page at a time and filtered by status and
 * plan; the plans with their subscriber counts; failed renewals (a card declined on every retry, a box out of
 * stock still waiting, a cycle given up); the out-of-stock limit: a renewal still out of stock
 * OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS after its billing date is skipped (no order, nothing billed, the member mailed
 * once, the subscription goes on); staff trying a waiting renewal again once stock is back (pressed twice at once:
 * one order, one audit row). Renewals run as jobs on the file's moved clock (as subscriptions-renewals.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cancelSubscription,
  OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS,
  RENEWAL_GRACE_DAYS,
  staffListFailedRenewals,
  staffListSubscriptionPlans,
  staffListSubscriptions,
  staffRetryRenewal,
  updateSubscriptionPeyment,
  type FailedRenewal,
  type StaffSubscription,
} from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { SKIP_CYCLE_ACTION } from '../../server/services/orders/subscription/renewals.ts';
import { RETRY_RENEWAL_ACTION } from '../../server/services/orders/subscription/staff.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, refused, saveCard, setStock, shopper, stockOf, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { SEED_NOW } from '../support/test-app.ts';
import {
  at,
  cardSubscriber,
  DAY,
  fpsSubscriber,
  MINUTE,
  MONTHLY_BOX,
  openSubscriptionsTestApp,
  ordersOfSubscription,
  recordOf,
  subjects,
  t,
} from './subscriptions-support.ts';

let now = SEED_NOW.getTime() + DAY;
openSubscriptionsTestApp(() => now);

let staff: Shopper;
beforeAll(async () => {
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});

const asStaff = () => auth(staff);

/** Every subscription staff see with this body, page after page of `size`. */
async function allSubscriptions(body: { Status?: StaffSubscription['Status']; PlanID?: string }, size = 2): Promise<StaffSubscription[]> {
  const seen: StaffSubscription[] = [];
  let key: string | undefined;
  do {
    const page = await t.call(staffListSubscriptions, { ...body, Size: size, ...(key ? { LastEvaluatedKey: key } : {}) }, asStaff());
    expect(page.SubscriptionList.length).toBeLessThanOrEqual(size);
    seen.push(...page.SubscriptionList);
    key = page.LastEvaluatedKey;
  } while (key);
  return seen;
}

async function allFailed(Reason?: FailedRenewal['Reason'], size = 2): Promise<FailedRenewal[]> {
  const seen: FailedRenewal[] = [];
  let key: string | undefined;
  do {
    const page = await t.call(staffListFailedRenewals, { ...(Reason ? { Reason } : {}), Size: size, ...(key ? { LastEvaluatedKey: key } : {}) }, asStaff());
    seen.push(...page.RenewalList);
    key = page.LastEvaluatedKey;
  } while (key);
  return seen;
}

const failedOf = async (id: string, Reason?: FailedRenewal['Reason']) => (await allFailed(Reason, 50)).filter((f) => f.SubscriptionID === id);
const auditRows = (action: string, id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `subscription:${id}`)));

describe('subscribers and plans', () => {
  it('lists subscribers newest first a page at a time, filtered by status and by plan, and counts them per plan', async () => {
    const plansBefore = (await t.call(staffListSubscriptionPlans, {}, asStaff())).PlanList;
    const monthlyBefore = plansBefore.find((p) => p.PlanID === PLANS.month)!;

    // A minute apart: the clock stands still otherwise (ties are ordered by id).
    const a = await cardSubscriber();
    now += MINUTE;
    const b = await fpsSubscriber();
    now += MINUTE;
    const c = await cardSubscriber();
    now += MINUTE;
    await t.call(cancelSubscription, { OrderID: c.record.RecordID }, auth(c.m));
    const mine = new Set([a.record.RecordID, b.record.RecordID, c.record.RecordID]);

    // Paged by two: every row once, newest first.
    const all = await allSubscriptions({});
    expect(new Set(all.map((s) => s.SubscriptionID)).size).toBe(all.length);
    const listed = all.filter((s) => mine.has(s.SubscriptionID));
    expect(listed.map((s) => s.SubscriptionID)).toEqual([c.record.RecordID, b.record.RecordID, a.record.RecordID]);
    const sorted = [...all].sort((x, y) => y.CreatedAt.localeCompare(x.CreatedAt));
    expect(all.map((s) => s.CreatedAt)).toEqual(sorted.map((s) => s.CreatedAt));

    const rowA = listed.find((s) => s.SubscriptionID === a.record.RecordID)!;
    expect(rowA).toMatchObject({
      Member: { UserID: a.m.userId, Email: a.m.email },
      Plan: { PlanID: PLANS.month, Duration: 'month', Name: { en: 'Monthly Discovery Box' } },
      Status: 'Active',
      PaymentMethod: 'CreditCard',
      Currency: 'HKD',
      NextBillingDate: a.record.NextBillingDate,
    });
    expect(rowA.Member.Name.length).toBeGreaterThan(0);
    expect(listed.find((s) => s.SubscriptionID === b.record.RecordID)).toMatchObject({ PaymentMethod: 'FPS', Status: 'Active' });
    const rowC = listed.find((s) => s.SubscriptionID === c.record.RecordID)!;
    expect(rowC).toMatchObject({ Status: 'Cancelled' });
    expect(rowC.NextBillingDate).toBeUndefined();
    expect(rowC.CancelledAt).toBeDefined();

    // By status.
    const cancelled = await allSubscriptions({ Status: 'Cancelled' });
    expect(cancelled.every((s) => s.Status === 'Cancelled')).toBe(true);
    expect(cancelled.map((s) => s.SubscriptionID)).toContain(c.record.RecordID);
    expect(cancelled.map((s) => s.SubscriptionID)).not.toContain(a.record.RecordID);
    const active = await allSubscriptions({ Status: 'Active' });
    expect(active.map((s) => s.SubscriptionID)).toEqual(expect.arrayContaining([a.record.RecordID, b.record.RecordID]));
    expect(active.map((s) => s.SubscriptionID)).not.toContain(c.record.RecordID);

    // By plan.
    expect((await allSubscriptions({ PlanID: PLANS.month })).map((s) => s.SubscriptionID)).toEqual(expect.arrayContaining([...mine]));
    expect((await allSubscriptions({ PlanID: PLANS.quarter })).filter((s) => mine.has(s.SubscriptionID))).toEqual([]);
    expect(await allSubscriptions({ PlanID: PLANS.quarter, Status: 'Cancelled' })).toEqual([]);

    // The plans, each with its counts: two more Active and one more Cancelled on the monthly plan.
    const plans = (await t.call(staffListSubscriptionPlans, {}, asStaff())).PlanList;
    expect(plans.map((p) => p.PlanID)).toEqual(expect.arrayContaining([PLANS.month, PLANS.quarter, PLANS.annual]));
    const monthly = plans.find((p) => p.PlanID === PLANS.month)!;
    expect(monthly).toMatchObject({ Duration: 'month', OnSale: true, Name: { en: 'Monthly Discovery Box' } });
    expect(monthly.PriceHKD).toBeGreaterThan(0);
    expect(monthly.Subscribers.Active).toBe(monthlyBefore.Subscribers.Active + 2);
    expect(monthly.Subscribers.Cancelled).toBe(monthlyBefore.Subscribers.Cancelled + 1);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      [staffListSubscriptions.name, { Size: 0 }, 'Size'],
      [staffListSubscriptions.name, { Size: 101 }, 'Size'],
      [staffListSubscriptions.name, { Status: 'Paused' }, 'Status'],
      [staffListSubscriptions.name, { PlanID: '' }, 'PlanID'],
      [staffListSubscriptions.name, { LastEvaluatedKey: 'not-a-key' }, 'LastEvaluatedKey'],
      [staffListFailedRenewals.name, { Reason: 'Lost' }, 'Reason'],
      [staffListFailedRenewals.name, { LastEvaluatedKey: Buffer.from('["x","y"]').toString('base64url') }, 'LastEvaluatedKey'],
      [staffRetryRenewal.name, {}, 'SubscriptionID'],
      [staffRetryRenewal.name, { SubscriptionID: 'x'.repeat(65) }, 'SubscriptionID'],
    ];
    for (const [call, body, field] of cases) {
      const answer = await refused(t, call, body, staff);
      expect([call, answer.status, answer.json.field]).toEqual([call, 400, field]);
    }
    expect((await refused(t, staffRetryRenewal.name, { SubscriptionID: 'sub_nobody' }, staff)).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'SubscriptionID' });
    // A subscription with nothing waiting on stock.
    const { record } = await cardSubscriber();
    expect((await refused(t, staffRetryRenewal.name, { SubscriptionID: record.RecordID }, staff)).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'SubscriptionID' });
  });
});

describe('failed renewals', () => {
  it('a renewal out of stock past the limit: waiting, then its cycle skipped unbilled, mailed once, and staff see both', async () => {
    const { m, record } = await cardSubscriber();
    const stock = await stockOf(t, MONTHLY_BOX);
    const billing = record.NextBillingDate!;
    const giveUp = at(billing, OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS);
    const skippedMails = async () => (await subjects(m)).filter((s) => s.startsWith('We skipped this cycle'));
    try {
      await setStock(t, MONTHLY_BOX, 0);
      now = at(billing) + MINUTE;
      await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);

      // Waiting on stock: staff see when it will be given up; the member is told the same day.
      const [waiting] = await failedOf(record.RecordID);
      expect(waiting).toMatchObject({ Reason: 'OutOfStockWaiting', BillingDate: billing, GiveUpAt: new Date(giveUp).toISOString(), Status: 'Active', Member: { Email: m.email } });
      expect((await allSubscriptions({ Status: 'Active' }, 50)).find((s) => s.SubscriptionID === record.RecordID)).toMatchObject({ WaitingOnStockSince: billing });
      expect((await t.call(staffListSubscriptionPlans, {}, asStaff())).PlanList.find((p) => p.PlanID === PLANS.month)!.WaitingOnStock).toBeGreaterThanOrEqual(1);
      const delayed = (await mails(t, m.email)).filter((mail) => mail.subject.includes('is delayed'));
      expect(delayed).toHaveLength(1);
      const giveUpDay = new Date(giveUp + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(delayed[0]!.text).toContain(`If it is still out of stock on ${giveUpDay}, we will skip this cycle`);

      // Tried each day until the limit: nothing placed, nothing skipped yet.
      for (let day = 1; day < OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS; day++) {
        now = at(billing, day) + 2 * MINUTE;
        await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      }
      expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
      expect(await skippedMails()).toEqual([]);
      expect((await recordOf(m, record.RecordID)).NextBillingDate).toBe(billing);

      // At the limit, still out of stock: the cycle is skipped, by two runners at once, once.
      now = giveUp + 3 * MINUTE;
      await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      expect((await ordersOfSubscription(record.RecordID)).map((o) => [o.cycle, o.status])).toEqual([[1, 'Paid']]);
      expect(await skippedMails()).toEqual(['We skipped this cycle of your Monthly Discovery Box subscription · 我們已略過你的「每月探索禮盒」訂閱本期']);
      const after = await recordOf(m, record.RecordID);
      expect(after).toMatchObject({ Status: 'Active', CurrentPeriodStart: billing });
      expect(new Date(after.NextBillingDate!).getTime()).toBeGreaterThan(at(billing, 27));
      expect(await auditRows(SKIP_CYCLE_ACTION, record.RecordID)).toHaveLength(1);

      const skipped = await failedOf(record.RecordID);
      expect(skipped).toEqual([
        expect.objectContaining({ Reason: 'OutOfStockSkipped', BillingDate: billing, NextBillingDate: after.NextBillingDate, At: new Date(now).toISOString(), Status: 'Active' }),
      ]);
      expect((await failedOf(record.RecordID, 'OutOfStockWaiting'))).toEqual([]);
      expect((await failedOf(record.RecordID, 'OutOfStockSkipped'))).toHaveLength(1);

      // Days later: no more tries, mails or orders for that cycle.
      now = at(billing, OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS + 3);
      await runDueJobs(t.deps);
      expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
      expect(await skippedMails()).toHaveLength(1);

      // The subscription goes on: back in stock, the next billing date renews it.
      await setStock(t, MONTHLY_BOX, stock);
      now = at(after.NextBillingDate) + MINUTE;
      await runDueJobs(t.deps);
      const billed = await ordersOfSubscription(record.RecordID);
      expect(billed.map((o) => [o.cycle, o.status])).toEqual([
        [1, 'Paid'],
        [2, 'Paid'],
      ]);
      expect(await failedOf(record.RecordID)).toHaveLength(1);
    } finally {
      await setStock(t, MONTHLY_BOX, stock);
    }
  });

  it('a card declined on every retry is listed as PaymentFailed with its order and tries', async () => {
    const { m, record } = await cardSubscriber();
    const declining = await saveCard(t, m, CARDS.declined);
    await t.call(updateSubscriptionPeyment, { SubscriptionID: record.RecordID, PaymentMethodID: declining }, auth(m));
    const billing = record.NextBillingDate!;
    for (const day of [0, 1, 3, 7]) {
      now = at(billing, day) + MINUTE;
      await runDueJobs(t.deps);
    }
    const cycle2 = (await ordersOfSubscription(record.RecordID))[1]!;
    const failed = await failedOf(record.RecordID, 'PaymentFailed');
    expect(failed).toEqual([
      expect.objectContaining({ Reason: 'PaymentFailed', Status: 'Ended', BillingDate: billing, OrderID: cycle2.orderId, Attempts: 4, At: new Date(now).toISOString() }),
    ]);
    expect(await failedOf(record.RecordID, 'Unpaid')).toEqual([]);
    // Paged by one, newest first, every failure once.
    const paged = await allFailed(undefined, 1);
    expect(new Set(paged.map((f) => `${f.Reason}:${f.SubscriptionID}:${f.BillingDate}`)).size).toBe(paged.length);
    expect(paged.map((f) => f.At)).toEqual([...paged.map((f) => f.At)].sort().reverse());
    expect((await allSubscriptions({ Status: 'Ended' }, 50)).find((s) => s.SubscriptionID === record.RecordID)).toMatchObject({ EndReason: 'PaymentFailed' });
  });
});

describe('a renewal by link (FPS) out of stock', () => {
  it('is skipped at the limit too, with no order and no payment link', async () => {
    const { m, record } = await fpsSubscriber();
    const stock = await stockOf(t, MONTHLY_BOX);
    const billing = record.NextBillingDate!;
    try {
      await setStock(t, MONTHLY_BOX, 0);
      for (let day = -3; day < OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS; day++) {
        now = at(billing, day) + MINUTE;
        await runDueJobs(t.deps);
      }
      expect(await failedOf(record.RecordID)).toEqual([expect.objectContaining({ Reason: 'OutOfStockWaiting', BillingDate: billing })]);
      now = at(billing, OUT_OF_STOCK_RENEWAL_GIVE_UP_DAYS) + MINUTE;
      await runDueJobs(t.deps);
      expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);
      expect((await subjects(m)).filter((s) => s.startsWith('We skipped this cycle'))).toHaveLength(1);
      expect((await subjects(m)).filter((s) => s.startsWith('Pay the next box'))).toEqual([]);
      expect(await failedOf(record.RecordID)).toEqual([expect.objectContaining({ Reason: 'OutOfStockSkipped', BillingDate: billing })]);
      expect((await recordOf(m, record.RecordID)).Status).toBe('Active');
    } finally {
      await setStock(t, MONTHLY_BOX, stock);
    }
  });

  it('back in stock days late: the member still has the whole grace to pay from when the link is mailed', async () => {
    const { m, record } = await fpsSubscriber();
    const stock = await stockOf(t, MONTHLY_BOX);
    const billing = record.NextBillingDate!;
    try {
      await setStock(t, MONTHLY_BOX, 0);
      for (let day = -3; day <= 4; day++) {
        now = at(billing, day) + MINUTE;
        await runDueJobs(t.deps);
      }
      await setStock(t, MONTHLY_BOX, stock);
      now = at(billing, 5) + MINUTE;
      await runDueJobs(t.deps);
      const placedAt = now;
      const due = (await recordOf(m, record.RecordID)).DuePayment!;
      expect(due).toMatchObject({ Cycle: 2, PeriodStart: billing, PaymentStatus: 'WaitForPayment' });
      expect(due.PayBefore).toBe(new Date(placedAt + RENEWAL_GRACE_DAYS * DAY).toISOString());
      // Past the billing date's own grace: still waiting for the member, not ended.
      now = at(billing, RENEWAL_GRACE_DAYS + 1);
      await runDueJobs(t.deps);
      expect(await recordOf(m, record.RecordID)).toMatchObject({ Status: 'PastDue', DuePayment: { Cycle: 2 } });
    } finally {
      await setStock(t, MONTHLY_BOX, stock);
    }
  });
});

describe('a card renewal back in stock days late', () => {
  it('counts its retries from when its order is placed, not all at once', async () => {
    const { m, record } = await cardSubscriber();
    const declining = await saveCard(t, m, CARDS.declined);
    await t.call(updateSubscriptionPeyment, { SubscriptionID: record.RecordID, PaymentMethodID: declining }, auth(m));
    const stock = await stockOf(t, MONTHLY_BOX);
    const billing = record.NextBillingDate!;
    try {
      await setStock(t, MONTHLY_BOX, 0);
      now = at(billing) + MINUTE;
      await runDueJobs(t.deps);
      await setStock(t, MONTHLY_BOX, stock);
      now = at(billing, 4) + MINUTE;
      const placedAt = now;
      await Promise.all([runDueJobs(t.deps), runDueJobs(t.deps)]);
      await runDueJobs(t.deps);
      expect((await ordersOfSubscription(record.RecordID))[1]).toMatchObject({ status: 'PaymentFailed', attempts: 1 });
      const declined = (await mails(t, m.email)).filter((mail) => mail.subject.startsWith('We could not renew'));
      expect(declined).toHaveLength(1);
      expect(declined[0]!.text).toContain(`We will try again on ${new Date(placedAt + DAY + 8 * 3_600_000).toISOString().slice(0, 10)}.`);
      now = placedAt + DAY + MINUTE;
      await runDueJobs(t.deps);
      expect((await ordersOfSubscription(record.RecordID))[1]).toMatchObject({ status: 'PaymentFailed', attempts: 2 });
    } finally {
      await setStock(t, MONTHLY_BOX, stock);
    }
  });
});

describe('retrying a renewal waiting on stock', () => {
  it('once stock is back, two presses at once place one order, charge once and write one audit row', async () => {
    const { record } = await cardSubscriber();
    const stock = await stockOf(t, MONTHLY_BOX);
    const billing = record.NextBillingDate!;
    const retry = () => t.call(staffRetryRenewal, { SubscriptionID: record.RecordID }, asStaff());
    try {
      await setStock(t, MONTHLY_BOX, 0);
      now = at(billing) + MINUTE;
      await runDueJobs(t.deps);
      // Still out of stock: the press says so, and the daily try goes on.
      now += MINUTE;
      expect(await retry()).toMatchObject({ Outcome: 'StillOutOfStock', Subscription: { WaitingOnStockSince: billing } });
      expect(await ordersOfSubscription(record.RecordID)).toHaveLength(1);

      await setStock(t, MONTHLY_BOX, stock);
      now += MINUTE;
      const presses = await Promise.all([retry(), retry()]);
      const billed = await ordersOfSubscription(record.RecordID);
      expect(billed.map((o) => [o.cycle, o.status, o.attempts])).toEqual([
        [1, 'Paid', 0],
        [2, 'Paid', 1],
      ]);
      expect(presses.map((p) => p.Outcome).sort()).toEqual(expect.arrayContaining(['Renewed']));
      for (const p of presses) expect(['Renewed', 'InProgress']).toContain(p.Outcome);
      expect(presses.find((p) => p.Outcome === 'Renewed')!.OrderID).toBe(billed[1]!.orderId);
      const audit = await auditRows(RETRY_RENEWAL_ACTION, record.RecordID);
      // The still-out-of-stock press and the one that renewed.
      expect(audit.map((r) => [r.actorUserId, (r.after as { Outcome: string }).Outcome])).toEqual([
        [staff.userId, 'StillOutOfStock'],
        [staff.userId, 'Renewed'],
      ]);
      expect(await stockOf(t, MONTHLY_BOX)).toBe(stock - 1);

      // A third press later: the same order, nothing run, nothing written.
      now += MINUTE;
      expect(await retry()).toMatchObject({ Outcome: 'Renewed', OrderID: billed[1]!.orderId, Subscription: { Status: 'Active' } });
      expect(await auditRows(RETRY_RENEWAL_ACTION, record.RecordID)).toHaveLength(2);
      // The job runner's daily try finds it renewed.
      now = at(billing, 1) + MINUTE;
      await runDueJobs(t.deps);
      expect(await ordersOfSubscription(record.RecordID)).toHaveLength(2);
      expect(await failedOf(record.RecordID)).toEqual([]);
    } finally {
      await setStock(t, MONTHLY_BOX, stock);
    }
  });
});
