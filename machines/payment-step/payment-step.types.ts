/**
 * The payment step of every kind's checkout (products, events, subscriptions): choosing how to pay
 * (machines/payment-choice), placing or paying the order (machines/order-payment) and looking again
 * after a lost answer. The kind passes in what it orders and which refusals it handles itself; the
 * step ends saying how: paying ended, a refusal for the kind, or the member went back, left or
 * changed the coupon.
 */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { FlowCode } from '../shared/codes.ts';
import type { FlowCode } from '../shared/codes.ts';

// ---- Choosing how to pay (machines/payment-choice), the step's child `paymentChoice`.
export type { PaymentChoiceInput, PaymentChoiceOutput, PaymentMethod, SavedCard } from '../payment-choice/payment-choice.types.ts';
import type { PaymentChoiceEvent, PaymentChoiceRequest, PaymentChoiceStep, SavedCard, PaymentMethod } from '../payment-choice/payment-choice.types.ts';
import type { paymentChoiceMachine } from '../payment-choice/payment-choice.machine.ts';
export type PaymentChoiceLogic = typeof paymentChoiceMachine;

// ---- Placing and paying (machines/order-payment), the step's child `orderPayment`.
export type { OrderPaymentError, OrderPaymentInput, OrderPaymentOutput, PaymentStart } from '../order-payment/order-payment.types.ts';
import type {
  ListOrdersRequest,
  OrderKind,
  OrderPaymentError,
  OrderPaymentOutcome,
  OrderPaymentOutput,
  OrderPaymentStep,
  PaymentStart,
  PlaceOrderRequest,
} from '../order-payment/order-payment.types.ts';
import type { orderPaymentMachine } from '../order-payment/order-payment.machine.ts';
export type OrderPaymentLogic = typeof orderPaymentMachine;

/** What every kind's checkout keeps of paying between visits of the step: how the member pays, the order once placed, where its payment started, the last failure. */
export type PayingContext = {
  method?: PaymentMethod | undefined;
  /** Undefined until the saved cards are read. */
  cards?: SavedCard[] | undefined;
  cardID?: string | undefined;
  /** The placed order, once there is one: another payment attempt pays it rather than placing a new one. */
  orderID?: string | undefined;
  payment?: PaymentStart | undefined;
  error?: OrderPaymentError | undefined;
};

/** What a kind's checkout keeps of the step: how paying stands, and how the step last ended (where that leads is the kind's). */
export type KindPayingContext = PayingContext & { stepEnd?: PaymentStepEnd | undefined };

/** What the kind orders, as data: the step adds how to pay. */
export type PaymentStepOrder = {
  /** The order's kind, as the card's extra step's confirmation names it. */
  kind: OrderKind;
  /** What placing a new order sends besides how to pay: the kind's own fields (its items, language, currency, coupon). */
  place: PlaceOrderRequest;
  /** The field the kind's placing call names the card in: CardID, or PaymentMethodID (a subscription: the card renewals charge). */
  placeCardAs: 'CardID' | 'PaymentMethodID';
  /** The coupon paying an order placed before carries, where the kind's payment call takes one (products). */
  payCouponID?: string | undefined;
  /** How to list the member's orders: noted before placing, read again when placing's answer is lost. */
  listOrders: ListOrdersRequest;
};

/** The refusals of placing or paying that end the step, for the kind to handle (70600: its totals read again; …). */
export type KindRefusals = {
  codes: readonly FlowCode[];
  /** Which calls' refusals: placing only (a product's stock and coupon are held when placing), or paying again too. */
  calls: ReadonlyArray<NonNullable<OrderPaymentOutput['refusedBy']>>;
};

export type PaymentStepInput = {
  /** How the member pays so far, and the order placed before, if any. */
  paying: PayingContext;
  /** With an order: back from the card's extra step, the payment whose outcome to ask for. */
  paymentID?: string | undefined;
  order: PaymentStepOrder;
  /** The coupon applied to the totals (it can be removed on this step). */
  couponID?: string | undefined;
  /** The step asks for the over-18 confirmation (a spirits tasting, a box holding spirits) before placing. */
  askAge: boolean;
  /** The over-18 confirmation, given here or on the kind's own step; placing sends it. */
  ageConfirmed: boolean;
  kindRefusals: KindRefusals;
};

/** Paying ended with one of these: the kind's flow ends with it. */
export type PaymentEndedOutcome = Exclude<OrderPaymentOutcome, 'unpaid'>;

/** How the step ended. */
export type PaymentStepEnd =
  | { how: 'paymentEnded'; outcome: PaymentEndedOutcome }
  /** Placing or paying refused with one of the kind's codes (the refusal is in `paying.error`). */
  | { how: 'refused'; code: FlowCode }
  | { how: 'back' }
  | { how: 'left' }
  /** A coupon applied (its code) or removed: the kind reads its totals again. */
  | { how: 'couponChanged'; couponID: string | undefined };

export type PaymentStepOutput = { paying: PayingContext; ageConfirmed: boolean; end: PaymentStepEnd };

export type PaymentStepContext = PayingContext & {
  paymentID?: string | undefined;
  order: PaymentStepOrder;
  couponID?: string | undefined;
  askAge: boolean;
  ageConfirmed: boolean;
  kindRefusals: KindRefusals;
  /** Set as the step ends. */
  end?: PaymentStepEnd | undefined;
};

/** The payment step's events, in every kind's checkout: choosing how to pay, its add-card form, placing, looking again after a lost answer, back. */
export type PaymentStepEvent =
  | PaymentChoiceRequest
  | PaymentChoiceEvent
  | { type: 'PLACE_ORDER' }
  /** Read again what could not be read; while paying, look again for an order whose answer was lost. */
  | { type: 'RETRY' }
  | { type: 'BACK' };

/** What the step also takes where the kind offers it there (events, subscriptions): the coupon, the over-18 confirmation, leaving. */
export type PaymentStepExtraEvent =
  | { type: 'APPLY_COUPON'; code: string }
  | { type: 'REMOVE_COUPON' }
  | { type: 'CONFIRM_AGE'; confirmed: boolean }
  /** The member leaves the checkout. */
  | { type: 'LEAVE' };

/** The payment step's parts (choosing how to pay, then paying's), which every kind's page shows. */
export type PaymentStepName = PaymentChoiceStep | OrderPaymentStep;
export type PaymentStepTag = `step:${'payment' | 'placing'}`;

/** How every kind's checkout ends: its outcome, the order, where to send the browser ('redirect'), the spec §8 code ('failed'). */
export type CheckoutEnd<Outcome extends string> = {
  outcome: Outcome;
  OrderID?: string | undefined;
  /** With outcome 'redirect': where to send the browser. */
  RedirectURL?: string | undefined;
  /** With outcome 'failed': the spec §8 code (PaymentFail, StripeError, AlipayError). */
  ErrorCode?: FlowCode | undefined;
};
