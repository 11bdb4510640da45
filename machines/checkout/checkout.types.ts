/**
 * Data of the product checkout flow. Declared here, not imported from contract/, so the machine
 * opens unchanged in the Stately visualizer. The payment calls' contract is still to come: these
 * types say what the flow sends and expects, for the contract to match (spec §7 names and fields,
 * plus the additions noted).
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, INVALID_COUPON, BAG_ERRORS, PAYMENT_ERRORS } from '../shared/codes.ts';
export type { FlowCode } from '../shared/codes.ts';
import type { FlowCode } from '../shared/codes.ts';

export type Currency = 'HKD' | 'USD';
export type Language = 'en' | 'zh';

// ---- How the member pays (machines/payment-choice, run by the payment step).
export type { PaymentMethod, SavedCard } from '../payment-choice/payment-choice.types.ts';
import type { PaymentMethod } from '../payment-choice/payment-choice.types.ts';

// ---- The bag, as getShoppingBag answers (only what checkout reads; the bag flow has the rest).

export type OrderDetail = {
  Currency: Currency;
  SubTotal: number;
  Discount: number;
  ShippingFee: number;
  Taxes: number;
  Total: number;
};
export type ShoppingBag = {
  productList: ReadonlyArray<{ VarianceID: string }>;
  orderDetail: OrderDetail;
  /** Some line holds alcohol: the over-18 confirmation is needed (spec §5). */
  HasAlcohol: boolean;
};

/** A refused coupon (why, and what is kept for display after it is dropped): machines/shared/coupon.ts. */
export type { CouponError, CouponRefusalReason } from '../shared/coupon.ts';
import type { CouponError } from '../shared/coupon.ts';

/** getShoppingBag through the coupon-totals machine: a refused coupon (70600) is dropped and the bag read again. */
export type GetShoppingBagInput = { couponID?: string | undefined; request: { Currency: Currency } };
export type GetShoppingBagOutput = CallResult<
  { totals: ShoppingBag; couponID?: string | undefined; couponError?: CouponError | undefined },
  { couponError?: CouponError | undefined }
>;

// ---- Placing and paying.

/**
 * checkout {Language, Currency, PaymentMethod, CardID, CouponID} (spec §7), plus AgeConfirmed: the
 * server refuses an order with alcohol without it (spec §5).
 */
export type CheckoutCallInput = {
  Language: Language;
  Currency: Currency;
  PaymentMethod: PaymentMethod;
  CardID?: string | undefined;
  CouponID?: string | undefined;
  AgeConfirmed: boolean;
};

/**
 * Where the payment stands once the order is placed (checkout, create-product-payment,
 * product-creditcard-payment): `succeeded` (paid), `requires_action` (send the browser to
 * RedirectURL: Alipay's page or the card's extra confirmation), `processing` (the provider is
 * deciding; the order's status will tell), `pending` (FPS: the QR comes next).
 */
export type { PaymentStart, PlaceOrderFailData } from '../order-payment/order-payment.types.ts';

/** create-product-payment {PaymentMethod, OrderID, CouponID} (spec §7), plus CardID: pays a placed order again. */
export type CreateProductPaymentInput = {
  OrderID: string;
  PaymentMethod: PaymentMethod;
  CardID?: string | undefined;
  CouponID?: string | undefined;
};

/**
 * product-creditcard-payment {OrderID, Payload, OrderType} (spec §7): after the card's extra
 * confirmation, reads the card payment's outcome. Payload: the provider's payment id the browser
 * came back with (Stripe's payment_intent).
 */
export type ProductCreditcardPaymentInput = { OrderID: string; Payload: string; OrderType: 'product' };

/**
 * get-product-order {orderID}: what checkout reads of an order while waiting for its payment.
 * Expired: the payment window ended unpaid and the server released the order's stock.
 */
export type { OrderPaymentStatus } from '../order-payment/order-payment.types.ts';
import type { OrderPaymentStatus } from '../order-payment/order-payment.types.ts';
export type GetProductOrderInput = { orderID: string };
export type GetProductOrderOutput = { Order: { OrderID: string; PaymentStatus: OrderPaymentStatus } };

