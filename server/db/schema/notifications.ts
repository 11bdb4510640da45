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
