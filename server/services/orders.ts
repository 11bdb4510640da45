/**
 * Product orders (issue 5): placing an order from the bag with its stock held, starting and
 * confirming its payment, and closing it (cancelled by the member, expired by the jobs runner).
 *
 * - Placing runs in one transaction: the member's row is locked (one checkout per member at a time),
 *   the bag priced exactly as getShoppingBag prices it (priceBag), each line's stock held with a
 *   conditional update that never goes below zero, the coupon redemption written, the bag emptied.
 * - Payments are started after that transaction (a provider is a network service). Every outcome,
 *   however it arrives (the provider's first answer, a webhook, the browser's return, a repeat of
 *   any of these), goes through settle(): the order row is locked and nextPaymentStatus decides,
 *   so an order is paid once. Money for an order that is closed, already paid by another payment, or
 *   not for its amount is recorded in refund_requests.
 * - An order is also priced from the HKD prices (orders.total_hkd, hkdTotalOf) when placed and when
 *   re-priced: an FPS transfer moves Hong Kong dollars, and pays exactly that, so what a member pays
 *   does not depend on the currency they picked.
 * - A member has one unpaid order at a time: placing another cancels the earlier ones (stock released,
 *   payments cancelled, lines back in the bag), so nobody hoards stock with unpaid orders.
 * - An unpaid order holds its stock until pay_before; expireDueOrders (the jobs runner, and any read
 *   of an overdue order) claims due orders with FOR UPDATE SKIP LOCKED and releases stock and coupon.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DeliveryAddress, Address } from '../../contract/account.ts';
import { MAX_BAG_LINES, MAX_LINE_QUANTITY, type OrderDetail } from '../../contract/bag.ts';
import type { Currency } from '../../contract/define.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { OrderTab, PaymentMethod, PaymentStart, ProductOrder, SavedCard } from '../../contract/orders.ts';
import type { Db } from '../db/client.ts';
import {
  bagItems,
  countries,
  couponRedemptions,
  coupons,
  orderLines,
  orders,
  paymentCustomers,
  paymentEvents,
  products,
  refundRequests,
  users,
  variances,
} from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError, notFound } from '../http/errors.ts';
import {
  activeCampaigns,
  checkCoupon,
  couponRuleOf,
  findCoupon,
  normaliseCouponCode,
  priceBag,
  pricedLines,
  shippingFor,
  taxesFor,
  type PricedBag,
} from './bag.ts';
import { computeOrderDetail, type CampaignRule, type CouponRule, type PricedLine, type TaxRule } from './bag-totals.ts';
import { mailOrderPaid } from './fulfilment.ts';
import {
  isFinalStatus,
  nextPaymentStatus,
  toSpecErrorCode,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentMethodKind,
  type PaymentProvider,
  type PaymentResult,
  type PaymentState,
  type PaymentStatus,
} from './payments/provider.ts';

export type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type OrderStatus = OrderRow['paymentStatus'];

/** Statuses of an order that still holds stock and can be paid. */
const UNPAID: readonly OrderStatus[] = ['WaitForPayment', 'PaymentFailed'];
const isUnpaid = (order: OrderRow) => UNPAID.includes(order.paymentStatus);
const isClosed = (order: OrderRow) => order.paymentStatus === 'Cancelled' || order.paymentStatus === 'Expired';

export const METHOD_KIND: Record<PaymentMethod, PaymentMethodKind> = { CreditCard: 'card', Alipay: 'alipay', FPS: 'fps' };

/** Where the provider sends the browser back after its page (Alipay, the card's extra step); see payment-routes.ts. */
export const PAYMENT_RETURN_PATH = '/api/payments/return';

const providerOf = async (deps: Deps): Promise<PaymentProvider> => (await deps.payments.ready).provider;

/** Runs fn in a transaction with a handle typed like the database (Drizzle's transaction is one). */
function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

// ---------------------------------------------------------------------------------------------
// Ids

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

// ---------------------------------------------------------------------------------------------
// Errors

const orderNotFound = () => notFound('Order');

/** A payment that did not go through: the spec §8 code, with the placed order so it can be paid again. */
function paymentError(kind: PaymentMethodKind, failure: Pick<PaymentFailure, 'code' | 'declineCode'>, orderId: string): ApiError {
  return new ApiError(400, toSpecErrorCode(kind, failure), 'Payment failed, please try again', undefined, {
    OrderID: orderId,
    reason: failure.code,
    ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
  });
}

const orderClosed = (order: OrderRow) =>
  new ApiError(400, ErrorCode.PaymentFail, 'This order can no longer be paid', undefined, { OrderID: order.id, reason: order.paymentStatus });

const invalidCoupon = (refusal: { reason: string; message: string }) =>
  new ApiError(400, ErrorCode.InvalidCoupon, refusal.message, 'CouponID', { reason: refusal.reason });

// ---------------------------------------------------------------------------------------------
// Placing

export interface PlaceOrderRequest {
  userId: string;
  language: 'en' | 'zh';
  currency: Currency;
  method: PaymentMethod;
  cardId?: string | undefined;
  couponCode?: string | undefined;
  ageConfirmed: boolean;
}

