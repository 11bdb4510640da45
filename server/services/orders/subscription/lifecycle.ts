/**
 * A subscription's life (issue 18), in the caller's transaction: Pending until its first order is paid, then
 * Active with a current period whose end is the next billing date, where the renewal job
 * ('subscription.renew', keyed by the subscription's id: renewals.ts) bills the next cycle; cancelled_at
 * stops renewals and the same job ends it at the period's end; Ended with a reason. The member is Subscribed
 * (users.subscribed, user-get-info's checking.Subscribed) while any of theirs is Active.
 */
import { and, eq, ne } from 'drizzle-orm';
import { RENEWAL_LINK_DAYS_BEFORE } from '../../../../contract/subscriptions.ts';
import type { Db } from '../../../db/client.ts';
import { subscriptions, users } from '../../../db/schema.ts';
import { scheduleJob, unscheduleJob } from '../../jobs/queue.ts';
import type { AfterCommit } from '../kind.ts';
import { mailSubscriptionEnded } from './mail.ts';

export const SUBSCRIPTION_RENEW_JOB = 'subscription.renew';
export const DAY_MS = 86_400_000;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type EndReason = NonNullable<SubscriptionRow['endReason']>;

export async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** Renewals by card are due at the billing date; Alipay and FPS links go out RENEWAL_LINK_DAYS_BEFORE it; a cancelled one ends at it. */
export function renewalJobAt(sub: Pick<SubscriptionRow, 'paymentMethod' | 'cancelledAt' | 'currentPeriodEnd'>): Date {
  const billing = sub.currentPeriodEnd!;
  if (sub.paymentMethod === 'CreditCard' || sub.cancelledAt) return billing;
  return new Date(billing.getTime() - RENEWAL_LINK_DAYS_BEFORE * DAY_MS);
}

/** (Re)schedules the subscription's renewal job, at `at` or when its next step is due. */
export async function scheduleRenewal(tx: Db, sub: SubscriptionRow, now: Date, at: Date = renewalJobAt(sub)): Promise<void> {
  await scheduleJob(tx, { kind: SUBSCRIPTION_RENEW_JOB, key: sub.id, dueAt: at }, now);
}

/** users.subscribed follows whether the member has an Active subscription. */
export async function refreshSubscribed(tx: Db, userId: string, exceptEnding?: string): Promise<void> {
  const [active] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'Active'), exceptEnding ? ne(subscriptions.id, exceptEnding) : undefined))
    .limit(1);
  await tx.update(users).set({ subscribed: active !== undefined }).where(eq(users.id, userId));
}

/** Ends a (locked) subscription now, with its reason; the member is mailed why (not for one that never started). */
export async function endSubscription(tx: Db, sub: SubscriptionRow, reason: EndReason, now: Date, afterCommit: AfterCommit): Promise<SubscriptionRow> {
  if (sub.status === 'Ended') return sub;
  const [ended] = await tx.update(subscriptions).set({ status: 'Ended', endReason: reason, endedAt: now }).where(eq(subscriptions.id, sub.id)).returning();
  await unscheduleJob(tx, SUBSCRIPTION_RENEW_JOB, sub.id);
  if (sub.status === 'Active') await refreshSubscribed(tx, sub.userId);
  if (reason !== 'NotStarted') afterCommit.push((deps) => mailSubscriptionEnded(deps, ended!));
  return ended!;
}
