/**
 * The payment step's model paths the rendered checkout pages play (tests/ui/payment-step-paths.test.tsx on
 * the product page, tests/ui/payment-step-event-paths.test.tsx on the event page), and what both check
 * the live step and the page against.
 */
import type { AnyActorRef, AnyEventObject, InspectionEvent } from 'xstate';
import { AFTER, DONE, ERROR, describeEvent, materialize, type ModelPath, type ModelSnapshot } from '../../flows/model.ts';
import { SESSION_GONE_ERRORS } from '../../machines/event-join/event-join.types.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN, type OrderPaymentOutput } from '../../machines/order-payment/order-payment.types.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import type { PaymentChoice } from '../../machines/payment-choice/payment-choice.types.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import * as select from '../../machines/payment-step/payment-step.selectors.ts';
import type { PaymentStepContext, PaymentStepInput, SavedCard } from '../../machines/payment-step/payment-step.types.ts';
import { BAG_ERRORS, INVALID_COUPON } from '../../machines/shared/codes.ts';
import { paymentStepModel } from '../machines/payment-step.model.ts';
import type { renderApp } from './render-app.tsx';
import { coveringPaths, realisablePaths } from './ui-paths.ts';

export type Step = ModelSnapshot & { context: PaymentStepContext };
export type Input = PaymentStepInput;

/**
 * The model with choosing how to pay as itself (not started, as nothing runs in the model): a snapshot
 * in `changing` then holds choosing's first state for the member's request (the cards being read, the
 * add-card form, or already chosen), which says what the page shows and which ends it can bring.
 */
export const machine = paymentStepMachine.provide({ actors: { paymentChoice: paymentChoiceMachine } });
const model = { ...paymentStepModel, machine } as never as typeof paymentStepModel;
export const delays = orderPaymentMachine.implementations.delays as Record<string, number>;

/** What the product checkout passes the step (machines/checkout: the age is its own step, only placing's refusals are its own). */
const fresh: Input = {
  ...paymentStepModel.inputs[0],
  couponID: undefined,
  ageConfirmed: false,
  kindRefusals: { codes: [INVALID_COUPON, ...BAG_ERRORS], calls: ['placeOrder'] },
};
/** Paying an order placed before again (`?orderID&method`), by card (its cards read first) or by Alipay. */
const again = (method: 'CreditCard' | 'Alipay'): Input => ({ ...fresh, paying: { method, orderID: 'order-1' } });
const inputs = [fresh, again('CreditCard'), again('Alipay')];

export const choosingChild = (s: Step) => select.choosingOf(s as never);
const cardIDs = (c: PaymentChoice) => JSON.stringify(c.cards?.map((card) => card.id));
const sameChoice = (a: PaymentChoice, b: PaymentChoice) => a.method === b.method && a.cardID === b.cardID && a.error?.code === b.error?.code && cardIDs(a) === cardIDs(b);

/**
 * How the page ends choosing (machines/payment-choice) with this outcome, if it can: at once (another
 * method, a saved card), the cards read or refused (getPaymentMehtod answered), or the add-card form
 * cancelled. A new card saved is no end of the step's model (choosing's own model and checkout.test.tsx
 * have it); choosing itself failing is no answer the page gets.
 */
export function choosingEnd(s: Step, out: PaymentChoice): 'atOnce' | 'cardsRead' | 'cardsRefused' | 'cancelled' | undefined {
  const child = choosingChild(s);
  if (!child) return undefined;
  if (child.status === 'done') return sameChoice(out, child.output!) ? 'atOnce' : undefined;
  const before = child.context;
  if (child.matches('loadingCards')) {
    if (out.method !== 'CreditCard') return undefined;
    if (out.error) return out.error.code === 'StripeError' && sameChoice(out, { ...before, error: out.error }) ? 'cardsRefused' : undefined;
    const cards = out.cards ?? [];
    return out.cardID === (cards.some((c) => c.id === before.cardID) ? before.cardID : cards[0]?.id) ? 'cardsRead' : undefined;
  }
  if (child.matches({ addingCard: 'editing' })) return sameChoice(out, { ...before, error: undefined }) ? 'cancelled' : undefined;
  return undefined;
}

