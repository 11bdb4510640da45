import type { SnapshotFrom } from 'xstate';
import type { refundPayoutMachine } from './refund-payout.machine.ts';
import type { CallCode, PaidRefund } from './refund-payout.types.ts';

export type RefundPayoutSnapshot = SnapshotFrom<typeof refundPayoutMachine>;

/** The confirmation shows (with the bank reference field for FPS). */
export const isConfirming = (s: RefundPayoutSnapshot): boolean => s.matches('confirming');
export const isPaying = (s: RefundPayoutSnapshot): boolean => s.hasTag('busy');
export const isPaid = (s: RefundPayoutSnapshot): boolean => s.matches('paid');
export const isFailed = (s: RefundPayoutSnapshot): boolean => s.matches('failed');
export const isCancelled = (s: RefundPayoutSnapshot): boolean => s.matches('cancelled');
/** The bank transfer's reference is asked for. */
export const needsBankReference = (s: RefundPayoutSnapshot): boolean => s.context.byTransfer;
export const error = (s: RefundPayoutSnapshot): CallCode | undefined => s.context.error;
export const paid = (s: RefundPayoutSnapshot): PaidRefund | undefined => s.context.paid;
/** A confirm press would be taken now (not while paying, not once done). */
export const canConfirm = (s: RefundPayoutSnapshot): boolean => s.can({ type: 'CONFIRM', bankReference: 'x' });
