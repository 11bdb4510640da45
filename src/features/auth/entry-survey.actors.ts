/** The entry survey machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { getPreSurvey, submitPreSurvey } from '../../../contract/index.ts';
import { entrySurveyMachine } from '../../../machines/entry-survey/entry-survey.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

export function createEntrySurveyFlow(api: ApiClient) {
  return entrySurveyMachine.provide({
    actors: {
      getPreSurvey: fromPromise(() => asCallResult(api.call(getPreSurvey, {}))),
      submitPreSurvey: fromPromise(({ input }) => asCallResult(api.call(submitPreSurvey, input))),
    },
  });
}