/** The lines the stock check took out of or cut down in the bag: the member sees them on the bag's next read. */
function bagNotices(bag: PricedBag) {
  return {
    outOfStockList: bag.reconciliation.outOfStock,
    stopSellList: bag.reconciliation.stopSell,
    reducedList: bag.reconciliation.kept
      .filter((l) => l.previousQuantity !== undefined)
      .map((l) => ({ VarianceID: l.row.varianceId, Quantity: l.quantity, PreviousQuantity: l.previousQuantity })),
  };
}

/**
 * Places the order from the member's bag (see the module comment). Refusals, nothing placed:
 * ShoppingBagEmpty, OutOfStock (the bag changed, or a hold failed to a concurrent buyer), 70600,
 * AgeConfirmationRequired, DeliveryAddressRequired.
 */
export async function placeOrder(deps: Deps, request: PlaceOrderRequest): Promise<OrderRow> {
  const now = deps.clock.now();
  const code = normaliseCouponCode(request.couponCode);
  const placed = await inTransaction(deps.db, async (tx) => {
    // One checkout per member at a time: a second one waits, then finds the bag empty.
    const [user] = await tx
      .select({ addresses: users.deliveryAddresses, index: users.mainDeliveryAddressIndex, billing: users.billingAddress })
      .from(users)
      .where(eq(users.id, request.userId))
      .for('no key update');
    if (!user) throw orderNotFound();
    // A member holds stock for one unpaid order at a time: a new checkout replaces the earlier ones (their
    // stock comes back first, so this order may take it), else unpaid orders, each holding its lines for
    // the payment window, would let one member keep an item from everyone else.
    const replaced = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, request.userId), inArray(orders.paymentStatus, [...UNPAID])))
      .for('update');
    const released: string[] = [];
    for (const order of replaced) released.push(...(await closeUnpaid(tx, order, 'Cancelled', now)));
    // The coupon's row serialises redemptions, so its use limits hold under concurrent checkouts.
    if (code) await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).for('update');

    const bag = await priceBag(tx, { userId: request.userId, currency: request.currency, couponCode: code, now });
    const notices = bagNotices(bag);
    const changed = notices.outOfStockList.length + notices.stopSellList.length + notices.reducedList.length > 0;
    if (bag.reconciliation.kept.length === 0 && !changed) throw new ApiError(400, ErrorCode.ShoppingBagEmpty, 'Your shopping bag is empty');
    // Left unstored, so the bag's next read reports (and stores) the same notices.
    if (changed) throw new ApiError(400, ErrorCode.OutOfStock, 'Some items in your bag are out of stock', undefined, notices);
    if (bag.couponRefusal) throw invalidCoupon(bag.couponRefusal);
    if (bag.hasAlcohol && !request.ageConfirmed) {
      throw new ApiError(400, ErrorCode.AgeConfirmationRequired, 'Please confirm you are 18 or over to buy alcohol');
    }
    const addresses = (user.addresses ?? []) as DeliveryAddress[];
    const delivery = addresses[user.index ?? 0];
    const [country] = delivery
      ? await tx.select({ inService: countries.inService }).from(countries).where(eq(countries.id, delivery.CountryID))
      : [];
    if (!delivery || !country?.inService) {
      throw new ApiError(400, ErrorCode.DeliveryAddressRequired, 'Please add a delivery address within the service range');
    }

    // Held in variance id order, so two checkouts sharing variances never wait on each other in a cycle.
    const kept = [...bag.reconciliation.kept].sort((a, b) => (a.row.varianceId < b.row.varianceId ? -1 : 1));
    for (const { row, quantity } of kept) {
      const held = await tx
        .update(variances)
        .set({ stock: sql`${variances.stock} - ${quantity}` })
        .where(and(eq(variances.id, row.varianceId), sql`${variances.stock} >= ${quantity}`, eq(variances.stopSell, false)))
        .returning({ id: variances.id });
      if (held.length === 0) throw new ApiError(400, ErrorCode.OutOfStock, 'Some items in your bag are out of stock');
    }

    // An HKD order's is its total; another currency's is priced again (queries one after another: a
    // transaction's share one connection).
    let totalHkd = bag.orderDetail.Total;
    if (request.currency !== 'HKD') {
      const found = bag.orderDetail.Coupon && code ? await findCoupon(tx, code, request.userId) : undefined;
      totalHkd = await hkdTotalOf(tx, {
        countryId: bag.orderDetail.CountryID,
        lines: pricedLines(bag.reconciliation.kept, 'HKD'),
        campaigns: await activeCampaigns(tx, now),
        coupon: found && couponRuleOf(found.row),
        taxes: await taxesFor(tx, bag.orderDetail.CountryID),
      });
    }

    const ids = newOrderIds(now);
    const windowMs = deps.payments.windowMs[request.method];
    const [order] = await tx
      .insert(orders)
      .values({
        ...ids,
        userId: request.userId,
        language: request.language,
        currency: request.currency,
        paymentMethod: request.method,
        paymentStatus: 'WaitForPayment',
        couponCode: bag.orderDetail.Coupon ? code : null,
        cardId: request.method === 'CreditCard' ? (request.cardId ?? null) : null,
        deliveryAddress: delivery,
        billingAddress: user.billing ?? null,
        orderDetail: bag.orderDetail,
        total: bag.orderDetail.Total,
        totalHkd,
        ageConfirmed: request.ageConfirmed,
        payBefore: new Date(now.getTime() + windowMs),
        createdAt: now,
      })
      .returning();
    await tx.insert(orderLines).values(
      bag.productList.map((line) => ({
        orderId: ids.id,
        varianceId: line.VarianceID,
        productId: line.ProductID,
        productTypeId: line.ProductTypeID,
        name: line.Name,
        varianceName: line.VarianceName,
        image: line.Image,
        price: line.Price,
        quantity: line.SelectedQuantity,
        lineTotal: line.LineTotal,
        isAlcohol: line.IsAlcohol,
      })),
    );
    if (bag.orderDetail.Coupon && code) {
      await tx.insert(couponRedemptions).values({ couponCode: code, userId: request.userId, orderId: ids.id, createdAt: now });
    }
    await tx.delete(bagItems).where(eq(bagItems.userId, request.userId));
    await returnToBag(tx, request.userId, replaced, now);
    return { order: order!, productIds: bag.productList.map((line) => line.ProductID), released, replaced };
  });
  // Their product pages show stock: read afresh.
  deps.productCache.forget([...placed.productIds, ...placed.released]);
  // After the commit, as expiry does: a replaced order's payment that succeeds anyway is refunded by settle().
  for (const order of placed.replaced) if (order.paymentId) await cancelQuietly(deps, order.paymentId);
  return placed.order;
}

