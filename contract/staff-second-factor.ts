import * as v from 'valibot';
import { defineCall, noBody } from './define.ts';

/**
 * The back office's second factor (issue 32): staff and owners pass a code from an authenticator app (TOTP,
 * RFC 6238: 6 digits, 30 s steps) before back-office calls answer them, and again after
 * STAFF_SECOND_FACTOR_HOURS. Required where the server is configured so (STAFF_SECOND_FACTOR; on by default
 * when NODE_ENV=production). These calls are the member's own, so a session that has not passed it can.
 */

/** How long a passed second factor lasts on a session: a working day, then it is asked again. */
export const STAFF_SECOND_FACTOR_HOURS = 8;

/** A code as the app shows it: 6 digits (spaces typed between them are taken out). */
export const SecondFactorCode = v.pipe(v.string(), v.transform((s) => s.replace(/\s+/g, '')), v.regex(/^\d{6}$/, 'six digits'));

/** Whether the back office asks the member for a code, and where they stand. */
export const getStaffSecondFactor = defineCall({
  name: 'get-staff-second-factor',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({
    /** This member's back-office calls need the second factor (a staff or owner role, and the server requires it). */
    Required: v.boolean(),
    /** An authenticator app is set up (its first code matched). */
    Enrolled: v.boolean(),
    /** ISO 8601: until when this session's passed second factor lasts; null when it has not passed it lately. */
    VerifiedUntil: v.nullable(v.string()),
  }),
});

/**
 * Starts setting up an authenticator app: a new secret (replacing one whose first code never came), as the
 * otpauth:// address an app scans and as text to type. Staff and owners only (403 Forbidden otherwise); 400
 * SecondFactorEnrolled once an app is set up.
 */
export const enrollStaffSecondFactor = defineCall({
  name: 'enroll-staff-second-factor',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ Secret: v.string(), OtpauthURI: v.string() }),
});

/**
 * Checks a code from the app: the first one completes the set-up; each passes the second factor for this
 * session for STAFF_SECOND_FACTOR_HOURS. A wrong code, or one already used, is 400 CodeMismatchException;
 * repeated wrong codes are 429 LimitError.
 */
export const verifyStaffSecondFactor = defineCall({
  name: 'verify-staff-second-factor',
  method: 'POST',
  auth: 'member',
  body: v.object({ Code: SecondFactorCode }),
  response: v.object({ VerifiedUntil: v.string() }),
});
