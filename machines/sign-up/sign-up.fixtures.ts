import type { signUpMachine } from './sign-up.machine.ts';
import type { TokenSet } from './sign-up.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const verifiedTokens: TokenSet = { userID: 'u2', idToken: 'id-1', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 };

export const newMember = {
  email: 'kit@example.com',
  password: 'Jasmine2025',
  given_name: 'Kit',
  family_name: 'Wong',
  gender: 'other',
} as const;

/** What `npm run paths`, the tests and the flow atlas drive the signUpMachine with. */
export const fixtures: FlowFixtures<typeof signUpMachine> = {
  inputs: [{}, { email: 'kit@example.com' }],
  describeInput: (input) => (input.email ? 'verify existing e-mail' : 'new account'),
  events: {
    SUBMIT: [{ type: 'SUBMIT', ...newMember }],
    EDIT: [{ type: 'EDIT' }],
    SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: '123456' }],
    RESEND: [{ type: 'RESEND' }],
  },
  actors: {
    userSignup: {
      done: [{ ok: true, data: {} }, { ok: false, code: 'UsernameExistsException' }],
      error: new Error('network down'),
    },
    userConfirmSignup: {
      done: [
        { ok: true, data: verifiedTokens },
        { ok: false, code: 'CodeMismatchException' },
        { ok: false, code: 'ExpiredCodeException' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
    userResendConfirmationCode: {
      done: [{ ok: true, data: {} }, { ok: false, code: 'LimitError' }],
      error: new Error('network down'),
    },
  },
  // The error codes only change what is shown; whether there is one is what the guards read.
  abstraction: ({ context }) => ({ email: context.email, error: context.errorCode !== undefined }),
};
