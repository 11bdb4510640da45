import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** PostgreSQL full-text document; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What an inspiration keyword search matches (issue 19): title (A), tags and the names of the post's products
 * (B), description (C), stemmed as English; every text also as Chinese character grams (cjk_grams, migration
 * 0007). The product names are copied onto the post when it is written (a generated column reads only its row).
 */
const inspirationSearchDocument = sql`setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, "tags_text" || ' ' || "products_en"), 'B')
  || setweight(to_tsvector('english'::regconfig, "description"), 'C')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("title" || ' ' || "tags_text" || ' ' || "products_zh" || ' ' || "description")))`;

/** A picture or video of a post, as answered (contract InspirationMedia). */
export interface StoredInspirationMedia {
  MediaID: string;
  Type: 'image' | 'video';
  ContentType: string;
  Url: string;
  Variants: { Width: number; Url: string; ContentType: string }[];
  Width?: number;
  Height?: number;
}

/**
 * Inspiration posts (spec §3 Inspiration): Published or Private (archived). The counters move in the same
 * transaction as the row that makes them (a like, a save, a comment, a counted view or share), only by
 * what that statement actually changed, so they stay exact under concurrency and cost nothing to read.
 */
export const inspirations = pgTable(
  'inspirations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'Published' | 'Private'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Tags as typed, and their lower-cased keys (what filters and discover compare). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    tagKeys: jsonb('tag_keys').$type<string[]>().notNull().default([]),
    tagsText: text('tags_text').notNull().default(''),
    media: jsonb('media').$type<StoredInspirationMedia[]>().notNull(),
    hasVideo: boolean('has_video').notNull().default(false),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    /** The products' names when the post was written, for the keyword search. */
    productsEn: text('products_en').notNull().default(''),
    productsZh: text('products_zh').notNull().default(''),
    /** The post this one was started from. */
    copyFrom: text('copy_from'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    saveCount: integer('save_count').notNull().default(0),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(inspirationSearchDocument),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('inspirations_published_created_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'Published'`),
    index('inspirations_user_created_idx').on(t.userId, t.createdAt),
    index('inspirations_search_idx').using('gin', t.searchVector),
    index('inspirations_tag_keys_idx').using('gin', t.tagKeys),
    index('inspirations_product_ids_idx').using('gin', t.productIds),
    check(
      'inspirations_counts_nonnegative',
      sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0 and ${t.shareCount} >= 0 and ${t.viewCount} >= 0 and ${t.saveCount} >= 0`,
    ),
  ],
);

/** One member's like of a post: the key makes a second like a no-op. */
export const inspirationLikes = pgTable(
  'inspiration_likes',
  {
    inspirationId: text('inspiration_id')
      .notNull()
      .references(() => inspirations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.inspirationId, t.userId] }), index('inspiration_likes_user_idx').on(t.userId, t.createdAt)],
);

/** A member's saved posts (the inspiration collection). */
export const inspirationSaves = pgTable(
  'inspiration_saves',
  {
    inspirationId: text('inspiration_id')
      .notNull()
      .references(() => inspirations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.inspirationId, t.userId] }), index('inspiration_saves_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Counted views and shares: one per post, viewer and Hong Kong day (viewer: `u:<member id>` or
 * `c:<cookie id>`). Kind 'view' or 'share'.
 */
export const inspirationViewerDays = pgTable(
  'inspiration_viewer_days',
  {
    inspirationId: text('inspiration_id')
      .notNull()
      .references(() => inspirations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'view' | 'share'>().notNull(),
    viewer: text('viewer').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.inspirationId, t.kind, t.viewer, t.day] })],
);

/** Comments on inspiration posts and taste cards (spec §3 Comment). Text as typed; never HTML. */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id').notNull(),
    type: text('type').$type<'inspiration' | 'tasteCard'>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('comments_source_created_idx').on(t.sourceId, t.createdAt, t.id),
    index('comments_user_source_idx').on(t.userId, t.sourceId),
    check('comments_like_count_nonnegative', sql`${t.likeCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** Who follows whom (spec §3 follow lists). Nobody follows themselves. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * A member's follower and followee counts (spec §3 User), moved with each follow row that is inserted or
 * deleted, in the same transaction. A member without a row has none.
 */
export const userSocialCounts = pgTable(
  'user_social_counts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    followerCount: integer('follower_count').notNull().default(0),
    followeeCount: integer('followee_count').notNull().default(0),
  },
  (t) => [check('user_social_counts_nonnegative', sql`${t.followerCount} >= 0 and ${t.followeeCount} >= 0`)],
);
