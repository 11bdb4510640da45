/**
 * The shop's jobs (DESIGN §7): what each kind of due job runs, and the runner main.ts starts on an
 * interval (tests call runDueJobs with a moved clock instead). The queue itself (a jobs table claimed
 * with FOR UPDATE SKIP LOCKED, retries with backoff) is jobs/queue.ts; an area with due work schedules
 * rows there and adds its handlers here.
 */
import type { Deps } from '../deps.ts';
import { runJobs, type JobHandlers } from './jobs/queue.ts';
import { ORDER_EXPIRY_JOB, orderJobHandlers } from './orders/index.ts';

const shopJobHandlers: JobHandlers = { ...orderJobHandlers() };

/** Runs every job due at `now`; answers how many unpaid orders it expired. */
export async function runDueJobs(deps: Deps, now: Date = deps.clock.now()): Promise<{ expiredOrders: number }> {
  const run = await runJobs(deps, shopJobHandlers, now);
  return { expiredOrders: run.done[ORDER_EXPIRY_JOB] ?? 0 };
}

/** Runs the due jobs every intervalMs (one run at a time); returns a stop function. */
export function startJobs(deps: Deps, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDueJobs(deps)
      .then(({ expiredOrders }) => {
        if (expiredOrders > 0) deps.log.info({ expiredOrders }, 'unpaid orders expired');
      })
      .catch((err) => deps.log.error({ err }, 'jobs run failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
