import { assign, fromPromise, setup } from 'xstate';
import type {
  CallCode,
  CallResult,
  EntrySurveyContext,
  EntrySurveyEvent,
  EntrySurveyInput,
  EntrySurveyOutput,
  EntrySurveyTag,
  GetPreSurveyOutput,
  SubmitPreSurveyInput,
  SubmitPreSurveyOutput,
  SurveyAnswer,
} from './entry-survey.types.ts';
import { NETWORK_ERROR, SURVEY_CANNOT_RESUBMIT, SURVEY_NOT_COMPLETE } from './entry-survey.types.ts';

const isAnswered = (a: SurveyAnswer | undefined): boolean => (a?.OptionIDs?.length ?? 0) > 0 || (a?.Text?.trim() ?? '') !== '';

export const entrySurveyMachine = setup({
  types: {
    context: {} as EntrySurveyContext,
    events: {} as EntrySurveyEvent,
    input: {} as EntrySurveyInput,
    output: {} as EntrySurveyOutput,
    tags: {} as EntrySurveyTag,
  },
  actors: {
    getPreSurvey: fromPromise<CallResult<GetPreSurveyOutput>>(async () => {
      throw new Error('getPreSurvey not provided');
    }),
    submitPreSurvey: fromPromise<CallResult<SubmitPreSurveyOutput>, SubmitPreSurveyInput>(async () => {
      throw new Error('submitPreSurvey not provided');
    }),
  },
  actions: {
    storeSurvey: assign(({ context }, params: { result: CallResult<GetPreSurveyOutput> }) => ({
      survey: params.result.ok ? params.result.data.Survey : context.survey,
      errorCode: undefined,
    })),
    storeAnswer: assign(({ context }, params: { questionID: string; optionIDs?: string[] | undefined; text?: string | undefined }) => ({
      answers: {
        ...context.answers,
        [params.questionID]: { QuestionID: params.questionID, OptionIDs: params.optionIDs, Text: params.text },
      },
      errorCode: undefined,
    })),
    rememberError: assign((_, params: { code: CallCode }) => ({ errorCode: params.code })),
    rememberFailure: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    alreadySubmitted: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === SURVEY_CANNOT_RESUBMIT,
    allRequiredAnswered: ({ context }) =>
      context.survey !== undefined && context.survey.Questions.every((q) => !q.Required || isAnswered(context.answers[q.QuestionID])),
    hasSurvey: ({ context }) => context.survey !== undefined,
  },
}).createMachine({
  id: 'entrySurvey',
  description: 'The entry survey a member answers once before paid-member pages open; afterwards they return where they were going.',
  context: ({ input }) => ({ returnTo: input.returnTo, answers: {} }),
  initial: 'loading',
  output: ({ context }) => ({ returnTo: context.returnTo }),
  states: {
    loading: {
      description: 'Fetching the survey questions (getPreSurvey).',
      tags: ['busy'],
      invoke: {
        id: 'getPreSurvey',
        src: 'getPreSurvey',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'answering',
            actions: { type: 'storeSurvey', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'The survey could not be loaded: show the reason and offer a retry.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    answering: {
      description: 'The member answers the questions.',
      on: {
        ANSWER: {
          actions: {
            type: 'storeAnswer',
            params: ({ event }) => ({ questionID: event.questionID, optionIDs: event.optionIDs, text: event.text }),
          },
        },
        SUBMIT: [
          { guard: 'allRequiredAnswered', target: 'submitting' },
          {
            actions: { type: 'rememberError', params: { code: SURVEY_NOT_COMPLETE } },
            description: 'A required question is unanswered: stay and say so (SurveyNotComplete).',
          },
        ],
      },
    },
    submitting: {
      description: 'Sending the answers (submitPreSurvey).',
      tags: ['busy'],
      invoke: {
        id: 'submitPreSurvey',
        src: 'submitPreSurvey',
        input: ({ context }) => ({
          Survey: {
            SurveyID: context.survey?.SurveyID ?? '',
            Answers: (context.survey?.Questions ?? []).flatMap((q) => {
              const a = context.answers[q.QuestionID];
              return a && isAnswered(a) ? [a] : [];
            }),
          },
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
          },
          {
            guard: { type: 'alreadySubmitted', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            description: 'SurveyCannotResubmit: it was already answered (e.g. in another tab), so the member may go on.',
          },
          {
            target: 'answering',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (e.g. SurveyNotComplete): back to the questions with the reason.',
          },
        ],
        onError: { target: 'failed', actions: 'rememberNetworkError' },
      },
    },
    failed: {
      description: 'The survey could not be loaded or sent. A generic error shows; the member can retry.',
      on: {
        RETRY: [
          {
            guard: 'hasSurvey',
            target: 'answering',
            actions: 'clearError',
            description: 'The questions are here already: back to them, answers kept.',
          },
          { target: 'loading', actions: 'clearError' },
        ],
      },
    },
    done: {
      type: 'final',
      description: 'Answered: the member returns to the page they were going to.',
    },
  },
});
