/**
 * What the shop tells members' devices (issue 20), in their language, each opening the page it speaks of:
 * - an order shipped (fulfilment.ts shipOrders), once per order;
 * - a tasting soon: the hourly reminders sweep pushes to every ticket holder of a session starting within
 *   the next 24 hours, once per member and session;
 * - a subscription renewing soon (any payment method): the same sweep, RENEWAL_LINK_DAYS_BEFORE days ahead,
 *   once per subscription and cycle;
 * - shop announcements to everyone on the global topic (scripts/announce.ts, until the back office exists).
 */
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { RENEWAL_LINK_DAYS_BEFORE } from '../../../contract/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import { eventTickets, eventVariances, events, orders, subscriptions } from '../../db/schema.ts';
import { hongKongDate, timeSlotOf } from '../events/sessions.ts';
import { scheduleJob, type JobHandler } from '../jobs/queue.ts';
import type { PushPayload } from '../push.ts';
import { pushOnce, pushToGlobalTopic, type PushDelivery, type PushDeps, type PushLanguage } from './send.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How far ahead of a session its holders are reminded. */
export const TASTING_REMINDER_MS = DAY_MS;
/** How far ahead of a renewal the member is reminded: when Alipay and FPS renewals' payment links go out. */
export const RENEWAL_REMINDER_MS = RENEWAL_LINK_DAYS_BEFORE * DAY_MS;

export const REMINDERS_JOB = 'notifications.reminders';
const SWEEP_KEY = 'sweep';
/** The sweep runs this often: a reminder goes out within this of its time. */
export const REMINDERS_EVERY_MS = HOUR_MS;

const lang = (language: PushLanguage) => (language === 'zh-Hant' ? 'zh-Hant-HK' : 'en');

// ─── order shipped ───────────────────────────────────────────────────────────────────────────────

type OrderRow = typeof orders.$inferSelect;

export const orderRecordPath = (orderId: string) => `/order_record/${encodeURIComponent(orderId)}`;

export function orderShippedPush(language: PushLanguage, order: Pick<OrderRow, 'id' | 'reference' | 'kind'>): PushPayload {
  // A subscription's box opens the subscription's page (its order records are there).
  const url = order.kind === 'subscription' ? subscriptionRecordPath(order.id) : orderRecordPath(order.id);
  const tag = `order-${order.id}`;
  return language === 'zh-Hant'
    ? { title: '訂單已發貨', body: `你的訂單 ${order.reference} 已經寄出。`, url, lang: lang(language), tag }
    : { title: 'Your order is on its way', body: `Order ${order.reference} has shipped.`, url, lang: lang(language), tag };
}

/** Tells the member's devices that the order has shipped; once per order. A push that fails does not undo the shipping. */
export async function pushOrderShipped(deps: PushDeps, order: Pick<OrderRow, 'id' | 'reference' | 'userId' | 'kind'>, now: Date): Promise<void> {
  try {
    await pushOnce(deps, `shipped:${order.id}`, order.userId, now, (language) => orderShippedPush(language, order));
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'order shipped push not sent');
  }
}

// ─── announcements ───────────────────────────────────────────────────────────────────────────────

export interface Announcement {
  title: string;
  body: string;
  /** A path of the shop the notification opens; the home page by default. */
  url?: string;
  /** The language the words are in. */
  lang?: 'en' | 'zh';
}

/** A path of the shop: starts with one slash, no scheme or host. */
export const isShopPath = (url: string) => /^\/(?![/\\])/.test(url) && URL.canParse(url, 'https://shop.invalid');

/** Sends the announcement to every device on the global topic. */
export async function announce(deps: PushDeps, a: Announcement): Promise<PushDelivery> {
  const url = a.url ?? '/home';
  if (!isShopPath(url)) throw new Error(`url must be a path of the shop such as /new_in (got ${url})`);
  return pushToGlobalTopic(deps, {
    title: a.title,
    body: a.body,
    url,
    ...(a.lang ? { lang: a.lang === 'zh' ? 'zh-Hant-HK' : 'en' } : {}),
  });
}

// ─── reminders ───────────────────────────────────────────────────────────────────────────────────

export interface TastingFacts {
  eventId: string;
  varianceId: string;
  title: { en: string; zh: string };
  venue: { en: string; zh: string };
  startsAt: Date;
  endsAt: Date;
}

export const eventRecordPath = (eventId: string, varianceId: string) => `/event_record/${encodeURIComponent(eventId)}/${encodeURIComponent(varianceId)}`;

export function tastingReminderPush(language: PushLanguage, s: TastingFacts): PushPayload {
  const when = `${hongKongDate(s.startsAt)} ${timeSlotOf(s)}`;
  const url = eventRecordPath(s.eventId, s.varianceId);
  const tag = `tasting-${s.varianceId}`;
  return language === 'zh-Hant'
    ? { title: `品鑑提醒：${s.title.zh}`, body: `${when}，${s.venue.zh}。期待與你見面！`, url, lang: lang(language), tag }
    : { title: `See you soon: ${s.title.en}`, body: `${when} at ${s.venue.en}.`, url, lang: lang(language), tag };
}

