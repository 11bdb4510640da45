/**
 * Issue 32: the back office's dashboard (staff-dashboard). Orders placed and paid through the customers' own
 * calls, and orders of other kinds written as their kinds leave them, move today's and this month's figures per
 * currency and kind (Hong Kong days: an order paid a minute before Hong Kong midnight is yesterday's); an order
 * waiting for payment counts once paid. Low stock lists variances on sale at the threshold or below with their
 * product's name; upcoming sessions show their capacity, seats sold and held; failed payments and refunds not
 * yet paid out are counted per currency; the chart has 30 Hong Kong days per currency. Figures are compared
 * before and after, so the seed's own orders do not matter. Run on PostgreSQL too, with TEST_DATABASE_URL.
 */
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, LOW_STOCK_THRESHOLD, staffDashboard, type CallResponse, type Currency } from '../../contract/index.ts';
import { eventBookings, eventVariances, orders, refundRequests, variances } from '../../server/db/schema.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { hongKongPeriods } from '../../server/services/staff/dashboard.ts';
import { auth, CARDS, deliverWebhooks, fillBag, refused, saveCard, setStock, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Ten days after the seed's now: 2026-11-11 13:00 in Hong Kong. */
const now = SEED_NOW.getTime() + 10 * DAY + HOUR;
const TODAY = '2026-11-11';
const TEA = 'tea-tieguanyin-50g';
const EVENT = SEED_EVENT_IDS.gongfuOolong;

let t: TestApp;
let staff: Shopper;
let member: Shopper;

type Dashboard = CallResponse<typeof staffDashboard>;
const dashboard = () => t.call(staffDashboard, {}, auth(staff));

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) }, idTokenSeconds: 24 * 3600 });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
  member = await shopper(t);
});
afterAll(() => t?.close());

const totalOf = async (orderId: string) => (await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId)))[0]!.total;

let written = 0;
/** An order of any kind written as its kind's placing leaves it (the dashboard reads orders alone). */
async function orderRow(o: { kind: string; currency: Currency; total: number; status?: 'Paid' | 'WaitForPayment' | 'PaymentFailed'; paidAt?: number; createdAt?: number }) {
  written += 1;
  const id = `ord-dashboard-${written}`;
  const status = o.status ?? 'Paid';
  await t.db.insert(orders).values({
    id,
    reference: `SGDASH${written}`,
    userId: member.userId,
    kind: o.kind,
    language: 'en',
    currency: o.currency,
    paymentMethod: 'CreditCard',
    paymentStatus: status,
    orderDetail: {},
    total: o.total,
    createdAt: new Date(o.createdAt ?? o.paidAt ?? now),
    ...(status === 'Paid' ? { paidAt: new Date(o.paidAt ?? now) } : {}),
  });
  return id;
}

const figures = (period: Dashboard['Today'], currency: Currency) => period.PerCurrency.find((c) => c.Currency === currency)!;
const kindFigures = (period: Dashboard['Today'], kind: string, currency: Currency) => period.PerKind.find((c) => c.Kind === kind && c.Currency === currency)!;
const point = (d: Dashboard, currency: Currency, date: string) => d.DailyRevenue.find((s) => s.Currency === currency)!.Points.find((p) => p.Date === date)!;

describe('Hong Kong days', () => {
  it('bound today, the month and the chart at midnight in Hong Kong, across a month and a year', () => {
    const dec1 = hongKongPeriods(new Date('2026-11-30T16:30:00Z')); // 00:30 on 1 December in Hong Kong
    expect(dec1.today).toEqual({ from: new Date('2026-11-30T16:00:00Z'), until: new Date('2026-12-01T16:00:00Z') });
    expect(dec1.month).toEqual({ from: new Date('2026-11-30T16:00:00Z'), until: new Date('2026-12-31T16:00:00Z') });
    expect(dec1.seriesFrom).toEqual(new Date('2026-11-01T16:00:00Z'));
    const nov30 = hongKongPeriods(new Date('2026-11-30T15:59:00Z')); // 23:59 on 30 November
    expect(nov30.month).toEqual({ from: new Date('2026-10-31T16:00:00Z'), until: new Date('2026-11-30T16:00:00Z') });
    expect(hongKongPeriods(new Date('2026-12-31T20:00:00Z')).month).toEqual({ from: new Date('2026-12-31T16:00:00Z'), until: new Date('2027-01-31T16:00:00Z') });
  });
});

