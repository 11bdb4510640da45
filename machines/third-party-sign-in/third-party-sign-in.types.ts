/** Data of the third-party (OIDC) sign-in flow on /third_party_login. */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, LINK_REQUIRED } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type TokenSet = {
  userID: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
};

/** What a LinkRequired answer carries. */
export type LinkRequiredData = { email: string; thirdPartyID: string };

/** login-code-challenge {Code, State}. */
export type LoginCodeChallengeInput = { Code: string; State: string };
export type LoginCodeChallengeResult = CallResult<TokenSet, LinkRequiredData>;
/** user-link-third-party-account-with-login {email, password, thirdPartyID}. */
export type UserLinkThirdPartyAccountWithLoginInput = { email: string; password: string; thirdPartyID: string };

export type ThirdPartySignInInput = {
  /** The OIDC authorization code the provider redirected back with. */
  code: string;
  /** The state the provider returned along with the code; the server knows the login by it. */
  state: string;
};

export type ThirdPartySignInContext = {
  code: string;
  state: string;
  /** The existing account to link (from LinkRequired). */
  email?: string | undefined;
  thirdPartyID?: string | undefined;
  /** Why the last step failed: a spec §8 code (NotAuthorizedException, AccountDisabled …), or 'NetworkError'. */
  errorCode?: CallCode | undefined;
  tokens?: TokenSet | undefined;
};

export type ThirdPartySignInEvent =
  | { type: 'SUBMIT_PASSWORD'; password: string }
  /** The user edits the password: the inline error goes away. */
  | { type: 'EDIT' }
  | { type: 'RETRY' };

export type ThirdPartySignInOutput = { tokens: TokenSet } | { tokens?: undefined; errorCode: CallCode };

export type ThirdPartySignInTag = 'busy';
