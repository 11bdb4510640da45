import type { inviteActivationMachine } from './invite-activation.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the inviteActivationMachine with. */
export const fixtures: FlowFixtures<typeof inviteActivationMachine> = {
  inputs: [
    { inviteCode: 'MEICHAN8', signedIn: false, resume: false },
    { inviteCode: 'MEICHAN8', signedIn: true, resume: false },
    // Back on the page after signing up from it.
    { inviteCode: 'MEICHAN8', signedIn: true, resume: true },
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
    activateInviteCode: {
      done: [
        { ok: true, data: { Membership: { RegularMember: true, RegularSince: '2026-11-30T08:00:00.000Z', InvitedBy: { UserID: 'u-mei', Name: 'mei_sips' }, SVIP: false } } },
        { ok: false, code: 'InviteCodeExpired' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ member: context.membership !== undefined, refusal: context.refusal, failure: context.failure !== undefined }),
};
