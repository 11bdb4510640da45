import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Files members upload (avatars, taste card photos, inspiration pictures and videos): reserved by upload-temporary-media, filled by an HTTP PUT. */
export const mediaUploads = pgTable('media_uploads', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Set once the content has arrived and passed the checks (type sniffed from the bytes). */
  contentType: text('content_type'),
  size: integer('size'),
  /**
   * What the file is for (upload-temporary-media's Purpose): avatar and tasteCard take small pictures, inspiration also
   * videos, product (staff's product pictures, issue 32) larger pictures, re-encoded.
   */
  purpose: text('purpose').$type<'avatar' | 'tasteCard' | 'inspiration' | 'product'>().notNull().default('avatar'),
  /** A picture's size, and its resized copies (stored as `<id>-w<width>`), narrowest first (issue 19). */
  width: integer('width'),
  height: integer('height'),
  variants: jsonb('variants').$type<{ width: number; contentType: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
});
