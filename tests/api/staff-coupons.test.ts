/**
 * Issue 32: coupons in the back office. Staff make a coupon and members use it through the customers' own
 * calls (checkout, apply-product-coupon, coupon/apply), so what staff set is what checkout enforces: codes
 * normalised as members type them, a code made once, limits and dates holding from the change on, amount and
 * percent fixed once an order holds a use, a disabled code refused everywhere members use one while orders
 * holding a use keep it, a coupon kept to some order kinds refused on the others' orders (70600 WrongOrderKind)
 * and taken on its own. Every change leaves an audit row with the coupon before and after; bad input is a 400
 * naming its field. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  applyProductCoupon,
  COUPON_ORDER_KINDS,
  getEventOrder,
  newEventCheckOut,
  StaffOrderKind,
  type CouponOrderKind,
  getProductOrder,
  cancelProductOrder,
  checkout,
  couponApply,
  couponList,
  createProductPayment,
  EventCalculate,
  staffCreateCoupon,
  staffListCoupons,
  staffUpdateCoupon,
  subscriptionCalculate,
  type CallBodyInput,
  type StaffCoupon,
} from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { SEED_SUBSCRIPTION_PLANS } from '../../server/db/seed/subscription-data.ts';
import { CREATE_COUPON_ACTION, UPDATE_COUPON_ACTION } from '../../server/services/staff/coupons.ts';
import { auth, CARDS, fillBag, refused, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** HKD 168.00, a tea. */
const TIEGUANYIN_50G = 'tea-tieguanyin-50g';
/** A seeded tea tasting session on sale (server/db/seed/event-data.ts). */
const OOLONG_SESSION = 'evs-gongfu-oolong-1';

let now = SEED_NOW.getTime() + HOUR;
let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 30 * 24 * 3600 });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();
let codes = 0;
/** A fresh code for each coupon a test makes (the tests share one shop). */
const freshCode = (prefix = 'T') => `${prefix}${++codes}-${Date.now().toString(36)}`.toUpperCase();

type CreateBody = CallBodyInput<typeof staffCreateCoupon>;
const couponBody = (over: Partial<CreateBody> = {}): CreateBody => ({
  CouponID: freshCode(),
  Name: { en: 'Staff test coupon', zh: '員工測試優惠' },
  Amount: { HKD: 3000, USD: 400 },
  ValidFrom: iso(now - HOUR),
  ValidUntil: iso(now + 30 * DAY),
  ...over,
});
const create = async (over: Partial<CreateBody> = {}) => (await t.call(staffCreateCoupon, couponBody(over), auth(staff))).Coupon;
const update = async (body: CallBodyInput<typeof staffUpdateCoupon>) => (await t.call(staffUpdateCoupon, body, auth(staff))).Coupon;
const refusedCreate = (body: unknown) => refused(t, 'staff-create-coupon', body, staff);
const refusedUpdate = (body: unknown) => refused(t, 'staff-update-coupon', body, staff);

