/** Data of the invitation flow (structurally equal to contract/invites.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** activate-invite-code {InviteCode}. */
export type ActivateInviteCodeInput = { InviteCode: string };
/** Its answer: the member's membership now. */
export type Membership = {
  RegularMember: boolean;
  RegularSince?: string | undefined;
  InvitedBy?: { UserID: string; Name: string } | undefined;
  SVIP: boolean;
};
export type ActivateInviteCodeOutput = { Membership: Membership };

/** How a visitor asked to become a member first: the login popup, or the sign-up popup. */
export type SignInMode = 'login' | 'signUp';

export type InviteActivationInput = {
  /** From the link activate_invitation/{inviteCode}. */
  inviteCode: string;
  signedIn: boolean;
  /** They signed in or up from this page (asked to, to accept it): the activation goes ahead at once. */
  resume: boolean;
};

export type InviteActivationContext = {
  inviteCode: string;
  /** Who opened the page: a visitor, a member, or a member back from signing in or up to accept it. */
  opener: 'visitor' | 'member' | 'returning';
  /** The membership the activation gave. */
  membership?: Membership | undefined;
  /** Why the code was refused for good (spec §8 invite outcomes and the like). */
  refusal?: CallCode | undefined;
  /** Why the activation did not get through this time (no answer, LimitError …): trying again may. */
  failure?: CallCode | undefined;
};

export type InviteActivationEvent =
  /** A visitor taps Log in or Sign up to accept the invitation. */
  | { type: 'SIGN_IN'; mode: SignInMode }
  /** The session has a member now; `resume` when they signed in from here to accept it. */
  | { type: 'SIGNED_IN'; resume: boolean }
  | { type: 'SIGNED_OUT' }
  /** A member taps "Become a Regular Member". */
  | { type: 'ACTIVATE' }
  | { type: 'RETRY' };