/**
 * Whether the page's answers can end paying (machines/order-payment) this way: an outcome that fits
 * the method, a refusal of the call the page makes (placing, or paying the order again). Left out for
 * the run's time, not for want of a control: the provider's page (the browser leaves; jsdom cannot) and
 * still processing (a minute of reads); both take the same transition of the step as paid.
 */
function payingAnswerable(s: Step, out: OrderPaymentOutput): boolean {
  const placing = s.context.orderID === undefined;
  const fps = s.context.method === 'FPS';
  switch (out.outcome) {
    case 'confirmed':
    case 'failed':
      return true;
    case 'fps':
      return fps;
    case 'cancelled':
      return !fps;
    case 'unpaid':
      if (out.refusedBy) return (out.refusedBy === 'placeOrder') === placing;
      return out.error?.code === PAYMENT_NOT_TAKEN || (out.error?.code === ORDER_NOT_PLACED && placing);
    default:
      return false;
  }
}

/** Whether the product page offers a control for this member event here (the coupon and the age are the event and subscription pages'; leaving is no page's step control). */
function playable(s: Step, e: AnyEventObject): boolean {
  switch (e.type) {
    case 'SELECT_CARD':
      // A radio of the card popup: a saved card, not the one already chosen.
      return s.can(e as never) && s.context.method === 'CreditCard' && Boolean(s.context.cards?.some((c: SavedCard) => c.id === e.cardID)) && s.context.cardID !== e.cardID;
    case 'SUBMIT_CARD':
    case 'CANCEL':
      return choosingChild(s)?.matches({ addingCard: 'editing' }) === true;
    case 'RETRY':
      // "Check again", once the page's answers made the look-up after a lost answer fail.
      return s.matches('paying');
    case 'APPLY_COUPON':
    case 'REMOVE_COUPON':
    case 'CONFIRM_AGE':
    case 'LEAVE':
      return false;
    default:
      return s.can(e as never);
  }
}

const realisable = (s: Step, e: AnyEventObject): boolean => {
  if (e.type.startsWith(ERROR)) return false;
  if (e.type === `${DONE}paymentChoice`) return choosingEnd(s, e.output as PaymentChoice) !== undefined;
  if (e.type === `${DONE}orderPayment`) return payingAnswerable(s, e.output as OrderPaymentOutput);
  return !e.type.startsWith(AFTER) && playable(s, e);
};

/** Choosing ends at once on the page after this step (no answer needed): the page is already past the snapshot. */
export const passesAtOnce = (s: Step, e: AnyEventObject) => s.matches('changing') && (e.type === 'CANCEL' || choosingChild(s)?.status === 'done');

/** A path that stops where choosing ends at once goes on to that end, which the page shows. */
function completed(p: ModelPath): ModelPath {
  const last = p.path.steps.at(-1)!;
  const s = last.state as Step;
  if (!passesAtOnce(s, last.event)) return p;
  const child = choosingChild(s)!;
  // Cancelled: the choice as it stood, without the form's last refusal.
  const { method, cards, cardID } = child.context;
  const output: PaymentChoice = child.status === 'done' ? child.output! : { method, cards, cardID, error: undefined };
  const events = [...p.path.steps.slice(1).map((step) => step.event), { type: `${DONE}paymentChoice`, output, actorId: 'paymentChoice' }];
  return { ...p, path: materialize(machine, p.input, events), description: `${p.description} → paymentChoice:done` };
}

/** A path's name: where it starts, then each step, with how choosing and paying ended. */
function named(p: ModelPath): ModelPath {
  const input = p.input as Input;
  const start = input.paying.orderID
    ? `paying an order again by ${input.paying.method}`
    : `a new ${input.order.kind} order${input.couponID ? ` with the coupon ${input.couponID}` : ''}${input.askAge ? ', asking the age' : ''}`;
  const step = ({ event: e }: { event: AnyEventObject }) => {
    if (e.type === `${DONE}paymentChoice`) {
      const out = e.output as PaymentChoice;
      return `chosen(${out.method}${out.cardID ? ` ${out.cardID}` : ''}${out.cards ? ` of ${out.cards.length}` : ''}${out.error ? ` ${out.error.code}` : ''})`;
    }
    if (e.type === `${DONE}orderPayment`) {
      const out = e.output as OrderPaymentOutput;
      return `paid(${out.outcome}${out.error ? ` ${out.error.code}` : ''})`;
    }
    if (e.type === 'APPLY_COUPON') return `APPLY_COUPON ${e.code}`;
    return e.type === 'SELECT_METHOD' ? `SELECT_METHOD ${e.method}` : e.type === 'SELECT_CARD' ? `SELECT_CARD ${e.cardID}` : describeEvent(e);
  };
  return { ...p, description: `[${start}] ${p.path.steps.slice(1).map(step).join(' → ')}` };
}

