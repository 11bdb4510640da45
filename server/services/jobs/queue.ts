/**
 * The due-jobs queue (DESIGN §7): work kept as rows of the jobs table (kind, key, due time), so hold
 * expiry today and renewals, reminders and mails later are rows, not code in a runner.
 *
 * - A service schedules a job in its own transaction (scheduleJob), so the job exists exactly when what
 *   it is about does, and removes it the same way when it is no longer needed (unscheduleJob).
 * - runJobs claims due rows with FOR UPDATE SKIP LOCKED and leases them (locked_by, locked_until):
 *   several runners, in one process or many, never run the same row at once, and a runner that dies
 *   mid-job leaves it to another once the lease ends.
 * - A handler that succeeds removes the row; one that throws has its attempt and error recorded and runs
 *   again after a backoff that doubles with each attempt.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Runs one job. Answers how many things it did, for the run's summary (an expiry that finds its order
 * paid meanwhile did 0); throwing retries the job later.
 */
export type JobHandler = (deps: Deps, job: JobRow, now: Date) => Promise<number>;

/** Handlers by job kind. A runner claims only the kinds it has a handler for. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** How long a claim lasts: a job still running past it may be claimed (and run) by another runner. */
const LEASE_MS = 5 * 60_000;
const CLAIM_BATCH = 20;
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 60 * 60_000;
const ERROR_MAX_LENGTH = 2000;

/** The wait before attempt n + 1: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Schedules the job, or moves it to the new due time (and a fresh start) when it exists. */
export async function scheduleJob(db: Db, job: { kind: string; key: string; dueAt: Date }, now: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ ...job, createdAt: now })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: { dueAt: job.dueAt, attempts: 0, lastError: null, lockedBy: null, lockedUntil: null },
    });
}

export async function unscheduleJob(db: Db, kind: string, key: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
}

/** Claims up to `limit` due, unleased jobs of the kinds given, skipping rows another runner is claiming. */
async function claimDueJobs(db: Db, runnerId: string, kinds: readonly string[], now: Date, limit: number): Promise<JobRow[]> {
  const due = db
    .select({ kind: jobs.kind, key: jobs.key })
    .from(jobs)
    .where(and(inArray(jobs.kind, [...kinds]), lte(jobs.dueAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
    .orderBy(asc(jobs.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedBy: runnerId, lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(sql`(${jobs.kind}, ${jobs.key}) in ${due}`)
    .returning();
}

/** This runner's claim on the job; a job scheduled again meanwhile is no longer this run's to finish. */
const claimedBy = (job: JobRow, runnerId: string) => and(eq(jobs.kind, job.kind), eq(jobs.key, job.key), eq(jobs.lockedBy, runnerId));

export interface JobsRun {
  /** What the handlers did, summed by job kind. */
  done: Record<string, number>;
  /** Jobs that threw and wait for another attempt. */
  failed: number;
}

/** Runs every job due at `now` with the handlers given, batch after batch, until none is left. */
export async function runJobs(deps: Deps, handlers: JobHandlers, now: Date): Promise<JobsRun> {
  const runnerId = `${process.pid}:${randomBytes(6).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const run: JobsRun = { done: {}, failed: 0 };
  if (kinds.length === 0) return run;
  for (;;) {
    const claimed = await claimDueJobs(deps.db, runnerId, kinds, now, CLAIM_BATCH);
    for (const job of claimed) {
      try {
        const did = await handlers[job.kind]!(deps, job, now);
        run.done[job.kind] = (run.done[job.kind] ?? 0) + did;
        await deps.db.delete(jobs).where(claimedBy(job, runnerId));
      } catch (err) {
        run.failed += 1;
        const lastError = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX_LENGTH);
        deps.log.warn({ err, job: { kind: job.kind, key: job.key, attempts: job.attempts } }, 'job failed; it will be retried');
        await deps.db
          .update(jobs)
          .set({ dueAt: new Date(now.getTime() + retryDelayMs(job.attempts)), lastError, lockedBy: null, lockedUntil: null })
          .where(claimedBy(job, runnerId));
      }
    }
    // A failed job is due again only after its backoff, so this ends even when handlers keep failing.
    if (claimed.length < CLAIM_BATCH) return run;
  }
}

/**
 * Runs one job now, before its due time (a staff press: "try this renewal again now"), claimed as runJobs claims
 * it: only when no runner holds it, so a press and a runner (or two presses) never run it at once. Answers
 * 'missing' (no such job), 'busy' (another holds it) or what the handler did; a handler that throws leaves the
 * job to its runner, due as it was.
 */
export async function runJobNow(deps: Deps, handler: JobHandler, kind: string, key: string, now: Date): Promise<{ ran: false; why: 'missing' | 'busy' } | { ran: true; did: number }> {
  const runnerId = `now:${process.pid}:${randomBytes(6).toString('hex')}`;
  const [job] = await deps.db
    .update(jobs)
    .set({ lockedBy: runnerId, lockedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
    .returning();
  if (!job) {
    const [exists] = await deps.db.select({ key: jobs.key }).from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
    return { ran: false, why: exists ? 'busy' : 'missing' };
  }
  try {
    const did = await handler(deps, job, now);
    await deps.db.delete(jobs).where(claimedBy(job, runnerId));
    return { ran: true, did };
  } finally {
    // Thrown: released, due as before. Done and not scheduled again: deleted above (this releases nothing).
    await deps.db.update(jobs).set({ lockedBy: null, lockedUntil: null }).where(claimedBy(job, runnerId));
  }
}