/** The lines of replaced orders go back into the bag, so a replaced order loses the member nothing. */
async function returnToBag(tx: Db, userId: string, replaced: readonly OrderRow[], now: Date) {
  if (replaced.length === 0) return;
  const lines = await tx
    .select({ varianceId: orderLines.varianceId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, replaced.map((o) => o.id)));
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.varianceId, Math.min(MAX_LINE_QUANTITY, (quantities.get(line.varianceId) ?? 0) + line.quantity));
  const rows = [...quantities].slice(0, MAX_BAG_LINES).map(([varianceId, quantity]) => ({ userId, varianceId, quantity, addedAt: now, updatedAt: now }));
  if (rows.length > 0) await tx.insert(bagItems).values(rows);
}

/**
 * An order priced from the HKD prices, in HKD cents: its lines at their HKD prices with the same
 * campaigns, coupon (its HKD amount, as it was accepted for the order), country and taxes, and HKD
 * shipping. What an FPS transfer pays: FPS moves Hong Kong dollars, and converting a USD total at a
 * rate would make the same bag cost more or less by the currency picked.
 */
async function hkdTotalOf(
  tx: Db,
  order: { countryId: string; lines: readonly PricedLine[]; campaigns: readonly CampaignRule[]; coupon: CouponRule | undefined; taxes: readonly TaxRule[] },
): Promise<number> {
  const { countryId, lines, campaigns, coupon, taxes } = order;
  const shipping = await shippingFor(tx, countryId, 'HKD');
  return computeOrderDetail({ currency: 'HKD', countryId, lines, campaigns, ...(coupon ? { coupon } : {}), shipping, taxes }).Total;
}

/** An order's lines at the variances' HKD prices, in the order given. */
async function hkdLinesOf(tx: Db, lines: readonly { varianceId: string; productTypeId: string; quantity: number }[]): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const rows = await tx
    .select({ id: variances.id, priceHkd: variances.priceHkd })
    .from(variances)
    .where(inArray(variances.id, lines.map((l) => l.varianceId)));
  const priceOf = new Map(rows.map((r) => [r.id, r.priceHkd]));
  return lines.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: priceOf.get(l.varianceId)! * l.quantity }));
}

// ---------------------------------------------------------------------------------------------
// The provider's customer and saved cards

/** A provider failure about cards in spec §8 words (StripeError when the provider could not be reached). */
const cardError = (failure: Pick<PaymentFailure, 'code' | 'declineCode'>) =>
  new ApiError(400, toSpecErrorCode('card', failure), 'Payment failed, please try again', undefined, {
    reason: failure.code,
    ...(failure.declineCode ? { declineCode: failure.declineCode } : {}),
  });

/** The member's customer id at the provider; made on first need when `create`. */
export async function customerOf(deps: Deps, userId: string, create: true): Promise<string>;
export async function customerOf(deps: Deps, userId: string, create: false): Promise<string | undefined>;
export async function customerOf(deps: Deps, userId: string, create: boolean): Promise<string | undefined> {
  const provider = await providerOf(deps);
  const find = async () => {
    const [row] = await deps.db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)));
    return row?.customerId;
  };
  const existing = await find();
  if (existing || !create) return existing;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Member');
  const made = await provider.createCustomer({ memberId: userId, email: user.email });
  if (!made.ok) throw cardError(made);
  // Two first uses at once make two customers; the first stored wins and the other is never used.
  await deps.db.insert(paymentCustomers).values({ userId, provider: provider.name, customerId: made.customerId }).onConflictDoNothing();
  return (await find())!;
}

