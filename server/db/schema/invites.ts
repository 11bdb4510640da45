import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';

/**
 * Invite codes (spec §1, §7 Invite): every member has codes to share, each with a use limit and an expiry.
 * A code is issued when its member first asks for their codes, and again once their live one is spent.
 */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    /** What the link carries: upper-case letters and digits, no look-alikes (O/0, I/1). */
    code: text('code').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    useLimit: integer('use_limit').notNull(),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('invite_codes_user_idx').on(t.userId, t.createdAt), check('invite_codes_uses_within_limit', sql`${t.uses} <= ${t.useLimit}`)],
);

/**
 * The invitation a member accepted: one per member (the primary key), which makes them a Regular Member and
 * keeps who invited them.
 */
export const inviteRedemptions = pgTable(
  'invite_redemptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Cleared if the inviter's account is deleted: the membership stays. */
    code: text('code').references(() => inviteCodes.code, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('invite_redemptions_code_idx').on(t.code)],
);
