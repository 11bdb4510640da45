import type { SnapshotFrom } from 'xstate';
import type { subscriptionCheckoutMachine } from './subscription-checkout.machine.ts';
import type {
  CouponError,
  PaymentMethod,
  SavedCard,
  SubscriptionCheckoutError,
  SubscriptionCheckoutOutput,
  SubscriptionCheckoutStep,
  SubscriptionPlan,
  SubscriptionTotals,
} from './subscription-checkout.types.ts';
import { DELIVERY_ADDRESS_REQUIRED, ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './subscription-checkout.types.ts';
import * as orderPayment from '../order-payment/order-payment.selectors.ts';
import * as paymentChoice from '../payment-choice/payment-choice.selectors.ts';
import type { PaymentChoice } from '../payment-choice/payment-choice.types.ts';

export type SubscriptionCheckoutSnapshot = SnapshotFrom<typeof subscriptionCheckoutMachine>;
export type { SubscriptionCheckoutStep };

/** The paying flow (machines/order-payment) while the checkout pays through it: its snapshot, which the steps below read. */
export function paying(s: SubscriptionCheckoutSnapshot): orderPayment.OrderPaymentSnapshot | undefined {
  // Unprovided (as in the model's own paths) the child is the placeholder promise, which has no steps to read.
  const child: unknown = s.matches('payingOrder') ? s.children.orderPayment?.getSnapshot() : undefined;
  return typeof child === 'object' && child !== null && 'tags' in child ? (child as orderPayment.OrderPaymentSnapshot) : undefined;
}

/** Choosing how to pay (machines/payment-choice) while the member changes it: its snapshot, which the payment step reads. */
export const choosing = (s: SubscriptionCheckoutSnapshot): paymentChoice.PaymentChoiceSnapshot | undefined =>
  paymentChoice.of(s.matches({ payment: 'changing' }) ? s.children.paymentChoice : undefined);

/** How the member pays: as choosing has it while it runs, else as the checkout keeps it. */
const choice = (s: SubscriptionCheckoutSnapshot): PaymentChoice => choosing(s)?.context ?? s.context;

/** A call is running (the checkout's own, or its child's): disable the controls and show the loader. */
export const isBusy = (s: SubscriptionCheckoutSnapshot): boolean => {
  const child = paying(s);
  return s.hasTag('busy') || (child !== undefined && orderPayment.isBusy(child)) || paymentChoice.isBusy(choosing(s));
};

/** The step the state names with its `step:` tag; 'done' once finished. */
export function step(s: SubscriptionCheckoutSnapshot): SubscriptionCheckoutStep {
  if (s.status === 'done') return 'done';
  const child = paying(s);
  const childStep = (child && orderPayment.step(child)) ?? paymentChoice.step(choosing(s));
  if (childStep) return childStep;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as SubscriptionCheckoutStep;
  throw new Error(`subscriptionCheckout: state ${JSON.stringify(s.value)} names no step`);
}

export const plan = (s: SubscriptionCheckoutSnapshot): SubscriptionPlan | undefined => s.context.plan;

/** The selected delivery address (its index in the member's list). */
export const addressIndex = (s: SubscriptionCheckoutSnapshot): number | undefined => s.context.addressIndex;
export const canChooseAddress = (s: SubscriptionCheckoutSnapshot): boolean => s.matches('choosingAddress');
export const isSavingAddress = (s: SubscriptionCheckoutSnapshot): boolean => s.matches('savingAddress');
export const addressNotSaved = (s: SubscriptionCheckoutSnapshot): boolean => s.context.addressNotSaved;
/** The server refused the address (none selected, or outside the service range). */
export const addressRefused = (s: SubscriptionCheckoutSnapshot): boolean => s.context.error?.code === DELIVERY_ADDRESS_REQUIRED;
export const canContinue = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'CONTINUE' });

export const totals = (s: SubscriptionCheckoutSnapshot): SubscriptionTotals | undefined => s.context.totals;
export const couponID = (s: SubscriptionCheckoutSnapshot): string | undefined => s.context.couponID;
export const couponError = (s: SubscriptionCheckoutSnapshot): CouponError | undefined => s.context.couponError;
export const canApplyCoupon = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'APPLY_COUPON', code: 'X' });
export const canRemoveCoupon = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'REMOVE_COUPON' });

/** A box holding spirits: the over-18 confirmation is asked before subscribing. */
export const needsAge = (s: SubscriptionCheckoutSnapshot): boolean => Boolean(s.context.plan?.IsAlcohol) && s.context.orderID === undefined;
export const ageConfirmed = (s: SubscriptionCheckoutSnapshot): boolean => s.context.ageConfirmed;

export const paymentMethod = (s: SubscriptionCheckoutSnapshot): PaymentMethod | undefined => choice(s).method;
export const cards = (s: SubscriptionCheckoutSnapshot): SavedCard[] | undefined => choice(s).cards;
export const selectedCard = (s: SubscriptionCheckoutSnapshot): SavedCard | undefined => {
  const { cards, cardID } = choice(s);
  return cards?.find((c) => c.id === cardID);
};
export const isLoadingCards = (s: SubscriptionCheckoutSnapshot): boolean => paymentChoice.isLoadingCards(choosing(s));
export const canAddCard = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'ADD_CARD' });
export const isAddingCard = (s: SubscriptionCheckoutSnapshot): boolean => paymentChoice.isAddingCard(choosing(s));
export const isEditingCard = (s: SubscriptionCheckoutSnapshot): boolean => paymentChoice.isEditingCard(choosing(s));
export const canPlaceOrder = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'PLACE_ORDER' });
export const canGoBack = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'BACK' });
export const hasOrder = (s: SubscriptionCheckoutSnapshot): boolean => s.context.orderID !== undefined;

export const error = (s: SubscriptionCheckoutSnapshot): SubscriptionCheckoutError | undefined => choice(s).error;
/** After a lost answer: nothing was placed (`notPlaced`), or the order is there unpaid (`notPaid`). */
export function lostAnswerFinding(s: SubscriptionCheckoutSnapshot): 'notPlaced' | 'notPaid' | undefined {
  const code = error(s)?.code;
  return code === ORDER_NOT_PLACED ? 'notPlaced' : code === PAYMENT_NOT_TAKEN ? 'notPaid' : undefined;
}
export const canCheckAgain = (s: SubscriptionCheckoutSnapshot): boolean => {
  const child = paying(s);
  return child !== undefined && orderPayment.canCheckAgain(child);
};

/** The flow's result once done: where to go next. */
export const result = (s: SubscriptionCheckoutSnapshot): SubscriptionCheckoutOutput | undefined => (s.status === 'done' ? s.output : undefined);
