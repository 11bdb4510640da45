import { thirdPartySignInMachine } from '../../machines/third-party-sign-in/third-party-sign-in.machine.ts';
import type { TokenSet } from '../../machines/third-party-sign-in/third-party-sign-in.types.ts';
import type { MachineModel } from './coverage.ts';

export const linkedTokens: TokenSet = { userID: 'u1', idToken: 'id-1', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 };

export const thirdPartySignInModel: MachineModel<typeof thirdPartySignInMachine> = {
  machine: thirdPartySignInMachine,
  inputs: [{ code: 'oidc-code-1', state: 'oidc-state-1' }],
  events: {
    SUBMIT_PASSWORD: [{ type: 'SUBMIT_PASSWORD', password: 'Oolong2024' }],
    EDIT: [{ type: 'EDIT' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    loginCodeChallenge: {
      done: [
        { ok: true, data: linkedTokens },
        { ok: false, code: 'LinkRequired', data: { email: 'mei@example.com', thirdPartyID: 'google-42' } },
        { ok: false, code: 'LinkRequired' },
        { ok: false, code: 'UnexpectedLoginProvider' },
        { ok: false, code: 'CodeExpired' },
      ],
      error: new Error('network down'),
    },
    userLinkThirdPartyAccountWithLogin: {
      done: [{ ok: true, data: linkedTokens }, { ok: false, code: 'IncorrectUsernameOrPassword' }],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ link: context.thirdPartyID !== undefined, error: context.errorCode !== undefined }),
};
