/**
 * The back office's dashboard (issue 32, contract/staff-dashboard.ts): each figure is one aggregate query
 * (counts and sums in the database, grouped by currency and kind), never a loop over order rows; the queries
 * run one after another (PGlite serves one query at a time anyway).
 *
 * Days are Hong Kong's (Asia/Hong_Kong): the period boundaries are Hong Kong midnights, and the chart's days
 * are grouped by the paid time read in Hong Kong. Hong Kong keeps no daylight saving, so a day is 24 hours.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { CURRENCIES, type CallResponse, type Currency } from '../../../contract/define.ts';
import {
  DASHBOARD_LIST_MAX,
  FAILED_PAYMENT_DAYS,
  LATEST_FAILED_PAYMENTS,
  REVENUE_SERIES_DAYS,
  UPCOMING_SESSION_DAYS,
  type PeriodFigures,
  type staffDashboard,
} from '../../../contract/staff-dashboard.ts';
import { LOW_STOCK_THRESHOLD } from '../../../contract/catalogue.ts';
import { StaffOrderKind } from '../../../contract/staff-orders.ts';
import type { Db } from '../../db/client.ts';
import { eventBookings, eventVariances, events, orders, products, refundRequests, users, variances } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { hongKongDate } from '../events/sessions.ts';

export type Dashboard = CallResponse<typeof staffDashboard>;
export type DashboardDeps = Pick<Deps, 'db' | 'clock'>;

const DAY_MS = 24 * 3_600_000;
const KINDS = StaffOrderKind.options;
/** Refund requests not yet paid out: waiting, or claimed by a press that is paying it. */
const UNPAID_REFUND_STATUSES = ['open', 'paying'];

/** Midnight in Hong Kong starting the Hong Kong day of `at` (a fixed +08:00: Hong Kong keeps no daylight saving). */
const hongKongMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);

/** The instants bounding today, this month and the revenue chart, in Hong Kong. */
export function hongKongPeriods(now: Date) {
  const today = hongKongDate(now);
  const todayStart = hongKongMidnight(today);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return {
    today: { from: todayStart, until: new Date(todayStart.getTime() + DAY_MS) },
    month: { from: hongKongMidnight(`${today.slice(0, 7)}-01`), until: hongKongMidnight(nextMonth) },
    seriesFrom: new Date(todayStart.getTime() - (REVENUE_SERIES_DAYS - 1) * DAY_MS),
  };
}

/** Aggregates come back as numbers, strings or bigints depending on the driver. */
const count = (x: unknown) => Number(x ?? 0);

const paid = (from: Date, until: Date) => and(eq(orders.paymentStatus, 'Paid'), gte(orders.paidAt, from), lt(orders.paidAt, until));

/**
 * Today's and this month's paid orders in one pass over the month's (FILTER picks today's). Reads the orders
 * Paid in the month by paid_at: orders keeps no index on it yet (a partial index on paid_at where Paid would
 * need a migration), so this scans orders; see the report of issue 32.
 */