export async function savedCards(deps: Deps, userId: string): Promise<SavedCard[]> {
  const customerId = await customerOf(deps, userId, false);
  if (!customerId) return [];
  const listed = await (await providerOf(deps)).listSavedCards(customerId);
  if (!listed.ok) throw cardError(listed);
  return listed.cards;
}

export async function saveCard(deps: Deps, userId: string, paymentMethodId: string): Promise<SavedCard> {
  const customerId = await customerOf(deps, userId, true);
  const attached = await (await providerOf(deps)).attachCard(customerId, paymentMethodId);
  if (attached.ok) return attached.card;
  if (attached.code === 'not_found' || attached.code === 'invalid_state') {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'PaymentMethodID is not a card that can be saved', 'PaymentMethodID');
  }
  throw cardError(attached);
}

/** Spec §7 "test only": card details typed into the shop; the sandbox, or Stripe with a test key, tokenises them. */
export async function tokenizeCard(deps: Deps, card: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<string> {
  const tokenized = await (await providerOf(deps)).tokenizeCard(card);
  if (tokenized.ok) return tokenized.paymentMethodId;
  if (tokenized.code === 'unsupported') throw new ApiError(400, ErrorCode.StripeError, 'Cards are entered on the payment provider’s form');
  throw cardError(tokenized);
}

export async function removeCard(deps: Deps, userId: string, cardId: string): Promise<void> {
  const customerId = await customerOf(deps, userId, false);
  if (!customerId) throw notFound('Payment method');
  const detached = await (await providerOf(deps)).detachCard(customerId, cardId);
  if (detached.ok) return;
  if (detached.code === 'not_found') throw notFound('Payment method');
  throw cardError(detached);
}

async function requireSavedCard(deps: Deps, userId: string, cardId: string | undefined): Promise<string> {
  if (!cardId) throw new ApiError(400, ErrorCode.MissingParameter, 'CardID is required', 'CardID');
  const cards = await savedCards(deps, userId);
  if (!cards.some((c) => c.id === cardId)) throw new ApiError(400, ErrorCode.InvalidParameter, 'CardID is not one of your saved cards', 'CardID');
  return cardId;
}

// ---------------------------------------------------------------------------------------------
// Settling: every payment outcome goes through here, with the order row locked.

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

const KIND_METHOD: Record<PaymentMethodKind, PaymentMethod> = { card: 'CreditCard', alipay: 'Alipay', fps: 'FPS' };

/** The status the shop last recorded for this payment of the order (the order's status speaks for its current payment). */
function recordedStatus(order: OrderRow, paymentId: string): PaymentStatus {
  if (order.paymentId !== paymentId) return 'pending';
  if (order.paymentStatus === 'Paid') return 'succeeded';
  if (order.paymentStatus === 'PaymentFailed') return 'failed';
  return 'pending';
}

async function recordRefund(tx: Db, order: OrderRow, p: PaymentOutcome, reason: string, now: Date) {
  await tx
    .insert(refundRequests)
    .values({ orderId: order.id, paymentId: p.paymentId, amount: p.amount, currency: p.currency.toUpperCase(), reason, createdAt: now })
    .onConflictDoNothing();
}

/** Applies an outcome to a locked order. Returns what happened and a payment to cancel once committed. */
async function settleLocked(
  tx: Db,
  order: OrderRow,
  p: PaymentOutcome,
  now: Date,
): Promise<{ outcome: SettleOutcome; order: OrderRow; cancelPaymentId?: string | undefined }> {
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
    const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id));
    for (const line of lines) {
      await tx.update(products).set({ soldCount: sql`${products.soldCount} + ${line.quantity}` }).where(eq(products.id, line.productId));
    }
    // Money came through another payment than the one the order was waiting on: that one is no longer needed.
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

/** Only the settlement that turned the order Paid is 'applied' with Paid: the confirmation mail goes once. */
const paidBy = (settled: { outcome: SettleOutcome; order?: OrderRow | undefined }) => settled.outcome === 'applied' && settled.order?.paymentStatus === 'Paid';

async function cancelQuietly(deps: Deps, paymentId: string) {
  try {
    const cancelled = await (await providerOf(deps)).cancelPayment(paymentId);
    if (!cancelled.ok && cancelled.code !== 'invalid_state' && cancelled.code !== 'not_found') {
      deps.log.warn({ paymentId, code: cancelled.code }, 'payment could not be cancelled');
    }
  } catch (err) {
    deps.log.warn({ paymentId, err }, 'payment could not be cancelled');
  }
}

const OUTCOME_OF: Partial<Record<PaymentStatus, PaymentEvent['type']>> = {
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
  requires_action: 'requires_action',
};

/**
 * Settles a payment outcome against its order (found by id or by the reference the provider carries).
 * With an event: the event is recorded once in payment_events, in the same transaction, and a
 * repeat delivery changes nothing.
 */