export interface RenewalFacts {
  firstOrderId: string;
  billingAt: Date;
  paymentMethod: string;
}

export const subscriptionRecordPath = (orderId: string) => `/subscription_record/${encodeURIComponent(orderId)}`;

export function renewalReminderPush(language: PushLanguage, r: RenewalFacts): PushPayload {
  const date = hongKongDate(r.billingAt);
  const byCard = r.paymentMethod === 'CreditCard';
  const url = subscriptionRecordPath(r.firstOrderId);
  const tag = `renewal-${r.firstOrderId}`;
  return language === 'zh-Hant'
    ? {
        title: '訂閱即將續期',
        body: byCard ? `你的 Sip & Gather 訂閱將於 ${date} 以已儲存的信用卡續期。` : `你的 Sip & Gather 訂閱將於 ${date} 續期，請在此之前付款。`,
        url,
        lang: lang(language),
        tag,
      }
    : {
        title: 'Your subscription renews soon',
        body: byCard
          ? `Your Sip & Gather subscription renews on ${date} with your saved card.`
          : `Your Sip & Gather subscription renews on ${date}: please pay for the next box by then.`,
        url,
        lang: lang(language),
        tag,
      };
}

export interface RemindersRun {
  tastings: number;
  renewals: number;
}

/** Reminds every ticket holder of a session starting within TASTING_REMINDER_MS, once per member and session. */
async function remindTastings(deps: PushDeps, now: Date): Promise<number> {
  const holders = await deps.db
    .selectDistinct({
      userId: eventTickets.activatedBy,
      varianceId: eventVariances.id,
      eventId: events.id,
      startsAt: eventVariances.startsAt,
      endsAt: eventVariances.endsAt,
      titleEn: events.titleEn,
      titleZh: events.titleZh,
      venueEn: events.venueEn,
      venueZh: events.venueZh,
    })
    .from(eventTickets)
    .innerJoin(orders, eq(orders.id, eventTickets.orderId))
    .innerJoin(eventVariances, eq(eventVariances.id, eventTickets.varianceId))
    .innerJoin(events, eq(events.id, eventVariances.eventId))
    .where(
      and(
        isNotNull(eventTickets.activatedBy),
        eq(orders.paymentStatus, 'Paid'),
        // A session staff cancelled is not coming up (issue 32).
        eq(eventVariances.status, 'scheduled'),
        gt(eventVariances.startsAt, now),
        lte(eventVariances.startsAt, new Date(now.getTime() + TASTING_REMINDER_MS)),
      ),
    );
  let sent = 0;
  for (const h of holders) {
    const facts: TastingFacts = {
      eventId: h.eventId,
      varianceId: h.varianceId,
      title: { en: h.titleEn, zh: h.titleZh },
      venue: { en: h.venueEn, zh: h.venueZh },
      startsAt: h.startsAt,
      endsAt: h.endsAt,
    };
    try {
      if (await pushOnce(deps, `tasting:${h.varianceId}:${h.userId}`, h.userId!, now, (language) => tastingReminderPush(language, facts))) sent += 1;
    } catch (err) {
      deps.log.error({ err, varianceId: h.varianceId }, 'tasting reminder not sent');
    }
  }
  return sent;
}

/** Reminds the member of an Active, not cancelled subscription renewing within RENEWAL_REMINDER_MS, once per cycle. */
async function remindRenewals(deps: PushDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'Active'),
        isNull(subscriptions.cancelledAt),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + RENEWAL_REMINDER_MS)),
      ),
    );
  let sent = 0;
  for (const sub of due) {
    const facts: RenewalFacts = { firstOrderId: sub.firstOrderId, billingAt: sub.currentPeriodEnd!, paymentMethod: sub.paymentMethod };
    try {
      // One per cycle: the cycle is named by the billing date it renews at.
      const key = `renewal:${sub.id}:${facts.billingAt.toISOString()}`;
      if (await pushOnce(deps, key, sub.userId, now, (language) => renewalReminderPush(language, facts))) sent += 1;
    } catch (err) {
      deps.log.error({ err, subscriptionId: sub.id }, 'renewal reminder not sent');
    }
  }
  return sent;
}

/** One sweep: the reminders due now that have not gone out. */
export async function sendDueReminders(deps: PushDeps, now: Date): Promise<RemindersRun> {
  return { tastings: await remindTastings(deps, now), renewals: await remindRenewals(deps, now) };
}

/** Makes sure the sweep is scheduled (at start-up): due now unless it already is. */
export async function scheduleReminders(db: Db, now: Date): Promise<void> {
  await scheduleJob(db, { kind: REMINDERS_JOB, key: SWEEP_KEY, dueAt: now }, now);
}

/** The sweep's handler: sends what is due, then schedules itself REMINDERS_EVERY_MS later. */
export const remindersJob: JobHandler = async (deps, _job, now) => {
  const run = await sendDueReminders(deps, now);
  await scheduleJob(deps.db, { kind: REMINDERS_JOB, key: SWEEP_KEY, dueAt: new Date(now.getTime() + REMINDERS_EVERY_MS) }, now);
  return run.tastings + run.renewals;
};

export const notificationJobHandlers = { [REMINDERS_JOB]: remindersJob };
