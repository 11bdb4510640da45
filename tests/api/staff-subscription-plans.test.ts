/**
 * Issue 32: subscription plans made and changed in the back office. Members see a change at once through the
 * customers' own calls (getSubscriptionPlan, subscription-calculate, create-subscription); a price change is what
 * members subscribing afterwards pay, while each subscriber keeps paying the price they subscribed at (their
 * renewals are charged it and their record shows it); the box holds what staff set from the next box on; the
 * interval is fixed once a member has subscribed; a plan off sale takes no new subscribers. Every change leaves
 * one audit row with the plan before and after (none for a change of nothing); bad input is a 400 naming its
 * field. Run on PostgreSQL too, with TEST_DATABASE_URL (a change and a subscription at the same moment).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSubscription,
  getSubscriptionOrder,
  getSubscriptionPlan,
  staffCreateSubscriptionPlan,
  staffListSubscriptionPlans,
  staffUpdateSubscriptionPlan,
  subscriptionCalculate,
  type CallBodyInput,
  type StaffSubscriptionPlan,
} from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { CREATE_PLAN_ACTION, UPDATE_PLAN_ACTION } from '../../server/services/orders/subscription/staff-plans.ts';
import { auth, CARDS, refused, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { SEED_NOW } from '../support/test-app.ts';
import { at, DAY, live, MINUTE, MONTHLY_BOX, openSubscriptionsTestApp, ordersOfSubscription, recordOf, subscribeBody, t } from './subscriptions-support.ts';

/** A second box set variance, for a box of two items. */
const INCENSE_BOX = 'boxset-quiet-evening-incense-standard';

let now = SEED_NOW.getTime() + DAY;
openSubscriptionsTestApp(() => now);

let staff: Shopper;
beforeAll(async () => {
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});

type CreateBody = CallBodyInput<typeof staffCreateSubscriptionPlan>;
const planBody = (over: Partial<CreateBody> = {}): CreateBody => ({
  Name: { en: 'Staff Test Box', zh: '員工測試禮盒' },
  Description: { en: 'A box made by staff.', zh: '員工製作的禮盒。' },
  Duration: 'month',
  Price: { HKD: 20000, USD: 2600 },
  Image: 'box-200-4',
  Items: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }],
  ...over,
});
const create = async (over: Partial<CreateBody> = {}) => (await t.call(staffCreateSubscriptionPlan, planBody(over), auth(staff))).Plan;
const update = async (body: CallBodyInput<typeof staffUpdateSubscriptionPlan>) => (await t.call(staffUpdateSubscriptionPlan, body, auth(staff))).Plan;
const auditOf = (planId: string) => t.db.select().from(auditLog).where(eq(auditLog.target, `subscription-plan:${planId}`)).orderBy(auditLog.id);
/** The plans on offer as a visitor reads them. */
const onOffer = async (Currency: 'HKD' | 'USD' = 'HKD') => (await t.call(getSubscriptionPlan, { Currency }, {})).PlanList;

/** A member subscribed to the plan by card, paid at once; the member and their subscription's record. */
async function subscriberOf(planId: string) {
  const m = await shopper(t);
  const PaymentMethodID = await saveCard(t, m, CARDS.visa);
  const start = await t.call(createSubscription, subscribeBody({ SubscriptionID: planId, PaymentMethod: 'CreditCard', PaymentMethodID }), auth(m));
  expect(start.PaymentStatus).toBe('succeeded');
  live.push({ m, RecordID: start.RecordID });
  return { m, record: await recordOf(m, start.RecordID) };
}

