import { assign, setup } from 'xstate';
import type { EntryGateContext, EntryGateInput, EntryGateOutput } from './entry-gate.types.ts';
import { LOGIN_REDIRECT, SURVEY_REDIRECT } from './entry-gate.types.ts';

export const entryGateMachine = setup({
  types: {
    context: {} as EntryGateContext,
    input: {} as EntryGateInput,
    output: {} as EntryGateOutput,
  },
  actions: {
    redirectTo: assign((_, params: { redirect: string }) => ({ redirect: params.redirect })),
  },
  guards: {
    mustLogIn: ({ context }) => context.requiresLogin && !context.loggedIn,
    surveyDue: ({ context }) => context.loggedIn && !context.preSurveyDone,
  },
}).createMachine({
  id: 'entryGate',
  description: 'Decides, before a login-required or paid-member-check page opens, whether the user may see it.',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    preSurveyDone: input.preSurveyDone,
    target: input.target,
    requiresLogin: input.requiresLogin ?? true,
  }),
  initial: 'deciding',
  output: ({ context }) => ({ redirect: context.redirect, returnTo: context.target }),
  states: {
    deciding: {
      description: 'Looks at the login state and the entry survey.',
      always: [
        {
          guard: 'mustLogIn',
          target: 'loginRequired',
          actions: { type: 'redirectTo', params: { redirect: LOGIN_REDIRECT } },
          description: 'Not logged in on a login-required page.',
        },
        {
          guard: 'surveyDue',
          target: 'surveyDue',
          actions: { type: 'redirectTo', params: { redirect: SURVEY_REDIRECT } },
          description: 'Logged in but the entry survey is not answered yet.',
        },
        { target: 'allowed' },
      ],
    },
    allowed: {
      type: 'final',
      description: 'The page opens.',
    },
    loginRequired: {
      type: 'final',
      description: 'Go to home with the login popup; after logging in the user returns to the page.',
    },
    surveyDue: {
      type: 'final',
      description: 'Go to the entry survey first; after answering it the user returns to the page.',
    },
  },
});