/** One coupon as the back office lists it (found by its whole code as prefix). */
async function listed(code: string): Promise<StaffCoupon> {
  const page = await t.call(staffListCoupons, { CodePrefix: code }, auth(staff));
  const found = page.CouponList.filter((c) => c.CouponID === code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const auditOf = (code: string) => t.db.select().from(auditLog).where(eq(auditLog.target, `coupon:${code}`)).orderBy(auditLog.id);

/** A member with tea in the bag. */
async function withBag(): Promise<Shopper> {
  const m = await shopper(t);
  await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
  return m;
}

/** A member's unpaid FPS order for tea, placed with the coupon (or none). */
async function orderWith(m: Shopper, CouponID?: string) {
  await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
  return t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', ...(CouponID ? { CouponID } : {}) }, auth(m));
}
/** What the customers' coupon/apply answers a member about to check out the same tea with this code. */
const applyRefusal = async (m: Shopper, CouponID: string) => {
  await fillBag(t, m, { [TIEGUANYIN_50G]: 2 });
  const r = await refused(t, 'coupon/apply', { CouponID, Currency: 'HKD' }, m);
  return { status: r.status, code: r.json.ErrorCode, reason: r.json.reason };
};

describe('a coupon made by staff', () => {
  it('is stored under its normalised code, listed, audited, and taken by a member on an order', async () => {
    const code = freshCode('MADE');
    const made = await create({ CouponID: `  ${code.toLowerCase()} `, MaxUsesPerMember: 2, ProductTypeIDs: ['tea', 'tea'] });
    expect(made).toMatchObject({ CouponID: code, Kind: 'fixed', Amount: { HKD: 3000, USD: 400 }, MaxUses: null, MaxUsesPerMember: 2, ProductTypeIDs: ['tea'], Status: 'active', TimesUsed: 0, Listed: true });
    expect(made.Percent).toBeUndefined();
    expect(await listed(code)).toEqual(made);

    const audit = await auditOf(code);
    expect(audit).toMatchObject([{ action: CREATE_COUPON_ACTION, actorUserId: staff.userId, before: null, after: { CouponID: code, Amount: { HKD: 3000, USD: 400 }, MaxUsesPerMember: 2 } }]);

    // A member places an order, then applies the code (typed as members type it) to it.
    const m = await shopper(t);
    const placed = await orderWith(m);
    const applied = await t.call(applyProductCoupon, { OrderID: placed.OrderID, CouponID: code.toLowerCase() }, auth(m));
    expect(applied.Order.CouponID).toBe(code);
    expect(applied.Order.orderDetail.Coupon).toMatchObject({ CouponID: code, Discount: 3000 });
    expect((await listed(code)).TimesUsed).toBe(1);
  });

  it('applies at checkout as a percentage, and only to the product types it names', async () => {
    const percent = await create({ Amount: undefined, Percent: 25 });
    expect(percent).toMatchObject({ Kind: 'percent', Percent: 25 });
    expect(percent.Amount).toBeUndefined();
    const m = await shopper(t);
    const placed = await orderWith(m);
    const order = (await t.call(applyProductCoupon, { OrderID: placed.OrderID, CouponID: percent.CouponID }, auth(m))).Order;
    expect(order.orderDetail.Coupon?.Discount).toBe(Math.floor((order.orderDetail.SubTotal - (order.orderDetail.Campaign?.Discount ?? 0)) / 4));

    const equipmentOnly = await create({ ProductTypeIDs: ['equipment'] });
    expect(await applyRefusal(await shopper(t), equipmentOnly.CouponID)).toEqual({ status: 400, code: '70600', reason: 'NotApplicable' });
  });

  it('refuses a code taken already, however it is typed, and when two are made at once', async () => {
    const first = await create();
    const again = await refusedCreate(couponBody({ CouponID: ` ${first.CouponID.toLowerCase()}` }));
    expect(again).toMatchObject({ status: 400, json: { ErrorCode: 'CouponCodeTaken', field: 'CouponID' } });
    // The seed's coupon too.
    expect(await refusedCreate(couponBody({ CouponID: 'welcome10' }))).toMatchObject({ status: 400, json: { ErrorCode: 'CouponCodeTaken' } });

    const code = freshCode('RACE');
    const both = await Promise.all([0, 1].map(() => refusedCreate(couponBody({ CouponID: code }))));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.json.ErrorCode).toBe('CouponCodeTaken');
    expect(await auditOf(code)).toHaveLength(1);
  });
});

describe('limits and dates', () => {
  it('holds the total and per-member limits at checkout, and a raised limit from then on', async () => {
    const c = await create({ MaxUses: 2, MaxUsesPerMember: 1 });
    const [a, b, d] = await Promise.all([shopper(t), shopper(t), shopper(t)]);
    await orderWith(a, c.CouponID);
    expect(await applyRefusal(a, c.CouponID)).toMatchObject({ code: '70600', reason: 'MemberLimit' });
    await orderWith(b, c.CouponID);
    expect(await applyRefusal(d, c.CouponID)).toMatchObject({ code: '70600', reason: 'UsedUp' });
    expect((await listed(c.CouponID)).TimesUsed).toBe(2);

    const raised = await update({ CouponID: c.CouponID, MaxUses: null });
    expect(raised).toMatchObject({ MaxUses: null, MaxUsesPerMember: 1, TimesUsed: 2 });
    expect((await orderWith(d, c.CouponID)).OrderID).toBeTruthy();

    // Lowered below the uses made: no new use, the uses made stay.
    const lowered = await update({ CouponID: c.CouponID, MaxUses: 1 });
    expect(lowered).toMatchObject({ MaxUses: 1, TimesUsed: 3 });
    expect(await applyRefusal(await shopper(t), c.CouponID)).toMatchObject({ reason: 'UsedUp' });
  });

  it('follows its dates: not yet valid before ValidFrom, and ended now it stops applying while its uses stay', async () => {
    const later = await create({ ValidFrom: iso(now + DAY), ValidUntil: iso(now + 2 * DAY) });
    expect(later.Status).toBe('scheduled');
    expect(await applyRefusal(await shopper(t), later.CouponID)).toMatchObject({ reason: 'NotYetValid' });
    const atCheckout = await refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: later.CouponID }, await withBag());
    expect(atCheckout).toMatchObject({ status: 400, json: { ErrorCode: '70600', reason: 'NotYetValid' } });

    const c = await create();
    const m = await shopper(t);
    const placed = await orderWith(m, c.CouponID);
    const ended = await update({ CouponID: c.CouponID, ValidUntil: iso(now) });
    expect(ended).toMatchObject({ Status: 'expired', TimesUsed: 1 });
    expect(await applyRefusal(m, c.CouponID)).toEqual({ status: 400, code: '70600', reason: 'Expired' });
    // The order placed with it keeps it, and its use.
    const order = (await t.call(getProductOrder, { orderID: placed.OrderID }, auth(m))).Order;
    expect(order).toMatchObject({ CouponID: c.CouponID, orderDetail: { Coupon: { CouponID: c.CouponID, Discount: 3000 } } });

    // Opened again by a later end date: members may use it once more.
    await update({ CouponID: c.CouponID, ValidUntil: iso(now + DAY) });
    expect((await t.call(couponApply, { CouponID: c.CouponID, Currency: 'HKD' }, auth(m))).Coupon.CouponID).toBe(c.CouponID);
  });
});