async function settle(
  deps: Deps,
  where: { orderId: string } | { reference: string },
  p: PaymentOutcome,
  event?: PaymentEvent,
): Promise<{ outcome: SettleOutcome; order?: OrderRow | undefined }> {
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where('orderId' in where ? eq(orders.id, where.orderId) : eq(orders.reference, where.reference))
      .for('update');
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
    const settled = order ? await settleLocked(tx, order, p, now) : { outcome: 'unknown_order' as const, order: undefined };
    if (event) await tx.update(paymentEvents).set({ outcome: settled.outcome }).where(eq(paymentEvents.eventId, event.eventId));
    return settled;
  });
  if ('cancelPaymentId' in result && result.cancelPaymentId) await cancelQuietly(deps, result.cancelPaymentId);
  if (paidBy(result)) await mailOrderPaid(deps, result.order!);
  return result;
}

/** Settles what the provider says about a payment now (its first answer, or a read after the browser came back). */
async function settleState(deps: Deps, where: { orderId: string } | { reference: string }, payment: PaymentState) {
  const type = OUTCOME_OF[payment.status];
  if (!type) return undefined;
  return settle(deps, where, { paymentId: payment.paymentId, method: payment.method, type, amount: payment.amount, currency: payment.currency });
}

/**
 * The webhook endpoint's work: verify and normalise the delivery (WebhookSignatureError when its
 * signature fails), record it once, and settle it. Event types the shop does not act on are ignored.
 */
export async function receiveWebhook(deps: Deps, rawBody: string, header: (name: string) => string | undefined): Promise<{ outcome: SettleOutcome | 'ignored' }> {
  const parsed = await (await providerOf(deps)).parseWebhook(rawBody, header);
  if ('ignored' in parsed) return { outcome: 'ignored' };
  const { event } = parsed;
  const { outcome } = await settle(
    deps,
    { reference: event.orderRef },
    { paymentId: event.paymentId, method: event.method, type: event.type, amount: event.amount, currency: event.currency },
    event,
  );
  return { outcome };
}

// ---------------------------------------------------------------------------------------------
// Paying

/** Makes a payment the order's current one (while it is unpaid), then settles what the provider answered. */
async function attachPayment(deps: Deps, orderId: string, payment: PaymentState, method: PaymentMethod, cardId: string | undefined): Promise<OrderRow> {
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
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
    const settled = type
      ? await settleLocked(tx, order, { paymentId: payment.paymentId, method: payment.method, type, amount: payment.amount, currency: payment.currency }, now)
      : { outcome: 'ignored' as const, order, cancelPaymentId: undefined };
    // A payment opened for an order that closed (or was paid) meanwhile must not stay payable.
    const stray = !isUnpaid(settled.order) && settled.order.paymentId !== payment.paymentId && !isFinalStatus(payment.status);
    return { order: settled.order, cancelPaymentId: settled.cancelPaymentId, stray, paidNow: paidBy(settled) };
  });
  if (result.cancelPaymentId) await cancelQuietly(deps, result.cancelPaymentId);
  if (result.stray) await cancelQuietly(deps, payment.paymentId);
  if (result.paidNow) await mailOrderPaid(deps, result.order);
  return result.order;
}

