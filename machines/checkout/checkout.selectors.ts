import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine.ts';
import type { CheckoutError, CheckoutOutput, CheckoutStep, CouponError, OrderDetail, PaymentMethod, SavedCard } from './checkout.types.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './checkout.types.ts';
import * as orderPayment from '../order-payment/order-payment.selectors.ts';
import * as paymentChoice from '../payment-choice/payment-choice.selectors.ts';
import type { PaymentChoice } from '../payment-choice/payment-choice.types.ts';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The paying flow (machines/order-payment) while checkout pays through it: its snapshot, which the steps below read. */
export function paying(s: CheckoutSnapshot): orderPayment.OrderPaymentSnapshot | undefined {
  // Children are typed by every actor this flow may run; the one invoked as orderPayment is the paying flow once provided
  // (unprovided, as in the model's own paths, it is the placeholder promise, which has no steps to read).
  const child: unknown = s.matches('payingOrder') ? s.children.orderPayment?.getSnapshot() : undefined;
  return typeof child === 'object' && child !== null && 'tags' in child ? (child as orderPayment.OrderPaymentSnapshot) : undefined;
}

/** Choosing how to pay (machines/payment-choice) while the member changes it: its snapshot, which the payment step reads. */
export const choosing = (s: CheckoutSnapshot): paymentChoice.PaymentChoiceSnapshot | undefined =>
  paymentChoice.of(s.matches({ payment: 'changing' }) ? s.children.paymentChoice : undefined);

/** How the member pays: as choosing has it while it runs, else as checkout keeps it. */
const choice = (s: CheckoutSnapshot): PaymentChoice => choosing(s)?.context ?? s.context;

/** A call is running (checkout's own, or its child's): disable the controls and show the loader. */
export const isBusy = (s: CheckoutSnapshot): boolean => {
  const child = paying(s);
  return s.hasTag('busy') || (child !== undefined && orderPayment.isBusy(child)) || paymentChoice.isBusy(choosing(s));
};

/** Which part of the checkout page to show. */
export type { CheckoutStep };

/** The step the state names with its `step:` tag (the machine says which step each state is); 'done' once finished. */
export function step(s: CheckoutSnapshot): CheckoutStep {
  if (s.status === 'done') return 'done';
  const child = paying(s);
  const childStep = (child && orderPayment.step(child)) ?? paymentChoice.step(choosing(s));
  if (childStep) return childStep;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as CheckoutStep;
  throw new Error(`checkout: state ${JSON.stringify(s.value)} names no step`);
}

/** The order summary for the chosen address (subtotal, discount, shipping, taxes, total). */
export const totals = (s: CheckoutSnapshot): OrderDetail | undefined => s.context.bag?.orderDetail;
/** The coupon applied to the totals, if any. */
export const couponID = (s: CheckoutSnapshot): string | undefined => s.context.couponID;
/** A coupon the server refused (70600): its message is shown and it is no longer applied. */
export const couponError = (s: CheckoutSnapshot): CouponError | undefined => s.context.couponError;
/** The reason of the last failure (spec §8 code and the server's message, or NetworkError). */
export const error = (s: CheckoutSnapshot): CheckoutError | undefined => choice(s).error;

export const addressIndex = (s: CheckoutSnapshot): number | undefined => s.context.addressIndex;
/** The picked address is being saved as the member's main one: the choices wait. */
export const isSavingAddress = (s: CheckoutSnapshot): boolean => s.matches('savingAddress');
/** The last picked address could not be saved as the main one. */
export const addressNotSaved = (s: CheckoutSnapshot): boolean => s.context.addressNotSaved === true;
/** The page's address choices take a pick now. */
export const canChooseAddress = (s: CheckoutSnapshot): boolean => s.matches('choosingAddress');
/** The address step can move on (an address is chosen). */
export const canContinue = (s: CheckoutSnapshot): boolean => s.can({ type: 'CONTINUE' });
/** Show the age warning (over-18 confirmation). */
export const needsAgeConfirmation = (s: CheckoutSnapshot): boolean => s.matches('confirmingAge');

export const paymentMethod = (s: CheckoutSnapshot): PaymentMethod | undefined => choice(s).method;
/** The saved cards; undefined until read. */
export const cards = (s: CheckoutSnapshot): SavedCard[] | undefined => choice(s).cards;
export const selectedCard = (s: CheckoutSnapshot): SavedCard | undefined => {
  const { cards, cardID } = choice(s);
  return cards?.find((c) => c.id === cardID);
};
export const isLoadingCards = (s: CheckoutSnapshot): boolean => paymentChoice.isLoadingCards(choosing(s));
/** The add-card form takes input (it is not sending the card): closing it cancels adding. */
export const isEditingCard = (s: CheckoutSnapshot): boolean => paymentChoice.isEditingCard(choosing(s));
/** "Add card" is offered when paying by card. */
export const canAddCard = (s: CheckoutSnapshot): boolean => s.can({ type: 'ADD_CARD' });
/** The place-order button is enabled. */
export const canPlaceOrder = (s: CheckoutSnapshot): boolean => s.can({ type: 'PLACE_ORDER' });
/**
 * What looking the order up found after the answer to placing or paying was lost: `notPlaced`
 * (nothing placed, nothing charged, the bag as it was) or `notPaid` (the order is there, its payment
 * did not go through, nothing charged). The payment step says so until the member picks another
 * method or tries again.
 */
export function lostAnswerFinding(s: CheckoutSnapshot): 'notPlaced' | 'notPaid' | undefined {
  const code = error(s)?.code;
  return code === ORDER_NOT_PLACED ? 'notPlaced' : code === PAYMENT_NOT_TAKEN ? 'notPaid' : undefined;
}
/** The look-up after a lost answer can be tried again (it failed too): it looks again, it never places again. */
export const canCheckAgain = (s: CheckoutSnapshot): boolean => {
  const child = paying(s);
  return child !== undefined && orderPayment.canCheckAgain(child);
};
/** Waiting for the payment's result (the order read every few seconds). */
export const isPolling = (s: CheckoutSnapshot): boolean => {
  const child = paying(s);
  return child !== undefined && orderPayment.isPolling(child);
};

/** An order already exists (a failed payment): paying again pays that order. */
export const hasOrder = (s: CheckoutSnapshot): boolean => s.context.orderID !== undefined;

/** The flow's result once done: where to go next (order confirmation, provider page, FPS popup, bag …). */
export const result = (s: CheckoutSnapshot): CheckoutOutput | undefined => (s.status === 'done' ? s.output : undefined);
