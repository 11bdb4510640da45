import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { SurveyAnswer, SurveyQuestionType } from '../../../contract/event-surveys.ts';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { eventVariances, events } from './events.ts';

/**
 * Event surveys (issue 17; spec §3 Survey). Not the entry survey (surveys.ts). An event has one or more
 * surveys, each with question groups of questions; attendees answer a survey once per session
 * (event_survey_submissions, one row per survey, session and member: the unique key is what refuses a second
 * submission, also two at once).
 */
export const eventSurveys = pgTable(
  'event_surveys',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    /** The drink tasted, for "Save as a taste card". */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('event_surveys_event_idx').on(t.eventId, t.sort)],
);

export const eventSurveyGroups = pgTable(
  'event_survey_groups',
  {
    id: text('id').primaryKey(),
    surveyId: text('survey_id')
      .notNull()
      .references(() => eventSurveys.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [index('event_survey_groups_survey_idx').on(t.surveyId, t.sort)],
);

/** A choice of a Radio or Checkbox question; its id is unique within its survey. */
export interface EventSurveyOptionRow {
  id: string;
  en: string;
  zh: string;
}

export const eventSurveyQuestions = pgTable(
  'event_survey_questions',
  {
    id: text('id').primaryKey(),
    surveyId: text('survey_id')
      .notNull()
      .references(() => eventSurveys.id, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => eventSurveyGroups.id, { onDelete: 'cascade' }),
    type: text('type').$type<SurveyQuestionType>().notNull(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    hintEn: text('hint_en').notNull().default(''),
    hintZh: text('hint_zh').notNull().default(''),
    required: boolean('required').notNull(),
    /** Radio and Checkbox only; empty for the other types. */
    options: jsonb('options').$type<EventSurveyOptionRow[]>().notNull().default([]),
    minChoices: integer('min_choices'),
    maxChoices: integer('max_choices'),
    maxLength: integer('max_length'),
    sort: integer('sort').notNull(),
  },
  (t) => [
    index('event_survey_questions_survey_idx').on(t.surveyId, t.sort),
    check('event_survey_questions_type', sql`${t.type} in ('Aroma', 'Checkbox', 'Radio', 'FiveSenses', 'TasteNote', 'Text')`),
  ],
);

/**
 * One member's answers to a survey for one session, stored as submitted (IDs only for notes and aromas).
 * Never updated: a survey is answered once.
 */
export const eventSurveySubmissions = pgTable(
  'event_survey_submissions',
  {
    id: text('id').primaryKey(),
    surveyId: text('survey_id')
      .notNull()
      .references(() => eventSurveys.id, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => eventVariances.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<SurveyAnswer[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('event_survey_submissions_once').on(t.surveyId, t.varianceId, t.userId),
    index('event_survey_submissions_session_idx').on(t.surveyId, t.varianceId, t.submittedAt),
  ],
);
