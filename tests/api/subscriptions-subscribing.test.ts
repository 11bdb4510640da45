/**
 * Box-set subscriptions (issue 18), subscribing and the member's own record: plans and their totals (a delivery
 * address needed, coupons as the bag takes them, a box not on sale refused), bad bodies refused naming the
 * field, the SVIP member price while subscribed, and a member's subscription: nobody else's reachable, where
 * the boxes go, a declined first payment paid again, one subscription per plan, a first order waiting listed
 * when asked. Renewals and shipping are in subscriptions-renewals.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cancelSubscription,
  createSubscription,
  createSubscriptionPayment,
  getShoppingBag,
  getSubscriptionOrder,
  getSubscriptionPlan,
  getSubscriptionRecord,
  subscriptionCalculate,
  updateSubscriptionDelivery,
} from '../../contract/index.ts';
import { orders, variances } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS as PLANS } from '../../server/db/seed/subscription-data.ts';
import { runDueJobs } from '../../server/services/jobs.ts';
import { auth, CARDS, fillBag, refused, saveCard, shopper, stockOf } from '../support/shop.ts';
import { SEED_NOW } from '../support/test-app.ts';
import {
  at,
  cardSubscriber,
  DAY,
  live,
  MINUTE,
  MONTHLY_BOX,
  openSubscriptionsTestApp,
  recordOf,
  recordsOf,
  subscribeBody,
  t,
} from './subscriptions-support.ts';

let now = SEED_NOW.getTime() + DAY;
openSubscriptionsTestApp(() => now);

describe('plans and totals', () => {
  it('offers three plans, one per duration, priced in the currency, with the box each holds', async () => {
    const hkd = (await t.call(getSubscriptionPlan, { Currency: 'HKD' })).PlanList;
    expect(hkd.map((p) => [p.SubscriptionID, p.Duration, p.Months])).toEqual([
      [PLANS.month, 'month', 1],
      [PLANS.quarter, 'quarter', 3],
      [PLANS.annual, 'annual', 12],
    ]);
    expect(hkd[0]).toMatchObject({ Currency: 'HKD', Price: 29800, InStock: true, IsAlcohol: false, Name: { en: 'Monthly Discovery Box', zh: '每月探索禮盒' } });
    expect(hkd[0]!.ContentList).toEqual([expect.objectContaining({ VarianceID: MONTHLY_BOX, Quantity: 1, ProductID: 'boxset-coffee-discovery' })]);
    expect(hkd[2]!.ContentList).toHaveLength(4);
    const usd = (await t.call(getSubscriptionPlan, { Currency: 'USD' })).PlanList;
    expect(usd.map((p) => [p.Currency, p.Price])).toEqual([
      ['USD', 3800],
      ['USD', 8000],
      ['USD', 19000],
    ]);
  });

  it('needs a selected delivery address, and prices a cycle for it with shipping, taxes and a coupon', async () => {
    const homeless = await shopper(t, { address: false });
    const noAddress = await refused(t, 'subscription-calculate', { SubscriptionID: PLANS.month, Currency: 'HKD' }, homeless);
    expect(noAddress).toMatchObject({ status: 400, json: { ErrorCode: 'DeliveryAddressRequired' } });
    const subscribing = await refused(t, 'create-subscription', subscribeBody(), homeless);
    expect(subscribing).toMatchObject({ status: 400, json: { ErrorCode: 'DeliveryAddressRequired' } });

    const m = await shopper(t);
    const totals = await t.call(subscriptionCalculate, { SubscriptionID: PLANS.quarter, CountryID: 'HK', Language: 'en', Currency: 'HKD' }, auth(m));
    expect(totals).toMatchObject({ amount: 62800, discount: 0, Currency: 'HKD', DeliveryAddress: { CountryID: 'HK', name: 'Ka Yan Wong' } });
    expect(totals.total).toBe(totals.amount - totals.discount + totals.shipping + totals.tax);
    expect(totals.orderDetail.Total).toBe(totals.total);

    // WELCOME10 (seed): 10 % off anything from HK$200, once per member.
    const discounted = await t.call(subscriptionCalculate, { SubscriptionID: PLANS.quarter, Currency: 'HKD', CountryID: 'HK', CouponID: 'welcome10' }, auth(m));
    expect(discounted).toMatchObject({ amount: 62800, discount: 6280, orderDetail: { Coupon: { CouponID: 'WELCOME10', Discount: 6280 } } });
    expect(discounted.total).toBeLessThan(totals.total);
    const bad = await refused(t, 'subscription-calculate', { SubscriptionID: PLANS.quarter, Currency: 'HKD', CouponID: 'NO-SUCH-COUPON' }, m);
    expect(bad).toMatchObject({ status: 400, json: { ErrorCode: '70600', reason: 'NotFound' } });
    const unknownPlan = await refused(t, 'subscription-calculate', { SubscriptionID: 'no-such-plan', Currency: 'HKD' }, m);
    expect(unknownPlan).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });

    // The coupon discounts the first cycle; cancelling before paying ends a subscription that never started.
    const start = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter, CouponID: 'WELCOME10' }), auth(m));
    const first = await t.call(getSubscriptionOrder, { RecordID: start.OrderID }, auth(m));
    expect(first.Order).toMatchObject({ CouponID: 'WELCOME10', orderDetail: { Discount: 6280, Total: discounted.total } });
    const never = (await t.call(cancelSubscription, { OrderID: start.OrderID }, auth(m))).Record;
    expect(never).toMatchObject({ Status: 'Ended', EndReason: 'NotStarted', Tab: 'ended' });
  });

  it('refuses a box whose sale is stopped, as a bag with it is refused, and takes none of its stock', async () => {
    const m = await shopper(t);
    const stock = await stockOf(t, MONTHLY_BOX);
    await t.db.update(variances).set({ stopSell: true }).where(eq(variances.id, MONTHLY_BOX));
    try {
      const r = await refused(t, 'create-subscription', subscribeBody(), m);
      expect(r).toMatchObject({ status: 400, json: { ErrorCode: 'OutOfStock', field: 'SubscriptionID' } });
      expect(await stockOf(t, MONTHLY_BOX)).toBe(stock);
    } finally {
      await t.db.update(variances).set({ stopSell: false }).where(eq(variances.id, MONTHLY_BOX));
    }
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const m = await shopper(t);
    const cases: Array<[string, unknown, string]> = [
      ['subscription-calculate', { Currency: 'HKD' }, 'SubscriptionID'],
      ['subscription-calculate', { SubscriptionID: PLANS.month, Currency: 'EUR' }, 'Currency'],
      ['create-subscription', { Language: 'en', Currency: 'HKD', SubscriptionID: PLANS.month }, 'PaymentMethod'],
      ['create-subscription', subscribeBody({ PaymentMethod: 'Cash' as never }), 'PaymentMethod'],
      ['create-subscription', subscribeBody({ PaymentMethod: 'CreditCard' }), 'PaymentMethodID'],
      ['create-subscription', subscribeBody({ PaymentMethod: 'CreditCard', PaymentMethodID: 'pm_not_mine' }), 'PaymentMethodID'],
      ['get-subscription-order', {}, 'RecordID'],
      ['update-subscription-delivery', { SubscriptionID: 'sub_x' }, 'DeliveryAddress'],
      ['update-subscription-delivery', { SubscriptionID: 'sub_x', DeliveryAddress: { phone: 'call me' } }, 'DeliveryAddress.phone'],
      ['update-subscription-peyment', { PaymentMethodID: 'pm_x' }, 'SubscriptionID'],
      ['cancel-subscription', { OrderID: 42 }, 'OrderID'],
      ['create-subscription-payment', { OrderID: 'ord_x', PaymentMethod: 'Bitcoin' }, 'PaymentMethod'],
      ['get-subscription-record', { Tab: 'paused' }, 'Tab'],
    ];
    for (const [call, body, field] of cases) {
      const r = await refused(t, call, body, m);
      expect({ call, status: r.status, field: r.json.field }).toEqual({ call, status: 400, field });
      expect(['MissingParameter', 'InvalidParameter']).toContain(r.json.ErrorCode);
    }
  });
});

describe('SVIP', () => {
  it('a subscribed member gets the member price (10 % off) in the bag; it ends with the subscription', async () => {
    const { m, record } = await cardSubscriber();
    const other = await shopper(t);
    const gaiwan = 'equipment-gaiwan-white';
    for (const who of [m, other]) await fillBag(t, who, { [gaiwan]: 2 });
    const member = (await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).orderDetail;
    expect(member.Campaign).toEqual({ CampaignID: 'svip-member-price', Name: { en: 'SVIP member price', zh: 'SVIP 會員價' }, Discount: Math.floor(member.SubTotal / 10) });
    const regular = (await t.call(getShoppingBag, { Currency: 'HKD' }, auth(other))).orderDetail;
    expect(regular.SubTotal).toBe(member.SubTotal);
    expect(regular.Campaign).toBeUndefined();
    expect(member.Total).toBeLessThan(regular.Total);

    await t.call(cancelSubscription, { OrderID: record.RecordID }, auth(m));
    now = at(record.EndDate) + MINUTE;
    await runDueJobs(t.deps);
    expect((await t.call(getShoppingBag, { Currency: 'HKD' }, auth(m))).orderDetail.Campaign).toBeUndefined();
  });
});

describe('a member’s own subscription', () => {
  it('another member cannot read, change, pay or cancel it', async () => {
    const { m, record } = await cardSubscriber();
    const other = await shopper(t);
    const otherCard = await saveCard(t, other, CARDS.visa);
    const attempts: Array<[string, unknown]> = [
      ['get-subscription-order', { RecordID: record.RecordID }],
      ['get-subscription-order', { RecordID: record.OrderID }],
      ['update-subscription-delivery', { SubscriptionID: record.RecordID, DeliveryAddress: { name: 'Someone Else' } }],
      ['update-subscription-peyment', { SubscriptionID: record.RecordID, PaymentMethodID: otherCard }],
      ['cancel-subscription', { OrderID: record.OrderID }],
      ['cancel-subscription', { OrderID: record.RecordID }],
      ['create-subscription-payment', { OrderID: record.OrderID, PaymentMethod: 'FPS' }],
    ];
    for (const [call, body] of attempts) {
      const r = await refused(t, call, body, other);
      expect({ call, status: r.status, code: r.json.ErrorCode }).toEqual({ call, status: 400, code: 'ObjectNotFound' });
    }
    expect(await recordsOf(other)).toEqual([]);
    const mine = await recordOf(m, record.RecordID);
    expect(mine).toMatchObject({ Status: 'Active', CanCancel: true, DeliveryAddress: { name: 'Ka Yan Wong' } });
  });

  it('changes where the boxes go (recipient name and phone, or the whole address) and refuses one outside the service range', async () => {
    const { m, record } = await cardSubscriber();
    const changed = await t.call(
      updateSubscriptionDelivery,
      { SubscriptionID: record.RecordID, DeliveryAddress: { name: 'Mei Ling Chan', phone: '98765432', countryCallingCode: '852' } },
      auth(m),
    );
    expect(changed.Record.DeliveryAddress).toMatchObject({ name: 'Mei Ling Chan', phone: '98765432', address1: '1 Harbour Road', CountryID: 'HK' });
    const moved = await t.call(updateSubscriptionDelivery, { SubscriptionID: record.OrderID, DeliveryAddress: { address1: '8 Queen’s Road' } }, auth(m));
    expect(moved.Record.DeliveryAddress).toMatchObject({ name: 'Mei Ling Chan', address1: '8 Queen’s Road' });
    const away = await refused(t, 'update-subscription-delivery', { SubscriptionID: record.RecordID, DeliveryAddress: { CountryID: 'AQ' } }, m);
    expect(away).toMatchObject({ status: 400, json: { ErrorCode: 'DeliveryAddressRequired' } });
  });

  it('a first payment declined can be paid again with another card, which renewals then charge', async () => {
    const m = await shopper(t);
    const declining = await saveCard(t, m, CARDS.declined);
    const visa = await saveCard(t, m, CARDS.visa);
    const declined = await refused(t, 'create-subscription', subscribeBody({ PaymentMethod: 'CreditCard', PaymentMethodID: declining }), m);
    expect(declined).toMatchObject({ status: 400, json: { ErrorCode: 'PaymentFail' } });
    const orderId = declined.json.OrderID as string;
    expect((await t.call(getSubscriptionOrder, { RecordID: orderId }, auth(m))).Record).toMatchObject({ Status: 'Pending' });
    const paid = await t.call(createSubscriptionPayment, { OrderID: orderId, PaymentMethod: 'CreditCard', CardID: visa }, auth(m));
    expect(paid.PaymentStatus).toBe('succeeded');
    const record = (await t.call(getSubscriptionOrder, { RecordID: orderId }, auth(m))).Record;
    expect(record).toMatchObject({ Status: 'Active', PaymentMethod: 'CreditCard', Card: { id: visa, last4: '4242' } });
    live.push({ m, RecordID: record.RecordID });
  });

  it('refuses a second subscription to a plan the member has, and replaces an unpaid first order', async () => {
    const { m } = await cardSubscriber();
    expect(await refused(t, 'create-subscription', subscribeBody(), m)).toMatchObject({ status: 400, json: { ErrorCode: 'AlreadySubscribed' } });
    const first = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter }), auth(m));
    const second = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter, PaymentMethod: 'Alipay' }), auth(m));
    expect(second.PaymentStatus).toBe('requires_action');
    const [replaced] = await t.db.select({ status: orders.paymentStatus }).from(orders).where(and(eq(orders.id, first.OrderID)));
    expect(replaced!.status).toBe('Cancelled');
    // Not started: not listed.
    expect((await recordsOf(m)).map((r) => r.Plan.SubscriptionID)).toEqual([PLANS.month]);
    const pending = await t.call(getSubscriptionOrder, { RecordID: second.RecordID }, auth(m));
    expect(pending.Record).toMatchObject({ Status: 'Pending', DuePayment: { OrderID: second.OrderID } });
  });

  it('lists a first order waiting for payment only when asked (IncludePending): the checkout looks it up after a lost answer', async () => {
    const { m } = await cardSubscriber();
    const replaced = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter }), auth(m));
    const unpaid = await t.call(createSubscription, subscribeBody({ SubscriptionID: PLANS.quarter, PaymentMethod: 'Alipay' }), auth(m));
    const listed = (await t.call(getSubscriptionRecord, { IncludePending: true }, auth(m))).RecordList;
    expect(listed.map((r) => [r.Plan.SubscriptionID, r.Status])).toEqual([
      [PLANS.month, 'Active'],
      [PLANS.quarter, 'Pending'],
    ]);
    const bills = listed.flatMap((r) => r.BillingHistory.map((b) => [b.OrderID, b.PaymentStatus]));
    expect(bills).toContainEqual([unpaid.OrderID, 'WaitForPayment']);
    // The order it replaced ended the subscription before it started: not pending any more.
    expect(bills.map(([id]) => id)).not.toContain(replaced.OrderID);
    expect((await recordsOf(m)).map((r) => r.Plan.SubscriptionID)).toEqual([PLANS.month]);
  });
});
