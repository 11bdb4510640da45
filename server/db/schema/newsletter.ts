import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The newsletter's subscribers (issue 20): double opt-in (pending until the mailed link is opened), and a
 * one-click unsubscribe from every newsletter mail (RFC 8058).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    /** 'en' | 'zh': the language of its mails. */
    language: text('language').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] }).notNull(),
    /** SHA-256 of the confirmation link's token (only while pending), and until when it works. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, mode: 'date' }),
    /** The unsubscribe link's token: in every newsletter mail, so kept as it is (it can only unsubscribe). */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    uniqueIndex('newsletter_subscribers_unsubscribe_idx').on(t.unsubscribeToken),
    index('newsletter_subscribers_confirm_idx').on(t.confirmTokenHash),
    index('newsletter_subscribers_status_idx').on(t.status),
  ],
);
