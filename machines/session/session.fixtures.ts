import type { sessionMachine } from './session.machine.ts';
import type { TokenSet, UserChecking, UserDetail } from './session.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const restoredTokens: TokenSet = { userID: 'u1', idToken: 'id-0', accessToken: 'access-0', refreshToken: 'refresh-0', expiresIn: 3600 };
export const signedInTokens: TokenSet = { userID: 'u1', idToken: 'id-1', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600 };
export const refreshedTokens: TokenSet = { userID: 'u1', idToken: 'id-2', accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 3600 };

export const member: UserDetail = {
  userID: 'u1',
  email: 'mei@example.com',
  emailVerified: true,
  givenName: 'Mei',
  familyName: 'Chan',
  name: 'mei',
  bio: '',
  followerCount: 0,
  followeeCount: 0,
  deliveryAddress: [],
  mainDeliveryAddressIndex: 0,
};
export const newcomerFlags: UserChecking = { PreSurvey: false, PaidMember: false, Subscribed: false, MemberGuideFinished: false };

/** What `npm run paths`, the tests and the flow atlas drive the sessionMachine with. */
export const fixtures: FlowFixtures<typeof sessionMachine> = {
  inputs: [{}, { tokens: restoredTokens }],
  describeInput: (input) => (input.tokens ? 'restored tokens' : 'no tokens'),
  events: {
    SIGNED_IN: [{ type: 'SIGNED_IN', tokens: signedInTokens }],
    TOKENS_EXPIRED: [{ type: 'TOKENS_EXPIRED' }],
    SIGN_OUT: [{ type: 'SIGN_OUT' }],
    USER_UPDATED: [{ type: 'USER_UPDATED', user: { ...member, name: 'mei_tea' } }],
    STATUS_UPDATED: [{ type: 'STATUS_UPDATED', checking: { PreSurvey: true } }],
    RELOAD_USER: [{ type: 'RELOAD_USER' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    userGetInfo: {
      done: [
        { ok: true, data: { userDetailInfo: member, checking: newcomerFlags } },
        { ok: false, code: 'Unauthorized' },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    userRefreshToken: {
      done: [{ ok: true, data: refreshedTokens }, { ok: false, code: 'NotAuthorizedException' }],
      error: new Error('network down'),
    },
    userSignOut: {
      done: [{ ok: true, data: {} }],
      error: new Error('network down'),
    },
  },
};

// What changes the session's behaviour: whether tokens, a loaded member and an error are present
// (the guards read nothing else). Keeps the graph to the situations that matter.
fixtures.abstraction = ({ context }) => ({
  tokens: context.tokens !== undefined,
  user: context.user !== undefined,
  error: context.errorCode !== undefined,
});
