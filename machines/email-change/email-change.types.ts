/** Data of the e-mail change flow (structurally equal to contract/email-change.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type Empty = Record<string, never>;

/** user-update-email {email}: mails a code to the new address (the app adds the access token and the mail's language). */
export type UserUpdateEmailInput = { email: string };
/** user-confirm-update-email {code}: the address changes once the code comes back (the app adds the access token and AttributeName). */
export type UserConfirmUpdateEmailInput = { code: string };
/** Its answer: the member as the server now has them (the flow reads the new address; the app hands the whole member to the session). */
export type UserConfirmUpdateEmailOutput = { userDetailInfo: { email: string } };

export type EmailChangeContext = {
  /** The new address asked for: the codes go to it. */
  email: string;
  /** Codes sent in this flow (to any address): each one replaces the last, and the code field starts afresh. */
  codesSent: number;
  /** The code step shows (a code went to the address): sending another that fails stays there. */
  atCodeStep: boolean;
  /** The address the sign-in e-mail was last changed to (said until another change begins). */
  changedTo?: string | undefined;
  /** Why sending a code failed (a spec §8 code, or 'NetworkError'). */
  requestError?: CallCode | undefined;
  /** Why the code was refused (a spec §8 code, or 'NetworkError'). */
  confirmError?: CallCode | undefined;
};

export type EmailChangeEvent =
  /** Send code, with an address the form accepts (not the current one, already normalised). */
  | { type: 'SUBMIT_EMAIL'; email: string }
  /** Send code, with an address the form refuses (it says why under the field): nothing is sent. */
  | { type: 'SUBMIT_INVALID' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND' }
  /** "Use another address": back to the address step. */
  | { type: 'START_OVER' }
  /** The member types in the step's field: that step's error goes away. */
  | { type: 'EDIT' };

export type EmailChangeTag = 'busy';
