/**
 * Placing an order of any kind, in one transaction: the member's row is locked (one checkout per member
 * at a time), the member's earlier unpaid orders of the kind are closed and given back first (when the
 * kind keeps one unpaid order per member), the kind takes its hold and prices the order, the order row
 * is written with its payment window, and its expiry is scheduled as a job.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { Currency } from '../../../contract/define.ts';
import type { PaymentMethod } from '../../../contract/orders.ts';
import { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { orderNotFound } from './errors.ts';
import { releaseHold, scheduleExpiry } from './hold.ts';
import { ensureReconcileSweep } from './reconcile.ts';
import { inTransaction, runAfterCommit, UNPAID, type AfterCommit, type OrderKind, type OrderKinds, type OrderRow } from './kind.ts';
import { lockMember } from './locks.ts';
import { cancelQuietly } from './provider.ts';

export interface PlaceOrderRequest<Request> {
  userId: string;
  language: 'en' | 'zh';
  currency: Currency;
  method: PaymentMethod;
  cardId?: string | undefined;
  /** The kind's own part (for products: the coupon and the age confirmation). */
  order: Request;
}

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base 32: no I, L, O, U

function randomText(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** The order's id (in URLs) and its reference (on statements and in the FPS QR, at most 25 characters). */
function newOrderIds(now: Date) {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return { id: `ord_${randomBytes(12).toString('base64url')}`, reference: `SG${day}${randomText(8, REFERENCE_ALPHABET)}` };
}

/**
 * How long after an order was paid an identical checkout is still taken for a repeat of it (a double tap
 * whose first request was paid before the second was read), rather than a new purchase.
 */
export const REPEAT_WINDOW_MS = 2 * 60_000;

/** The request's key (OrderKind.repeatKey): undefined when the kind has none for it. */
function requestKeyOf<Request>(kind: OrderKind<Request>, request: PlaceOrderRequest<Request>): string | undefined {
  const own = kind.repeatKey?.(request.order);
  if (own === undefined) return undefined;
  const asked = [kind.name, request.currency, request.method, request.method === 'CreditCard' ? (request.cardId ?? '') : '', own];
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

/** What placing came to: a new order, or (repeated) the member's earlier identical one, untouched. */
export interface Placed {
  order: OrderRow;
  repeated: boolean;
}

/** Places the order (see the module comment); the kind's refusals leave nothing placed. */
export async function placeOrder<Request>(deps: Deps, kinds: OrderKinds, kind: OrderKind<Request>, request: PlaceOrderRequest<Request>): Promise<Placed> {
  const now = deps.clock.now();
  const afterCommit: AfterCommit = [];
  const requestKey = requestKeyOf(kind, request);
  const placed = await inTransaction(deps.db, async (tx): Promise<Placed> => {
    // One checkout per member at a time: a second one waits, then finds what the first left.
    if (!(await lockMember(tx, request.userId))) throw orderNotFound();
    if (requestKey) {
      const [earlier] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, request.userId),
            eq(orders.requestKey, requestKey),
            or(inArray(orders.paymentStatus, [...UNPAID]), and(eq(orders.paymentStatus, 'Paid'), gte(orders.paidAt, new Date(now.getTime() - REPEAT_WINDOW_MS)))),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      if (earlier) return { order: earlier, repeated: true };
    }
    // Their hold comes back first, so this order may take it.
    const replaced = kind.oneUnpaidPerMember
      ? await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, request.userId), eq(orders.kind, kind.name), inArray(orders.paymentStatus, [...UNPAID])))
          .for('update')
      : [];
    for (const order of replaced) await releaseHold(tx, kinds, order, 'Cancelled', now, afterCommit);

    const held = await kind.hold(tx, { userId: request.userId, language: request.language, currency: request.currency, method: request.method, now, request: request.order, replaced, afterCommit });
    const ids = newOrderIds(now);
    const [order] = await tx
      .insert(orders)
      .values({
        ...ids,
        kind: kind.name,
        userId: request.userId,
        language: request.language,
        currency: request.currency,
        paymentMethod: request.method,
        paymentStatus: 'WaitForPayment',
        couponCode: held.couponCode ?? null,
        cardId: request.method === 'CreditCard' ? (request.cardId ?? null) : null,
        deliveryAddress: held.deliveryAddress ?? null,
        billingAddress: held.billingAddress ?? null,
        orderDetail: held.orderDetail,
        total: held.total,
        totalHkd: held.totalHkd,
        ageConfirmed: held.ageConfirmed ?? false,
        payBefore: held.payBefore ?? new Date(now.getTime() + Math.min(deps.payments.windowMs[request.method], kind.maxHoldMs ?? Infinity)),
        createdAt: now,
        requestKey: requestKey ?? null,
      })
      .returning();
    await held.record(tx, ids.id);
    await scheduleExpiry(tx, order!, now);
    await ensureReconcileSweep(tx, now);
    // After the commit, as expiry does: a replaced order's payment that succeeds anyway is refunded by settle().
    for (const old of replaced) if (old.paymentId) afterCommit.push((d) => cancelQuietly(d, old.paymentId!));
    return { order: order!, repeated: false };
  });
  await runAfterCommit(deps, afterCommit);
  return placed;
}
