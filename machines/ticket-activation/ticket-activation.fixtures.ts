import type { ticketActivationMachine } from './ticket-activation.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the ticketActivationMachine with. */
export const fixtures: FlowFixtures<typeof ticketActivationMachine> = {
  inputs: [
    { ticketID: 'tkt-guest-1', signedIn: false, resume: false },
    { ticketID: 'tkt-guest-1', signedIn: true, resume: false },
    // Back on the page after signing up from it.
    { ticketID: 'tkt-guest-1', signedIn: true, resume: true },
  ],
  events: {
    SIGN_IN: [{ type: 'SIGN_IN', mode: 'signUp' }],
    SIGNED_IN: [
      { type: 'SIGNED_IN', resume: true },
      { type: 'SIGNED_IN', resume: false },
    ],
    SIGNED_OUT: [{ type: 'SIGNED_OUT' }],
    ACTIVATE: [{ type: 'ACTIVATE' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    activateTicket: {
      done: [
        // At the venue, the gathering going on.
        { ok: true, data: { Record: { EventID: 'ev-sake', VarianceID: 'evs-sake-1' }, CheckedIn: true, GatheringID: 'gth-sake-1' } },
        // Before the gathering opens: the seat is taken.
        { ok: true, data: { Record: { EventID: 'ev-sake', VarianceID: 'evs-sake-1' } } },
        { ok: false, code: 'TicketAlreadyActivated' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ in: context.gatheringID !== undefined, refusal: context.refusal, failure: context.failure !== undefined }),
};
