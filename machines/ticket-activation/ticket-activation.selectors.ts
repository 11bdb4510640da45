import type { SnapshotFrom } from 'xstate';
import type { ticketActivationMachine } from './ticket-activation.machine.ts';
import type { CallCode } from './ticket-activation.types.ts';

export type TicketActivationSnapshot = SnapshotFrom<typeof ticketActivationMachine>;

/** A visitor: show Log in and Sign up. */
export const needsMember = (s: TicketActivationSnapshot): boolean => s.matches('signedOut') || s.matches('deciding');
/** A member who may tap now ("Activate ticket" or "Check in"). */
export const canActivate = (s: TicketActivationSnapshot): boolean => s.matches('ready');
/** The call is under way (the button disabled, "Activating…" or "Checking in…"). */
export const isActivating = (s: TicketActivationSnapshot): boolean => s.matches('activating');
/** Taken: on the way to the member's record. */
export const isActivated = (s: TicketActivationSnapshot): boolean => s.matches('activated');
/** Checked in at the gathering: "You are checked in", and the way to Tonight. */
export const isCheckedIn = (s: TicketActivationSnapshot): boolean => s.matches('checkedIn');
/** The gathering they were checked in at. */
export const gatheringID = (s: TicketActivationSnapshot): string | undefined => (s.matches('checkedIn') ? s.context.gatheringID : undefined);
/** Why the ticket was refused for good. */
export const refusal = (s: TicketActivationSnapshot): CallCode | undefined => (s.matches('refused') ? s.context.refusal : undefined);
/** Why it did not get through this time (Try again shows). */
export const failure = (s: TicketActivationSnapshot): CallCode | undefined => (s.matches('failed') ? s.context.failure : undefined);
