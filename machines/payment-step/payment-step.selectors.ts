/**
 * The payment step of every kind's checkout (products, events, subscriptions), read through the kind's
 * child `paymentStep` (in its `payment` state) and the step's own children: choosing how to pay
 * (machines/payment-choice, `paymentChoice` while `changing`) and paying (machines/order-payment,
 * `orderPayment` while `paying`). A kind's selectors re-export these; only its own steps are its own.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentStepMachine } from './payment-step.machine.ts';
import type { PayingContext, PaymentMethod, PaymentStepEvent, PaymentStepExtraEvent, PaymentStepName, PaymentStepOutput, SavedCard, OrderPaymentError } from './payment-step.types.ts';
import * as paymentChoice from '../payment-choice/payment-choice.selectors.ts';
import * as orderPayment from '../order-payment/order-payment.selectors.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from '../shared/codes.ts';

export type PaymentStepSnapshot = SnapshotFrom<typeof paymentStepMachine>;

type Child = { getSnapshot: () => unknown } | undefined;

/** A running child's snapshot; undefined when it is not running or, unprovided (as in a model's own paths), a placeholder without steps. */
function machineSnapshot<S>(child: Child): S | undefined {
  const snapshot = child?.getSnapshot();
  return typeof snapshot === 'object' && snapshot !== null && 'tags' in snapshot ? (snapshot as S) : undefined;
}

/** What every kind's checkout snapshot offers (each kind's machine keeps the paying context and invokes the step). */
export interface KindCheckoutSnapshot {
  status: string;
  value: unknown;
  tags: Set<string>;
  context: PayingContext & { ageConfirmed: boolean };
  children: { paymentStep?: Child };
  hasTag(tag: 'busy'): boolean;
}

// ---- The step's own snapshot.

/** Choosing how to pay while the member changes it. */
export const choosingOf = (step: PaymentStepSnapshot | undefined): paymentChoice.PaymentChoiceSnapshot | undefined =>
  step?.matches('changing') ? paymentChoice.of(step.children.paymentChoice) : undefined;
/** The paying flow while it runs. */
export const payingOf = (step: PaymentStepSnapshot | undefined): orderPayment.OrderPaymentSnapshot | undefined =>
  step?.matches('paying') ? machineSnapshot(step.children.orderPayment) : undefined;

/** The part of the page the step shows: a running child's, else the step's own `step:` tag; undefined once it ended. */
export function stepName(step: PaymentStepSnapshot): PaymentStepName | undefined {
  if (step.status === 'done') return undefined;
  const paying = payingOf(step);
  const childStep = (paying && orderPayment.step(paying)) ?? paymentChoice.step(choosingOf(step));
  if (childStep) return childStep;
  for (const tag of step.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as PaymentStepName;
  throw new Error(`paymentStep: state ${JSON.stringify(step.value)} names no step`);
}

/** How the step ended, once it did. */
export const ending = (step: PaymentStepSnapshot): PaymentStepOutput | undefined => (step.status === 'done' ? step.output : undefined);

// ---- Through the kind's snapshot.

/** The payment step's actor while the kind runs it: the page sends it the step's events (how to pay, placing, looking again, back, and the kind's extras). */
export const paymentStepActor = (s: KindCheckoutSnapshot): ActorRefFrom<typeof paymentStepMachine> | undefined =>
  machineSnapshot(s.children.paymentStep) ? (s.children.paymentStep as ActorRefFrom<typeof paymentStepMachine>) : undefined;
/** The payment step while the kind runs it. */
export const paymentStep = (s: KindCheckoutSnapshot): PaymentStepSnapshot | undefined => machineSnapshot(s.children.paymentStep);
/** Choosing how to pay while the member changes it: its snapshot, which the payment step reads. */
export const choosing = (s: KindCheckoutSnapshot): paymentChoice.PaymentChoiceSnapshot | undefined => choosingOf(paymentStep(s));
/** The paying flow while the kind pays through it: its snapshot. */
export const paying = (s: KindCheckoutSnapshot): orderPayment.OrderPaymentSnapshot | undefined => payingOf(paymentStep(s));

/** Paying as it stands: the step's while it runs, else as the kind keeps it between visits. */
const payingNow = (s: KindCheckoutSnapshot): PayingContext & { ageConfirmed: boolean } => paymentStep(s)?.context ?? s.context;
/** The step waits for the member: how to pay is chosen, nothing runs. */
export const isChoosing = (s: KindCheckoutSnapshot): boolean => paymentStep(s)?.matches('choosing') === true;

/** How the member pays: as choosing has it while it runs, else as the step (or the kind) keeps it. */
const choice = (s: KindCheckoutSnapshot): PayingContext => choosing(s)?.context ?? payingNow(s);

/**
 * Whether an event the step takes does something now: the step's answer while it runs; undefined
 * otherwise (the kind's own state answers: its `can`).
 */
export const stepCan = (s: KindCheckoutSnapshot, event: PaymentStepEvent | PaymentStepExtraEvent): boolean | undefined => paymentStep(s)?.can(event);

/** A call is running (the kind's own, or a child's): disable the controls and show the loader. */
export const isBusy = (s: KindCheckoutSnapshot): boolean => {
  const payingFlow = paying(s);
  return s.hasTag('busy') || (payingFlow !== undefined && orderPayment.isBusy(payingFlow)) || paymentChoice.isBusy(choosing(s));
};

/** The step to show: the payment step's while it runs, else the one the kind's state names with its `step:` tag; 'done' once finished. */
export function stepOf<Step extends string>(s: KindCheckoutSnapshot, flow: string): Step | 'done' {
  if (s.status === 'done') return 'done';
  const step = paymentStep(s);
  const name = step && stepName(step);
  if (name) return name as Step;
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
export const canAddCard = (s: KindCheckoutSnapshot): boolean => stepCan(s, { type: 'ADD_CARD' }) ?? false;
/** The place-order button is enabled. */
export const canPlaceOrder = (s: KindCheckoutSnapshot): boolean => stepCan(s, { type: 'PLACE_ORDER' }) ?? false;
/** An order already exists (a failed payment, or one waiting for payment): paying again pays that order. */
export const hasOrder = (s: KindCheckoutSnapshot): boolean => payingNow(s).orderID !== undefined;
/** The over-18 confirmation, as the step has it while it runs. */
export const ageConfirmed = (s: KindCheckoutSnapshot): boolean => payingNow(s).ageConfirmed;

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
  const payingFlow = paying(s);
  return payingFlow !== undefined && orderPayment.canCheckAgain(payingFlow);
};
/** Waiting for the payment's result (the order read every few seconds). */
export const isPolling = (s: KindCheckoutSnapshot): boolean => {
  const payingFlow = paying(s);
  return payingFlow !== undefined && orderPayment.isPolling(payingFlow);
};