describe('staff-dashboard', () => {
  it("counts paid orders and revenue per currency and kind, today's and this month's, and day by day", async () => {
    const before = await dashboard();
    expect(before.At).toBe(new Date(now).toISOString());
    expect(before.Today.From).toBe('2026-11-10T16:00:00.000Z');
    expect(before.ThisMonth.From).toBe('2026-10-31T16:00:00.000Z');
    expect(before.ThisMonth.Until).toBe('2026-11-30T16:00:00.000Z');

    // A member pays tea in HKD by FPS: nothing counts while the transfer is awaited, then it is today's.
    await fillBag(t, member, { [TEA]: 2 });
    const fps = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(member));
    expect(figures((await dashboard()).Today, 'HKD')).toEqual(figures(before.Today, 'HKD'));
    expect((await t.raw(`/api/payments/sandbox/fps/${fps.PaymentID!}/pay`, { method: 'POST' })).status).toBe(200);
    await deliverWebhooks(t);
    const hkdTea = await totalOf(fps.OrderID);
    // And tea in USD by card.
    await fillBag(t, member, { [TEA]: 1 });
    const CardID = await saveCard(t, member, CARDS.visa);
    const card = await t.call(checkout, { Language: 'en', Currency: 'USD', PaymentMethod: 'CreditCard', CardID }, auth(member));
    expect(card.PaymentStatus).toBe('succeeded');
    const usdTea = await totalOf(card.OrderID);

    // Other kinds: a subscription box today (USD), a walk-in's place a minute after midnight in Hong Kong (today's,
    // though still yesterday in UTC), an event two days ago (HKD), a gathering a minute before midnight in Hong
    // Kong (yesterday's), last month's order, and one still unpaid (none counts today).
    const todayStart = Date.parse('2026-11-10T16:00:00Z');
    await orderRow({ kind: 'subscription', currency: 'USD', total: 5_900 });
    await orderRow({ kind: 'gathering-place', currency: 'USD', total: 4_321, paidAt: todayStart + MINUTE });
    await orderRow({ kind: 'event', currency: 'HKD', total: 38_000, paidAt: now - 2 * DAY });
    await orderRow({ kind: 'gathering', currency: 'USD', total: 1_234, paidAt: todayStart - MINUTE });
    await orderRow({ kind: 'product', currency: 'HKD', total: 77_700, paidAt: Date.parse('2026-10-31T15:59:00Z') });
    await orderRow({ kind: 'product', currency: 'HKD', total: 50_000, status: 'WaitForPayment' });

    const after = await dashboard();
    const delta = (a: { Orders: number; Revenue: number }, b: { Orders: number; Revenue: number }) => ({ Orders: a.Orders - b.Orders, Revenue: a.Revenue - b.Revenue });
    expect(delta(figures(after.Today, 'HKD'), figures(before.Today, 'HKD'))).toEqual({ Orders: 1, Revenue: hkdTea });
    expect(delta(figures(after.Today, 'USD'), figures(before.Today, 'USD'))).toEqual({ Orders: 3, Revenue: usdTea + 5_900 + 4_321 });
    expect(delta(figures(after.ThisMonth, 'HKD'), figures(before.ThisMonth, 'HKD'))).toEqual({ Orders: 2, Revenue: hkdTea + 38_000 });
    expect(delta(figures(after.ThisMonth, 'USD'), figures(before.ThisMonth, 'USD'))).toEqual({ Orders: 4, Revenue: usdTea + 5_900 + 4_321 + 1_234 });
    const kindDelta = (period: 'Today' | 'ThisMonth', kind: string, currency: Currency) =>
      delta(kindFigures(after[period], kind, currency), kindFigures(before[period], kind, currency));
    expect(kindDelta('Today', 'product', 'HKD')).toEqual({ Orders: 1, Revenue: hkdTea });
    expect(kindDelta('Today', 'product', 'USD')).toEqual({ Orders: 1, Revenue: usdTea });
    expect(kindDelta('Today', 'subscription', 'USD')).toEqual({ Orders: 1, Revenue: 5_900 });
    expect(kindDelta('Today', 'gathering-place', 'USD')).toEqual({ Orders: 1, Revenue: 4_321 });
    expect(kindDelta('Today', 'event', 'HKD')).toEqual({ Orders: 0, Revenue: 0 });
    expect(kindDelta('ThisMonth', 'event', 'HKD')).toEqual({ Orders: 1, Revenue: 38_000 });
    expect(kindDelta('ThisMonth', 'gathering', 'USD')).toEqual({ Orders: 1, Revenue: 1_234 });
    // Every kind and currency is listed, zeros too; the kinds add up to the currency's figures.
    expect(after.Today.PerKind).toHaveLength(5 * 2);
    for (const currency of ['HKD', 'USD'] as const) {
      const sum = after.ThisMonth.PerKind.filter((k) => k.Currency === currency).reduce((s, k) => s + k.Revenue, 0);
      expect(sum).toBe(figures(after.ThisMonth, currency).Revenue);
    }

    // The chart: 30 Hong Kong days per currency, ending today.
    for (const series of after.DailyRevenue) {
      expect(series.Points).toHaveLength(30);
      expect(series.Points.at(-1)!.Date).toBe(TODAY);
      expect(series.Points[0]!.Date).toBe('2026-10-13');
    }
    const pointDelta = (currency: Currency, date: string) => delta(point(after, currency, date), point(before, currency, date));
    expect(pointDelta('HKD', TODAY)).toEqual({ Orders: 1, Revenue: hkdTea });
    expect(pointDelta('USD', TODAY)).toEqual({ Orders: 3, Revenue: usdTea + 5_900 + 4_321 });
    expect(pointDelta('HKD', '2026-11-09')).toEqual({ Orders: 1, Revenue: 38_000 });
    expect(pointDelta('USD', '2026-11-10')).toEqual({ Orders: 1, Revenue: 1_234 });
    expect(pointDelta('HKD', '2026-10-31')).toEqual({ Orders: 1, Revenue: 77_700 });
    expect(point(after, 'HKD', TODAY).Revenue).toBe(figures(after.Today, 'HKD').Revenue);
  });

  it('lists variances on sale at the low-stock threshold or below, with their product names', async () => {
    const [tea] = await t.db.select().from(variances).where(eq(variances.id, TEA));
    const [other, stopped] = await t.db.select().from(variances).where(ne(variances.productId, tea!.productId)).orderBy(variances.id).limit(2);
    await setStock(t, TEA, 1);
    await setStock(t, other!.id, LOW_STOCK_THRESHOLD + 1);
    // Stopped: off sale, its stock no matter.
    await setStock(t, stopped!.id, 0);
    await t.db.update(variances).set({ stopSell: true }).where(eq(variances.id, stopped!.id));
    const { LowStock } = await dashboard();
    expect(LowStock.Threshold).toBe(LOW_STOCK_THRESHOLD);
    const found = LowStock.Variances.find((v) => v.VarianceID === TEA);
    expect(found).toMatchObject({ ProductID: tea!.productId, Stock: 1, VarianceName: { en: tea!.nameEn, zh: tea!.nameZh } });
    expect(found!.ProductName.en).toMatch(/Tieguanyin/i);
    expect(LowStock.Variances.some((v) => v.VarianceID === other!.id)).toBe(false);
    expect(LowStock.Variances.some((v) => v.VarianceID === stopped!.id)).toBe(false);
    expect(LowStock.Variances.every((v) => v.Stock <= LOW_STOCK_THRESHOLD)).toBe(true);
    expect(LowStock.Count).toBeGreaterThanOrEqual(LowStock.Variances.length);
    expect(LowStock.Variances.map((v) => v.Stock)).toEqual([...LowStock.Variances.map((v) => v.Stock)].sort((a, b) => a - b));
  });

  it('lists scheduled sessions of the next 14 days with capacity, seats sold and held, and fill', async () => {
    const before = await dashboard();
    const session = (id: string, startsIn: number, status: 'scheduled' | 'cancelled' = 'scheduled', seatsLeft = 10) => ({
      id,
      eventId: EVENT,
      startsAt: new Date(now + startsIn),
      endsAt: new Date(now + startsIn + 2 * HOUR),
      capacity: 10,
      seatsLeft,
      priceHkd: 38_000,
      priceUsd: 4_900,
      saleOpensAt: new Date(now - 10 * DAY),
      saleClosesAt: new Date(now + startsIn),
      status,
    });
    await t.db
      .insert(eventVariances)
      .values([
        session('evs-dash-soon', 3 * DAY, 'scheduled', 7),
        session('evs-dash-later', 20 * DAY),
        session('evs-dash-cancelled', 5 * DAY, 'cancelled'),
        session('evs-dash-started', -HOUR),
      ]);
    // Two seats paid (long ago: no figure of today moves), one held by an order waiting for payment.
    const booking = async (status: 'Paid' | 'WaitForPayment', seats: number) => {
      const id = await orderRow({ kind: 'event', currency: 'HKD', total: 38_000 * seats, status, paidAt: now - 60 * DAY, createdAt: now - 60 * DAY });
      await t.db.insert(eventBookings).values({ orderId: id, userId: member.userId, varianceId: 'evs-dash-soon', eventId: EVENT, seats, pricePerPerson: 38_000, includesOwnSeat: true });
    };
    await booking('Paid', 2);
    await booking('WaitForPayment', 1);

    const { UpcomingSessions } = await dashboard();
    expect(UpcomingSessions.Days).toBe(14);
    expect(UpcomingSessions.Count).toBe(before.UpcomingSessions.Count + 1);
    const ids = UpcomingSessions.Sessions.map((s) => s.SessionID);
    expect(ids).toContain('evs-dash-soon');
    for (const absent of ['evs-dash-later', 'evs-dash-cancelled', 'evs-dash-started']) expect(ids).not.toContain(absent);
    expect(UpcomingSessions.Sessions.find((s) => s.SessionID === 'evs-dash-soon')).toMatchObject({
      EventID: EVENT,
      StartsAt: new Date(now + 3 * DAY).toISOString(),
      Capacity: 10,
      SeatsSold: 2,
      SeatsHeld: 1,
      Fill: 0.2,
    });
    const starts = UpcomingSessions.Sessions.map((s) => s.StartsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('counts failed payments of the last 7 days with the latest first, and refunds not yet paid out per currency', async () => {
    const before = await dashboard();
    // A declined card: the order waits with its payment failed.
    const m = await shopper(t);
    await fillBag(t, m, { [TEA]: 1 });
    const declined = await saveCard(t, m, CARDS.declined);
    expect(await refused(t, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID: declined }, m)).toMatchObject({
      status: 400,
      json: { ErrorCode: 'PaymentFail' },
    });
    await orderRow({ kind: 'product', currency: 'HKD', total: 1_000, status: 'PaymentFailed', createdAt: now - 8 * DAY });
    const refunds = [
      { status: 'open', currency: 'HKD', amount: 10_000 },
      { status: 'paying', currency: 'USD', amount: 2_500 },
      { status: 'paid', currency: 'HKD', amount: 99_900 },
    ];
    for (const [i, r] of refunds.entries()) {
      await t.db.insert(refundRequests).values({ orderId: `ord-dashboard-refund-${i}`, paymentId: `pay-dashboard-refund-${i}`, amount: r.amount, currency: r.currency, reason: 'late payment', createdAt: new Date(now), status: r.status });
    }

    const after = await dashboard();
    expect(after.FailedPayments.Days).toBe(7);
    expect(after.FailedPayments.Count).toBe(before.FailedPayments.Count + 1);
    expect(after.FailedPayments.Latest[0]).toMatchObject({ Kind: 'product', Currency: 'HKD', PaymentMethod: 'CreditCard', MemberEmail: m.email, CreatedAt: new Date(now).toISOString() });
    expect(after.OpenRefunds.Count).toBe(before.OpenRefunds.Count + 2);
    const refundsIn = (d: Dashboard, currency: Currency) => d.OpenRefunds.PerCurrency.find((c) => c.Currency === currency)!;
    expect(refundsIn(after, 'HKD')).toEqual({ Currency: 'HKD', Count: refundsIn(before, 'HKD').Count + 1, Amount: refundsIn(before, 'HKD').Amount + 10_000 });
    expect(refundsIn(after, 'USD')).toEqual({ Currency: 'USD', Count: refundsIn(before, 'USD').Count + 1, Amount: refundsIn(before, 'USD').Amount + 2_500 });
  });

  it('is for staff: a host or a member is refused', async () => {
    const host = await shopper(t, { address: false });
    await grantRole(t, host.userId, 'host');
    expect(await refused(t, 'staff-dashboard', {}, host)).toMatchObject({ status: 403 });
    expect(await refused(t, 'staff-dashboard', {}, member)).toMatchObject({ status: 403 });
  });
});
