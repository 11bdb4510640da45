/**
 * Jobs (DESIGN §7): due work kept as rows with a due time and claimed with FOR UPDATE SKIP LOCKED,
 * so any number of server processes can run them. Today: expiring unpaid orders past pay_before
 * (the orders_unpaid_due_idx index is the queue). main.ts runs them on an interval; tests call
 * runDueJobs with a moved clock instead.
 */
import type { Deps } from '../deps.ts';
import { expireDueOrders } from './orders.ts';

export async function runDueJobs(deps: Deps, now: Date = deps.clock.now()): Promise<{ expiredOrders: number }> {
  return { expiredOrders: await expireDueOrders(deps, now) };
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
