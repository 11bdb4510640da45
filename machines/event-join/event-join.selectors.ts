import type { SnapshotFrom } from 'xstate';
import type { eventJoinMachine } from './event-join.machine.ts';
import type {
  CouponError,
  EventDetail,
  EventJoinError,
  EventJoinOutput,
  EventJoinStep,
  EventSession,
  EventTotals,
  GuestForm,
  GuestProblem,
  PaymentMethod,
  SavedCard,
  SessionNotice,
} from './event-join.types.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './event-join.types.ts';
import { guestProblem, guestSlots, maxSeats as maxSeatsOf, sessionOpen, svipEarlyAccess } from './event-join.guests.ts';
import * as orderPayment from '../order-payment/order-payment.selectors.ts';
import * as paymentChoice from '../payment-choice/payment-choice.selectors.ts';
import type { PaymentChoice } from '../payment-choice/payment-choice.types.ts';

export type EventJoinSnapshot = SnapshotFrom<typeof eventJoinMachine>;
export type { EventJoinStep };

/** The paying flow (machines/order-payment) while the join pays through it: its snapshot, which the steps below read. */
export function paying(s: EventJoinSnapshot): orderPayment.OrderPaymentSnapshot | undefined {
  // Children are typed by every actor this flow may run; the one invoked as orderPayment is the paying flow once provided
  // (unprovided, as in the model's own paths, it is the placeholder promise, which has no steps to read).
  const child: unknown = s.matches('payingOrder') ? s.children.orderPayment?.getSnapshot() : undefined;
  return typeof child === 'object' && child !== null && 'tags' in child ? (child as orderPayment.OrderPaymentSnapshot) : undefined;
}

/** Choosing how to pay (machines/payment-choice) while the member changes it: its snapshot, which the payment step reads. */
export const choosing = (s: EventJoinSnapshot): paymentChoice.PaymentChoiceSnapshot | undefined =>
  paymentChoice.of(s.matches({ payment: 'changing' }) ? s.children.paymentChoice : undefined);

/** How the member pays: as choosing has it while it runs, else as the join keeps it. */
const choice = (s: EventJoinSnapshot): PaymentChoice => choosing(s)?.context ?? s.context;

/** A call is running (the join's own, or its child's): disable the controls and show the loader. */
export const isBusy = (s: EventJoinSnapshot): boolean => {
  const child = paying(s);
  return s.hasTag('busy') || (child !== undefined && orderPayment.isBusy(child)) || paymentChoice.isBusy(choosing(s));
};

/** The step the state names with its `step:` tag; 'done' once finished. */
export function step(s: EventJoinSnapshot): EventJoinStep {
  if (s.status === 'done') return 'done';
  const child = paying(s);
  const childStep = (child && orderPayment.step(child)) ?? paymentChoice.step(choosing(s));
  if (childStep) return childStep;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as EventJoinStep;
  throw new Error(`eventJoin: state ${JSON.stringify(s.value)} names no step`);
}

export const event = (s: EventJoinSnapshot): EventDetail | undefined => s.context.event;
/** The member is an SVIP: sessions in their early-access window are open to them. */
export const isSvip = (s: EventJoinSnapshot): boolean => s.context.svip;
/** The sessions, soonest first, each with whether this member can pick it now and whether it is in its SVIP early-access window. */
export const sessions = (s: EventJoinSnapshot): ReadonlyArray<EventSession & { open: boolean; svipEarlyAccess: boolean }> =>
  (s.context.event?.Variances ?? []).map((v) => ({ ...v, open: sessionOpen(v, s.context.svip), svipEarlyAccess: svipEarlyAccess(v) }));
/** The session chosen. */
export const session = (s: EventJoinSnapshot): EventSession | undefined => s.context.event?.Variances.find((v) => v.VarianceID === s.context.varianceID);
export const varianceID = (s: EventJoinSnapshot): string | undefined => s.context.varianceID;
/** A session can be picked now (the list takes a pick). */
export const canChooseSession = (s: EventJoinSnapshot): boolean => s.matches('choosingSession');
/** The session filled up (or its sale closed) while the member was choosing: say so, with the spaces it has now. */
export const sessionNotice = (s: EventJoinSnapshot): SessionNotice | undefined => s.context.sessionNotice;