describe('changing a coupon', () => {
  it('changes the amount or percent only while no order holds a use, with before and after audited', async () => {
    const c = await create();
    const toPercent = await update({ CouponID: c.CouponID, Percent: 15 });
    expect(toPercent).toMatchObject({ Kind: 'percent', Percent: 15 });
    expect(toPercent.Amount).toBeUndefined();
    const [, changed] = await auditOf(c.CouponID);
    expect(changed).toMatchObject({
      action: UPDATE_COUPON_ACTION,
      actorUserId: staff.userId,
      before: { Kind: 'fixed', Amount: { HKD: 3000, USD: 400 } },
      after: { Kind: 'percent', Percent: 15 },
    });
    expect(changed!.after).not.toHaveProperty('Amount');

    const m = await shopper(t);
    const placed = await orderWith(m, c.CouponID);
    for (const body of [{ Percent: 20 }, { Amount: { HKD: 1000, USD: 100 } }]) {
      const field = Object.keys(body)[0];
      expect(await refusedUpdate({ CouponID: c.CouponID, ...body })).toMatchObject({ status: 400, json: { ErrorCode: 'CouponAlreadyUsed', field, timesUsed: 1 } });
    }
    // The same value again is no change: answered as it stands, nothing written.
    expect(await update({ CouponID: c.CouponID, Percent: 15 })).toMatchObject({ Percent: 15, TimesUsed: 1 });
    expect(await auditOf(c.CouponID)).toHaveLength(2);

    // The only order holding a use closes unpaid: its use goes back, and the value may change again.
    await t.call(cancelProductOrder, { orderID: placed.OrderID }, auth(m));
    expect(await update({ CouponID: c.CouponID, Amount: { HKD: 2000, USD: 250 } })).toMatchObject({ Kind: 'fixed', Amount: { HKD: 2000, USD: 250 }, TimesUsed: 0 });
  });

  it('never changes the amount under an order taking a use at the same moment (PostgreSQL: truly at once)', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await create();
      const m = await withBag();
      const [placed, changed] = await Promise.all([
        t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: c.CouponID }, auth(m)),
        refusedUpdate({ CouponID: c.CouponID, Amount: { HKD: 1000, USD: 100 } }),
      ]);
      const discount = (await t.call(getProductOrder, { orderID: placed.OrderID }, auth(m))).Order.orderDetail.Coupon?.Discount;
      // Changed first: the order took the new amount. Used first: the change was refused, the order kept the old.
      if (changed.status === 200) expect(discount).toBe(1000);
      else expect({ code: changed.json.ErrorCode, discount }).toEqual({ code: 'CouponAlreadyUsed', discount: 3000 });
    }
  });

  it('changes names, listing, minimum spend and product types, one audit row per change', async () => {
    const c = await create();
    const changed = await update({
      CouponID: c.CouponID.toLowerCase(),
      Name: { en: 'Renamed', zh: '改名' },
      Listed: false,
      MinSpend: { HKD: 50000, USD: 6500 },
      ProductTypeIDs: ['tea', 'coffee'],
    });
    expect(changed).toMatchObject({ Name: { en: 'Renamed', zh: '改名' }, Listed: false, MinSpend: { HKD: 50000, USD: 6500 }, ProductTypeIDs: ['tea', 'coffee'] });
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.target, `coupon:${c.CouponID}`), eq(auditLog.action, UPDATE_COUPON_ACTION)));
    expect(rows).toMatchObject([{ before: { Listed: true, MinSpend: { HKD: 0, USD: 0 }, ProductTypeIDs: [] }, after: { Listed: false, MinSpend: { HKD: 50000 }, ProductTypeIDs: ['tea', 'coffee'] } }]);
    expect(await applyRefusal(await shopper(t), c.CouponID)).toMatchObject({ reason: 'MinSpend' });
  });
});

