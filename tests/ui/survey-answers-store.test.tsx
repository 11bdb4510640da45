import { describe, expect, it } from 'vitest';
import { encryptedStorage } from '../../src/app/encrypted-storage.ts';
import { clearSurveyAnswers, SURVEY_ANSWERS_KEY, SURVEY_ANSWERS_PURPOSE, surveyAnswersStore } from '../../src/app/event-survey-answers.ts';

/** Storage as the page has it, in memory (the app and its test helpers are not needed here). */
function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('survey answers kept on the device (spec §4)', () => {
  it('a write still sealing when the member logs out does not leave their answers behind', async () => {
    const storage = memoryStorage();
    let signedIn = true;
    const store = surveyAnswersStore(encryptedStorage({ secret: 'cookie-id', purpose: SURVEY_ANSWERS_PURPOSE, storage }), 'member-1', () => signedIn);
    await store.write('survey-1:session-1', { group: 1 });
    expect(storage.getItem(SURVEY_ANSWERS_KEY)).not.toBeNull();

    // The next answer is being sealed (Web Crypto answers later) when logout clears what is kept.
    const writing = store.write('survey-1:session-1', { group: 2 });
    signedIn = false;
    clearSurveyAnswers(storage);
    await writing;
    expect(storage.getItem(SURVEY_ANSWERS_KEY)).toBeNull();
  });

  it('signed in, each write is kept and read back', async () => {
    const storage = memoryStorage();
    const store = surveyAnswersStore(encryptedStorage({ secret: 'cookie-id', purpose: SURVEY_ANSWERS_PURPOSE, storage }), 'member-1', () => true);
    await store.write('survey-1:session-1', { group: 2 });
    expect(await store.read('survey-1:session-1')).toEqual({ group: 2 });
  });
});
