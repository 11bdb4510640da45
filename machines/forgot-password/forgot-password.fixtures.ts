import type { forgotPasswordMachine } from './forgot-password.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the forgotPasswordMachine with. */
export const fixtures: FlowFixtures<typeof forgotPasswordMachine> = {
  inputs: [undefined],
  events: {
    SUBMIT_EMAIL: [{ type: 'SUBMIT_EMAIL', email: 'mei@example.com' }],
    SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: '654321', password: 'Sencha2025' }],
    RESEND: [{ type: 'RESEND' }],
    EDIT: [{ type: 'EDIT' }],
  },
  actors: {
    userForgetPassword: {
      // 'Username/client id combination not found.' stands for the unknown e-mail (spec §8).
      done: [{ ok: true, data: {} }, { ok: false, code: 'UserNotFoundException', message: 'Username/client id combination not found.' }],
      error: new Error('network down'),
    },
    userConfirmForgetPassword: {
      done: [
        { ok: true, data: {} },
        { ok: false, code: 'CodeMismatchException' },
        { ok: false, code: 'ExpiredCodeException' },
        { ok: false, code: 'InvalidPasswordException' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ email: context.email, codeRequested: context.codeRequested, error: context.errorCode !== undefined }),
};
