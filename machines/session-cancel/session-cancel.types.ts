/**
 * Data of cancelling one event session from the back office (issue 32). Structurally equal to
 * contract/staff-events.ts (staff-cancel-session); tests/machines/session-cancel.test.ts checks it, since a
 * machine imports nothing outside machines/.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** The session being cancelled. */
export type SessionCancelInput = { SessionID: string };

/** staff-cancel-session's body. */
export type CancelSessionInput = { SessionID: string; Reason: string };

/** A refund request recorded for one paid booking of the cancelled session. */
export type SessionRefund = { RefundID: string; OrderID: string; Amount: number; Currency: string };

/** staff-cancel-session's answer, as far as the flow reads it. */
export type CancelSessionOutput = {
  Session: { SessionID: string; Status: 'scheduled' | 'cancelled'; CancelledAt?: string | undefined };
  Refunds: SessionRefund[];
  MailedBookers: number;
};

export type SessionCancelContext = {
  sessionID: string;
  /** The reason as confirmed (trimmed), sent again as it is on a retry. */
  reason?: string | undefined;
  /** Why the last try failed (a server code, or 'NetworkError'), until the next one. */
  error?: CallCode | undefined;
  /** The answer once cancelled. */
  cancelled?: CancelSessionOutput | undefined;
};

export type SessionCancelEvent =
  /** Staff confirm the cancel with their reason. */
  | { type: 'CONFIRM'; reason: string }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };
