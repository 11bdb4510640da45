/**
 * Paying an order of any kind: starting a payment with the provider (card, Alipay, FPS), making it the
 * order's current one, settling what the provider answered, and answering where the payment stands.
 * The provider is a network service, so payments start outside the placing transaction.
 */
import { eq } from 'drizzle-orm';
import type { Currency } from '../../../contract/define.ts';
import type { PaymentMethod, PaymentStart } from '../../../contract/orders.ts';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { isFinalStatus, type PaymentResult, type PaymentState, type PaymentStatus } from '../payments/provider.ts';
import { customerOf, requireSavedCard } from './cards.ts';
import { orderClosed, orderNotFound, paymentError } from './errors.ts';
import { inTransaction, isClosed, isUnpaid, runAfterCommit, type AfterCommit, type OrderKind, type OrderKinds, type OrderRow } from './kind.ts';
import { lockOrder } from './locks.ts';
import { placeOrder, type PlaceOrderRequest } from './place.ts';
import { cancelQuietly, METHOD_KIND, PAYMENT_RETURN_PATH, providerOf } from './provider.ts';
import { ownOrder } from './read.ts';
import { OUTCOME_OF, settleLocked, settleState, type Settled } from './settle.ts';

type StartedPayment = PaymentState & { fps?: { payload: string; svg: string; amountHkdCents: number; expiresAt: Date } };

/** Makes a payment the order's current one (while it is unpaid), then settles what the provider answered. */
async function attachPayment(
  deps: Deps,
  kinds: OrderKinds,
  orderId: string,
  payment: PaymentState,
  method: PaymentMethod,
  cardId: string | undefined,
): Promise<OrderRow> {
  const now = deps.clock.now();
  const afterCommit: AfterCommit = [];
  const result = await inTransaction(deps.db, async (tx) => {
    const locked = await lockOrder(tx, { orderId });
    if (!locked) throw orderNotFound();
    let order = locked;
    if (isUnpaid(order) && order.paymentId !== payment.paymentId) {
      const [current] = await tx
        .update(orders)
        .set({ paymentId: payment.paymentId, paymentMethod: method, cardId: method === 'CreditCard' ? (cardId ?? null) : null, paymentStatus: 'WaitForPayment' })
        .where(eq(orders.id, orderId))
        .returning();
      order = current!;
    }
    const type = OUTCOME_OF[payment.status];
    const settled: Settled = type
      ? await settleLocked(
          tx,
          kinds,
          order,
          { paymentId: payment.paymentId, method: payment.method, type, amount: payment.amount, currency: payment.currency },
          now,
          afterCommit,
        )
      : { outcome: 'ignored', order };
    // A payment opened for an order that closed (or was paid) meanwhile must not stay payable.
    const stray = !isUnpaid(settled.order) && settled.order.paymentId !== payment.paymentId && !isFinalStatus(payment.status);
    return { order: settled.order, cancelPaymentId: settled.cancelPaymentId, stray };
  });
  if (result.cancelPaymentId) await cancelQuietly(deps, result.cancelPaymentId);
  if (result.stray) await cancelQuietly(deps, payment.paymentId);
  await runAfterCommit(deps, afterCommit);
  return result.order;
}

/** The answer of a payment call, from the order as it now stands and the payment the provider reported. */
function paymentAnswer(order: OrderRow, payment: StartedPayment): PaymentStart {
  if (order.paymentStatus === 'Paid') return { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: order.paymentId ?? payment.paymentId };
  if (isClosed(order)) throw orderClosed(order);
  const base = { OrderID: order.id, PaymentID: payment.paymentId };
  switch (payment.status) {
    case 'failed':
    case 'canceled':
      throw paymentError(payment.method, payment.failure ?? { code: 'payment_canceled' }, order.id);
    case 'succeeded':
      // The money came but the order could not take it (recorded in refund_requests).
      throw paymentError(payment.method, { code: 'invalid_state' }, order.id);
    case 'requires_action':
      return { ...base, PaymentStatus: 'requires_action', ...(payment.redirectUrl ? { RedirectURL: payment.redirectUrl } : {}) };
    case 'pending':
      if (payment.fps) {
        // The QR never outlives the order's hold.
        const expiresAt = order.payBefore && order.payBefore < payment.fps.expiresAt ? order.payBefore : payment.fps.expiresAt;
        return {
          ...base,
          PaymentStatus: 'pending',
          Fps: {
            QRCode: payment.fps.payload,
            QRImage: payment.fps.svg,
            AmountHKD: payment.fps.amountHkdCents,
            Reference: order.reference,
            ExpiresAt: expiresAt.toISOString(),
            // An order in another currency: the page says what the HKD amount is, next to the order's own total.
            ...(order.currency !== 'HKD'
              ? {
                  OrderTotal: {
                    Amount: order.total,
                    Currency: order.currency as Currency,
                    AmountHKDBasis: order.totalHkd === payment.fps.amountHkdCents ? ('HKDPrices' as const) : ('ExchangeRate' as const),
                  },
                }
              : {}),
          },
        };
      }
      return { ...base, PaymentStatus: 'processing' };
    default:
      return { ...base, PaymentStatus: 'processing' };
  }
}

