/** Data of the sign-up flow (structurally equal to contract/account.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type TokenSet = {
  userID: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
};

export type Gender = 'male' | 'female' | 'other';
export type Empty = Record<string, never>;

/** user-signup {email, password, family_name, given_name, gender}. */
export type UserSignupInput = {
  email: string;
  password: string;
  given_name: string;
  family_name: string;
  gender?: Gender | undefined;
};
/** user-confirm-signup {email, confirmationCode}. */
export type UserConfirmSignupInput = { email: string; confirmationCode: string };
/** user-resend-confirmationcode {email}. */
export type UserResendConfirmationCodeInput = { email: string };

export type SignUpInput = {
  /** Open straight at the code step for an account that still needs verifying (e.g. sign-in answered UserNotConfirmedException). */
  email?: string | undefined;
};

export type SignUpContext = {
  email: string;
  /** Why the last step failed: a spec §8 code, or 'NetworkError'. */
  errorCode?: CallCode | undefined;
  tokens?: TokenSet | undefined;
};

export type SignUpEvent =
  | ({ type: 'SUBMIT' } & UserSignupInput)
  /** The user edits a field: the inline error goes away. */
  | { type: 'EDIT' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND' };

export type SignUpOutput = { tokens: TokenSet };

export type SignUpTag = 'busy';
