/**
 * The payment step of every kind's checkout (products, events, subscriptions), read through the two
 * children each invokes: choosing how to pay (machines/payment-choice, as `paymentChoice` in its
 * `payment.changing` state) and paying (this folder's flow, as `orderPayment` in its `payingOrder`
 * state). A kind's selectors re-export these; only its own steps are its own.
 */
import type { PaymentChoice, PaymentMethod, SavedCard } from '../payment-choice/payment-choice.types.ts';
import * as paymentChoice from '../payment-choice/payment-choice.selectors.ts';
import * as orderPayment from './order-payment.selectors.ts';
import type { OrderPaymentError, PaymentStepEvent } from './order-payment.types.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './order-payment.types.ts';

type Child = { getSnapshot: () => unknown } | undefined;

/** What every kind's checkout snapshot offers (each kind's machine has these states, children and events). */
export interface KindCheckoutSnapshot {
  status: string;
  value: unknown;
  tags: Set<string>;
  context: PaymentChoice & { orderID?: string | undefined };
  children: { orderPayment?: Child; paymentChoice?: Child };
  matches(value: 'payingOrder' | { payment: 'changing' }): boolean;
  hasTag(tag: 'busy'): boolean;
  can(event: PaymentStepEvent): boolean;
}

/** The paying flow while the kind pays through it: its snapshot, which the steps below read. */
export function paying(s: KindCheckoutSnapshot): orderPayment.OrderPaymentSnapshot | undefined {
  // Unprovided (as in a model's own paths) the child is the placeholder promise, which has no steps to read.
  const child = s.matches('payingOrder') ? s.children.orderPayment?.getSnapshot() : undefined;
  return typeof child === 'object' && child !== null && 'tags' in child ? (child as orderPayment.OrderPaymentSnapshot) : undefined;
}

/** Choosing how to pay while the member changes it: its snapshot, which the payment step reads. */
export const choosing = (s: KindCheckoutSnapshot): paymentChoice.PaymentChoiceSnapshot | undefined =>
  paymentChoice.of(s.matches({ payment: 'changing' }) ? s.children.paymentChoice : undefined);

/** How the member pays: as choosing has it while it runs, else as the kind's flow keeps it. */
const choice = (s: KindCheckoutSnapshot): PaymentChoice => choosing(s)?.context ?? s.context;

/** A call is running (the kind's own, or a child's): disable the controls and show the loader. */
export const isBusy = (s: KindCheckoutSnapshot): boolean => {
  const child = paying(s);
  return s.hasTag('busy') || (child !== undefined && orderPayment.isBusy(child)) || paymentChoice.isBusy(choosing(s));
};

/** The step to show: a running child's, else the one the kind's state names with its `step:` tag; 'done' once finished. */
export function stepOf<Step extends string>(s: KindCheckoutSnapshot, flow: string): Step | 'done' {
  if (s.status === 'done') return 'done';
  const child = paying(s);
  const childStep = (child && orderPayment.step(child)) ?? paymentChoice.step(choosing(s));
  if (childStep) return childStep as Step;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as Step;
  throw new Error(`${flow}: state ${JSON.stringify(s.value)} names no step`);
}

export const paymentMethod = (s: KindCheckoutSnapshot): PaymentMethod | undefined => choice(s).method;
/** The saved cards; undefined until read. */
export const cards = (s: KindCheckoutSnapshot): SavedCard[] | undefined => choice(s).cards;
export const selectedCard = (s: KindCheckoutSnapshot): SavedCard | undefined => {
  const { cards, cardID } = choice(s);
  return cards?.find((c) => c.id === cardID);
};
export const isLoadingCards = (s: KindCheckoutSnapshot): boolean => paymentChoice.isLoadingCards(choosing(s));
export const isAddingCard = (s: KindCheckoutSnapshot): boolean => paymentChoice.isAddingCard(choosing(s));
/** The add-card form takes input (it is not sending the card): closing it cancels adding. */
export const isEditingCard = (s: KindCheckoutSnapshot): boolean => paymentChoice.isEditingCard(choosing(s));
/** "Add card" is offered when paying by card. */
export const canAddCard = (s: KindCheckoutSnapshot): boolean => s.can({ type: 'ADD_CARD' });
/** The place-order button is enabled. */
export const canPlaceOrder = (s: KindCheckoutSnapshot): boolean => s.can({ type: 'PLACE_ORDER' });
/** An order already exists (a failed payment, or one waiting for payment): paying again pays that order. */
export const hasOrder = (s: KindCheckoutSnapshot): boolean => s.context.orderID !== undefined;

/** The reason of the last failure (spec §8 code and the server's message, or NetworkError). */
export const error = (s: KindCheckoutSnapshot): OrderPaymentError | undefined => choice(s).error;
/**
 * What looking the order up found after the answer to placing or paying was lost: `notPlaced`
 * (nothing placed, nothing charged) or `notPaid` (the order is there, its payment did not go through,
 * nothing charged). The payment step says so until the member picks another method or tries again.
 */
export function lostAnswerFinding(s: KindCheckoutSnapshot): 'notPlaced' | 'notPaid' | undefined {
  const code = error(s)?.code;
  return code === ORDER_NOT_PLACED ? 'notPlaced' : code === PAYMENT_NOT_TAKEN ? 'notPaid' : undefined;
}
/** The look-up after a lost answer can be tried again (it failed too): it looks again, it never places again. */
export const canCheckAgain = (s: KindCheckoutSnapshot): boolean => {
  const child = paying(s);
  return child !== undefined && orderPayment.canCheckAgain(child);
};
/** Waiting for the payment's result (the order read every few seconds). */
export const isPolling = (s: KindCheckoutSnapshot): boolean => {
  const child = paying(s);
  return child !== undefined && orderPayment.isPolling(child);
};
