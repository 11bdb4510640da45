import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type {
  CallCode,
  CallResult,
  EventSurveyContext,
  EventSurveyEvent,
  EventSurveyInput,
  EventSurveyTag,
  GetEventSurveyListInput,
  GetEventSurveyListOutput,
  GetSurveyResultInput,
  GetSurveyResultOutput,
  LoadSurveyAnswersInput,
  LoadSurveyAnswersOutput,
  LocalAnswer,
  SubmitSurveyInput,
  SubmitSurveyOutput,
  SurveyDraft,
  SurveyFailData,
  SurveyStoreMessage,
} from './event-survey.types.ts';
import { NETWORK_ERROR, SURVEY_CANNOT_RESUBMIT, SURVEY_NOT_COMPLETE, SURVEY_NOT_OPEN } from './event-survey.types.ts';
import { answersFrom, clampGroup, draftFits, groupOf, groupProblems, pickSurvey, submitAnswers, surveyProblems } from './event-survey.rules.ts';

type Failure = CallResult<unknown, SurveyFailData>;
const failedWith = (result: Failure, code: CallCode): boolean => !result.ok && result.code === code;

export const eventSurveyMachine = setup({
  types: {
    context: {} as EventSurveyContext,
    events: {} as EventSurveyEvent,
    input: {} as EventSurveyInput,
    tags: {} as EventSurveyTag,
  },
  actors: {
    getEventSurveyList: fromPromise<CallResult<GetEventSurveyListOutput>, GetEventSurveyListInput>(async () => {
      throw new Error('getEventSurveyList not provided');
    }),
    getSurveyResult: fromPromise<CallResult<GetSurveyResultOutput>, GetSurveyResultInput>(async () => {
      throw new Error('getSurveyResult not provided');
    }),
    submitSurvey: fromPromise<CallResult<SubmitSurveyOutput, SurveyFailData>, SubmitSurveyInput>(async () => {
      throw new Error('submitSurvey not provided');
    }),
    loadSurveyAnswers: fromPromise<LoadSurveyAnswersOutput, LoadSurveyAnswersInput>(async () => {
      throw new Error('loadSurveyAnswers not provided');
    }),
    /** Keeps the answers on the device (encrypted by the app): told SAVE on every change, it writes a moment later. */
    storeSurveyAnswers: fromCallback<SurveyStoreMessage>(() => {
      throw new Error('storeSurveyAnswers not provided');
    }),
  },
  actions: {
    storeSurvey: assign(({ context }, params: { result: CallResult<GetEventSurveyListOutput> }) =>
      params.result.ok ? { survey: pickSurvey(params.result.data.SurveyList, context.input.surveyID), errorCode: undefined } : {},
    ),
    restoreDraft: assign(({ context }, params: { output: LoadSurveyAnswersOutput }) => {
      const d = params.output.draft;
      return d ? { answers: { ...d.answers }, group: clampGroup(context.survey, d.group), restored: true } : {};
    }),
    storeResult: assign((_, params: { result: CallResult<GetSurveyResultOutput> }) => {
      if (!params.result.ok) return {};
      const { Survey } = params.result.data;
      return { answers: answersFrom(Survey.Question), submitTime: Survey.SubmitTime, completed: Survey.SubmitTime !== undefined };
    }),
    storeSubmitTime: assign((_, params: { result: CallResult<SubmitSurveyOutput, SurveyFailData> }) =>
      params.result.ok ? { submitTime: params.result.data.Survey.SubmitTime, completed: true, errorCode: undefined } : {},
    ),
    markCompleted: assign({ completed: true }),
    answer: assign(({ context }, params: { questionID: string; answer: LocalAnswer }) => ({
      answers: { ...context.answers, [params.questionID]: params.answer },
      errorCode: undefined,
      missingQuestionID: context.missingQuestionID === params.questionID ? undefined : context.missingQuestionID,
    })),
    nextGroup: assign(({ context }) => ({ group: clampGroup(context.survey, context.group + 1) })),
    previousGroup: assign(({ context }) => ({ group: clampGroup(context.survey, context.group - 1) })),
    goToGroup: assign(({ context }, params: { group: number }) => ({ group: clampGroup(context.survey, params.group) })),
    markChecked: assign(({ context }) => ({
      checked: context.checked.includes(context.group) ? context.checked : [...context.checked, context.group],
    })),
    /** SurveyNotComplete: the group of the question the server named (or the first with a problem) shows, flagged. */
    showMissing: assign(({ context }, params: { result: Failure }) => {
      const field = params.result.ok ? undefined : params.result.data?.field;
      const named = groupOf(context.survey, field);
      const firstWithProblem = (context.survey?.Groups ?? []).findIndex((g) => groupProblems(g, context.answers).length > 0);
      const group = clampGroup(context.survey, named >= 0 ? named : Math.max(firstWithProblem, 0));
      return {
        group,
        checked: context.checked.includes(group) ? context.checked : [...context.checked, group],
        missingQuestionID: named >= 0 ? field : undefined,
        errorCode: SURVEY_NOT_COMPLETE,
      };
    }),
    /** The answers store is told the answers; it writes them a moment later, encrypted (the machine itself stays pure). */
    persist: enqueueActions(({ context, enqueue }) => {
      if (!context.storeOn || !context.survey) return;
      const draft: SurveyDraft = {
        version: 1,
        SurveyID: context.survey.SurveyID,
        VarianceID: context.input.varianceID,
        answers: context.answers,
        group: context.group,
        completed: context.completed,
        ...(context.submitTime ? { submitTime: context.submitTime } : {}),
      };
      enqueue.sendTo('storeSurveyAnswers', { type: 'SAVE', draft } satisfies SurveyStoreMessage);
    }),
    storeOff: assign({ storeOn: false }),
    rememberFailure: assign((_, params: { result: Failure }) => ({ errorCode: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
    clearError: assign({ errorCode: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: Failure }) => params.result.ok,
    surveyFound: ({ context }, params: { result: CallResult<GetEventSurveyListOutput> }) =>
      params.result.ok && pickSurvey(params.result.data.SurveyList, context.input.surveyID) !== undefined,
    draftFits: ({ context }, params: { output: LoadSurveyAnswersOutput }) =>
      draftFits(params.output.draft, context.survey?.SurveyID ?? '', context.input.varianceID),
    submittedOnServer: (_, params: { result: CallResult<GetSurveyResultOutput> }) =>
      params.result.ok && params.result.data.Survey.SubmitTime !== undefined,
    failedWith: (_, params: { result: Failure; code: CallCode }) => failedWith(params.result, params.code),
    groupAnswered: ({ context }) => groupProblems(context.survey?.Groups[context.group], context.answers).length === 0,
    lastGroupAnswered: ({ context }) =>
      context.group >= (context.survey?.Groups.length ?? 0) - 1 && groupProblems(context.survey?.Groups[context.group], context.answers).length === 0,
    notFirstGroup: ({ context }) => context.group > 0,
    isGroup: ({ context }, params: { group: number }) =>
      Number.isInteger(params.group) && params.group >= 0 && params.group < (context.survey?.Groups.length ?? 0),
    allAnswered: ({ context }) => surveyProblems(context.survey, context.answers).length === 0,
  },
}).createMachine({
  id: 'eventSurvey',
  description:
    "An attendee answers an event session's survey: one group of questions at a time, a review, then submit (once). Answers are kept on the device, encrypted, so a reload or a lost connection loses nothing; the survey is complete once submitted or when the server shows a submit time.",
  context: ({ input }) => ({ input, answers: {}, group: 0, checked: [], completed: false, restored: false, storeOn: true }),
  type: 'parallel',
  states: {
    answersStore: {
      description: 'Whether the answers are kept on this device: they are, unless the device cannot keep them.',
      initial: 'keeping',
      states: {
        keeping: {
          description: 'Every change is written a moment later, encrypted with the id cookie.',
          invoke: {
            id: 'storeSurveyAnswers',
            src: 'storeSurveyAnswers',
            onError: {
              target: 'off',
              actions: 'storeOff',
              description: 'The device cannot keep the answers (no storage, no Web Crypto): they last for this visit only.',
            },
          },
        },
        off: { description: 'Answers last for this visit only.' },
      },
    },
    survey: {
      description: 'Loading, answering group by group, reviewing and submitting.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Reading the survey, answers kept on this device, and whether it was submitted already.',
          tags: ['busy'],
          initial: 'survey',
          states: {
            survey: {
              description: "The event's surveys with their groups and questions (getEventSurveyList).",
              invoke: {
                id: 'getEventSurveyList',
                src: 'getEventSurveyList',
                input: ({ context }) => ({ EventID: context.input.eventID }),
                onDone: [
                  {
                    guard: { type: 'surveyFound', params: ({ event }) => ({ result: event.output }) },
                    target: 'draft',
                    actions: { type: 'storeSurvey', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: '#eventSurvey.survey.noSurvey',
                    description: 'The event has no survey (or not the one asked for).',
                  },
                  {
                    target: '#eventSurvey.survey.loadFailed',
                    actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                  },
                ],
                onError: { target: '#eventSurvey.survey.loadFailed', actions: 'rememberNetworkError' },
              },
            },
            draft: {
              description: 'Answers of an earlier visit, kept on this device (decrypted with the id cookie).',
              invoke: {
                id: 'loadSurveyAnswers',
                src: 'loadSurveyAnswers',
                input: ({ context }) => ({ SurveyID: context.survey?.SurveyID ?? '', VarianceID: context.input.varianceID }),
                onDone: [
                  {
                    guard: { type: 'draftFits', params: ({ event }) => ({ output: event.output }) },
                    target: 'result',
                    actions: { type: 'restoreDraft', params: ({ event }) => ({ output: event.output }) },
                    description: 'Answers for this survey and session: resume at their group.',
                  },
                  { target: 'result' },
                ],
                onError: { target: 'result', description: 'The kept answers could not be read: start afresh.' },
              },
            },
            result: {
              description: "The member's submission, if any (getSurveyResult): a SubmitTime means it is complete.",
              invoke: {
                id: 'getSurveyResult',
                src: 'getSurveyResult',
                input: ({ context }) => ({ SurveyID: context.survey?.SurveyID ?? '', VarianceID: context.input.varianceID }),
                onDone: [
                  {
                    guard: { type: 'submittedOnServer', params: ({ event }) => ({ result: event.output }) },
                    target: '#eventSurvey.survey.submitted',
                    actions: [{ type: 'storeResult', params: ({ event }) => ({ result: event.output }) }, 'persist'],
                    description: 'Submitted before (here or on another device): complete, showing what was sent.',
                  },
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: '#eventSurvey.survey.answering',
                  },
                  {
                    guard: { type: 'failedWith', params: ({ event }) => ({ result: event.output, code: SURVEY_NOT_OPEN }) },
                    target: '#eventSurvey.survey.notOpen',
                    actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    target: '#eventSurvey.survey.loadFailed',
                    actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                    description: 'Not an attendee of the session (ObjectNotFound) or another refusal.',
                  },
                ],
                onError: { target: '#eventSurvey.survey.loadFailed', actions: 'rememberNetworkError' },
              },
            },
          },
        },
        noSurvey: {
          description: 'This event has no survey to answer.',
        },
        loadFailed: {
          description: 'The survey could not be read (the reason shows); the member can retry.',
          on: { RETRY: { target: 'loading', actions: 'clearError' } },
        },
        notOpen: {
          description: 'The survey opens when the session starts (SurveyNotOpen). Answers given so far stay on the device.',
          on: {
            RETRY: { target: 'loading.result', actions: 'clearError', description: 'Ask again whether it is open; answers kept.' },
          },
        },
        answering: {
          description: 'One group of questions at a time, with its progress (part n of m); the group must be answered before going on.',
          on: {
            ANSWER: {
              actions: [{ type: 'answer', params: ({ event }) => ({ questionID: event.questionID, answer: event.answer }) }, 'persist'],
            },
            NEXT: [
              {
                guard: 'lastGroupAnswered',
                target: 'reviewing',
                actions: 'persist',
                description: 'The last group is answered: review everything.',
              },
              {
                guard: 'groupAnswered',
                actions: ['nextGroup', 'persist'],
                description: 'On to the next group.',
              },
              {
                actions: 'markChecked',
                description: 'A required question is unanswered or an answer does not fit: stay, and its problem shows.',
              },
            ],
            BACK: { guard: 'notFirstGroup', actions: ['previousGroup', 'persist'] },
          },
        },
        reviewing: {
          description: 'Every answer, group by group, each with Edit; then submit.',
          on: {
            EDIT: {
              guard: { type: 'isGroup', params: ({ event }) => ({ group: event.group }) },
              target: 'answering',
              actions: [{ type: 'goToGroup', params: ({ event }) => ({ group: event.group }) }, 'persist'],
            },
            BACK: 'answering',
            SUBMIT: { guard: 'allAnswered', target: 'submitting' },
          },
        },
        submitting: {
          description: 'Sending the answers (submitSurvey): taste notes and aromas as IDs only.',
          tags: ['busy'],
          invoke: {
            id: 'submitSurvey',
            src: 'submitSurvey',
            input: ({ context }) => ({
              SurveyID: context.survey?.SurveyID ?? '',
              VarianceID: context.input.varianceID,
              Question: submitAnswers(context.survey, context.answers),
            }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'submitted',
                actions: [{ type: 'storeSubmitTime', params: ({ event }) => ({ result: event.output }) }, 'persist'],
              },
              {
                guard: { type: 'failedWith', params: ({ event }) => ({ result: event.output, code: SURVEY_CANNOT_RESUBMIT }) },
                target: 'readingResult',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                description: 'SurveyCannotResubmit: it was submitted already (another tab or device): read what was sent, and say so.',
              },
              {
                guard: { type: 'failedWith', params: ({ event }) => ({ result: event.output, code: SURVEY_NOT_COMPLETE }) },
                target: 'answering',
                actions: { type: 'showMissing', params: ({ event }) => ({ result: event.output }) },
                description: "SurveyNotComplete: back to the named question's group, with the message.",
              },
              {
                guard: { type: 'failedWith', params: ({ event }) => ({ result: event.output, code: SURVEY_NOT_OPEN }) },
                target: 'notOpen',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: 'failed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ result: event.output }) },
                description: 'Refused otherwise (an answer that does not fit, not an attendee): the reason shows, with a retry.',
              },
            ],
            onError: { target: 'failed', actions: 'rememberNetworkError' },
          },
        },
        readingResult: {
          description: 'Reading the submission the server already has (getSurveyResult).',
          tags: ['busy'],
          invoke: {
            id: 'getSurveyResult',
            src: 'getSurveyResult',
            input: ({ context }) => ({ SurveyID: context.survey?.SurveyID ?? '', VarianceID: context.input.varianceID }),
            onDone: [
              {
                guard: { type: 'submittedOnServer', params: ({ event }) => ({ result: event.output }) },
                target: 'submitted',
                actions: [{ type: 'storeResult', params: ({ event }) => ({ result: event.output }) }, 'persist'],
              },
              {
                target: 'submitted',
                actions: ['markCompleted', 'persist'],
                description: 'The submission could not be read: it is complete all the same; the answers shown are the ones given here.',
              },
            ],
            onError: { target: 'submitted', actions: ['markCompleted', 'persist'] },
          },
        },
        failed: {
          description: 'The answers were not sent (no connection, or refused): they are kept; retry, or back to the review.',
          on: {
            RETRY: { target: 'submitting', actions: 'clearError' },
            BACK: { target: 'reviewing', actions: 'clearError' },
          },
        },
        submitted: {
          description: 'Complete: the submit date shows, with what the table tasted and the way to a taste card.',
        },
      },
    },
  },
});