describe('disabling and enabling', () => {
  const disabledRefusal = { status: 400, code: '70600', reason: 'Disabled' };
  const refusalOf = (r: Awaited<ReturnType<typeof refused>>) => ({ status: r.status, code: r.json.ErrorCode, reason: r.json.reason });
  const listedToMember = async (m: Shopper) => (await t.call(couponList, {}, auth(m))).CouponList.map((c) => c.CouponID);

  it('refuses a disabled code wherever a member uses one (70600 Disabled), leaves it out of their list, audited; enabled, it applies again', async () => {
    const c = await create();
    const m = await withBag();
    // Another member's unpaid order, placed without a coupon, to apply the code to.
    const other = await shopper(t);
    const placed = await orderWith(other);
    expect(await listedToMember(m)).toContain(c.CouponID);

    const disabledAt = iso(now);
    const disabled = await update({ CouponID: c.CouponID, Disabled: true });
    expect(disabled).toMatchObject({ Status: 'disabled', DisabledAt: disabledAt });
    const [, audited] = await auditOf(c.CouponID);
    expect(audited).toMatchObject({ action: UPDATE_COUPON_ACTION, actorUserId: staff.userId, before: { DisabledAt: null }, after: { DisabledAt: disabledAt } });

    // Every customer path that takes a code: coupon/apply, checkout, apply-product-coupon, events, subscriptions.
    expect(await applyRefusal(m, c.CouponID)).toEqual(disabledRefusal);
    expect(refusalOf(await refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: c.CouponID }, m))).toEqual(disabledRefusal);
    expect(refusalOf(await refused(t, 'apply-product-coupon', { OrderID: placed.OrderID, CouponID: c.CouponID }, other))).toEqual(disabledRefusal);
    expect(refusalOf(await refused(t, 'EventCalculate', { VarianceID: OOLONG_SESSION, NumberOfSeat: 1, CouponID: c.CouponID }, m))).toEqual(disabledRefusal);
    expect(refusalOf(await refused(t, 'subscription-calculate', { SubscriptionID: SEED_SUBSCRIPTION_PLANS.month, Currency: 'HKD', CouponID: c.CouponID }, m))).toEqual(disabledRefusal);
    expect(await listedToMember(m)).not.toContain(c.CouponID);

    // Disabled again a minute on: no change, nothing written, the first time kept.
    now += 60_000;
    expect(await update({ CouponID: c.CouponID, Disabled: true })).toMatchObject({ DisabledAt: disabledAt });
    expect(await auditOf(c.CouponID)).toHaveLength(2);

    const enabled = await update({ CouponID: c.CouponID, Disabled: false });
    expect(enabled).toMatchObject({ Status: 'active', DisabledAt: null });
    expect((await auditOf(c.CouponID))[2]).toMatchObject({ before: { DisabledAt: disabledAt }, after: { DisabledAt: null } });
    expect((await t.call(couponApply, { CouponID: c.CouponID, Currency: 'HKD' }, auth(m))).Coupon.CouponID).toBe(c.CouponID);
    const event = await t.call(EventCalculate, { VarianceID: OOLONG_SESSION, NumberOfSeat: 1, CouponID: c.CouponID }, auth(m));
    expect(event.orderDetail.Coupon).toMatchObject({ CouponID: c.CouponID });
    expect(await listedToMember(m)).toContain(c.CouponID);
    expect((await t.call(applyProductCoupon, { OrderID: placed.OrderID, CouponID: c.CouponID }, auth(other))).Order.orderDetail.Coupon).toMatchObject({ Discount: 3000 });
    const order = (await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: c.CouponID }, auth(m))).OrderID;
    expect((await t.call(getProductOrder, { orderID: order }, auth(m))).Order.orderDetail.Coupon).toMatchObject({ CouponID: c.CouponID, Discount: 3000 });
  });

  it('leaves an order that took a use before the disable holding it: it is paid with the discount', async () => {
    const c = await create();
    const m = await shopper(t);
    const placed = await orderWith(m, c.CouponID);
    const before = (await t.call(getProductOrder, { orderID: placed.OrderID }, auth(m))).Order;
    expect(before.orderDetail.Coupon).toMatchObject({ CouponID: c.CouponID, Discount: 3000 });

    expect(await update({ CouponID: c.CouponID, Disabled: true })).toMatchObject({ Status: 'disabled', TimesUsed: 1 });
    // Paid by card, the code sent again as the payment page sends it: the order is not priced again.
    const CardID = await saveCard(t, m, CARDS.visa);
    const paid = await t.call(createProductPayment, { OrderID: placed.OrderID, PaymentMethod: 'CreditCard', CardID, CouponID: c.CouponID.toLowerCase() }, auth(m));
    expect(paid.PaymentStatus).toBe('succeeded');
    const after = (await t.call(getProductOrder, { orderID: placed.OrderID }, auth(m))).Order;
    expect(after).toMatchObject({ PaymentStatus: 'Paid', CouponID: c.CouponID, orderDetail: { Coupon: { CouponID: c.CouponID, Discount: 3000 }, Total: before.orderDetail.Total } });
    expect((await listed(c.CouponID)).TimesUsed).toBe(1);
  });

  it('lists disabled coupons under Status disabled only, whatever their dates', async () => {
    const stem = freshCode('OFF');
    const on = await create({ CouponID: `${stem}_ON` });
    const off = await create({ CouponID: `${stem}_OFF` });
    const offExpired = await create({ CouponID: `${stem}_OLD`, ValidFrom: iso(now - 10 * DAY), ValidUntil: iso(now - DAY) });
    for (const code of [off.CouponID, offExpired.CouponID]) await update({ CouponID: code, Disabled: true });

    const codesOf = async (Status: CallBodyInput<typeof staffListCoupons>['Status']) =>
      (await t.call(staffListCoupons, { CodePrefix: `${stem}_`, Status }, auth(staff))).CouponList.map((c) => [c.CouponID, c.Status]);
    expect(await codesOf('disabled')).toEqual([
      [off.CouponID, 'disabled'],
      [offExpired.CouponID, 'disabled'],
    ]);
    expect(await codesOf('active')).toEqual([[on.CouponID, 'active']]);
    expect(await codesOf('expired')).toEqual([]);
    expect(await codesOf('all')).toHaveLength(3);
    expect(await refused(t, 'staff-update-coupon', { CouponID: on.CouponID, Disabled: 'yes' }, staff)).toMatchObject({ status: 400, json: { field: 'Disabled' } });
  });
});

