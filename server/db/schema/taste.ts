import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/**
 * The taste vocabulary (issue 16): families and sub-families of the wheel, taste notes and aromas, and their
 * icons. Shared by taste cards and event surveys; written by the seed, read by everyone.
 */
export const tasteIcons = pgTable('taste_icons', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  /** A small SVG document, served under /media/taste-icons/<id>.svg. */
  svg: text('svg').notNull(),
});

export const tasteFamilies = pgTable('taste_families', {
  id: text('id').primaryKey(),
  /** Whether it groups taste notes or aromas. */
  kind: text('kind').$type<'note' | 'aroma'>().notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  icon: text('icon')
    .notNull()
    .references(() => tasteIcons.id),
  sort: integer('sort').notNull(),
});

export const tasteSubFamilies = pgTable('taste_sub_families', {
  id: text('id').primaryKey(),
  familyId: text('family_id')
    .notNull()
    .references(() => tasteFamilies.id),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sort: integer('sort').notNull(),
});

export const tasteNotes = pgTable(
  'taste_notes',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => tasteFamilies.id),
    subFamilyId: text('sub_family_id')
      .notNull()
      .references(() => tasteSubFamilies.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    /** The drink kinds (tea, coffee, incense, spirits) it applies to; a jsonb array so `?|` can filter. */
    drinks: jsonb('drinks').$type<string[]>().notNull(),
    icon: text('icon')
      .notNull()
      .references(() => tasteIcons.id),
    sort: integer('sort').notNull(),
  },
  (t) => [index('taste_notes_name_en_prefix_idx').on(sql`lower(${t.nameEn}) text_pattern_ops`), index('taste_notes_family_idx').on(t.familyId, t.sort)],
);

export const aromas = pgTable(
  'aromas',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => tasteFamilies.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    drinks: jsonb('drinks').$type<string[]>().notNull(),
    icon: text('icon')
      .notNull()
      .references(() => tasteIcons.id),
    sort: integer('sort').notNull(),
  },
  (t) => [index('aromas_name_en_prefix_idx').on(sql`lower(${t.nameEn}) text_pattern_ops`)],
);

/** PostgreSQL full-text document; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A card is written in either language: its title and description both ways (stemmed English, Chinese grams). */
const cardSearchDocument = sql`setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, "description"), 'B')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("title" || ' ' || "description")))`;

/**
 * Taste cards (spec §3 Taste card / recipe): created Published; Private when archived. Note and aroma IDs
 * are checked against the vocabulary when written; custom words stay on the card.
 */
export const tasteCards = pgTable(
  'taste_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status').$type<'Published' | 'Private'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    sweetness: integer('sweetness').notNull(),
    sourness: integer('sourness').notNull(),
    bitterness: integer('bitterness').notNull(),
    saltiness: integer('saltiness').notNull(),
    umami: integer('umami').notNull(),
    /** The recipe's Parameter (contract/taste-cards.ts). */
    parameter: jsonb('parameter').notNull(),
    tasteNoteIds: jsonb('taste_note_ids').$type<string[]>().notNull(),
    customTasteNotes: jsonb('custom_taste_notes').$type<string[]>().notNull(),
    aromaIds: jsonb('aroma_ids').$type<string[]>().notNull(),
    customAromas: jsonb('custom_aromas').$type<string[]>().notNull(),
    steps: jsonb('steps').$type<Array<{ Text: string }>>().notNull(),
    language: text('language').notNull(),
    productImageType: text('product_image_type').$type<'default' | 'photo'>().notNull(),
    /** The photo's media URL when the member added one. */
    photo: text('photo'),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(cardSearchDocument),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check(
      'taste_cards_levels_1_to_5',
      sql`${t.sweetness} between 1 and 5 and ${t.sourness} between 1 and 5 and ${t.bitterness} between 1 and 5 and ${t.saltiness} between 1 and 5 and ${t.umami} between 1 and 5`,
    ),
    index('taste_cards_user_created_idx').on(t.userId, t.createdAt),
    index('taste_cards_product_published_idx').on(t.productId, t.createdAt).where(sql`${t.status} = 'Published'`),
    index('taste_cards_published_created_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'Published'`),
    index('taste_cards_search_idx').using('gin', t.searchVector),
    index('taste_cards_notes_idx').using('gin', t.tasteNoteIds),
  ],
);

/**
 * A product's taste profile: the sums over its tasters of each one's latest published card (one voice per
 * member), kept by the card service in the card's own
 * transaction (create, update, archive, unarchive), so that similar products and matches read one row per
 * product instead of its cards.
 */
export const productTasteProfiles = pgTable('product_taste_profiles', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  cardCount: integer('card_count').notNull(),
  sweetnessSum: integer('sweetness_sum').notNull(),
  sournessSum: integer('sourness_sum').notNull(),
  bitternessSum: integer('bitterness_sum').notNull(),
  saltinessSum: integer('saltiness_sum').notNull(),
  umamiSum: integer('umami_sum').notNull(),
  /** How many published cards name each note / aroma: { id: count }. */
  noteCounts: jsonb('note_counts').$type<Record<string, number>>().notNull(),
  aromaCounts: jsonb('aroma_counts').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The member's personal taste and drinks surveys (spec §7 Surveys): one row per member and survey. */
export const personalSurveyAnswers = pgTable(
  'personal_survey_answers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    survey: text('survey').$type<'taste' | 'drinks'>().notNull(),
    answers: jsonb('answers').notNull(),
    /** The drinks survey's DefaultDrinks. */
    defaultDrinks: jsonb('default_drinks').$type<string[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.survey] })],
);