/** The answer of a payment call, from the order as it now stands and the payment the provider reported. */
function paymentAnswer(order: OrderRow, payment: PaymentState & { fps?: { payload: string; svg: string; amountHkdCents: number; expiresAt: Date } }): PaymentStart {
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
        // The QR never outlives the order's hold on its stock.
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

/** Starts a payment of the order's total with the method (and card) and answers where it stands. */
async function startPayment(deps: Deps, order: OrderRow, method: PaymentMethod, cardId: string | undefined): Promise<PaymentStart> {
  const provider = await providerOf(deps);
  const request = { orderRef: order.reference, amount: order.total, currency: order.currency };
  const returnUrl = `${deps.config.publicUrl}${PAYMENT_RETURN_PATH}/${order.id}`;
  let started: PaymentResult<{ payment: PaymentState & { fps?: { payload: string; svg: string; amountHkdCents: number; expiresAt: Date } } }>;
  if (method === 'CreditCard') {
    const customerId = await customerOf(deps, order.userId, true);
    started = await provider.createCardPayment({ ...request, customerId, cardId: cardId!, returnUrl });
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
  const settled = await attachPayment(deps, order.id, started.payment, method, cardId);
  return paymentAnswer(settled, started.payment);
}

/**
 * Cancels the order's current payment before another takes its place or the order changes. True
 * when it turns out the payment had succeeded (the order is then settled as paid).
 */
async function releasePayment(deps: Deps, order: OrderRow): Promise<boolean> {
  if (!order.paymentId) return false;
  const provider = await providerOf(deps);
  const cancelled = await provider.cancelPayment(order.paymentId);
  if (cancelled.ok || cancelled.code === 'not_found') return false;
  if (cancelled.code !== 'invalid_state') throw paymentError(METHOD_KIND[order.paymentMethod as PaymentMethod], cancelled, order.id);
  const confirmed = await provider.confirmPayment(order.paymentId);
  if (!confirmed.ok || confirmed.payment.status !== 'succeeded') return false;
  const settled = await settleState(deps, { orderId: order.id }, confirmed.payment);
  return settled?.order?.paymentStatus === 'Paid';
}

/** checkout: places the order from the bag, then starts its payment. */
export async function checkout(deps: Deps, request: PlaceOrderRequest): Promise<PaymentStart> {
  // The card is checked before anything is held: a card that is not the member's places nothing.
  const cardId = request.method === 'CreditCard' ? await requireSavedCard(deps, request.userId, request.cardId) : undefined;
  const order = await placeOrder(deps, { ...request, cardId });
  return startPayment(deps, order, request.method, cardId);
}

/** create-product-payment: pays a placed, unpaid order (again), with this method; a new coupon re-prices it first. */
export async function payOrder(
  deps: Deps,
  { userId, orderId, method, cardId, couponCode }: { userId: string; orderId: string; method: PaymentMethod; cardId?: string | undefined; couponCode?: string | undefined },
): Promise<PaymentStart> {
  let order = await ownOrder(deps, userId, orderId);
  if (order.paymentStatus === 'Paid') return { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: order.paymentId ?? undefined };
  if (!isUnpaid(order)) throw orderClosed(order);
  const card = method === 'CreditCard' ? await requireSavedCard(deps, userId, cardId) : undefined;
  const code = normaliseCouponCode(couponCode);
  if (code && code !== order.couponCode) order = await repriceOrder(deps, order, code);
  const switching = order.paymentMethod !== method || (method === 'CreditCard' && order.cardId !== card);
  if (order.paymentId && switching && (await releasePayment(deps, order))) {
    return { OrderID: order.id, PaymentStatus: 'succeeded', PaymentID: order.paymentId };
  }
  return startPayment(deps, order, method, card);
}

/** product-creditcard-payment: after the card's extra step, reads the payment's outcome and settles it. */
export async function confirmOrderPayment(deps: Deps, { userId, orderId, paymentId }: { userId: string; orderId: string; paymentId: string }): Promise<PaymentStart> {
  const order = await ownOrder(deps, userId, orderId);
  const confirmed = await (await providerOf(deps)).confirmPayment(paymentId);
  if (!confirmed.ok) {
    if (confirmed.code === 'not_found') throw notFound('Payment');
    throw paymentError('card', confirmed, order.id);
  }
  if (confirmed.payment.orderRef !== order.reference) throw notFound('Payment');
  const settled = await settleState(deps, { orderId: order.id }, confirmed.payment);
  return paymentAnswer(settled?.order ?? order, confirmed.payment);
}

/**
 * The browser came back from a provider's page (Alipay, the card's extra step) to
 * PAYMENT_RETURN_PATH/<orderID>?payment_intent=<id>: settle what the provider says, then the SPA
 * path to show (see server/calls/orders.ts for the URLs).
 */
export async function returnPath(deps: Deps, orderId: string, paymentId: string | undefined): Promise<string> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return '/payment_fail';
  let status: PaymentStatus | undefined;
  if (paymentId) {
    const confirmed = await (await providerOf(deps)).confirmPayment(paymentId);
    if (confirmed.ok && confirmed.payment.orderRef === order.reference) {
      status = confirmed.payment.status;
      await settleState(deps, { orderId }, confirmed.payment);
    }
  }
  const [now] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const query = new URLSearchParams({ ...(paymentId ? { payment: paymentId } : {}), method: now!.paymentMethod });
  if (now!.paymentStatus === 'Paid') return `/order_product_confirm/${encodeURIComponent(orderId)}?${query}`;
  if (status === 'failed' || status === 'canceled' || status === 'succeeded' || !isUnpaid(now!) || now!.paymentStatus === 'PaymentFailed') {
    return `/payment_fail?${new URLSearchParams({ orderID: orderId, ...Object.fromEntries(query) })}`;
  }
  return `/order_product_confirm/${encodeURIComponent(orderId)}?${query}`;
}

// ---------------------------------------------------------------------------------------------
// Re-pricing with a coupon

/**
 * Prices an unpaid order again with a coupon (or none): its lines as placed, the campaigns that were
 * on when it was placed, the coupon checked now, shipping and taxes of its delivery country. Its
 * current payment, for the old amount, is cancelled first.
 */
export async function repriceOrder(deps: Deps, order: OrderRow, code: string | undefined): Promise<OrderRow> {
  if (!isUnpaid(order)) throw orderClosed(order);
  if (await releasePayment(deps, order)) throw new ApiError(400, ErrorCode.InvalidParameter, 'This order is already paid', 'OrderID');
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked || !isUnpaid(locked)) throw orderClosed(locked ?? order);
    if (code) await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, code)).for('update');
    // The order's own redemption does not count against the coupon it is re-priced with.
    await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
    const lineRows = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.varianceId));
    const lines: PricedLine[] = lineRows.map((l) => ({ varianceId: l.varianceId, productTypeId: l.productTypeId, lineTotal: l.lineTotal }));
    const currency = locked.currency as Currency;
    const coupon = code ? await checkCoupon(tx, { code, userId: locked.userId, currency, lines, now }) : undefined;
    if (coupon && !coupon.ok) throw invalidCoupon(coupon.refusal);
    const countryId = (locked.orderDetail as OrderDetail).CountryID;
    // One after another: a transaction's queries share one connection.
    const campaigns = await activeCampaigns(tx, locked.createdAt);
    const shipping = await shippingFor(tx, countryId, currency);
    const taxes = await taxesFor(tx, countryId);
    const orderDetail = computeOrderDetail({ currency, countryId, lines, campaigns, ...(coupon?.ok ? { coupon: coupon.rule } : {}), shipping, taxes });
    // The lines as placed, at the variances' HKD prices (prices are not edited while orders wait).
    const totalHkd =
      currency === 'HKD'
        ? orderDetail.Total
        : await hkdTotalOf(tx, { countryId, lines: await hkdLinesOf(tx, lineRows), campaigns, coupon: coupon?.ok ? coupon.rule : undefined, taxes });
    if (coupon?.ok && code) await tx.insert(couponRedemptions).values({ couponCode: code, userId: locked.userId, orderId: order.id, createdAt: now });
    const [repriced] = await tx
      .update(orders)
      .set({ orderDetail, total: orderDetail.Total, totalHkd, couponCode: coupon?.ok ? code : null, paymentId: null, paymentStatus: 'WaitForPayment' })
      .where(eq(orders.id, order.id))
      .returning();
    return repriced!;
  });
}