async function periodFigures(db: Db, periods: ReturnType<typeof hongKongPeriods>): Promise<{ today: PeriodFigures; month: PeriodFigures }> {
  const inToday = sql`${orders.paidAt} >= ${periods.today.from} and ${orders.paidAt} < ${periods.today.until}`;
  const rows = await db
    .select({
      kind: orders.kind,
      currency: orders.currency,
      monthOrders: sql<number>`count(*)::int`,
      monthRevenue: sql<number>`coalesce(sum(${orders.total}), 0)::bigint`,
      todayOrders: sql<number>`(count(*) filter (where ${inToday}))::int`,
      todayRevenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${inToday}), 0)::bigint`,
    })
    .from(orders)
    .where(paid(periods.month.from, periods.month.until))
    .groupBy(orders.kind, orders.currency);
  const figures = (pick: 'today' | 'month', period: { from: Date; until: Date }): PeriodFigures => {
    const of = (r: (typeof rows)[number]) => ({ orders: count(pick === 'today' ? r.todayOrders : r.monthOrders), revenue: count(pick === 'today' ? r.todayRevenue : r.monthRevenue) });
    const sum = (match: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(match).reduce((total, r) => ({ Orders: total.Orders + of(r).orders, Revenue: total.Revenue + of(r).revenue }), { Orders: 0, Revenue: 0 });
    return {
      From: period.from.toISOString(),
      Until: period.until.toISOString(),
      PerCurrency: CURRENCIES.map((Currency) => ({ Currency, ...sum((r) => r.currency === Currency) })),
      PerKind: KINDS.flatMap((Kind) => CURRENCIES.map((Currency) => ({ Kind, Currency, ...sum((r) => r.kind === Kind && r.currency === Currency) }))),
    };
  };
  return { today: figures('today', periods.today), month: figures('month', periods.month) };
}

/** Variances on sale (neither it nor its product stopped) with LOW_STOCK_THRESHOLD units or fewer, fewest first. */
async function lowStock(db: Db): Promise<Dashboard['LowStock']> {
  const where = and(lte(variances.stock, LOW_STOCK_THRESHOLD), eq(variances.stopSell, false), eq(products.stopSell, false));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(variances).innerJoin(products, eq(products.id, variances.productId)).where(where);
  const rows = await db
    .select({ variance: variances, productNameEn: products.nameEn, productNameZh: products.nameZh })
    .from(variances)
    .innerJoin(products, eq(products.id, variances.productId))
    .where(where)
    .orderBy(asc(variances.stock), asc(variances.id))
    .limit(DASHBOARD_LIST_MAX);
  return {
    Threshold: LOW_STOCK_THRESHOLD,
    Count: count(total?.n),
    Variances: rows.map((r) => ({
      VarianceID: r.variance.id,
      ProductID: r.variance.productId,
      ProductName: { en: r.productNameEn, zh: r.productNameZh },
      VarianceName: { en: r.variance.nameEn, zh: r.variance.nameZh },
      Stock: r.variance.stock,
    })),
  };
}

/** Scheduled sessions starting in the next UPCOMING_SESSION_DAYS days, soonest first, with seats sold (paid) and held (unpaid). */
async function upcomingSessions(db: Db, now: Date): Promise<Dashboard['UpcomingSessions']> {
  const until = new Date(now.getTime() + UPCOMING_SESSION_DAYS * DAY_MS);
  const where = and(eq(eventVariances.status, 'scheduled'), gt(eventVariances.startsAt, now), lte(eventVariances.startsAt, until));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(eventVariances).where(where);
  const sessions = await db
    .select({ session: eventVariances, titleEn: events.titleEn, titleZh: events.titleZh })
    .from(eventVariances)
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .where(where)
    .orderBy(asc(eventVariances.startsAt), asc(eventVariances.id))
    .limit(DASHBOARD_LIST_MAX);
  const ids = sessions.map((s) => s.session.id);
  // Paid seats per session, summed in the database (seats_left counts paid and unpaid holds alike).
  const sold = ids.length
    ? await db
        .select({ varianceId: eventBookings.varianceId, seats: sql<number>`coalesce(sum(${eventBookings.seats}), 0)::int` })
        .from(eventBookings)
        .innerJoin(orders, eq(orders.id, eventBookings.orderId))
        .where(and(inArray(eventBookings.varianceId, ids), eq(orders.paymentStatus, 'Paid')))
        .groupBy(eventBookings.varianceId)
    : [];
  const soldOf = new Map(sold.map((s) => [s.varianceId, count(s.seats)]));
  return {
    Days: UPCOMING_SESSION_DAYS,
    Count: count(total?.n),
    Sessions: sessions.map(({ session, titleEn, titleZh }) => {
      const seatsSold = soldOf.get(session.id) ?? 0;
      return {
        SessionID: session.id,
        EventID: session.eventId,
        EventTitle: { en: titleEn, zh: titleZh },
        StartsAt: session.startsAt.toISOString(),
        Capacity: session.capacity,
        SeatsSold: seatsSold,
        SeatsHeld: Math.max(0, session.capacity - session.seatsLeft - seatsSold),
        Fill: session.capacity > 0 ? Math.round((seatsSold / session.capacity) * 100) / 100 : 0,
      };
    }),
  };
}

/**
 * Orders whose payment failed and that are still unpaid (PaymentFailed), placed in the last FAILED_PAYMENT_DAYS
 * days: the order keeps no time of the failure itself, so they are counted by when they were placed (which
 * orders_created_idx finds).
 */
async function failedPayments(db: Db, now: Date): Promise<Dashboard['FailedPayments']> {
  const where = and(eq(orders.paymentStatus, 'PaymentFailed'), gte(orders.createdAt, new Date(now.getTime() - FAILED_PAYMENT_DAYS * DAY_MS)));
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const latest = await db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LATEST_FAILED_PAYMENTS);
  return {
    Days: FAILED_PAYMENT_DAYS,
    Count: count(total?.n),
    Latest: latest.map(({ order, email }) => ({
      OrderID: order.id,
      Reference: order.reference,
      Kind: order.kind as Dashboard['FailedPayments']['Latest'][number]['Kind'],
      Currency: order.currency as Currency,
      Total: order.total,
      PaymentMethod: order.paymentMethod,
      CreatedAt: order.createdAt.toISOString(),
      MemberEmail: email,
    })),
  };
}

/** Refund requests not yet paid out, counted and summed per currency. */
async function openRefunds(db: Db): Promise<Dashboard['OpenRefunds']> {
  const rows = await db
    .select({ currency: refundRequests.currency, n: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${refundRequests.amount}), 0)::bigint` })
    .from(refundRequests)
    .where(inArray(refundRequests.status, UNPAID_REFUND_STATUSES))
    .groupBy(refundRequests.currency);
  const of = (currency: string) => rows.find((r) => r.currency === currency);
  return {
    Count: rows.reduce((total, r) => total + count(r.n), 0),
    PerCurrency: CURRENCIES.map((Currency) => ({ Currency, Count: count(of(Currency)?.n), Amount: count(of(Currency)?.amount) })),
  };
}

