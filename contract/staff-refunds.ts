import * as v from 'valibot';
import { Currency, defineCall, Id } from './define.ts';
import { PaymentMethod } from './orders.ts';
import { BankReference } from './staff-fields.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * Refunds paid out from the back office (issue 32). A refund request is money an order could not take (paid
 * after it expired or was cancelled, paid twice, not its amount); staff pay each out once: card and Alipay
 * through the payment provider, FPS by a bank transfer whose reference staff record.
 */

/** open: owed; paying: a press is asking the provider right now; paid: paid out, once. */
export const RefundStatus = v.picklist(['open', 'paying', 'paid']);
export type RefundStatus = v.InferOutput<typeof RefundStatus>;

export const StaffRefund = v.object({
  RefundID: v.string(),
  OrderID: v.string(),
  /** The order's reference (what the member sees); '' when the order is gone. */
  Reference: v.string(),
  /** The order's kind (product, event, subscription, gathering …); '' when the order is gone. */
  Kind: v.string(),
  /** Minor units of Currency. */
  Amount: v.number(),
  Currency,
  /** How the money came, and so how it goes back; null for a request recorded before the method was kept. */
  PaymentMethod: v.nullable(PaymentMethod),
  /** Why it is owed: order_expired, order_cancelled, paid_twice, amount_mismatch. */
  Reason: v.string(),
  /** ISO 8601. */
  CreatedAt: v.string(),
  Status: RefundStatus,
  /** ISO 8601, once paid. */
  PaidAt: v.optional(v.string()),
  /** The user id of the staff member who paid it. */
  PaidBy: v.optional(v.string()),
  /** The provider's id of the refund (card, Alipay). */
  ProviderRefundID: v.optional(v.string()),
  /** The bank transfer's reference (FPS). */
  BankReference: v.optional(v.string()),
});
export type StaffRefund = v.InferOutput<typeof StaffRefund>;

export const REFUND_PAGE_MAX = 100;

/**
 * How list-refund-requests sorts (contract/staff-sort.ts): CreatedAt (when it became owed), Reference and Kind
 * (the order's; '' when the order is gone), Amount (by Currency, then the amount), Reason (then CreatedAt).
 */
export const RefundSort = sortOf(['CreatedAt', 'Reference', 'Kind', 'Amount', 'Reason']);
export type RefundSort = v.InferOutput<typeof RefundSort>;

/**
 * Refund requests a page at a time: open (the default: not yet paid), paid or all. Without Sort, open ones come
 * oldest first (a queue to work through) and the others newest first (CreatedAt asc or desc). LastEvaluatedKey,
 * opaque, from the previous page of the same sort continues.
 */
export const listRefundRequests = defineCall({
  name: 'list-refund-requests',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Status: v.optional(v.picklist(['open', 'paid', 'all']), 'open'),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(REFUND_PAGE_MAX)), 50),
    Sort: v.optional(RefundSort),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ RefundList: v.array(StaffRefund), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Pays one refund request out, exactly once, even when pressed twice at once: card and Alipay through the
 * provider (its refund carries a key derived from the request, so a retry never pays twice); FPS is recorded
 * as a bank transfer and needs BankReference (400 MissingParameter naming it). Answers the paid refund; a
 * request paid already answers as it stands and pays nothing more. 400 RefundInProgress while another press
 * is asking the provider; 400 RefundFailed (with the provider's reason) when the provider refuses. Each payout
 * is one audit_log row (action 'refund.pay'), and the member is mailed.
 */
export const payRefund = defineCall({
  name: 'pay-refund',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    RefundID: Id,
    /** FPS: the reference of the bank transfer that paid the money back. */
    BankReference: v.optional(BankReference),
  }),
  response: v.object({ Refund: StaffRefund }),
});