// ---------------------------------------------------------------------------------------------
// Closing: cancelled by the member, expired by the jobs runner

/** Gives back what an unpaid order held: its stock (in variance id order, as placing takes it) and its coupon use. */
/** Closes an unpaid order and gives its stock back; answers the products whose stock changed. */
async function closeUnpaid(tx: Db, order: OrderRow, status: 'Cancelled' | 'Expired', now: Date): Promise<string[]> {
  await tx.update(orders).set({ paymentStatus: status, closedAt: now }).where(eq(orders.id, order.id));
  const lines = await tx
    .select({ varianceId: orderLines.varianceId, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.varianceId));
  for (const line of lines) {
    await tx.update(variances).set({ stock: sql`${variances.stock} + ${line.quantity}` }).where(eq(variances.id, line.varianceId));
  }
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
  return lines.map((line) => line.productId);
}

const alreadyPaid = () => new ApiError(400, ErrorCode.InvalidParameter, 'This order is paid and can no longer be cancelled', 'orderID');

/** cancelOrder / cancel-product-order: the member cancels an unpaid order; cancelling twice is fine. */
export async function cancelOrder(deps: Deps, userId: string, orderId: string): Promise<OrderRow> {
  const order = await ownOrder(deps, userId, orderId);
  if (isClosed(order)) return order;
  if (order.paymentStatus === 'Paid' || (await releasePayment(deps, order))) throw alreadyPaid();
  const now = deps.clock.now();
  let released: string[] = [];
  const closed = await inTransaction(deps.db, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked || !isUnpaid(locked)) return locked!;
    released = await closeUnpaid(tx, locked, 'Cancelled', now);
    return { ...locked, paymentStatus: 'Cancelled' as const, closedAt: now };
  });
  deps.productCache.forget(released);
  if (closed.paymentStatus === 'Paid') throw alreadyPaid();
  return closed;
}

const EXPIRY_BATCH = 50;

/**
 * Expires unpaid orders whose pay_before has passed: claimed FOR UPDATE SKIP LOCKED in batches (so
 * several server processes share the work), stock and coupon released, then their payments
 * cancelled at the provider (an FPS QR stops being honoured). Narrowed to one member or one order
 * when a read finds an overdue order before the runner does. Returns how many expired.
 */
export async function expireDueOrders(deps: Deps, now: Date, only: { userId?: string; orderId?: string } = {}): Promise<number> {
  let expired = 0;
  for (;;) {
    const batch = await inTransaction(deps.db, async (tx) => {
      const conditions: SQL[] = [inArray(orders.paymentStatus, [...UNPAID]), lte(orders.payBefore, now)];
      if (only.userId) conditions.push(eq(orders.userId, only.userId));
      if (only.orderId) conditions.push(eq(orders.id, only.orderId));
      const due = await tx
        .select()
        .from(orders)
        .where(and(...conditions))
        .orderBy(asc(orders.payBefore))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      const released: string[] = [];
      for (const order of due) released.push(...(await closeUnpaid(tx, order, 'Expired', now)));
      return { due, released };
    });
    deps.productCache.forget(batch.released);
    for (const order of batch.due) if (order.paymentId) await cancelQuietly(deps, order.paymentId);
    expired += batch.due.length;
    if (batch.due.length < EXPIRY_BATCH) return expired;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The member's order; another member's reads as not found. An overdue unpaid order is expired first. */
export async function ownOrder(deps: Deps, userId: string, orderId: string): Promise<OrderRow> {
  const read = async () => (await deps.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))))[0];
  const order = await read();
  if (!order) throw orderNotFound();
  const now = deps.clock.now();
  if (isUnpaid(order) && order.payBefore && order.payBefore <= now) {
    await expireDueOrders(deps, now, { orderId });
    return (await read())!;
  }
  return order;
}

