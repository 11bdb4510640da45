/**
 * The due-jobs queue (server/services/jobs/queue.ts): runners claim due rows with FOR UPDATE SKIP
 * LOCKED under a lease, so two at once run each job once; a job that throws is retried with a backoff
 * that doubles, its attempts and last error recorded. On PostgreSQL (TEST_DATABASE_URL) the runners
 * really run side by side on separate connections.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema.ts';
import { retryDelayMs, runJobs, scheduleJob, type JobHandler } from '../../server/services/jobs/queue.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const SECOND = 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(jobs);
});

const now = new Date(SEED_NOW);
const at = (ms: number) => new Date(now.getTime() + ms);
const schedule = (kind: string, key: string, dueAt = now) => scheduleJob(t.db, { kind, key, dueAt }, now);
const rowOf = async (kind: string, key: string) => (await t.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key))))[0];

describe('claiming', () => {
  it('runs each due job once with two runners at once', async () => {
    const keys = Array.from({ length: 90 }, (_, i) => `k${String(i).padStart(3, '0')}`);
    for (const key of keys) await schedule('test.count', key);
    await schedule('test.count', 'later', at(SECOND));
    const ran: string[] = [];
    const count: JobHandler = async (deps, job) => {
      // A query of its own, so the two runners' claims and work interleave.
      await deps.db.execute(sql`select 1`);
      ran.push(job.key);
      return 1;
    };
    const [first, second] = await Promise.all([runJobs(t.deps, { 'test.count': count }, now), runJobs(t.deps, { 'test.count': count }, now)]);

    expect([...ran].sort()).toEqual(keys);
    expect((first.done['test.count'] ?? 0) + (second.done['test.count'] ?? 0)).toBe(keys.length);
    expect(await t.db.select({ key: jobs.key }).from(jobs)).toEqual([{ key: 'later' }]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('skips a row another runner holds instead of waiting for it', async () => {
    for (const key of ['a', 'b', 'c']) await schedule('test.count', key);
    const ran: string[] = [];
    const count: JobHandler = async (_deps, job) => {
      ran.push(job.key);
      return 1;
    };
    // While this transaction holds row a, a runner on another connection does b and c and returns.
    await t.db.transaction(async (tx) => {
      await tx.select().from(jobs).where(eq(jobs.key, 'a')).for('update');
      expect(await runJobs(t.deps, { 'test.count': count }, now)).toEqual({ done: { 'test.count': 2 }, failed: 0 });
    });
    expect(ran.sort()).toEqual(['b', 'c']);
    await runJobs(t.deps, { 'test.count': count }, now);
    expect(ran).toEqual(['b', 'c', 'a']);
  });

  it('leaves a job claimed by another runner alone until its lease ends, and kinds it has no handler for', async () => {
    await schedule('test.count', 'leased');
    await schedule('test.elsewhere', 'other');
    await t.db.update(jobs).set({ lockedBy: 'a runner that died', lockedUntil: at(5 * 60 * SECOND), attempts: 1 }).where(eq(jobs.key, 'leased'));
    const count: JobHandler = async () => 1;

    expect(await runJobs(t.deps, { 'test.count': count }, at(5 * 60 * SECOND - 1))).toEqual({ done: {}, failed: 0 });
    expect(await runJobs(t.deps, { 'test.count': count }, at(5 * 60 * SECOND))).toEqual({ done: { 'test.count': 1 }, failed: 0 });
    expect(await t.db.select({ key: jobs.key }).from(jobs)).toEqual([{ key: 'other' }]);
  });

  it('moves a scheduled job to its new due time', async () => {
    await schedule('test.count', 'moved', at(SECOND));
    await schedule('test.count', 'moved', at(10 * SECOND));
    expect(await rowOf('test.count', 'moved')).toMatchObject({ dueAt: at(10 * SECOND), attempts: 0 });
    expect(await runJobs(t.deps, { 'test.count': async () => 1 }, at(SECOND))).toEqual({ done: {}, failed: 0 });
  });
});

describe('failing', () => {
  it('retries a job that throws after a backoff that doubles, recording attempts and the last error, until it succeeds', async () => {
    await schedule('test.flaky', 'x');
    let calls = 0;
    const flaky: JobHandler = async () => {
      calls += 1;
      if (calls < 3) throw new Error(`provider unreachable (${calls})`);
      return 1;
    };
    const handlers = { 'test.flaky': flaky };

    expect(await runJobs(t.deps, handlers, now)).toEqual({ done: {}, failed: 1 });
    expect(await rowOf('test.flaky', 'x')).toMatchObject({ attempts: 1, lastError: 'provider unreachable (1)', dueAt: at(30 * SECOND), lockedBy: null });

    expect(await runJobs(t.deps, handlers, at(30 * SECOND - 1))).toEqual({ done: {}, failed: 0 });
    expect(calls).toBe(1);

    expect(await runJobs(t.deps, handlers, at(30 * SECOND))).toEqual({ done: {}, failed: 1 });
    expect(await rowOf('test.flaky', 'x')).toMatchObject({ attempts: 2, lastError: 'provider unreachable (2)', dueAt: at(90 * SECOND) });

    expect(await runJobs(t.deps, handlers, at(90 * SECOND))).toEqual({ done: { 'test.flaky': 1 }, failed: 0 });
    expect(await rowOf('test.flaky', 'x')).toBeUndefined();
  });

  it('waits at most an hour between attempts', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30 * SECOND, 60 * SECOND, 120 * SECOND, 240 * SECOND]);
    expect(retryDelayMs(40)).toBe(60 * 60 * SECOND);
  });
});