/** Paid revenue per Hong Kong day and currency over the chart's days, every day listed (zeros too). */
async function dailyRevenue(db: Db, periods: ReturnType<typeof hongKongPeriods>): Promise<Dashboard['DailyRevenue']> {
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, currency: orders.currency, n: sql<number>`count(*)::int`, revenue: sql<number>`coalesce(sum(${orders.total}), 0)::bigint` })
    .from(orders)
    .where(paid(periods.seriesFrom, periods.today.until))
    .groupBy(day, orders.currency);
  const found = new Map(rows.map((r) => [`${r.currency}:${r.day}`, r]));
  const days = Array.from({ length: REVENUE_SERIES_DAYS }, (_, i) => hongKongDate(new Date(periods.seriesFrom.getTime() + i * DAY_MS + DAY_MS / 2)));
  return CURRENCIES.map((Currency) => ({
    Currency,
    Points: days.map((Date) => {
      const r = found.get(`${Currency}:${Date}`);
      return { Date, Orders: count(r?.n), Revenue: count(r?.revenue) };
    }),
  }));
}

/** staff-dashboard: every figure, read at the clock's now. */
export async function readDashboard(deps: DashboardDeps): Promise<Dashboard> {
  const now = deps.clock.now();
  const periods = hongKongPeriods(now);
  const { today, month } = await periodFigures(deps.db, periods);
  return {
    At: now.toISOString(),
    Today: today,
    ThisMonth: month,
    LowStock: await lowStock(deps.db),
    UpcomingSessions: await upcomingSessions(deps.db, now),
    FailedPayments: await failedPayments(deps.db, now),
    OpenRefunds: await openRefunds(deps.db),
    DailyRevenue: await dailyRevenue(deps.db, periods),
  };
}
