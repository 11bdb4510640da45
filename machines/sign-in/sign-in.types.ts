/** Data of the sign-in flow (structurally equal to contract/account.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, RESET_PASSWORD_REQUIRE } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type TokenSet = {
  userID: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
};

/** user-login {email, password}. */
export type UserLoginInput = { email: string; password: string };
/** user-forceChange-password {email, password, session}: answers a ResetPasswordRequire sign-in. */
export type UserForceChangePasswordInput = { email: string; password: string; session: string };

export type SignInContext = {
  /** The e-mail of the last attempt (kept to prefill the form and for the new-password step). */
  email: string;
  /** Why the last attempt failed: a spec §8 code, or 'NetworkError'. */
  errorCode?: CallCode | undefined;
  /** The session a ResetPasswordRequire answer carries, needed to set the new password. */
  session?: string | undefined;
  tokens?: TokenSet | undefined;
};

export type SignInEvent =
  | { type: 'SUBMIT'; email: string; password: string }
  /** The user edits the form: the inline error goes away. */
  | { type: 'EDIT' }
  | { type: 'SUBMIT_NEW_PASSWORD'; password: string }
  /** Leave the new-password step and start again. */
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export type SignInOutput = { tokens: TokenSet };

export type SignInTag = 'busy';
