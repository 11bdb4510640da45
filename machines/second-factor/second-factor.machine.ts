import { assign, fromPromise, setup } from 'xstate';
import type { CallResult, EnrollOutput, SecondFactorContext, SecondFactorEvent, SecondFactorInput, VerifyInput, VerifyOutput } from './second-factor.types.ts';
import { NETWORK_ERROR } from './second-factor.types.ts';

export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    input: {} as SecondFactorInput,
  },
  actors: {
    enroll: fromPromise<CallResult<EnrollOutput>>(async () => {
      throw new Error('enroll not provided');
    }),
    verify: fromPromise<CallResult<VerifyOutput>, VerifyInput>(async () => {
      throw new Error('verify not provided');
    }),
  },
  actions: {
    rememberEnrolment: assign((_, params: { result: CallResult<EnrollOutput> }) => ({ enrolment: params.result.ok ? params.result.data : undefined, error: undefined })),
    rememberPassed: assign((_, params: { result: CallResult<VerifyOutput> }) => ({ verifiedUntil: params.result.ok ? params.result.data.VerifiedUntil : undefined, error: undefined })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({ error: params.result.ok ? undefined : params.result.code })),
    rememberNetworkError: assign({ error: NETWORK_ERROR }),
    /** Set up by another tab meanwhile: the code of the app already set up is asked for. */
    rememberEnrolled: assign({ enrolled: true, enrolment: undefined }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    enrolled: ({ context }) => context.enrolled,
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    enrolledMeanwhile: (_, params: { result: CallResult<unknown> }) => !params.result.ok && params.result.code === 'SecondFactorEnrolled',
  },
}).createMachine({
  id: 'secondFactor',
  description:
    'Staff pass the back office’s second factor (issue 32): an app set up already gives its code; otherwise a new secret is shown to scan, and the first code sets it up. A code is checked once; a wrong one is said in words and another asked for.',
  context: ({ input }) => ({ enrolled: input.Enrolled }),
  initial: 'starting',
  states: {
    starting: {
      description: 'An app set up already: its code is asked for; otherwise one is set up.',
      always: [{ guard: 'enrolled', target: 'enteringCode' }, { target: 'enrolling' }],
    },
    enrolling: {
      description: 'A new secret is made for the app (enroll-staff-second-factor).',
      tags: ['busy'],
      invoke: {
        id: 'enroll',
        src: 'enroll',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'enteringCode',
            actions: { type: 'rememberEnrolment', params: ({ event }) => ({ result: event.output }) },
          },
          { guard: { type: 'enrolledMeanwhile', params: ({ event }) => ({ result: event.output }) }, target: 'enteringCode', actions: 'rememberEnrolled' },
          { target: 'enrolFailed', actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'enrolFailed', actions: 'rememberNetworkError' },
      },
    },
    enrolFailed: {
      description: 'No secret could be made: why, in words, and try again.',
      on: { RETRY: { target: 'enrolling', actions: 'clearError' } },
    },
    enteringCode: {
      description: 'The six digits the app shows are asked for (with the new secret to scan while setting up).',
      on: { SUBMIT: { target: 'verifying' } },
    },
    verifying: {
      description: 'The code is checked (verify-staff-second-factor): one request; a second press is not taken while it runs.',
      tags: ['busy'],
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ event }) => ({ Code: event.type === 'SUBMIT' ? event.code : '' }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'passed',
            actions: { type: 'rememberPassed', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'enteringCode',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'A wrong or used code (CodeMismatchException), or too many (LimitError): said in words, another asked for.',
          },
        ],
        onError: { target: 'enteringCode', actions: 'rememberNetworkError' },
      },
    },
    passed: { type: 'final', description: 'This session passed: the back office opens.' },
  },
});