describe('order kinds', () => {
  const refusalOf = (r: Awaited<ReturnType<typeof refused>>) => ({ status: r.status, code: r.json.ErrorCode, reason: r.json.reason });
  const wrongKind = { status: 400, code: '70600', reason: 'WrongOrderKind' };
  /** A member's FPS booking of one seat of the seeded tea session, with the code. */
  const bookWith = (m: Shopper, CouponID: string) =>
    t.call(
      newEventCheckOut,
      { Language: 'en', Currency: 'HKD', VarianceID: OOLONG_SESSION, NumberOfSeat: 1, GuestInfo: [], PaymentMethod: 'FPS', AgeConfirmed: true, CouponID },
      auth(m),
    );

  it('names the order kinds the back office’s order list knows', () => {
    expect([...COUPON_ORDER_KINDS]).toEqual(StaffOrderKind.options);
    expectTypeOf<CouponOrderKind>().toEqualTypeOf<StaffOrderKind>();
  });

  it('keeps each kind once in a fixed order, lists them, and audits a change of them (none: every kind)', async () => {
    const made = await create({ OrderKinds: ['subscription', 'event', 'subscription'] });
    expect(made.OrderKinds).toEqual(['event', 'subscription']);
    expect(await listed(made.CouponID)).toMatchObject({ OrderKinds: ['event', 'subscription'] });
    expect((await auditOf(made.CouponID))[0]).toMatchObject({ action: CREATE_COUPON_ACTION, after: { OrderKinds: ['event', 'subscription'] } });
    expect((await create()).OrderKinds).toEqual([]);

    // The same kinds in another order change nothing: no row written.
    expect(await update({ CouponID: made.CouponID, OrderKinds: ['subscription', 'event'] })).toMatchObject({ OrderKinds: ['event', 'subscription'] });
    expect(await auditOf(made.CouponID)).toHaveLength(1);
    const widened = await update({ CouponID: made.CouponID, OrderKinds: [] });
    expect(widened.OrderKinds).toEqual([]);
    expect((await auditOf(made.CouponID))[1]).toMatchObject({ action: UPDATE_COUPON_ACTION, before: { OrderKinds: ['event', 'subscription'] }, after: { OrderKinds: [] } });
  });

  it('refuses a coupon for events only on a product order (70600 WrongOrderKind) and takes it on an event order', async () => {
    const c = await create({ OrderKinds: ['event'] });
    const m = await withBag();
    const other = await shopper(t);
    const placed = await orderWith(other);

    // Every product-order path that takes a code, and a subscription's.
    expect(await applyRefusal(m, c.CouponID)).toEqual(wrongKind);
    expect(refusalOf(await refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS', CouponID: c.CouponID }, m))).toEqual(wrongKind);
    expect(refusalOf(await refused(t, 'apply-product-coupon', { OrderID: placed.OrderID, CouponID: c.CouponID }, other))).toEqual(wrongKind);
    expect(refusalOf(await refused(t, 'subscription-calculate', { SubscriptionID: SEED_SUBSCRIPTION_PLANS.month, Currency: 'HKD', CouponID: c.CouponID }, m))).toEqual(wrongKind);
    expect((await t.call(getProductOrder, { orderID: placed.OrderID }, auth(other))).Order.CouponID).toBeUndefined();
    expect((await listed(c.CouponID)).TimesUsed).toBe(0);
    // The member's list of coupons still holds it: it is theirs to use on an event.
    expect((await t.call(couponList, {}, auth(m))).CouponList.map((x) => x.CouponID)).toContain(c.CouponID);

    // An event: priced with it, and booked with it (the booking holds a use).
    const priced = await t.call(EventCalculate, { VarianceID: OOLONG_SESSION, NumberOfSeat: 1, CouponID: c.CouponID }, auth(m));
    expect(priced.orderDetail.Coupon).toMatchObject({ CouponID: c.CouponID, Discount: 3000 });
    const booked = await bookWith(m, c.CouponID);
    const order = (await t.call(getEventOrder, { orderID: booked.OrderID }, auth(m))).Order;
    expect(order.orderDetail.Coupon).toMatchObject({ CouponID: c.CouponID, Discount: 3000 });
    expect((await listed(c.CouponID)).TimesUsed).toBe(1);

    // Kept to product orders instead: the bag takes it, events refuse it.
    await update({ CouponID: c.CouponID, OrderKinds: ['product'] });
    expect((await t.call(couponApply, { CouponID: c.CouponID, Currency: 'HKD' }, auth(m))).Coupon.CouponID).toBe(c.CouponID);
    expect(refusalOf(await refused(t, 'EventCalculate', { VarianceID: OOLONG_SESSION, NumberOfSeat: 1, CouponID: c.CouponID }, m))).toEqual(wrongKind);
    expect((await t.call(applyProductCoupon, { OrderID: placed.OrderID, CouponID: c.CouponID }, auth(other))).Order.orderDetail.Coupon).toMatchObject({ Discount: 3000 });
  });

  it('takes a coupon for subscriptions only on a subscription, not in the bag', async () => {
    const c = await create({ OrderKinds: ['subscription'] });
    const m = await withBag();
    expect(await applyRefusal(m, c.CouponID)).toEqual(wrongKind);
    const quote = await t.call(subscriptionCalculate, { SubscriptionID: SEED_SUBSCRIPTION_PLANS.month, Currency: 'HKD', CouponID: c.CouponID }, auth(m));
    expect(quote.orderDetail.Coupon).toMatchObject({ CouponID: c.CouponID, Discount: 3000 });
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a percent of 0', { Amount: undefined, Percent: 0 }, 'Percent', 'InvalidParameter'],
    ['a percent over 100', { Amount: undefined, Percent: 101 }, 'Percent', 'InvalidParameter'],
    ['both an amount and a percent', { Percent: 10 }, 'Amount', 'InvalidParameter'],
    ['neither an amount nor a percent', { Amount: undefined }, 'Amount', 'MissingParameter'],
    ['an amount of 0 in a currency', { Amount: { HKD: 1000, USD: 0 } }, 'Amount', 'InvalidParameter'],
    ['an amount of a fraction of a cent', { Amount: { HKD: 10.5, USD: 100 } }, 'Amount.HKD', 'InvalidParameter'],
    ['an end before the start', { ValidUntil: iso(now - 2 * HOUR) }, 'ValidUntil', 'InvalidParameter'],
    ['a date that is not ISO 8601', { ValidFrom: 'tomorrow' }, 'ValidFrom', 'InvalidParameter'],
    ['a code with a space inside', { CouponID: 'TWO WORDS' }, 'CouponID', 'InvalidParameter'],
    ['an empty code', { CouponID: '   ' }, 'CouponID', 'InvalidParameter'],
    ['a use limit of 0', { MaxUses: 0 }, 'MaxUses', 'InvalidParameter'],
    ['an unknown product type', { ProductTypeIDs: ['tea', 'no-such-type'] }, 'ProductTypeIDs', 'InvalidParameter'],
    ['an unknown order kind', { OrderKinds: ['event', 'shipping'] }, 'OrderKinds.1', 'InvalidParameter'],
    ['order kinds that are not a list', { OrderKinds: 'event' }, 'OrderKinds', 'InvalidParameter'],
    ['no name', { Name: undefined }, 'Name', 'MissingParameter'],
  ];
  it.each(cases)('staff-create-coupon refuses %s naming the field', async (_, over, field, code) => {
    const body = JSON.parse(JSON.stringify(couponBody(over as Partial<CreateBody>)));
    const r = await refusedCreate(body);
    expect(r).toMatchObject({ status: 400, json: { ErrorCode: code, field } });
    expect(await auditOf(body.CouponID?.trim().toUpperCase() ?? '')).toHaveLength(0);
  });

  it('staff-update-coupon names the field too, and an unknown code', async () => {
    const c = await create();
    expect(await refusedUpdate({ CouponID: c.CouponID, ValidUntil: iso(now - 2 * HOUR) })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'ValidUntil' } });
    expect(await refusedUpdate({ CouponID: c.CouponID, ValidFrom: iso(now + 60 * DAY) })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'ValidFrom' } });
    expect(await refusedUpdate({ CouponID: c.CouponID, Amount: { HKD: 100, USD: 10 }, Percent: 5 })).toMatchObject({ status: 400, json: { field: 'Amount' } });
    expect(await refusedUpdate({ CouponID: c.CouponID, MaxUsesPerMember: -1 })).toMatchObject({ status: 400, json: { field: 'MaxUsesPerMember' } });
    expect(await refusedUpdate({ CouponID: 'NO-SUCH-COUPON', MaxUses: 5 })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'CouponID' } });
    expect(await auditOf(c.CouponID)).toHaveLength(1);
    expect(await listed(c.CouponID)).toEqual({ ...c, TimesUsed: 0 });
  });
});

