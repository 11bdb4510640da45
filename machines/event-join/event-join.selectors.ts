import type { SnapshotFrom } from 'xstate';
import type { eventJoinMachine } from './event-join.machine.ts';
import type {
  CouponError,
  EventDetail,
  EventJoinOutput,
  EventJoinStep,
  EventSession,
  EventTotals,
  GuestForm,
  GuestProblem,
  SessionNotice,
} from './event-join.types.ts';
import { guestProblem, guestSlots, maxSeats as maxSeatsOf, sessionOpen, svipEarlyAccess } from './event-join.guests.ts';
import * as paymentStep from '../payment-step/payment-step.selectors.ts';

export type EventJoinSnapshot = SnapshotFrom<typeof eventJoinMachine>;
export type { EventJoinStep };

/** The payment step, read through the join's child as every kind's is (machines/payment-step/payment-step.selectors.ts). */
export * from '../payment-step/payment-step.selectors.ts';

/** The step the state (or a running child) names; 'done' once finished. */
export const step = (s: EventJoinSnapshot): EventJoinStep => paymentStep.stepOf<EventJoinStep>(s, 'eventJoin');

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
export const canApplyCoupon = (s: EventJoinSnapshot): boolean => paymentStep.stepCan(s, { type: 'APPLY_COUPON', code: 'X' }) ?? false;
export const canRemoveCoupon = (s: EventJoinSnapshot): boolean => paymentStep.stepCan(s, { type: 'REMOVE_COUPON' }) ?? false;

/** A spirits tasting: the over-18 confirmation is asked before placing the order. */
export const needsAge = (s: EventJoinSnapshot): boolean => Boolean(s.context.event?.IsAlcohol) && !paymentStep.hasOrder(s);

/** Back to the step before: the payment step's while it runs, else the kind's. */
export const canGoBack = (s: EventJoinSnapshot): boolean => paymentStep.stepCan(s, { type: 'BACK' }) ?? s.can({ type: 'BACK' });

/** The flow's result once done: where to go next. */
export const result = (s: EventJoinSnapshot): EventJoinOutput | undefined => (s.status === 'done' ? s.output : undefined);
