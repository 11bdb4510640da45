import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const surveys = pgTable('surveys', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['pre'] }).notNull(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  questions: jsonb('questions').notNull(),
});

export const preSurveyAnswers = pgTable('pre_survey_answers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  surveyId: text('survey_id')
    .notNull()
    .references(() => surveys.id),
  answers: jsonb('answers').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
});
