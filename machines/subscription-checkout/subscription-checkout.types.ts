/**
 * Data of the subscription checkout (issue 18, spec §2 checkout_subscription): a plan (box set), the
 * member's delivery address (spec §5: subscription totals need a selected delivery address), the totals
 * with a coupon, the payment method and card, placing the subscription's first order and paying it.
 * Declared here, not imported from contract/, so the machine opens unchanged in the Stately visualizer;
 * tests/machines/subscription-checkout.test.ts keeps them in step with contract/subscriptions.ts.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { NETWORK_ERROR, INVALID_COUPON, PAYMENT_ERRORS } from '../shared/codes.ts';
export type { FlowCode } from '../shared/codes.ts';
import type { FlowCode } from '../shared/codes.ts';
/** A refused coupon, kept for display once dropped (machines/shared/coupon.ts). */
export type { CouponError } from '../shared/coupon.ts';
import type { CouponError } from '../shared/coupon.ts';

export type Currency = 'HKD' | 'USD';
export type Language = 'en' | 'zh';
// ---- How the member pays (machines/payment-choice, run by the payment step).
export type { PaymentMethod, SavedCard } from '../payment-choice/payment-choice.types.ts';
import type { PaymentMethod } from '../payment-choice/payment-choice.types.ts';

/** Spec §3: plan durations. */
export type SubscriptionDuration = 'month' | 'quarter' | 'annual';

/**
 * Spec §5 "Subscription totals need a selected delivery address": the server's refusal when the member
 * has none, or one outside the service range (contract ErrorCode.DeliveryAddressRequired).
 */
export const DELIVERY_ADDRESS_REQUIRED = 'DeliveryAddressRequired';
/** Placing refused: the box for the next cycle is out of stock. */
export const OUT_OF_STOCK = 'OutOfStock';

// ---- The plan, as getSubscriptionPlan answers (only what the flow reads; the page shows the rest).

export type SubscriptionPlan = {
  SubscriptionID: string;
  Duration: SubscriptionDuration;
  Currency: Currency;
  Price: number;
  /** A box for the next cycle is in stock now. */
  InStock: boolean;
  /** Holds spirits: subscribing asks for the over-18 confirmation (spec §5). */
  IsAlcohol: boolean;
};
export type GetSubscriptionPlanInput = { Currency: Currency };
export type GetSubscriptionPlanOutput = { PlanList: ReadonlyArray<SubscriptionPlan> };

// ---- The delivery address.

/** user-update-info {mainDeliveryAddressIndex} (the app adds the member's address list): makes an address the selected one. */
export type UserUpdateInfoInput = { mainDeliveryAddressIndex: number };
export type UserUpdateInfoOutput = { userDetailInfo: { mainDeliveryAddressIndex: number } };

// ---- Totals.

/** subscription-calculate's answer (only what the flow reads; the screen shows the whole answer). */
export type SubscriptionTotals = {
  total: number;
  discount: number;
  Currency: Currency;
  /** The order detail the summary shows (the bag's shape); opaque here. */
  orderDetail?: unknown;
};
export type SubscriptionCalculateRequest = { SubscriptionID: string; Language: Language; Currency: Currency };
/** subscription-calculate through the coupon-totals machine: a refused coupon (70600) is dropped and the totals read again. */
export type SubscriptionCalculateInput = { couponID?: string | undefined; request: SubscriptionCalculateRequest };
export type SubscriptionCalculateOutput = CallResult<
  { totals: SubscriptionTotals; couponID?: string | undefined; couponError?: CouponError | undefined },
  { couponError?: CouponError | undefined }
>;

// ---- Placing and paying.

/** create-subscription (spec §7), with CouponID and AgeConfirmed (ours). PaymentMethodID: the saved card renewals charge. */
export type CreateSubscriptionInput = {
  Language: Language;
  Currency: Currency;
  PaymentMethod: PaymentMethod;
  SubscriptionID: string;
  PaymentMethodID?: string | undefined;
  CouponID?: string | undefined;
  AgeConfirmed: boolean;
};
/** create-subscription-payment {OrderID, PaymentMethod, CardID}: pays a subscription order waiting for the member. */
export type CreateSubscriptionPaymentInput = { OrderID: string; PaymentMethod: PaymentMethod; CardID?: string | undefined };

