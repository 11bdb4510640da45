import { entryGateMachine } from '../../machines/entry-gate/entry-gate.machine.ts';
import type { MachineModel } from './coverage.ts';

export const entryGateModel: MachineModel<typeof entryGateMachine> = {
  machine: entryGateMachine,
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