describe('the list', () => {
  it('filters by status and code prefix (its _ taken literally) and pages by code', async () => {
    const stem = freshCode('LIST');
    const active = await create({ CouponID: `${stem}_A` });
    const expired = await create({ CouponID: `${stem}_B`, ValidFrom: iso(now - 10 * DAY), ValidUntil: iso(now - DAY) });
    const scheduled = await create({ CouponID: `${stem}_C`, ValidFrom: iso(now + DAY), ValidUntil: iso(now + 2 * DAY) });
    await create({ CouponID: `${stem}XD` });
    expect(expired.Status).toBe('expired');

    const codesOf = async (body: CallBodyInput<typeof staffListCoupons>) => (await t.call(staffListCoupons, body, auth(staff))).CouponList.map((c) => c.CouponID);
    expect(await codesOf({ CodePrefix: `${stem.toLowerCase()}_` })).toEqual([active.CouponID, expired.CouponID, scheduled.CouponID]);
    expect(await codesOf({ CodePrefix: `${stem}_`, Status: 'active' })).toEqual([active.CouponID]);
    expect(await codesOf({ CodePrefix: `${stem}_`, Status: 'expired' })).toEqual([expired.CouponID]);
    expect(await codesOf({ CodePrefix: `${stem}_`, Status: 'scheduled' })).toEqual([scheduled.CouponID]);
    // The seed's expired coupon is among all expired ones.
    expect(await codesOf({ Status: 'expired', CodePrefix: 'EXPIRED2025' })).toEqual(['EXPIRED2025']);

    const paged: string[] = [];
    let LastEvaluatedKey: string | undefined;
    do {
      const page = await t.call(staffListCoupons, { CodePrefix: stem, Size: 1, ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(staff));
      expect(page.CouponList.length).toBeLessThanOrEqual(1);
      paged.push(...page.CouponList.map((c) => c.CouponID));
      LastEvaluatedKey = page.LastEvaluatedKey;
    } while (LastEvaluatedKey);
    expect(paged).toEqual([...paged].sort());
    expect(paged).toHaveLength(4);
  });

  it('lists every coupon across pages, the seed’s included, and refuses a key it did not give', async () => {
    const all: string[] = [];
    let LastEvaluatedKey: string | undefined;
    do {
      const page = await t.call(staffListCoupons, { Size: 3, ...(LastEvaluatedKey ? { LastEvaluatedKey } : {}) }, auth(staff));
      all.push(...page.CouponList.map((c) => c.CouponID));
      LastEvaluatedKey = page.LastEvaluatedKey;
    } while (LastEvaluatedKey);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['WELCOME10', 'TEA50', 'SPRING27']));
    expect(await refused(t, 'staff-list-coupons', { LastEvaluatedKey: '!!!' }, staff)).toMatchObject({ status: 400, json: { field: 'LastEvaluatedKey' } });
  });

  it('is for staff only: a member is refused 403', async () => {
    const m = await shopper(t, { address: false });
    expect(await refused(t, 'staff-list-coupons', {}, m)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
    expect(await refused(t, 'staff-create-coupon', couponBody(), m)).toMatchObject({ status: 403, json: { ErrorCode: 'Forbidden' } });
  });
});