export const seats = (s: EventJoinSnapshot): number => s.context.seats;
/** Most seats for the chosen session: its spaces left, at most 10. */
export const maxSeats = (s: EventJoinSnapshot): number => maxSeatsOf(session(s));
export const canSetSeats = (s: EventJoinSnapshot, n: number): boolean => s.can({ type: 'SET_SEATS', seats: n });
/** The member already holds a seat at the chosen session: every seat bought now is a guest's. */
export const alreadyJoined = (s: EventJoinSnapshot): boolean => Boolean(s.context.varianceID && s.context.joined?.includes(s.context.varianceID));
/** Spec §4 guest slots for the seats chosen. */
export const guestSlotCount = (s: EventJoinSnapshot): number => guestSlots(s.context.seats, alreadyJoined(s));

export const guests = (s: EventJoinSnapshot): readonly GuestForm[] => s.context.guests;
/** What is wrong with a guest slot, once the member tried to move on (before that, nothing is flagged). */
export const guestProblems = (s: EventJoinSnapshot): ReadonlyArray<GuestProblem | undefined> =>
  s.context.guests.map((g) => (s.context.guestsChecked ? guestProblem(g) : undefined));

export const totals = (s: EventJoinSnapshot): EventTotals | undefined => s.context.totals;
export const couponID = (s: EventJoinSnapshot): string | undefined => s.context.couponID;
export const couponError = (s: EventJoinSnapshot): CouponError | undefined => s.context.couponError;
export const canApplyCoupon = (s: EventJoinSnapshot): boolean => s.can({ type: 'APPLY_COUPON', code: 'X' });
export const canRemoveCoupon = (s: EventJoinSnapshot): boolean => s.can({ type: 'REMOVE_COUPON' });

/** A spirits tasting: the over-18 confirmation is asked before placing the order. */
export const needsAge = (s: EventJoinSnapshot): boolean => Boolean(s.context.event?.IsAlcohol) && s.context.orderID === undefined;
export const ageConfirmed = (s: EventJoinSnapshot): boolean => s.context.ageConfirmed;

export const paymentMethod = (s: EventJoinSnapshot): PaymentMethod | undefined => choice(s).method;
export const cards = (s: EventJoinSnapshot): SavedCard[] | undefined => choice(s).cards;
export const selectedCard = (s: EventJoinSnapshot): SavedCard | undefined => {
  const { cards, cardID } = choice(s);
  return cards?.find((c) => c.id === cardID);
};
export const isLoadingCards = (s: EventJoinSnapshot): boolean => paymentChoice.isLoadingCards(choosing(s));
export const canAddCard = (s: EventJoinSnapshot): boolean => s.can({ type: 'ADD_CARD' });
export const isAddingCard = (s: EventJoinSnapshot): boolean => paymentChoice.isAddingCard(choosing(s));
/** The add-card form takes input (it is not sending the card): closing it cancels adding. */
export const isEditingCard = (s: EventJoinSnapshot): boolean => paymentChoice.isEditingCard(choosing(s));
export const canPlaceOrder = (s: EventJoinSnapshot): boolean => s.can({ type: 'PLACE_ORDER' });
export const canGoBack = (s: EventJoinSnapshot): boolean => s.can({ type: 'BACK' });
export const hasOrder = (s: EventJoinSnapshot): boolean => s.context.orderID !== undefined;

export const error = (s: EventJoinSnapshot): EventJoinError | undefined => choice(s).error;
/** After a lost answer: nothing was placed (`notPlaced`), or the order is there unpaid (`notPaid`). */
export function lostAnswerFinding(s: EventJoinSnapshot): 'notPlaced' | 'notPaid' | undefined {
  const code = error(s)?.code;
  return code === ORDER_NOT_PLACED ? 'notPlaced' : code === PAYMENT_NOT_TAKEN ? 'notPaid' : undefined;
}
export const canCheckAgain = (s: EventJoinSnapshot): boolean => {
  const child = paying(s);
  return child !== undefined && orderPayment.canCheckAgain(child);
};

/** The flow's result once done: where to go next. */
export const result = (s: EventJoinSnapshot): EventJoinOutput | undefined => (s.status === 'done' ? s.output : undefined);
