import type { emailChangeMachine } from './email-change.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the emailChangeMachine with. */
export const fixtures: FlowFixtures<typeof emailChangeMachine> = {
  inputs: [undefined],
  events: {
    SUBMIT_EMAIL: [{ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' }],
    SUBMIT_INVALID: [{ type: 'SUBMIT_INVALID' }],
    SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: '654321' }],
    RESEND: [{ type: 'RESEND' }],
    START_OVER: [{ type: 'START_OVER' }],
    EDIT: [{ type: 'EDIT' }],
  },
  actors: {
    userUpdateEmail: {
      done: [
        { ok: true, data: {} },
        // Another account has the address; the address is the member's own already.
        { ok: false, code: 'UsernameExistsException', message: 'An account with the given email already exists.' },
        { ok: false, code: 'InvalidParameter', message: 'This is already your e-mail address' },
      ],
      error: new Error('network down'),
    },
    userConfirmUpdateEmail: {
      done: [
        { ok: true, data: { userDetailInfo: { email: 'mei.new@example.com' } } },
        { ok: false, code: 'CodeMismatchException' },
        { ok: false, code: 'ExpiredCodeException' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
  },
  // Codes sent only counts up: leave it out, or the graph never ends.
  abstraction: ({ context }) => ({
    email: context.email,
    atCodeStep: context.atCodeStep,
    changedTo: context.changedTo,
    requestError: context.requestError !== undefined,
    confirmError: context.confirmError !== undefined,
  }),
};
