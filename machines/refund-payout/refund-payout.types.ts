/**
 * Data of paying one refund out from the back office (issue 32). Structurally equal to contract/staff-refunds.ts
 * (pay-refund); tests/machines/refund-payout.test.ts checks it, since a machine imports nothing outside machines/.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** How the money came, and so how it goes back; null: recorded before the method was kept (the server asks the provider). */
export type RefundMethod = 'CreditCard' | 'Alipay' | 'FPS' | null;

/** The refund request being paid out. */
export type RefundPayoutInput = { RefundID: string; PaymentMethod: RefundMethod };

/** pay-refund's body: FPS is paid by a bank transfer staff made, whose reference they give. */
export type PayRefundInput = { RefundID: string; BankReference?: string };

/** pay-refund's answer, as far as the flow reads it. */
export type PaidRefund = { RefundID: string; Status: 'open' | 'paying' | 'paid'; ProviderRefundID?: string | undefined; BankReference?: string | undefined };
export type PayRefundOutput = { Refund: PaidRefund };

export type RefundPayoutContext = {
  refundID: string;
  /** Paid back by a bank transfer (FPS): a reference is needed before paying. */
  byTransfer: boolean;
  /** The bank transfer's reference, as confirmed. */
  bankReference?: string | undefined;
  /** Why the last try failed (a server code, or 'NetworkError'), until the next one. */
  error?: CallCode | undefined;
  /** The refund as paid. */
  paid?: PaidRefund | undefined;
};

export type RefundPayoutEvent =
  /** Staff confirm the payout (FPS: with the bank transfer's reference). */
  | { type: 'CONFIRM'; bankReference?: string | undefined }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };
