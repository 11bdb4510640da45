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
      // The server answers an unknown e-mail as a known one (spec §8); a refusal (too many mails) is shown the same.
      done: [{ ok: true, data: {} }, { ok: false, code: 'LimitError', message: 'Too many requests' }],
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
