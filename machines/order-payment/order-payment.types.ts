/**
 * Paying an order, for every order kind (products, events; subscriptions and gatherings next):
 * from Place order to an outcome. The kind says what to place (its own request, sent as it is by
 * its placeOrder actor) or which order to pay again; this flow notes the member's orders, places,
 * starts the payment, routes its answer, finds the order when an answer is lost, and polls.
 */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR, ORDER_NOT_PLACED, PAYMENT_ERRORS, PAYMENT_NOT_TAKEN } from '../shared/codes.ts';
export type { FlowCode } from '../shared/codes.ts';
import type { FlowCode } from '../shared/codes.ts';

export type PaymentMethod = 'CreditCard' | 'Alipay' | 'FPS';
export type OrderKind = 'product' | 'event' | 'subscription' | 'gathering';

export type PaymentStart = {
  OrderID: string;
  PaymentStatus: 'succeeded' | 'requires_action' | 'processing' | 'pending';
  /** The provider's payment id (Stripe's PaymentIntent). */
  PaymentID?: string | undefined;
  RedirectURL?: string | undefined;
  /** With outcome 'failed': the spec §8 code (PaymentFail, StripeError, AlipayError). */
  ErrorCode?: string | undefined;
};
/** A refused payment may still have placed the order: its id travels in the refusal. */
export type PlaceOrderFailData = { OrderID?: string | undefined };
/** What placing, paying and confirming a card payment answer. */
export type PaymentAnswer = CallResult<PaymentStart, PlaceOrderFailData>;

/** What the kind's placing call takes (checkout, newEventCheckOut): opaque here, sent as it is. */
export type PlaceOrderRequest = Readonly<Record<string, unknown>>;
/** How the kind lists the member's orders (its newest, or those for a session): opaque here. */
export type ListOrdersRequest = Readonly<Record<string, unknown>>;

/** How the order is paid: the method chosen, the card when paying by card, and the coupon where the kind's payment call takes one. */
export type PayWith = { PaymentMethod: PaymentMethod; CardID?: string | undefined; CouponID?: string | undefined };
export type PayOrderInput = PayWith & { OrderID: string };
export type ConfirmCardPaymentInput = { OrderID: string; Payload: string; OrderType: OrderKind };

export type OrderPaymentStatus = 'WaitForPayment' | 'Paid' | 'PaymentFailed' | 'Cancelled' | 'Expired';
export type FoundOrder = { OrderID: string; PaymentStatus: OrderPaymentStatus };
export type ReadOrderInput = { orderID: string };
export type ReadOrderOutput = { Order: FoundOrder };
export type ListOrdersOutput = { OrderList: ReadonlyArray<FoundOrder> };

export type OrderPaymentInput = {
  /** The order's kind, as the card's extra step's confirmation names it. */
  kind: OrderKind;
  payWith: PayWith;
  /** How to list the member's orders: noted before placing, read again when placing's answer is lost. */
  listOrders: ListOrdersRequest;
  /** A new order: what to place. */
  place?: PlaceOrderRequest | undefined;
  /** An order placed before: paying it (again). */
  orderID?: string | undefined;
  /** With orderID, back from the card's extra step: the payment whose outcome to ask for. */
  paymentID?: string | undefined;
};

export type OrderPaymentError = { code: FlowCode; message?: string | undefined };

/**
 * Where paying ended: `unpaid` is nothing paid, back to choosing how to pay (with the reason in
 * error: a refusal, the orders not noted, or what a lost answer's look-up found).
 */
export type OrderPaymentOutcome = 'confirmed' | 'redirect' | 'fps' | 'processing' | 'failed' | 'cancelled' | 'unpaid';

export type OrderPaymentOutput = {
  outcome: OrderPaymentOutcome;
  /** The order, once there is one. */
  OrderID?: string | undefined;
  /** The answer that started the payment (its redirect address, the FPS order), when one came. */
  payment?: PaymentStart | undefined;
  error?: OrderPaymentError | undefined;
  /** With 'unpaid' after a refusal: the call that refused (only placing reprices the coupon and holds stock). */
  refusedBy?: 'placeOrder' | 'payOrder' | undefined;
};

export type PaymentCall = 'placeOrder' | 'payOrder' | 'confirmCardPayment';

export type OrderPaymentContext = {
  kind: OrderKind;
  payWith: PayWith;
  listOrders: ListOrdersRequest;
  place?: PlaceOrderRequest | undefined;
  orderID?: string | undefined;
  paymentID?: string | undefined;
  payment?: PaymentStart | undefined;
  error?: OrderPaymentError | undefined;
  /** Only while routingPaymentAnswer decides where it leads. */
  answer?: { call: PaymentCall; result: PaymentAnswer } | undefined;
  /** The member's orders (ids) just before placing: if placing's answer is lost, an order not among them is this attempt's. */
  ordersBefore?: readonly string[] | undefined;
  /** Only while routingFoundOrder decides where an order looked up after a lost answer leads. */
  foundOrder?: FoundOrder | undefined;
  outcome?: OrderPaymentOutcome | undefined;
  refusedBy?: 'placeOrder' | 'payOrder' | undefined;
};

export type OrderPaymentEvent = { type: 'RETRY' };

/** The part of the checkout page each state is: tags `step:<name>`. */
export type OrderPaymentStep = 'placing' | 'checking' | 'unconfirmed' | 'paying';
export type OrderPaymentTag = 'busy' | `step:${OrderPaymentStep}`;
