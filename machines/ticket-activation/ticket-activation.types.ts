/** Data of the ticket link's flow (structurally equal to contract/event-orders.ts activate-ticket). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** activate-ticket {TicketID}. */
export type ActivateTicketInput = { TicketID: string };
/**
 * Its answer, as far as the flow reads it: the member's record of the session, and, while the session's gathering
 * is going on, that they are checked in (issue 31).
 */
export type ActivateTicketOutput = {
  Record: { EventID: string; VarianceID: string };
  CheckedIn?: boolean | undefined;
  GatheringID?: string | undefined;
};

/** How a visitor asked to become a member first: the login popup, or the sign-up popup. */
export type SignInMode = 'login' | 'signUp';

export type TicketActivationInput = {
  /** From the link activate_ticket/{ticketID}. */
  ticketID: string;
  signedIn: boolean;
  /** They signed in or up from this page (asked to, to use the ticket): it goes ahead at once. */
  resume: boolean;
};

export type TicketActivationContext = {
  ticketID: string;
  /** Who opened the page: a visitor, a member, or a member back from signing in or up to use the ticket. */
  opener: 'visitor' | 'member' | 'returning';
  /** The gathering the member was checked in at. */
  gatheringID?: string | undefined;
  /** Why the ticket was refused for good (taken, checked in already, the gathering closed …). */
  refusal?: CallCode | undefined;
  /** Why the call did not get through this time (no answer, LimitError …): trying again may. */
  failure?: CallCode | undefined;
};

export type TicketActivationEvent =
  /** A visitor taps Log in or Sign up to use the ticket. */
  | { type: 'SIGN_IN'; mode: SignInMode }
  /** The session has a member now; `resume` when they signed in from here to use the ticket. */
  | { type: 'SIGNED_IN'; resume: boolean }
  | { type: 'SIGNED_OUT' }
  /** A member taps "Activate ticket" (before the gathering opens) or "Check in" (while it is going on). */
  | { type: 'ACTIVATE' }
  | { type: 'RETRY' };
