import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Who runs the shop (issue 32): one role per account at most. A member without a row has no role. Read on
 * every role call by its primary key (server/services/staff/roles.ts).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' ⊇ 'staff' ⊇ 'host' for access (contract/define.ts ROLE_RANK). */
    role: text('role', { enum: ['owner', 'staff', 'host'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null: granted from the command line (npm run staff). */
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('staff_roles_role_check', sql`${t.role} in ('owner', 'staff', 'host')`), index('staff_roles_role_idx').on(t.role)],
);

/**
 * Every change made through the back office, appended and never updated (issue 32). No foreign key on the
 * actor: the log outlives the accounts it names and must not change when one is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Increasing: newest first is id descending, and the paging key is the last id seen. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null: the command line. */
    actorUserId: text('actor_user_id'),
    /** What was done, e.g. 'staff-role.set'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'user:<id>'. */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.id), index('audit_log_at_idx').on(t.at)],
);

/**
 * The authenticator app of a member with a back-office role (issue 32: staff sign in with a second factor).
 * The TOTP secret is kept sealed (AES-256-GCM under a key derived from the shop's signing secret); enrolledAt
 * is set by the first code that matches it, until then the secret may be replaced. lastStep: the last time
 * step a code was accepted for, so a code is taken once.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
});
