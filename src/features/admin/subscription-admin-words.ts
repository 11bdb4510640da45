/**
 * The back office's words for subscriptions (issue 32): where one stands, why it ended, a plan's duration, why a
 * renewal failed and what a retry answered. Raw values are never shown as they are.
 */
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type {
  CallResponse,
  FailedRenewalReason,
  PaymentMethod,
  staffRetryRenewal,
  StaffSubscription,
  SubscriptionDuration,
  SubscriptionStatus,
} from "../../../contract/index.ts";

type SubscriptionEndReason = NonNullable<StaffSubscription["EndReason"]>;
export type RetryOutcome = CallResponse<typeof staffRetryRenewal>["Outcome"];

/**
 * The words, the same functions from render to render (a table's columns are made once from them: new functions
 * would make new cells, and a focused button in one would lose its focus).
 */
export function useSubscriptionWords() {
  const { t } = useLingui();
  return useMemo(() => {
    const status: Record<SubscriptionStatus, string> = {
      Pending: t`Waiting for the first payment`,
      Active: t`Active`,
      PastDue: t`Payment due`,
      Cancelled: t`Cancelled`,
      Ended: t`Ended`,
    };
    const ended: Record<SubscriptionEndReason, string> = {
      Cancelled: t`Cancelled by the member`,
      PaymentFailed: t`Card declined on every try`,
      Unpaid: t`Payment link not paid in time`,
      NotStarted: t`First payment never made`,
    };
    const duration: Record<SubscriptionDuration, string> = {
      month: t`Monthly`,
      quarter: t`Quarterly`,
      annual: t`Annually`,
    };
    const reason: Record<FailedRenewalReason, string> = {
      PaymentFailed: t`Card declined on every try`,
      Unpaid: t`Payment link not paid in time`,
      OutOfStockWaiting: t`Out of stock, tried again daily`,
      OutOfStockSkipped: t`Out of stock, cycle skipped`,
    };
    const outcome: Record<RetryOutcome, string> = {
      Renewed: t`Renewed: the order is placed (the card charged, or the payment link mailed).`,
      StillOutOfStock: t`Still out of stock: it is tried again each day as before.`,
      Skipped: t`Out of stock past the limit: this cycle was skipped, unbilled.`,
      InProgress: t`The renewal is running right now. Look again in a moment.`,
    };
    const method: Record<PaymentMethod, string> = {
      CreditCard: t`Credit or debit card`,
      Alipay: t`Alipay`,
      FPS: t`FPS QR code`,
    };
    return {
      method: (m: PaymentMethod) => method[m],
      status: (s: SubscriptionStatus) => status[s],
      endReason: (r: SubscriptionEndReason) => ended[r],
      duration: (d: SubscriptionDuration) => duration[d],
      reason: (r: FailedRenewalReason) => reason[r],
      outcome: (o: RetryOutcome) => outcome[o],
    };
  }, [t]);
}
