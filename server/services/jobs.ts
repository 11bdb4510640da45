/**
 * The shop's jobs (DESIGN §7): what each kind of due job runs, and the runner main.ts starts on an
 * interval (tests call runDueJobs with a moved clock instead). The queue itself (a jobs table claimed
 * with FOR UPDATE SKIP LOCKED, retries with backoff) is jobs/queue.ts; an area with due work schedules
 * rows there and adds its handlers here.
 */
import type { Deps } from '../deps.ts';
import { GATHERING_AUTO_CLOSE_JOB, gatheringJobHandlers, scheduleGatheringAutoClose } from './gatherings/auto-close.ts';
import { runJobs, type JobHandlers } from './jobs/queue.ts';
import { NEWSLETTER_BATCH_JOB, newsletterJobHandlers } from './newsletter/issues.ts';
import { notificationJobHandlers, REMINDERS_JOB, scheduleReminders } from './notifications/notices.ts';
import { ORDER_EXPIRY_JOB, orderJobHandlers, PAYMENT_RECONCILE_JOB, reconcileAtStart } from './orders/index.ts';
import { SUBSCRIPTION_RENEW_JOB } from './orders/subscription/lifecycle.ts';
import { subscriptionJobHandlers } from './orders/subscription/renewals.ts';

const shopJobHandlers: JobHandlers = { ...orderJobHandlers(), ...subscriptionJobHandlers, ...notificationJobHandlers, ...gatheringJobHandlers, ...newsletterJobHandlers };

export interface DueJobsRun {
  /** Unpaid orders expired. */
  expiredOrders: number;
  /** Unpaid orders the payments sweep found paid at the provider. */
  reconciledOrders: number;
  /** Subscription cycles renewed (a card charged, or an Alipay / FPS renewal placed and its link mailed). */
  renewedSubscriptions: number;
  /** Reminders pushed (a tasting within a day, a renewal within days: notifications/notices.ts). */
  remindersSent: number;
  /** Gatherings closed by themselves, their session long over (gatherings/auto-close.ts). */
  closedGatherings: number;
  /** Newsletter mails sent, a batch of an issue at a time (newsletter/issues.ts). */
  newsletterMails: number;
}

/** Runs every job due at `now`. */
export async function runDueJobs(deps: Deps, now: Date = deps.clock.now()): Promise<DueJobsRun> {
  const run = await runJobs(deps, shopJobHandlers, now);
  return {
    expiredOrders: run.done[ORDER_EXPIRY_JOB] ?? 0,
    reconciledOrders: run.done[PAYMENT_RECONCILE_JOB] ?? 0,
    renewedSubscriptions: run.done[SUBSCRIPTION_RENEW_JOB] ?? 0,
    remindersSent: run.done[REMINDERS_JOB] ?? 0,
    closedGatherings: run.done[GATHERING_AUTO_CLOSE_JOB] ?? 0,
    newsletterMails: run.done[NEWSLETTER_BATCH_JOB] ?? 0,
  };
}

/**
 * Starts the runner: at once (the payments sweep scheduled for now, since a notification may have been
 * lost with the process that stopped), then every intervalMs, one run at a time. Each run also sends
 * the sandbox provider's notifications that are due again. Returns a stop function.
 */
export function startJobs(deps: Deps, intervalMs: number): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    (async () => {
      const { expiredOrders, reconciledOrders, closedGatherings } = await runDueJobs(deps);
      if (expiredOrders > 0) deps.log.info({ expiredOrders }, 'unpaid orders expired');
      if (closedGatherings > 0) deps.log.info({ closedGatherings }, 'gatherings closed, their session long over');
      if (reconciledOrders > 0) deps.log.warn({ reconciledOrders }, 'orders found paid at the provider by reconciliation');
      const redelivered = await (await deps.payments.ready).sandbox.redeliverDue();
      if (redelivered > 0) deps.log.info({ redelivered }, 'sandbox notifications delivered again');
    })()
      .catch((err) => deps.log.error({ err }, 'jobs run failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void reconcileAtStart(deps)
    .catch((err) => deps.log.error({ err }, 'payments sweep could not be scheduled'))
    .then(() => scheduleReminders(deps.db, deps.clock.now()))
    .catch((err) => deps.log.error({ err }, 'reminders sweep could not be scheduled'))
    .then(() => scheduleGatheringAutoClose(deps.db, deps.clock.now()))
    .catch((err) => deps.log.error({ err }, 'gatherings auto-close sweep could not be scheduled'))
    .finally(tick);
  return () => clearInterval(timer);
}
