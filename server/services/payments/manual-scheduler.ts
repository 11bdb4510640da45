/**
 * A Scheduler that runs nothing by itself: tasks wait until the caller runs them, in time order,
 * in any order, or more than once. Tests use it to deliver the sandbox's webhooks late, twice, or
 * out of order, without waiting.
 */
import type { Scheduler } from './provider.ts';

export interface ScheduledTask {
  /** Virtual time (ms since the scheduler was made) at which it falls due. */
  dueAt: number;
  run: () => Promise<void>;
}

export interface ManualScheduler extends Scheduler {
  /** Tasks not yet run, in the order they fall due. */
  readonly queue: readonly ScheduledTask[];
  /** Moves virtual time on, running each task as it falls due (tasks they schedule too). */
  advance(ms: number): Promise<void>;
  /** Runs everything, including what running schedules, until nothing is left. */
  runAll(limit?: number): Promise<void>;
  /** Removes every waiting task and hands them over, to run in whatever order (or as often) the caller likes. */
  take(): ScheduledTask[];
}

export function createManualScheduler(): ManualScheduler {
  let now = 0;
  let seq = 0;
  const tasks: Array<ScheduledTask & { seq: number }> = [];
  const sorted = () => tasks.sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
  return {
    get queue() {
      return sorted().map(({ dueAt, run }) => ({ dueAt, run }));
    },
    schedule(delayMs, run) {
      tasks.push({ dueAt: now + delayMs, run, seq: seq++ });
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        const next = sorted()[0];
        if (!next || next.dueAt > until) break;
        tasks.shift();
        now = next.dueAt;
        await next.run();
      }
      now = until;
    },
    async runAll(limit = 1000) {
      for (let i = 0; tasks.length > 0; i++) {
        if (i >= limit) throw new Error(`more than ${limit} tasks: something reschedules forever`);
        const next = sorted().shift()!;
        now = Math.max(now, next.dueAt);
        await next.run();
      }
    },
    take() {
      return sorted()
        .splice(0)
        .map(({ dueAt, run }) => ({ dueAt, run }));
    },
  };
}