/**
 * list-user-product-order {Size} (spec §7): the member's product orders, newest first (only what
 * checkout reads). Read before placing and again when placing's answer is lost, to find the order
 * that attempt placed, if any.
 */
export type ListUserProductOrderInput = { Size: number };
export type ListUserProductOrderOutput = { OrderList: ReadonlyArray<{ OrderID: string; PaymentStatus: OrderPaymentStatus }> };

// ---- The delivery address.

/** user-update-info {mainDeliveryAddressIndex} (the app adds the member's address list): makes an address the main one. */
export type UserUpdateInfoInput = { mainDeliveryAddressIndex: number };
export type UserUpdateInfoOutput = { userDetailInfo: { mainDeliveryAddressIndex: number } };

// ---- The flow.

export type CheckoutInput = {
  currency: Currency;
  language: Language;
  /** The coupon carried over from the bag, if any. */
  couponID?: string | undefined;
  /** The member's main delivery address (its index in their list), when they have one. */
  addressIndex?: number | undefined;
  /**
   * An order placed before: with PaymentID, back from the card's extra step (the flow picks up that
   * payment); without, paying it again (after a failed payment, or an order left unpaid).
   */
  resume?: { OrderID: string; PaymentMethod: PaymentMethod; PaymentID?: string | undefined } | undefined;
};

export type CheckoutError = { code: FlowCode; message?: string | undefined };

/** What looking up an order whose answer was lost found (the paying flow's own codes, not the server's). */
export { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from '../order-payment/order-payment.types.ts';

// ---- The payment step every kind shares (machines/payment-step): choosing how to pay, placing, paying.

export type { OrderPaymentError, PaymentStepEnd, PaymentStepInput, PaymentStepOutput } from '../payment-step/payment-step.types.ts';
import type { CheckoutEnd, KindPayingContext, PaymentStepName } from '../payment-step/payment-step.types.ts';
import type { paymentStepMachine } from '../payment-step/payment-step.machine.ts';
/** The payment step's logic, which checkout invokes as its child `paymentStep`. */
export type PaymentStepLogic = typeof paymentStepMachine;

export type CheckoutOutcome = 'confirmed' | 'redirect' | 'fps' | 'processing' | 'failed' | 'cancelled' | 'backToBag';

export type CheckoutContext = {
  currency: Currency;
  language: Language;
  couponID?: string | undefined;
  couponError?: CouponError | undefined;
  bag?: ShoppingBag | undefined;
  addressIndex?: number | undefined;
  /** The last address the member picked could not be saved as their main one. */
  addressNotSaved?: boolean | undefined;
  ageConfirmed: boolean;
  /** The payment id a resumed flow came back with. */
  paymentID?: string | undefined;
  outcome?: CheckoutOutcome | undefined;
} & KindPayingContext;

export type CheckoutEvent =
  /** The member picks another delivery address on the page: it is saved as their main one, then the totals are read for it. */
  | { type: 'PICK_ADDRESS'; index: number }
  /** The member's main delivery address is another one (saved by PICK_ADDRESS, or by the address popup): the totals are read for it. */
  | { type: 'CHOOSE_ADDRESS'; index: number }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'BACK_TO_BAG' }
  | { type: 'CONFIRM_AGE' }
  | { type: 'DECLINE_AGE' }
  /** Reading again what could not be read (the bag, the order placed before). */
  | { type: 'RETRY' };

export type CheckoutOutput = CheckoutEnd<CheckoutOutcome>;

/**
 * Which part of the checkout page a state shows: every state that is not final says so with a `step:` tag. The
 * payment step's events (how to pay, placing, looking again, back from it) go to the step itself (its actor:
 * payment-step.selectors.ts paymentStepActor).
 */
export type CheckoutStep =
  | 'loading'
  | 'address'
  | 'age'
  /** Choosing how to pay, placing, paying; `checking` a lost answer, and `unconfirmed` when that look-up failed too. */
  | PaymentStepName
  | 'bagProblem'
  | 'loadFailed'
  | 'done';

export type CheckoutTag = 'busy' | `step:${Exclude<CheckoutStep, 'done'>}`;