const key = (s: ModelSnapshot) =>
  JSON.stringify({ value: s.value, status: s.status, view: paymentStepModel.abstraction?.(s), child: choosingChild(s as Step)?.value, error: (s as Step).context.error?.code });
const { chosen, missing } = coveringPaths(
  machine,
  inputs.flatMap((input) => realisablePaths(model, input, { realisable: (s, e) => realisable(s as Step, e), key }).map(completed)),
  { preferShorter: true },
);
/** The product checkout page's paths (tests/ui/payment-step-paths.test.tsx). */
export const productPaths = chosen.map(named);
export const productMissing = missing;

/**
 * The event checkout page's paths (tests/ui/payment-step-event-paths.test.tsx): what the product page
 * cannot play there, from choosing on a spirits tasting (machines/event-join asks the age on the step and
 * takes the coupon there). The coupon form shows while none is applied, Remove once one is; a coupon
 * given is a real one of the seed, so that the join reads its totals with it and the next step has it.
 */
export const EVENT_COUPON = 'WELCOME10';
const eventBooking: Input = {
  ...fresh,
  order: paymentStepModel.inputs[1]!.order,
  askAge: true,
  ageConfirmed: false,
  kindRefusals: { codes: [INVALID_COUPON, ...SESSION_GONE_ERRORS], calls: ['placeOrder', 'payOrder'] },
};
const eventModel = {
  ...model,
  events: { ...model.events, APPLY_COUPON: [{ type: 'APPLY_COUPON', code: EVENT_COUPON }, { type: 'APPLY_COUPON', code: '  ' }] },
} as typeof model;
function eventPlayable(s: Step, e: AnyEventObject): boolean {
  if (!s.matches('choosing') || !s.can(e as never)) return false;
  if (e.type === 'APPLY_COUPON') return !s.context.couponID;
  return e.type === 'REMOVE_COUPON' || e.type === 'CONFIRM_AGE';
}
export const eventPaths = coveringPaths(
  machine,
  [eventBooking, { ...eventBooking, couponID: EVENT_COUPON }].flatMap((input) =>
    realisablePaths(eventModel, input, { realisable: (s, e) => eventPlayable(s as Step, e), key: (s) => `${key(s)}${(s as Step).context.ageConfirmed}` }),
  ),
  { preferShorter: true },
).chosen.map(named);

type RenderedApp = Awaited<ReturnType<typeof renderApp>>;
/** The payment step actors a rendered app starts from now on, first to last, found through its inspection hook. */
export function watchPaymentSteps(view: RenderedApp): AnyActorRef[] {
  const steps: AnyActorRef[] = [];
  const inspect = view.services.inspection.inspect;
  view.services.inspection.inspect = (event: InspectionEvent) => {
    const actor = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor' && actor.id === 'paymentStep') steps.push(actor);
    inspect(event);
  };
  return steps;
}

/** What the live step and the path's snapshot must agree on: the state, how the member pays, the order, the last failure, the end. */
export function stepView(s: { status: string; value: unknown; context: PaymentStepContext }) {
  const c = s.context;
  return { status: s.status, value: s.value, method: c.method, cardID: c.cardID, cards: c.cards?.map((card) => card.id), order: c.orderID !== undefined, error: c.error?.code, end: c.end };
}

/** The expected step as the kind's snapshot holds it, for the step's selectors. */
export const asKind = (s: Step): select.KindCheckoutSnapshot => ({
  status: 'active',
  value: 'payment',
  tags: new Set(['step:payment']),
  context: s.context,
  children: { paymentStep: { getSnapshot: () => s } },
  hasTag: () => false,
});
