import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Due work (DESIGN §7), one row per thing to do: an unpaid order's hold expiry today; renewals, reminders
 * and mails later. Runners claim due rows FOR UPDATE SKIP LOCKED and lease them (locked_until), so several
 * server processes share the work and a runner that dies mid-job leaves it to the next. Scheduling the same
 * (kind, key) again moves its due time. See server/services/jobs/queue.ts.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** Which handler runs it ('order.expire' …). */
    kind: text('kind').notNull(),
    /** What it is about (an order id …): one row per kind and key. */
    key: text('key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Runs started so far; a failed run sets the next due time further out. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The runner that claimed it and until when; past that, another runner may claim it again. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('jobs_due_idx').on(t.dueAt)],
);
