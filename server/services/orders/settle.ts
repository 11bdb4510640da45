/**
 * Settling: every payment outcome, however it arrives (the provider's first answer, a webhook, the
 * browser's return, a repeat of any of these), goes through settleLocked with the order row locked, and
 * nextPaymentStatus decides, so an order of any kind is paid once. Money for an order that is closed,
 * already paid by another payment, or not for its amount is recorded in refund_requests. A kind adds
 * only what paying does besides (OrderKind.paid): nothing here names a kind.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents, refundRequests } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { nextPaymentStatus, type PaymentEvent, type PaymentMethodKind, type PaymentState, type PaymentStatus } from '../payments/provider.ts';
import { keepHold } from './hold.ts';
import { inTransaction, isClosed, isUnpaid, runAfterCommit, type AfterCommit, type OrderKinds, type OrderRow } from './kind.ts';
import { lockOrder } from './locks.ts';
import { cancelQuietly, KIND_METHOD, providerOf } from './provider.ts';

/** A payment outcome as the shop acts on it (from a webhook, or read from the provider). */
export interface PaymentOutcome {
  paymentId: string;
  method: PaymentMethodKind;
  type: PaymentEvent['type'];
  amount: number;
  currency: string;
}

/** What settling did: applied (the order moved), ignored (repeat or stale), refund (money the order could not take). */
export type SettleOutcome = 'applied' | 'ignored' | 'refund' | 'duplicate' | 'unknown_order';

export interface Settled {
  outcome: SettleOutcome;
  order: OrderRow;
  /** A payment to cancel once committed: money came through another one than the order waited on. */
  cancelPaymentId?: string | undefined;
}

/** The provider's payment statuses the shop acts on, as outcomes. */
export const OUTCOME_OF: Partial<Record<PaymentStatus, PaymentEvent['type']>> = {
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
  requires_action: 'requires_action',
};

/** The status the shop last recorded for this payment of the order (the order's status speaks for its current payment). */
function recordedStatus(order: OrderRow, paymentId: string): PaymentStatus {
  if (order.paymentId !== paymentId) return 'pending';
  if (order.paymentStatus === 'Paid') return 'succeeded';
  if (order.paymentStatus === 'PaymentFailed') return 'failed';
  return 'pending';
}

async function recordRefund(tx: Db, order: OrderRow, p: PaymentOutcome, reason: string, now: Date) {
  // The method is kept: it decides how staff pay the money back (pay-refund).
  await tx
    .insert(refundRequests)
    .values({ orderId: order.id, paymentId: p.paymentId, amount: p.amount, currency: p.currency.toUpperCase(), method: p.method, reason, createdAt: now })
    .onConflictDoNothing();
}

/**
 * Applies an outcome to a locked order. The kind's paid() runs only in the settlement that turned the
 * order Paid, so its effects (the confirmation mail) happen once.
 */
export async function settleLocked(tx: Db, kinds: OrderKinds, order: OrderRow, p: PaymentOutcome, now: Date, afterCommit: AfterCommit): Promise<Settled> {
  if (p.type === 'succeeded') {
    if (order.paymentStatus === 'Paid') {
      if (order.paymentId === p.paymentId) return { outcome: 'ignored', order };
      await recordRefund(tx, order, p, 'paid_twice', now);
      return { outcome: 'refund', order };
    }
    if (isClosed(order)) {
      await recordRefund(tx, order, p, order.paymentStatus === 'Expired' ? 'order_expired' : 'order_cancelled', now);
      return { outcome: 'refund', order };
    }
    if (p.amount !== order.total || p.currency.toUpperCase() !== order.currency) {
      await recordRefund(tx, order, p, 'amount_mismatch', now);
      return { outcome: 'refund', order };
    }
    if (nextPaymentStatus(recordedStatus(order, p.paymentId), 'succeeded') !== 'succeeded') return { outcome: 'ignored', order };
    const [paid] = await tx
      .update(orders)
      .set({ paymentStatus: 'Paid', fulfilmentStatus: 'InProcess', paidAt: now, paymentId: p.paymentId, paymentMethod: KIND_METHOD[p.method] })
      .where(eq(orders.id, order.id))
      .returning();
    await keepHold(tx, order.id);
    await kinds.of(order).paid(tx, paid!, afterCommit);
    const cancelPaymentId = order.paymentId && order.paymentId !== p.paymentId ? order.paymentId : undefined;
    return { outcome: 'applied', order: paid!, cancelPaymentId };
  }
  // Only the order's current payment speaks for it; results of replaced payments are history.
  if (order.paymentId !== p.paymentId || !isUnpaid(order)) return { outcome: 'ignored', order };
  if (nextPaymentStatus(recordedStatus(order, p.paymentId), p.type) === 'failed') {
    const [failed] = await tx.update(orders).set({ paymentStatus: 'PaymentFailed' }).where(eq(orders.id, order.id)).returning();
    return { outcome: 'applied', order: failed! };
  }
  return { outcome: 'ignored', order };
}

/**
 * Settles a payment outcome against its order (found by id or by the reference the provider carries).
 * With an event: the event is recorded once in payment_events, in the same transaction, and a
 * repeat delivery changes nothing.
 */
async function settle(
  deps: Deps,
  kinds: OrderKinds,
  where: { orderId: string } | { reference: string },
  p: PaymentOutcome,
  event?: PaymentEvent,
): Promise<{ outcome: SettleOutcome; order?: OrderRow | undefined }> {
  const now = deps.clock.now();
  const afterCommit: AfterCommit = [];
  const result = await inTransaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, where);
    if (event) {
      const recorded = await tx
        .insert(paymentEvents)
        .values({
          eventId: event.eventId,
          orderId: order?.id ?? null,
          type: event.type,
          outcome: 'received',
          payload: { ...event, occurredAt: event.occurredAt.toISOString() },
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (recorded.length === 0) return { outcome: 'duplicate' as const, order };
    }
    const settled = order ? await settleLocked(tx, kinds, order, p, now, afterCommit) : { outcome: 'unknown_order' as const, order: undefined };
    if (event) await tx.update(paymentEvents).set({ outcome: settled.outcome }).where(eq(paymentEvents.eventId, event.eventId));
    return settled;
  });
  if ('cancelPaymentId' in result && result.cancelPaymentId) await cancelQuietly(deps, result.cancelPaymentId);
  await runAfterCommit(deps, afterCommit);
  return result;
}

/** Settles what the provider says about a payment now (its first answer, or a read after the browser came back). */
export async function settleState(deps: Deps, kinds: OrderKinds, where: { orderId: string } | { reference: string }, payment: PaymentState) {
  const type = OUTCOME_OF[payment.status];
  if (!type) return undefined;
  return settle(deps, kinds, where, { paymentId: payment.paymentId, method: payment.method, type, amount: payment.amount, currency: payment.currency });
}

/**
 * The webhook endpoint's work: verify and normalise the delivery (WebhookSignatureError when its
 * signature fails), record it once, and settle it. Event types the shop does not act on are ignored.
 */
export async function receiveWebhook(
  deps: Deps,
  kinds: OrderKinds,
  rawBody: string,
  header: (name: string) => string | undefined,
): Promise<{ outcome: SettleOutcome | 'ignored' }> {
  const parsed = await (await providerOf(deps)).parseWebhook(rawBody, header);
  if ('ignored' in parsed) return { outcome: 'ignored' };
  const { event } = parsed;
  const { outcome } = await settle(
    deps,
    kinds,
    { reference: event.orderRef },
    { paymentId: event.paymentId, method: event.method, type: event.type, amount: event.amount, currency: event.currency },
    event,
  );
  return { outcome };
}
