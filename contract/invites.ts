import * as v from 'valibot';
import { defineCall } from './define.ts';

/** An invite code as a link carries it: letters and digits; matched without regard to case. */
export const InviteCodeInput = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,32}$/, 'letters and digits, 4 to 32'));

/**
 * Spec §1 membership types: anyone has an account; Regular Member by a member's invitation; SVIP while a
 * box-set subscription is ongoing.
 */
export const Membership = v.object({
  RegularMember: v.boolean(),
  /** When the invitation was accepted (ISO date-time). */
  RegularSince: v.optional(v.string()),
  /** Who invited them, by display name (their username, else their given name). */
  InvitedBy: v.optional(v.object({ UserID: v.string(), Name: v.string() })),
  SVIP: v.boolean(),
});
export type Membership = v.InferOutput<typeof Membership>;

export const InviteCode = v.object({
  InviteCode: v.string(),
  UseLimit: v.number(),
  Uses: v.number(),
  /** ISO date-time. */
  ExpiresAt: v.string(),
  /** Open to new uses: not expired, uses left. */
  Live: v.boolean(),
});
export type InviteCode = v.InferOutput<typeof InviteCode>;

/**
 * Spec §7 Invite: activate-invite-code {InviteCode}. The member becomes a Regular Member, invited by the
 * code's owner. Refusals (spec §8, answered to the caller): UserAlreadyUsedCode (this member accepted an
 * invitation before), InviteCodeExpired, InviteCodeLimitReached; ObjectNotFound for a code that does not
 * exist (guesses are limited: LimitError), OwnInviteCode for the member's own.
 */
export const activateInviteCode = defineCall({
  name: 'activate-invite-code',
  method: 'POST',
  auth: 'member',
  body: v.object({ InviteCode: InviteCodeInput }),
  response: v.object({ Membership }),
});

/**
 * The member's membership and their invite codes to share, newest first (ours: the account page). A member
 * always has one live code: one is issued when none is.
 */
export const listInviteCode = defineCall({
  name: 'list-invite-code',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({}), {}),
  response: v.object({ Membership, InviteCodeList: v.array(InviteCode) }),
});