/**
 * The Idempotency-Key of a charge (Stripe's header; the sandbox keeps it too): the same for every request
 * that asks to pay the order the same way while its payment is live, so a retry or a repeated checkout gets
 * the payment already made (or being made), never a second one. A new payment gets a new key naming the
 * payment it replaces (or the order's new price revision): after that one failed, was cancelled (an FPS QR run out, an Alipay page left) or is
 * being replaced by another method or card; and each off-session try of a renewal has its own.
 */
async function paymentKey(deps: Deps, order: OrderRow, method: PaymentMethod, cardId: string | undefined, offSession?: { attempt: number }): Promise<string> {
  let replaces = 'live';
  if (order.paymentId) {
    const switching = order.paymentMethod !== method || (method === 'CreditCard' && order.cardId !== (cardId ?? null));
    if (order.paymentStatus === 'PaymentFailed' || switching) replaces = order.paymentId;
    else {
      // A read, never a charge: is the order's payment still one that can be answered again?
      const current = await (await providerOf(deps)).confirmPayment(order.paymentId);
      if (current.ok && (current.payment.status === 'failed' || current.payment.status === 'canceled')) replaces = order.paymentId;
    }
  }
  return [order.id, order.priceRevision, method, method === 'CreditCard' ? (cardId ?? '') : '', replaces, offSession ? `renewal-${offSession.attempt}` : ''].join('/');
}

/** Starts a payment of the order's total with the method (and card) and answers where it stands. */
async function startPayment(
  deps: Deps,
  kinds: OrderKinds,
  order: OrderRow,
  method: PaymentMethod,
  cardId: string | undefined,
  offSession?: { attempt: number },
): Promise<PaymentStart> {
  const provider = await providerOf(deps);
  const request = { orderRef: order.reference, amount: order.total, currency: order.currency, idempotencyKey: await paymentKey(deps, order, method, cardId, offSession) };
  const returnUrl = `${deps.config.publicUrl}${PAYMENT_RETURN_PATH}/${order.id}`;
  let started: PaymentResult<{ payment: StartedPayment }>;
  if (method === 'CreditCard') {
    const customerId = await customerOf(deps, order.userId, true);
    started = await provider.createCardPayment({ ...request, customerId, cardId: cardId!, returnUrl, ...(offSession ? { offSession: true, attempt: offSession.attempt } : {}) });
  } else if (method === 'Alipay') {
    started = await provider.createAlipayPayment({ ...request, returnUrl });
  } else {
    // The QR asks for the order at the HKD prices; an order placed before those were kept is converted.
    started = await provider.createFpsPayment({ ...request, amountHkdCents: order.totalHkd ?? undefined });
  }
  if (!started.ok) {
    if (started.code === 'already_paid') {
      // The QR was paid and the bank's notice is on its way: the order's status will say so.
      const [now] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
      return now?.paymentStatus === 'Paid'
        ? { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: now.paymentId ?? undefined }
        : { OrderID: order.id, PaymentStatus: 'processing' };
    }
    throw paymentError(METHOD_KIND[method], started, order.id);
  }
  const settled = await attachPayment(deps, kinds, order.id, started.payment, method, cardId);
  return paymentAnswer(settled, started.payment);
}

/**
 * Cancels the order's current payment before another takes its place or the order changes. True
 * when it turns out the payment had succeeded (the order is then settled as paid).
 */
export async function releasePayment(deps: Deps, kinds: OrderKinds, order: OrderRow): Promise<boolean> {
  if (!order.paymentId) return false;
  const provider = await providerOf(deps);
  const cancelled = await provider.cancelPayment(order.paymentId);
  if (cancelled.ok || cancelled.code === 'not_found') return false;
  if (cancelled.code !== 'invalid_state') throw paymentError(METHOD_KIND[order.paymentMethod as PaymentMethod], cancelled, order.id);
  const confirmed = await provider.confirmPayment(order.paymentId);
  if (!confirmed.ok || confirmed.payment.status !== 'succeeded') return false;
  const settled = await settleState(deps, kinds, { orderId: order.id }, confirmed.payment);
  return settled?.order?.paymentStatus === 'Paid';
}

