import type { KeyValueStorage } from './encrypted-storage.ts';

/**
 * Where the member's survey answers are kept (src/app/event-survey-answers.ts), apart from the store
 * itself so that logout's clearing (src/app/services.ts) comes with the first load without the store,
 * which only the survey screen needs (DESIGN §10).
 */
export const SURVEY_ANSWERS_KEY = 'sg_event_survey_answers';

/** Spec §4: logout clears the survey answers. */
export function clearSurveyAnswers(storage: KeyValueStorage): void {
  storage.removeItem(SURVEY_ANSWERS_KEY);
}
