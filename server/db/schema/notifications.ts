import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A browser's Web Push subscription (spec §3 notification settings), keyed by its endpoint.
 * user_id set: the member's device is Notifiable; global_topic: shop news and event invitations.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    subscription: jsonb('subscription').notNull().$type<{ endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } }>(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    globalTopic: boolean('global_topic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Notifications a member gets once (issue 20): the day-before-tasting reminder per member and session, the
 * renewal reminder per subscription cycle, the shipping notice per order. The key is claimed (inserted)
 * before the push is sent, so two job runners, or one run twice, send it once.
 */
export const pushNotices = pgTable(
  'push_notices',
  {
    /** What the notice is about, e.g. 'tasting:<varianceId>:<userId>', 'renewal:<subscriptionId>:<periodEnd>'. */
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('push_notices_user_idx').on(t.userId)],
);
