/** Data of the forgot-password flow (structurally equal to contract/account.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type Empty = Record<string, never>;

/** user-forget-password {email}. */
export type UserForgetPasswordInput = { email: string };
/** user-confirm-forget-password {email, confirmationCode, newpassword}. */
export type UserConfirmForgetPasswordInput = { email: string; confirmationCode: string; newpassword: string };

export type ForgotPasswordContext = {
  email: string;
  /** A code has been requested at least once (so a failed resend returns to the code step). */
  codeRequested: boolean;
  /** Why the last step failed: a spec §8 code, or 'NetworkError'. */
  errorCode?: CallCode | undefined;
};

export type ForgotPasswordEvent =
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'SUBMIT_CODE'; code: string; password: string }
  | { type: 'RESEND' }
  /** The user edits a field: the inline error goes away. */
  | { type: 'EDIT' };

export type ForgotPasswordTag = 'busy';