/** Spec §3 order tabs: paid and being fulfilled, fulfilled, waiting for payment, cancelled or expired. */
export function tabOf(order: Pick<OrderRow, 'paymentStatus' | 'fulfilmentStatus'>): OrderTab {
  if (order.fulfilmentStatus === 'Completed') return 'Completed';
  if (order.paymentStatus === 'Paid') return 'InProcess';
  if (order.paymentStatus === 'WaitForPayment' || order.paymentStatus === 'PaymentFailed') return 'WaitForPayment';
  return 'Cancelled';
}

function tabCondition(tab: OrderTab): SQL {
  switch (tab) {
    case 'InProcess':
      return and(eq(orders.paymentStatus, 'Paid'), ne(orders.fulfilmentStatus, 'Completed'))!;
    case 'Completed':
      return eq(orders.fulfilmentStatus, 'Completed');
    case 'WaitForPayment':
      return and(inArray(orders.paymentStatus, [...UNPAID]), ne(orders.fulfilmentStatus, 'Completed'))!;
    case 'Cancelled':
      return and(inArray(orders.paymentStatus, ['Cancelled', 'Expired']), ne(orders.fulfilmentStatus, 'Completed'))!;
  }
}

export function toProductOrder(order: OrderRow, lines: readonly LineRow[], card?: SavedCard): ProductOrder {
  return {
    OrderID: order.id,
    Reference: order.reference,
    CreatedAt: order.createdAt.toISOString(),
    Currency: order.currency as Currency,
    PaymentMethod: order.paymentMethod as PaymentMethod,
    PaymentStatus: order.paymentStatus,
    FulfilmentStatus: order.fulfilmentStatus,
    Tab: tabOf(order),
    ...(isUnpaid(order) && order.payBefore ? { PayBefore: order.payBefore.toISOString() } : {}),
    ...(order.paidAt ? { PaidAt: order.paidAt.toISOString() } : {}),
    ...(card ? { Card: card } : {}),
    ...(order.couponCode ? { CouponID: order.couponCode } : {}),
    ...(order.deliveryAddress ? { DeliveryAddress: order.deliveryAddress as DeliveryAddress } : {}),
    ...(order.billingAddress ? { BillingAddress: order.billingAddress as Address } : {}),
    ProductList: [...lines]
      .sort((a, b) => (a.varianceId < b.varianceId ? -1 : 1))
      .map((l) => ({
        ProductID: l.productId,
        VarianceID: l.varianceId,
        Name: l.name,
        VarianceName: l.varianceName,
        Image: l.image,
        Price: l.price,
        Quantity: l.quantity,
        LineTotal: l.lineTotal,
        IsAlcohol: l.isAlcohol,
      })),
    orderDetail: order.orderDetail as OrderDetail,
  };
}

async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  for (const line of await db.select().from(orderLines).where(inArray(orderLines.orderId, [...orderIds]))) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

/** get-product-order: the order with its lines, and the card a paid order was paid with while it is still saved. */
export async function readOrder(deps: Deps, userId: string, orderId: string): Promise<ProductOrder> {
  const order = await ownOrder(deps, userId, orderId);
  return describeOrder(deps, order);
}

export async function describeOrder(deps: Deps, order: OrderRow): Promise<ProductOrder> {
  const lines = (await linesOf(deps.db, [order.id])).get(order.id) ?? [];
  let card: SavedCard | undefined;
  // Shown on the receipt of a paid order only: unpaid orders are polled, and each look-up may be a
  // call to the provider. An unreachable provider or a removed card leaves it out.
  if (order.paymentStatus === 'Paid' && order.paymentMethod === 'CreditCard' && order.cardId) {
    card = await savedCards(deps, order.userId).then(
      (cards) => cards.find((c) => c.id === order.cardId),
      () => undefined,
    );
  }
  return toProductOrder(order, lines, card);
}

/** The paging key: the last order's creation time and id (orders are listed newest first, id breaking ties). */
const encodeKey = (order: OrderRow) => Buffer.from(JSON.stringify([order.createdAt.toISOString(), order.id])).toString('base64url');

function decodeKey(key: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (typeof id === 'string' && !Number.isNaN(date.getTime())) return { createdAt: date, id };
  } catch {
    // answered below
  }
  throw new ApiError(400, ErrorCode.InvalidParameter, 'LastEvaluatedKey is invalid', 'LastEvaluatedKey');
}

/** list-user-product-order: the member's orders newest first, a page at a time, optionally one tab. */
export async function listOrders(
  deps: Deps,
  userId: string,
  { tab, size, lastEvaluatedKey }: { tab?: OrderTab | undefined; size: number; lastEvaluatedKey?: string | undefined },
): Promise<{ OrderList: ProductOrder[]; LastEvaluatedKey?: string }> {
  await expireDueOrders(deps, deps.clock.now(), { userId });
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (tab) conditions.push(tabCondition(tab));
  if (lastEvaluatedKey) {
    const after = decodeKey(lastEvaluatedKey);
    conditions.push(or(lt(orders.createdAt, after.createdAt), and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)))!);
  }
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const lines = await linesOf(deps.db, page.map((o) => o.id));
  return {
    OrderList: page.map((o) => toProductOrder(o, lines.get(o.id) ?? [])),
    ...(rows.length > size ? { LastEvaluatedKey: encodeKey(page.at(-1)!) } : {}),
  };
}
