/**
 * Data of passing the back office's second factor (issue 32). Structurally equal to contract/staff-second-factor.ts
 * (enroll-staff-second-factor, verify-staff-second-factor); tests/machines/second-factor.test.ts checks it, since a
 * machine imports nothing outside machines/.
 */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** Whether the member's authenticator app is set up already (get-staff-second-factor's Enrolled). */
export type SecondFactorInput = { Enrolled: boolean };

/** enroll-staff-second-factor's answer: the secret as an otpauth:// address to scan and as text to type. */
export type EnrollOutput = { Secret: string; OtpauthURI: string };
export type VerifyInput = { Code: string };
export type VerifyOutput = { VerifiedUntil: string };

export type SecondFactorContext = {
  enrolled: boolean;
  /** The new secret while setting up (shown as a QR code and as text). */
  enrolment?: EnrollOutput | undefined;
  /** Why the last step failed (a server code, or 'NetworkError'), until the next one. */
  error?: CallCode | undefined;
  /** ISO 8601: until when this session's pass lasts. */
  verifiedUntil?: string | undefined;
};

export type SecondFactorEvent = { type: 'SUBMIT'; code: string } | { type: 'RETRY' };
