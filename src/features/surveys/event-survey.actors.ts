/**
 * The event survey machine with its real actors, named after the calls they make (DESIGN §5: they resolve to
 * CallResult values), and its answers kept on the device, sealed with the id cookie (spec §3/§9,
 * src/app/event-survey-answers.ts; cleared on logout). Loaded with the survey page only.
 */
import { fromCallback, fromPromise } from 'xstate';
import { getEventSurveyList, getSurveyResult, submitSurvey } from '../../../contract/event-surveys.ts';
import { eventSurveyMachine } from '../../../machines/event-survey/event-survey.machine.ts';
import type { LoadSurveyAnswersOutput, SurveyDraft, SurveyFailData, SurveyStoreMessage } from '../../../machines/event-survey/event-survey.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import type { SurveyAnswersStore } from '../../app/event-survey-answers.ts';

/** How long after the last change the answers are written (typing does not re-encrypt on every key). */
export const ANSWERS_WRITE_DELAY_MS = 300;

export const answersId = (SurveyID: string, VarianceID: string) => `${SurveyID}:${VarianceID}`;

const fieldOf = (details: Record<string, unknown>): SurveyFailData | undefined =>
  typeof details.field === 'string' ? { field: details.field } : undefined;

export interface EventSurveyFlowDeps {
  api: ApiClient;
  /** The sealed store of the member's answers; undefined when the device cannot keep them. */
  answers: SurveyAnswersStore | undefined;
}

export function createEventSurveyFlow(deps: EventSurveyFlowDeps) {
  const { api, answers } = deps;
  return eventSurveyMachine.provide({
    actors: {
      getEventSurveyList: fromPromise(({ input }) => asCallResult(api.call(getEventSurveyList, input))),
      getSurveyResult: fromPromise(({ input }) => asCallResult(api.call(getSurveyResult, input))),
      submitSurvey: fromPromise(({ input }) => asCallResult(api.call(submitSurvey, input), fieldOf)),
      loadSurveyAnswers: fromPromise(async ({ input }): Promise<LoadSurveyAnswersOutput> => {
        if (!answers) return {};
        return { draft: await answers.read<SurveyDraft>(answersId(input.SurveyID, input.VarianceID)) };
      }),
      storeSurveyAnswers: fromCallback<SurveyStoreMessage>(({ receive }) => {
        if (!answers) throw new Error('This device cannot keep the answers');
        let pending: SurveyDraft | undefined;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const flush = () => {
          timer = undefined;
          if (!pending) return;
          const draft = pending;
          pending = undefined;
          // A failed write (storage full) keeps the answers before it; the survey can still be sent.
          answers.write(answersId(draft.SurveyID, draft.VarianceID), draft).catch(() => undefined);
        };
        const onHide = () => flush();
        if (typeof window !== 'undefined') window.addEventListener('pagehide', onHide);
        receive((message) => {
          pending = message.draft;
          if (timer) clearTimeout(timer);
          // Completion is written at once; answers a moment after the last change.
          if (message.draft.completed) flush();
          else timer = setTimeout(flush, ANSWERS_WRITE_DELAY_MS);
        });
        return () => {
          if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
          if (timer) clearTimeout(timer);
          flush();
        };
      }),
    },
  });
}