describe('a plan made by staff', () => {
  it('is listed last with its box, offered to customers at once, and audited', async () => {
    const before = (await t.call(staffListSubscriptionPlans, {}, auth(staff))).PlanList;
    const made = await create({ Image: '/media/art/box-200-4.svg' });
    expect(made).toMatchObject({
      Name: { en: 'Staff Test Box' },
      Description: { zh: '員工製作的禮盒。' },
      Duration: 'month',
      PriceHKD: 20000,
      PriceUSD: 2600,
      Image: 'box-200-4',
      ImageUrl: '/media/art/box-200-4.svg',
      Items: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }],
      OnSale: true,
      Subscribers: { Pending: 0, Active: 0, PastDue: 0, Cancelled: 0, Ended: 0 },
      WaitingOnStock: 0,
    });
    expect(made.PlanID).toMatch(/^plan-staff-test-box-[0-9a-f]{6}$/);
    const after = (await t.call(staffListSubscriptionPlans, {}, auth(staff))).PlanList;
    expect(after.map((p) => p.PlanID)).toEqual([...before.map((p) => p.PlanID), made.PlanID]);
    expect(after.at(-1)).toEqual(made);

    expect((await onOffer('USD')).find((p) => p.SubscriptionID === made.PlanID)).toMatchObject({
      Duration: 'month',
      Months: 1,
      Price: 2600,
      Currency: 'USD',
      Name: { en: 'Staff Test Box' },
      Image: '/media/art/box-200-4.svg',
      ContentList: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }],
    });
    expect(await auditOf(made.PlanID)).toMatchObject([
      { action: CREATE_PLAN_ACTION, actorUserId: staff.userId, before: null, after: { PlanID: made.PlanID, Price: { HKD: 20000, USD: 2600 }, Items: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }] } },
    ]);
  });

  it('changes names, picture, box and sale, seen by customers at once; a change of nothing writes nothing', async () => {
    const plan = await create();
    const changed = await update({
      PlanID: plan.PlanID,
      Name: { en: 'Renamed Box', zh: '改名禮盒' },
      Image: 'incense-40-2',
      Items: [
        { VarianceID: INCENSE_BOX, Quantity: 2 },
        { VarianceID: MONTHLY_BOX, Quantity: 1 },
      ],
    });
    expect(changed).toMatchObject({ Name: { en: 'Renamed Box' }, Image: 'incense-40-2', Items: [{ VarianceID: INCENSE_BOX, Quantity: 2 }, { VarianceID: MONTHLY_BOX }] });
    expect((await onOffer()).find((p) => p.SubscriptionID === plan.PlanID)).toMatchObject({
      Name: { en: 'Renamed Box', zh: '改名禮盒' },
      ContentList: [{ VarianceID: INCENSE_BOX, Quantity: 2 }, { VarianceID: MONTHLY_BOX, Quantity: 1 }],
    });
    const [, audited] = await auditOf(plan.PlanID);
    expect(audited).toMatchObject({
      action: UPDATE_PLAN_ACTION,
      actorUserId: staff.userId,
      before: { Name: { en: 'Staff Test Box' }, Image: 'box-200-4', Items: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }] },
      after: { Name: { en: 'Renamed Box' }, Image: 'incense-40-2', Items: [{ VarianceID: INCENSE_BOX, Quantity: 2 }, { VarianceID: MONTHLY_BOX, Quantity: 1 }] },
    });

    // Sent again as it stands: answered, nothing written.
    expect(await update({ PlanID: plan.PlanID, Name: { en: 'Renamed Box', zh: '改名禮盒' }, Items: changed.Items.map((i) => ({ VarianceID: i.VarianceID, Quantity: i.Quantity })) })).toEqual(changed);
    expect(await auditOf(plan.PlanID)).toHaveLength(2);

    // Off sale: no longer offered, and no one may subscribe; on sale again, offered again.
    expect(await update({ PlanID: plan.PlanID, OnSale: false })).toMatchObject({ OnSale: false });
    expect((await onOffer()).map((p) => p.SubscriptionID)).not.toContain(plan.PlanID);
    const m = await shopper(t);
    expect(await refused(t, 'subscription-calculate', { SubscriptionID: plan.PlanID, Currency: 'HKD' }, m)).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });
    expect(await refused(t, 'create-subscription', subscribeBody({ SubscriptionID: plan.PlanID }), m)).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });
    await update({ PlanID: plan.PlanID, OnSale: true });
    expect((await onOffer()).map((p) => p.SubscriptionID)).toContain(plan.PlanID);
    expect(await auditOf(plan.PlanID)).toHaveLength(4);
  });
});

