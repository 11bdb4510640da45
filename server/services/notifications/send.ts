/**
 * Sending Web Push notifications (issue 20) through deps.push: to a member's devices, to everyone on the
 * global topic, and once per key (push_notices). Delivery is best effort: a device the push service no
 * longer knows (404/410) is forgotten, any other failure is logged and the rest still get theirs.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { pushSubscriptionProblem } from '../../../contract/notifications.ts';
import { pushNotices, pushSubscriptions, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { PushPayload } from '../push.ts';

export type PushDeps = Pick<Deps, 'db' | 'push' | 'log'>;

/** The languages notifications are written in (users.language). */
export type PushLanguage = 'en' | 'zh-Hant';
export const pushLanguageOf = (language: string | null | undefined): PushLanguage => (language === 'zh-Hant' ? 'zh-Hant' : 'en');

export interface PushDelivery {
  /** Devices the push service accepted the message for. */
  sent: number;
  /** Devices forgotten because their subscription is gone. */
  gone: number;
  /** Devices that could not be reached this time. */
  failed: number;
  /**
   * Devices not sent to: the subscription is not a known push service's or its keys are not a browser's
   * (stored before registration checked them; forgotten), or its host resolves to an address that is not public.
   */
  refused: number;
}

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Devices are sent to this many at a time. */
const CONCURRENCY = 8;
const PAGE = 500;

async function deliver(deps: PushDeps, rows: readonly SubscriptionRow[], payload: PushPayload, total: PushDelivery): Promise<void> {
  const gone: string[] = [];
  const unfit: string[] = [];
  // The registration check again, whatever deps.push does: rows from before it may be anything.
  const fit = rows.filter((row) => {
    const problem = pushSubscriptionProblem(row.subscription);
    if (problem) unfit.push(row.endpoint);
    return !problem;
  });
  let next = 0;
  const worker = async () => {
    while (next < fit.length) {
      const row = fit[next++]!;
      try {
        const result = await deps.push.sendPush(row.subscription, payload);
        if (result.refused) {
          total.refused += 1;
          if (result.gone) unfit.push(row.endpoint);
          deps.log.warn({ reason: result.refused, host: hostOf(row.endpoint) }, 'push refused');
        } else if (result.gone) gone.push(row.endpoint);
        else if (result.status >= 200 && result.status < 300) total.sent += 1;
        else {
          total.failed += 1;
          deps.log.warn({ status: result.status, endpoint: hostOf(row.endpoint) }, 'push not accepted');
        }
      } catch (err) {
        total.failed += 1;
        deps.log.warn({ err, endpoint: hostOf(row.endpoint) }, 'push not delivered');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, fit.length) }, worker));
  total.refused += rows.length - fit.length;
  if (unfit.length > 0) {
    deps.log.warn({ count: unfit.length }, 'push subscriptions that are not a push service\'s forgotten');
    await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, unfit));
  }
  if (gone.length > 0) {
    await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone));
    total.gone += gone.length;
  }
}

/** For the log: where the endpoint points, without its path (the subscription's secret part). */
const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).origin : '(not a URL)');

const emptyDelivery = (): PushDelivery => ({ sent: 0, gone: 0, failed: 0, refused: 0 });

/** To every device the member registered (register-firebase-token), in the member's language. */
export async function pushToMember(
  deps: PushDeps,
  userId: string,
  payload: PushPayload | ((language: PushLanguage) => PushPayload),
): Promise<PushDelivery> {
  const total = emptyDelivery();
  const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0) return total;
  let message: PushPayload;
  if (typeof payload === 'function') {
    const [member] = await deps.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    message = payload(pushLanguageOf(member?.language));
  } else message = payload;
  await deliver(deps, devices, message, total);
  return total;
}

/** A page of devices, each in its member's language (one look-up of the page's members), English for the rest. */
async function deliverInLanguages(deps: PushDeps, rows: readonly SubscriptionRow[], payload: (language: PushLanguage) => PushPayload, total: PushDelivery) {
  const memberIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const members = memberIds.length ? await deps.db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, memberIds)) : [];
  const languageOf = new Map(members.map((m) => [m.id, pushLanguageOf(m.language)]));
  for (const language of ['en', 'zh-Hant'] as const) {
    const these = rows.filter((row) => (row.userId ? (languageOf.get(row.userId) ?? 'en') : 'en') === language);
    if (these.length > 0) await deliver(deps, these, payload(language), total);
  }
}

/**
 * To every device on the global topic (register-to-global-topic), page by page. Given a function, each device
 * linked to a member gets the message in the member's language, any other in English (the shop's default).
 */
export async function pushToGlobalTopic(deps: PushDeps, payload: PushPayload | ((language: PushLanguage) => PushPayload)): Promise<PushDelivery> {
  const total = emptyDelivery();
  let after = '';
  for (;;) {
    const page = await deps.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.globalTopic, true), gt(pushSubscriptions.endpoint, after)))
      .orderBy(asc(pushSubscriptions.endpoint))
      .limit(PAGE);
    if (page.length === 0) return total;
    if (typeof payload === 'function') await deliverInLanguages(deps, page, payload, total);
    else await deliver(deps, page, payload, total);
    if (page.length < PAGE) return total;
    after = page.at(-1)!.endpoint;
  }
}

/**
 * To the member's devices, once for `key`: the key is claimed first, so a second run (or a second runner
 * at the same moment) sends nothing. Answers whether this call claimed it.
 */
export async function pushOnce(
  deps: PushDeps,
  key: string,
  userId: string,
  now: Date,
  payload: PushPayload | ((language: PushLanguage) => PushPayload),
): Promise<boolean> {
  const claimed = await deps.db.insert(pushNotices).values({ key, userId, sentAt: now }).onConflictDoNothing().returning({ key: pushNotices.key });
  if (claimed.length === 0) return false;
  await pushToMember(deps, userId, payload);
  return true;
}