export type { PaymentStart, OrderPaymentStatus } from '../order-payment/order-payment.types.ts';
import type { OrderPaymentStatus } from '../order-payment/order-payment.types.ts';

// ---- The payment step every kind shares (machines/payment-step): choosing how to pay, placing, paying.

export type { OrderPaymentError, PaymentStepEnd, PaymentStepInput, PaymentStepOutput } from '../payment-step/payment-step.types.ts';
import type { CheckoutEnd, KindPayingContext, PaymentStepName } from '../payment-step/payment-step.types.ts';
import type { paymentStepMachine } from '../payment-step/payment-step.machine.ts';
/** The payment step's logic, which the subscription checkout invokes as its child `paymentStep`. */
export type PaymentStepLogic = typeof paymentStepMachine;

/** get-subscription-order {RecordID}: what the flow reads of a subscription order (the pages show the rest). */
export type SubscriptionOrderSummary = {
  OrderID: string;
  RecordID: string;
  PaymentStatus: OrderPaymentStatus;
  PaymentMethod: PaymentMethod;
  Plan: SubscriptionPlan;
  orderDetail: { Currency: Currency; Total: number; Discount: number };
};
export type GetSubscriptionOrderInput = { RecordID: string };
export type GetSubscriptionOrderOutput = { Order: SubscriptionOrderSummary };

/** The member's subscription orders, newest first (the app lists them from get-subscription-record's billing histories). */
export type ListSubscriptionOrderInput = Record<string, never>;

// ---- The flow.

export type SubscriptionCheckoutInput = {
  currency: Currency;
  language: Language;
  /** The plan chosen on the plans page. */
  subscriptionID?: string | undefined;
  /** The member's selected (main) delivery address, its index in their list, when they have one. */
  addressIndex?: number | undefined;
  /** Paying a subscription order waiting for payment (its first cycle again, or a renewal from the mailed link). */
  resume?: { OrderID: string } | undefined;
};

export type SubscriptionCheckoutError = { code: FlowCode; message?: string | undefined };

/** What looking up an order whose answer was lost found (the paying flow's own codes). */
export { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from '../order-payment/order-payment.types.ts';

export type SubscriptionCheckoutOutcome = 'subscribed' | 'redirect' | 'fps' | 'processing' | 'failed' | 'cancelled' | 'left';

export type SubscriptionCheckoutContext = {
  currency: Currency;
  language: Language;
  subscriptionID?: string | undefined;
  plan?: SubscriptionPlan | undefined;
  addressIndex?: number | undefined;
  /** The last address the member picked could not be saved as their selected one. */
  addressNotSaved: boolean;
  couponID?: string | undefined;
  couponError?: CouponError | undefined;
  totals?: SubscriptionTotals | undefined;
  ageConfirmed: boolean;
  outcome?: SubscriptionCheckoutOutcome | undefined;
} & KindPayingContext;

export type SubscriptionCheckoutEvent =
  /** The member picks a delivery address on the page: it is saved as their selected one. */
  | { type: 'PICK_ADDRESS'; index: number }
  /** The member's selected address is another one (saved here, or added or edited in the address popup). */
  | { type: 'CHOOSE_ADDRESS'; index: number }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  /** Reading again what could not be read. The payment step's events go to the step itself (payment-step.selectors.ts paymentStepActor). */
  | { type: 'RETRY' }
  /** The member leaves the checkout (back to the kind's page). */
  | { type: 'LEAVE' };

export type SubscriptionCheckoutOutput = CheckoutEnd<SubscriptionCheckoutOutcome>;

/** Which part of the page a state shows: every state that is not final says so with a `step:` tag. */
export type SubscriptionCheckoutStep =
  | 'loading'
  | 'loadFailed'
  | 'address'
  | 'totals'
  | 'totalsFailed'
  | PaymentStepName
  | 'done';

export type SubscriptionCheckoutTag = 'busy' | `step:${Exclude<SubscriptionCheckoutStep, 'done'>}`;
