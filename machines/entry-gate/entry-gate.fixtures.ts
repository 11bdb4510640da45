import type { entryGateMachine } from './entry-gate.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the entryGateMachine with. */
export const fixtures: FlowFixtures<typeof entryGateMachine> = {
  inputs: [
    { loggedIn: false, preSurveyDone: false, target: '/shopping_bag' },
    { loggedIn: true, preSurveyDone: false, target: '/shopping_bag' },
    { loggedIn: true, preSurveyDone: true, target: '/shopping_bag' },
    { loggedIn: false, preSurveyDone: false, target: '/search_boxset', requiresLogin: false },
  ],
  describeInput: (i) =>
    `${i.loggedIn ? 'member' : 'visitor'}${i.loggedIn ? (i.preSurveyDone ? ', survey done' : ', survey due') : ''} → ${i.target}`,
  events: {},
  actors: {},
};