/**
 * checkout: places an order of the kind, then starts its payment. A repeat of a checkout (the same request
 * again, OrderKind.repeatKey) gets the first one's order: paid, it answers so; unpaid, its payment is asked
 * for with the same Idempotency-Key, so the provider answers the payment already made (or being made) and
 * the card is charged once.
 */
export async function checkout<Request>(deps: Deps, kinds: OrderKinds, kind: OrderKind<Request>, request: PlaceOrderRequest<Request>): Promise<PaymentStart> {
  // The card is checked before anything is held: a card that is not the member's places nothing.
  const cardId = request.method === 'CreditCard' ? await requireSavedCard(deps, request.userId, request.cardId) : undefined;
  const { order, repeated } = await placeOrder(deps, kinds, kind, { ...request, cardId });
  if (repeated && order.paymentStatus === 'Paid') return { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: order.paymentId ?? undefined };
  return startPayment(deps, kinds, order, request.method, cardId);
}

export interface PayOrderRequest {
  userId: string;
  orderId: string;
  method: PaymentMethod;
  cardId?: string | undefined;
  /** Changes the unpaid order before it is paid (a product order re-priced with a new coupon). */
  beforePaying?: ((order: OrderRow) => Promise<OrderRow>) | undefined;
  /** The member is not there: the saved card is charged off-session (a subscription's renewal), this try's number. */
  offSession?: { attempt: number } | undefined;
}

/** create-product-payment: pays a placed, unpaid order (again), with this method. */
export async function payOrder(deps: Deps, kinds: OrderKinds, { userId, orderId, method, cardId, beforePaying, offSession }: PayOrderRequest): Promise<PaymentStart> {
  let order = await ownOrder(deps, kinds, userId, orderId);
  if (order.paymentStatus === 'Paid') return { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: order.paymentId ?? undefined };
  if (!isUnpaid(order)) throw orderClosed(order);
  const card = method === 'CreditCard' ? await requireSavedCard(deps, userId, cardId) : undefined;
  if (beforePaying) order = await beforePaying(order);
  const switching = order.paymentMethod !== method || (method === 'CreditCard' && order.cardId !== card);
  if (order.paymentId && switching && (await releasePayment(deps, kinds, order))) {
    return { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: order.paymentId };
  }
  return startPayment(deps, kinds, order, method, card, method === 'CreditCard' ? offSession : undefined);
}

/** product-creditcard-payment: after the card's extra step, reads the payment's outcome and settles it. */
export async function confirmOrderPayment(
  deps: Deps,
  kinds: OrderKinds,
  { userId, orderId, paymentId }: { userId: string; orderId: string; paymentId: string },
): Promise<PaymentStart> {
  const order = await ownOrder(deps, kinds, userId, orderId);
  const confirmed = await (await providerOf(deps)).confirmPayment(paymentId);
  if (!confirmed.ok) {
    if (confirmed.code === 'not_found') throw notFound('Payment');
    throw paymentError('card', confirmed, order.id);
  }
  if (confirmed.payment.orderRef !== order.reference) throw notFound('Payment');
  const settled = await settleState(deps, kinds, { orderId: order.id }, confirmed.payment);
  return paymentAnswer(settled?.order ?? order, confirmed.payment);
}

/**
 * The browser came back from a provider's page (Alipay, the card's extra step) to
 * PAYMENT_RETURN_PATH/<orderID>?payment_intent=<id>: settle what the provider says, then the SPA
 * path to show: the kind's page for a paid order or one still being decided, else /payment_fail
 * (see server/calls/orders.ts for the URLs).
 */
export async function returnPath(deps: Deps, kinds: OrderKinds, orderId: string, paymentId: string | undefined): Promise<string> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return '/payment_fail';
  let status: PaymentStatus | undefined;
  if (paymentId) {
    const confirmed = await (await providerOf(deps)).confirmPayment(paymentId);
    if (confirmed.ok && confirmed.payment.orderRef === order.reference) {
      status = confirmed.payment.status;
      await settleState(deps, kinds, { orderId }, confirmed.payment);
    }
  }
  const [now] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const query = new URLSearchParams({ ...(paymentId ? { payment: paymentId } : {}), method: now!.paymentMethod });
  const confirmPage = `${kinds.of(now!).confirmPath(now!)}?${query}`;
  if (now!.paymentStatus === 'Paid') return confirmPage;
  if (status === 'failed' || status === 'canceled' || status === 'succeeded' || !isUnpaid(now!) || now!.paymentStatus === 'PaymentFailed') {
    return `/payment_fail?${new URLSearchParams({ orderID: orderId, ...Object.fromEntries(query) })}`;
  }
  return confirmPage;
}