describe('a price change', () => {
  it('is what new subscribers pay: each subscriber keeps being charged, and shown, the price they subscribed at', async () => {
    const plan = await create({ Price: { HKD: 20000, USD: 2600 } });
    const early = await subscriberOf(plan.PlanID);
    expect(early.record.Plan.Price).toBe(20000);

    const raised = await update({ PlanID: plan.PlanID, Price: { HKD: 25000, USD: 3200 } });
    expect(raised).toMatchObject({ PriceHKD: 25000, PriceUSD: 3200, Subscribers: { Active: 1 } });
    expect((await auditOf(plan.PlanID))[1]).toMatchObject({ before: { Price: { HKD: 20000, USD: 2600 } }, after: { Price: { HKD: 25000, USD: 3200 } } });
    // Customers see the new price at once.
    expect((await onOffer()).find((p) => p.SubscriptionID === plan.PlanID)?.Price).toBe(25000);
    const late = await shopper(t);
    expect((await t.call(subscriptionCalculate, { SubscriptionID: plan.PlanID, Currency: 'HKD' }, auth(late))).orderDetail.SubTotal).toBe(25000);

    // The early subscriber's record still shows their price, and their renewal is charged it.
    expect((await recordOf(early.m, early.record.RecordID)).Plan.Price).toBe(20000);
    now = at(early.record.NextBillingDate) + MINUTE;
    await runDueJobs(t.deps);
    const cycles = await ordersOfSubscription(early.record.RecordID);
    expect(cycles.map((c) => [c.cycle, c.status])).toEqual([
      [1, 'Paid'],
      [2, 'Paid'],
    ]);
    const renewal = (await t.call(getSubscriptionOrder, { RecordID: cycles[1]!.orderId }, auth(early.m))).Order;
    expect(renewal).toMatchObject({ Cycle: 2, Plan: { Price: 20000 }, orderDetail: { SubTotal: 20000 } });

    // A member subscribing now pays the new price, renewals included.
    const newer = await subscriberOf(plan.PlanID);
    expect(newer.record.Plan.Price).toBe(25000);
    const first = (await t.call(getSubscriptionOrder, { RecordID: newer.record.RecordID }, auth(newer.m))).Order;
    expect(first.orderDetail.SubTotal).toBe(25000);
  });

  it('pressed twice at once is one change with one audit row (PostgreSQL: truly at once)', async () => {
    const plan = await create();
    const both = await Promise.all([0, 1].map(() => update({ PlanID: plan.PlanID, Price: { HKD: 21000, USD: 2700 } })));
    expect(both.map((p) => p.PriceHKD)).toEqual([21000, 21000]);
    expect(await auditOf(plan.PlanID)).toHaveLength(2);
  });
});

