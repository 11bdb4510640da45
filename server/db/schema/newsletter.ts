import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * Newsletter issues written and sent from the back office (issue 32): subject and body in both languages, a draft
 * until staff send it. Sending is one conditional change draft → sending (so two presses send once); each
 * confirmed subscriber then gets one newsletter_deliveries row, mailed by the jobs runner a batch at a time.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: text('id').primaryKey(),
    subjectEn: text('subject_en').notNull(),
    subjectZh: text('subject_zh').notNull(),
    /** Plain text: blank lines split paragraphs. */
    bodyEn: text('body_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    status: text('status', { enum: ['draft', 'sending', 'sent'] }).notNull().default('draft'),
    /** The RequestID of the press that started sending it: the same press again answers as the first did. */
    sendRequestId: text('send_request_id'),
    /** Subscribers it goes to (fixed when sending starts), mailed so far, and left out (unsubscribed meanwhile). */
    recipients: integer('recipients').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    sendingAt: timestamp('sending_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('newsletter_issues_created_idx').on(t.createdAt, t.id),
    check('newsletter_issues_status_check', sql`${t.status} in ('draft', 'sending', 'sent')`),
  ],
);

/**
 * One issue's mail to one subscriber. Marked sent before the mail goes (a conditional queued → sent), so a batch
 * job run again after a failure or a lost lease mails nobody twice.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    issueId: text('issue_id')
      .notNull()
      .references(() => newsletterIssues.id),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id),
    /** The jobs row that mails it: 'newsletter.batch' keyed <issue>:<batch>. */
    batch: integer('batch').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'skipped'] }).notNull().default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    index('newsletter_deliveries_batch_idx').on(t.issueId, t.batch),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'skipped')`),
  ],
);
