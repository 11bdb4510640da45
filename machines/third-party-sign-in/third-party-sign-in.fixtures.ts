import type { thirdPartySignInMachine } from './third-party-sign-in.machine.ts';
import type { TokenSet } from './third-party-sign-in.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const linkedTokens: TokenSet = { userID: 'u1', idToken: 'id-1', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 };

/** What `npm run paths`, the tests and the flow atlas drive the thirdPartySignInMachine with. */
export const fixtures: FlowFixtures<typeof thirdPartySignInMachine> = {
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
        // The refusals the server sends: an expired or unknown login, a disabled account.
        { ok: false, code: 'NotAuthorizedException' },
        { ok: false, code: 'AccountDisabled' },
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
