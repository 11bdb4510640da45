import type { SnapshotFrom } from 'xstate';
import type { sessionCancelMachine } from './session-cancel.machine.ts';
import type { CallCode, CancelSessionOutput } from './session-cancel.types.ts';

export type SessionCancelSnapshot = SnapshotFrom<typeof sessionCancelMachine>;

/** The confirmation shows, with the reason field. */
export const isConfirming = (s: SessionCancelSnapshot): boolean => s.matches('confirming');
export const isCancelling = (s: SessionCancelSnapshot): boolean => s.hasTag('busy');
export const isCancelled = (s: SessionCancelSnapshot): boolean => s.matches('cancelled');
export const isFailed = (s: SessionCancelSnapshot): boolean => s.matches('failed');
export const isClosed = (s: SessionCancelSnapshot): boolean => s.matches('closed');
export const error = (s: SessionCancelSnapshot): CallCode | undefined => s.context.error;
export const cancelled = (s: SessionCancelSnapshot): CancelSessionOutput | undefined => s.context.cancelled;
/** How many refund requests the cancel recorded (one per paid booking). */
export const refundCount = (s: SessionCancelSnapshot): number => s.context.cancelled?.Refunds.length ?? 0;
/** A confirm press would be taken now (not while cancelling, not once done). */
export const canConfirm = (s: SessionCancelSnapshot): boolean => s.can({ type: 'CONFIRM', reason: 'x' });