describe('the interval', () => {
  it('changes only while no member has subscribed (PlanHasSubscribers after), the other fields still may', async () => {
    const plan = await create();
    expect(await update({ PlanID: plan.PlanID, Duration: 'quarter' })).toMatchObject({ Duration: 'quarter' });
    expect((await onOffer()).find((p) => p.SubscriptionID === plan.PlanID)).toMatchObject({ Duration: 'quarter', Months: 3 });

    const { record } = await subscriberOf(plan.PlanID);
    expect(record.Plan).toMatchObject({ Duration: 'quarter', Months: 3 });
    const r = await refused(t, 'staff-update-subscription-plan', { PlanID: plan.PlanID, Duration: 'month', Description: { en: 'Changed', zh: '已改' } }, staff);
    expect(r).toMatchObject({ status: 400, json: { ErrorCode: 'PlanHasSubscribers', field: 'Duration', subscriptions: 1 } });
    expect(await auditOf(plan.PlanID)).toHaveLength(2);
    // Sent as it is, it is no change; the description alone changes.
    expect(await update({ PlanID: plan.PlanID, Duration: 'quarter', Description: { en: 'Changed', zh: '已改' } })).toMatchObject({ Duration: 'quarter', Description: { en: 'Changed' } });
  });

  it('a change and a first subscription at the same moment: the subscriber has the interval their plan had when placed (PostgreSQL: truly at once)', async () => {
    for (let round = 0; round < 3; round++) {
      const plan = await create();
      const m = await shopper(t);
      const PaymentMethodID = await saveCard(t, m, CARDS.visa);
      const [started, changed] = await Promise.all([
        t.call(createSubscription, subscribeBody({ SubscriptionID: plan.PlanID, PaymentMethod: 'CreditCard', PaymentMethodID }), auth(m)),
        refused(t, 'staff-update-subscription-plan', { PlanID: plan.PlanID, Duration: 'annual' }, staff),
      ]);
      live.push({ m, RecordID: started.RecordID });
      const record = await recordOf(m, started.RecordID);
      const months = Math.round((at(record.NextBillingDate) - at(record.StartDate)) / (30.4 * DAY));
      // Changed first: the member subscribed to a yearly plan. Subscribed first: the change was refused.
      if (changed.status === 200) expect({ duration: record.Plan.Duration, months }).toEqual({ duration: 'annual', months: 12 });
      else expect({ code: changed.json.ErrorCode, duration: record.Plan.Duration, months }).toEqual({ code: 'PlanHasSubscribers', duration: 'month', months: 1 });
    }
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a price of 0 in a currency', { Price: { HKD: 20000, USD: 0 } }, 'Price', 'InvalidParameter'],
    ['a price of a fraction of a cent', { Price: { HKD: 100.5, USD: 100 } }, 'Price.HKD', 'InvalidParameter'],
    ['a price over the maximum', { Price: { HKD: 100_000_001, USD: 100 } }, 'Price.HKD', 'InvalidParameter'],
    ['an empty box', { Items: [] }, 'Items', 'InvalidParameter'],
    ['a variance twice in the box', { Items: [{ VarianceID: MONTHLY_BOX, Quantity: 1 }, { VarianceID: MONTHLY_BOX, Quantity: 2 }] }, 'Items', 'InvalidParameter'],
    ['none of an item', { Items: [{ VarianceID: MONTHLY_BOX, Quantity: 0 }] }, 'Items.0.Quantity', 'InvalidParameter'],
    ['an unknown variance', { Items: [{ VarianceID: 'no-such-variance', Quantity: 1 }] }, 'Items', 'InvalidParameter'],
    ['a picture of no motif', { Image: 'dragon-10-1' }, 'Image', 'InvalidParameter'],
    ['a picture that is no artwork seed', { Image: 'https://example.com/a.png' }, 'Image', 'InvalidParameter'],
    ['an interval the shop has not', { Duration: 'week' }, 'Duration', 'InvalidParameter'],
    ['no name', { Name: undefined }, 'Name', 'MissingParameter'],
    ['an empty Chinese name', { Name: { en: 'Box', zh: ' ' } }, 'Name.zh', 'InvalidParameter'],
  ];
  it.each(cases)('staff-create-subscription-plan refuses %s naming the field, writing nothing', async (_, over, field, code) => {
    const plans = (await t.call(staffListSubscriptionPlans, {}, auth(staff))).PlanList.length;
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.action, CREATE_PLAN_ACTION))).length;
    const r = await refused(t, 'staff-create-subscription-plan', JSON.parse(JSON.stringify(planBody(over as Partial<CreateBody>))), staff);
    expect(r).toMatchObject({ status: 400, json: { ErrorCode: code, field } });
    expect((await t.call(staffListSubscriptionPlans, {}, auth(staff))).PlanList).toHaveLength(plans);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, CREATE_PLAN_ACTION))).toHaveLength(audits);
  });

  it('staff-update-subscription-plan names the field too, and an unknown plan', async () => {
    const plan: StaffSubscriptionPlan = await create();
    const refusedUpdate = (body: Record<string, unknown>) => refused(t, 'staff-update-subscription-plan', { PlanID: plan.PlanID, ...body }, staff);
    expect(await refusedUpdate({ Price: { HKD: 0, USD: 0 } })).toMatchObject({ status: 400, json: { field: 'Price' } });
    expect(await refusedUpdate({ Items: [{ VarianceID: 'no-such-variance', Quantity: 1 }] })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Items' } });
    expect(await refusedUpdate({ Image: 'dragon-10-1' })).toMatchObject({ status: 400, json: { field: 'Image' } });
    expect(await refusedUpdate({ OnSale: 'no' })).toMatchObject({ status: 400, json: { field: 'OnSale' } });
    expect(await refused(t, 'staff-update-subscription-plan', { PlanID: 'no-such-plan', OnSale: false }, staff)).toMatchObject({
      status: 400,
      json: { ErrorCode: 'ObjectNotFound', field: 'PlanID' },
    });
    expect(await auditOf(plan.PlanID)).toHaveLength(1);
    expect((await t.call(staffListSubscriptionPlans, {}, auth(staff))).PlanList.find((p) => p.PlanID === plan.PlanID)).toEqual(plan);
  });

  it('is for staff only: a member is refused 403', async () => {
    const m = await shopper(t, { address: false });
    expect(await refused(t, 'staff-create-subscription-plan', planBody(), m)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'staff-update-subscription-plan', { PlanID: 'svip-monthly-discovery', OnSale: false }, m)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.target, 'subscription-plan:svip-monthly-discovery'));
    expect(audits).toEqual([]);
  });
});
