import type { signInMachine } from './sign-in.machine.ts';
import type { TokenSet } from './sign-in.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const loginTokens: TokenSet = { userID: 'u1', idToken: 'id-1', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 };

/** What `npm run paths`, the tests and the flow atlas drive the signInMachine with. */
export const fixtures: FlowFixtures<typeof signInMachine> = {
  inputs: [undefined],
  events: {
    SUBMIT: [{ type: 'SUBMIT', email: 'mei@example.com', password: 'Oolong2024' }],
    EDIT: [{ type: 'EDIT' }],
    SUBMIT_NEW_PASSWORD: [{ type: 'SUBMIT_NEW_PASSWORD', password: 'Pu-erh2025' }],
    CANCEL: [{ type: 'CANCEL' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    userLogin: {
      done: [
        { ok: true, data: loginTokens },
        { ok: false, code: 'ResetPasswordRequire', session: 'session-1' },
        { ok: false, code: 'ResetPasswordRequire' },
        { ok: false, code: 'IncorrectUsernameOrPassword' },
        { ok: false, code: 'UserNotConfirmedException' },
        { ok: false, code: 'AccountDisabled' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
    userForceChangePassword: {
      done: [{ ok: true, data: loginTokens }, { ok: false, code: 'InvalidPasswordException' }],
      error: new Error('network down'),
    },
  },
};
