/**
 * Spec §3/§4: local answers per event survey, with a completed flag, kept on this device sealed with the id
 * cookie (src/app/encrypted-storage.ts), and cleared on logout with the rest of the member's state
 * (src/app/services.ts). One stored value holds the member's answers to every survey (by survey and session),
 * so that logout clears them with one key; another member's answers are never read back.
 */
import type { EncryptedStorage } from './encrypted-storage.ts';
import { SURVEY_ANSWERS_KEY } from './event-survey-answers-key.ts';

export { clearSurveyAnswers, SURVEY_ANSWERS_KEY } from './event-survey-answers-key.ts';
/** What the key is derived for (encryptedStorage's purpose). */
export const SURVEY_ANSWERS_PURPOSE = 'event-survey-answers';
/** Surveys kept at most (the oldest go first). */
export const SURVEY_ANSWERS_KEPT = 20;

type Stored = { userID: string; answers: Array<[string, unknown]> };

export interface SurveyAnswersStore {
  read<T>(id: string): Promise<T | undefined>;
  write(id: string, value: unknown): Promise<void>;
}

/**
 * The member's answers, by an id of the caller's (survey and session). Writes happen one after another.
 * `signedIn` says whether this member is still signed in: a write still sealing when they log out would land
 * after logout cleared the answers and leave them on the device, so a write that ends signed out takes them away.
 */
export function surveyAnswersStore(storage: EncryptedStorage, userID: string, signedIn: () => boolean): SurveyAnswersStore {
  let queue: Promise<unknown> = Promise.resolve();
  const load = async () => {
    const stored = await storage.read<Stored>(SURVEY_ANSWERS_KEY);
    return stored?.userID === userID && Array.isArray(stored.answers) ? stored.answers : [];
  };
  return {
    async read<T>(id: string) {
      await queue.catch(() => undefined);
      return (await load()).find(([key]) => key === id)?.[1] as T | undefined;
    },
    write(id, value) {
      const next = queue
        .catch(() => undefined)
        .then(async () => {
          const others = (await load()).filter(([key]) => key !== id);
          const answers: Stored['answers'] = [...others, [id, value]].slice(-SURVEY_ANSWERS_KEPT) as Stored['answers'];
          await storage.write(SURVEY_ANSWERS_KEY, { userID, answers } satisfies Stored);
          if (!signedIn()) storage.remove(SURVEY_ANSWERS_KEY);
        });
      queue = next;
      return next;
    },
  };
}
