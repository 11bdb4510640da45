import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Every English stem in product names and descriptions, added by a trigger on products (migration 0007):
 * a typed word that matches none is corrected to the stems it most resembles (trigram similarity).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  { stem: text('stem').primaryKey() },
  (t) => [
    index('search_vocabulary_prefix_idx').on(sql`${t.stem} text_pattern_ops`),
    index('search_vocabulary_trgm_idx').using('gin', sql`${t.stem} gin_trgm_ops`),
  ],
);

/** Every submitted search (keyword normalised), the raw material of the hot-keyword lists. */
export const searchLogs = pgTable(
  'search_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyword: text('keyword').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    cookieId: text('cookie_id'),
    /** The searcher's network address: cookie ids are the client's to choose, so the hot lists count addresses too. */
    clientIp: text('client_ip'),
    resultCount: integer('result_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('search_logs_created_idx').on(t.createdAt),
    // text_pattern_ops: autocomplete looks keywords up by prefix (LIKE 'x%') whatever the collation.
    index('search_logs_keyword_idx').on(sql`${t.keyword} text_pattern_ops`),
  ],
);

/** Spec §5: a member's recent searches (at most 5 kept, newest first). */
export const recentSearches = pgTable(
  'recent_searches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyword] })],
);

/** The computed top-search ('top') and now-trending ('trending') lists. */
export const hotKeywords = pgTable(
  'hot_keywords',
  {
    kind: text('kind').$type<'top' | 'trending'>().notNull(),
    sort: integer('sort').notNull(),
    keyword: text('keyword').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sort] })],
);
