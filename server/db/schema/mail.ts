import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail sent through the outbox (the default mailer): kept for development and tests. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** Send order: several mails can share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the mail was sent with (List-Unsubscribe on newsletters, Reply-To), if any. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.seq)],
);
