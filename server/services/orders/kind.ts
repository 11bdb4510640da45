/**
 * What the order core asks of an order kind (spec §3: product orders today; event, subscription and
 * gathering orders next). The core places, pays, settles, expires and cancels every kind the same way;
 * a kind brings what differs: its lines, its hold (stock, seats) and its totals, and what paying does.
 * Adding a kind is a module that implements OrderKind plus one entry in index.ts's SHOP_ORDER_KINDS.
 */
import type { Currency } from '../../../contract/define.ts';
import type { PaymentMethod } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { CampaignRule, PricedLine } from './totals.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderStatus = OrderRow['paymentStatus'];

/** Statuses of an order that still holds what it took and can be paid. */
export const UNPAID: readonly OrderStatus[] = ['WaitForPayment', 'PaymentFailed'];
export const isUnpaid = (order: Pick<OrderRow, 'paymentStatus'>) => UNPAID.includes(order.paymentStatus);
export const isClosed = (order: Pick<OrderRow, 'paymentStatus'>) => order.paymentStatus === 'Cancelled' || order.paymentStatus === 'Expired';

/**
 * Work for once the transaction has committed: provider calls, cache drops, mail. A rolled-back
 * transaction's list is dropped with it, so none of this happens for a change that did not.
 */
export type AfterCommit = Array<(deps: Deps) => void | Promise<void>>;

export async function runAfterCommit(deps: Deps, tasks: AfterCommit): Promise<void> {
  for (const task of tasks) await task(deps);
}

/** Runs fn in a transaction with a handle typed like the database (Drizzle's transaction is one). */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** A member placing an order: what every kind is given, and the kind's own request. */
export interface Placing<Request> {
  userId: string;
  /** The language the member placed the order in (its mails, the names written on it). */
  language: 'en' | 'zh';
  currency: Currency;
  method: PaymentMethod;
  now: Date;
  request: Request;
  /** The member's unpaid orders this one replaces (oneUnpaidPerMember), already closed and given back. */
  replaced: readonly OrderRow[];
  afterCommit: AfterCommit;
}

/** What a kind's hold answers: the order's totals and fields, and how to record its lines. */
export interface Held {
  /** In the order's currency, minor units. */
  total: number;
  /** The same order priced in HKD cents: what an FPS transfer pays (null: converted at the configured rate). */
  totalHkd: number | null;
  /** The breakdown shown with the order (for products, the bag's OrderDetail). */
  orderDetail: unknown;
  couponCode?: string | null;
  deliveryAddress?: unknown;
  billingAddress?: unknown;
  ageConfirmed?: boolean;
  /**
   * Until when the unpaid order holds and can be paid, when the kind decides it (a subscription's renewal waits
   * for the member through its grace period); else the payment method's window.
   */
  payBefore?: Date;
  /** Writes the kind's lines and records for the new order, in the placing transaction. */
  record(tx: Db, orderId: string): Promise<void>;
}

export interface OrderKind<Request = unknown> {
  /** Stored in orders.kind. */
  readonly name: string;
  /** A new order of this kind cancels the member's unpaid ones of it, so one member cannot hoard a hold. */
  readonly oneUnpaidPerMember: boolean;
  /** The longest an unpaid order of this kind holds, whatever the payment method's window (which may be shorter). */
  readonly maxHoldMs?: number;
  /**
   * What makes two requests the same purchase (a double tap, a resent request): a member's second checkout
   * with the same answer, method, card and currency finds the first order (unpaid, or paid moments ago)
   * instead of placing and charging another. Undefined for a request that is never a repeat (a renewal,
   * or products, whose bag is emptied by the first order).
   */
  repeatKey?(request: Request): unknown;
  /**
   * In the placing transaction: checks and prices the request and takes its hold with conditional
   * updates that never oversell. Throwing (an ApiError) refuses the order and undoes everything.
   */
  hold(tx: Db, placing: Placing<Request>): Promise<Held>;
  /** Gives back what an unpaid order of this kind held: it is being cancelled, replaced or expired. */
  release(tx: Db, order: OrderRow, afterCommit: AfterCommit): Promise<void>;
  /** What paying an order of this kind does besides marking it Paid (sold counts, the confirmation mail). */
  paid(tx: Db, order: OrderRow, afterCommit: AfterCommit): Promise<void>;
  /**
   * How an unpaid order of this kind is priced again with another coupon (apply-product-coupon): the campaigns it
   * keeps, whether it is shipped, and its lines at HKD prices (what an FPS transfer pays). Undefined: not re-priced.
   */
  repricing?(tx: Db, order: OrderRow, lines: readonly RepricedLine[]): Promise<RepricingBasis>;
  /** The SPA page that follows the order when a provider's page sends the browser back (see payments.ts). */
  confirmPath(order: OrderRow): string;
}

/** An order's line as placed, priced again. */
export interface RepricedLine {
  varianceId: string;
  productId: string;
  productTypeId: string;
  quantity: number;
  lineTotal: number;
}

export interface RepricingBasis {
  campaigns: readonly CampaignRule[];
  shipped: boolean;
  hkdLines(): Promise<readonly PricedLine[]>;
}

/** The order kinds a server knows, by name. Passed in (no module registry), so a test can add its own. */
export interface OrderKinds {
  of(order: Pick<OrderRow, 'kind'>): OrderKind;
}

export function orderKinds(kinds: readonly OrderKind<never>[]): OrderKinds {
  const byName = new Map<string, OrderKind<never>>(kinds.map((kind) => [kind.name, kind]));
  return {
    of(order) {
      const kind = byName.get(order.kind);
      // An order of a kind this server does not know can be neither settled nor released safely.
      if (!kind) throw new Error(`Unknown order kind: ${order.kind}`);
      return kind as OrderKind;
    },
  };
}
