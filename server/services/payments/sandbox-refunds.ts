/**
 * The sandbox's refund API (kept apart from sandbox.ts, which is at its size limit): like Stripe's, it pays
 * back part or all of a succeeded card or Alipay payment, never more than was paid, once per idempotency key.
 */
import { randomBytes } from 'node:crypto';
import type { Clock, PaymentResult, RefundRequest } from './provider.ts';
import type { SandboxStore } from './store.ts';

export async function refundSandboxPayment(store: SandboxStore, clock: Clock, request: RefundRequest): Promise<PaymentResult<{ refundId: string }>> {
  const payment = await store.getPayment(request.paymentId);
  if (!payment) return { ok: false, code: 'not_found' };
  // FPS has no way back through the provider: the shop repays it by bank transfer.
  if (payment.method === 'fps') return { ok: false, code: 'unsupported', message: 'FPS payments are refunded by bank transfer' };
  if (payment.status !== 'succeeded') return { ok: false, code: 'invalid_state', message: `the payment is ${payment.status}` };
  if (!Number.isInteger(request.amount) || request.amount <= 0) return { ok: false, code: 'invalid_state', message: 'a refund pays back a positive amount' };
  const earlier = await store.listRefunds(payment.id);
  const keyed = earlier.find((r) => r.idempotencyKey === request.idempotencyKey);
  if (!keyed && earlier.reduce((sum, r) => sum + r.amount, 0) + request.amount > payment.amount) {
    return { ok: false, code: 'invalid_state', message: 'more than the payment left to refund' };
  }
  const { refund } = await store.insertRefund({
    id: `re_sbx_${randomBytes(12).toString('hex')}`,
    paymentId: payment.id,
    amount: request.amount,
    currency: payment.currency,
    idempotencyKey: request.idempotencyKey,
    createdAt: clock.now(),
  });
  // The same key with other parameters is a mistake of the caller's, as Stripe treats it.
  if (refund.paymentId !== payment.id || refund.amount !== request.amount) return { ok: false, code: 'invalid_state', message: 'idempotency key reused with other parameters' };
  return { ok: true, refundId: refund.id };
}
