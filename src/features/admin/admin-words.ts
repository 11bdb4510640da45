/**
 * The back office's words for codes and values (issue 32): a failed call's code said for the action that
 * failed, an order's kind, a role, why a refund is owed. Raw values are never shown as they are.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { RoleAuth, StaffOrderKind } from '../../../contract/index.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { messageFor } from '../../api/error-messages.ts';

/** What staff were doing when a call failed: the same code reads differently for each. */
export type AdminAction = 'load' | 'ship' | 'cancel' | 'pay' | 'role';

const COMMON: Partial<Record<CallCode, MessageDescriptor>> = {
  NetworkError: msg`That did not get through. Check your connection and try again.`,
  Forbidden: msg`Your role does not allow this. Ask the shop’s owner.`,
  Unauthorized: msg`Your session has ended. Sign in again.`,
  SecondFactorRequired: msg`Your pass to the back office has ended. Reload the page and enter a new code from your app.`,
  // The back office's own codes: their words are in its chunk, not in every customer's first load.
  LastOwner: msg`The shop must keep at least one owner.`,
  RefundInProgress: msg`This refund is being paid out right now. Refresh in a moment.`,
  RefundFailed: msg`The payment provider could not make this refund.`,
  OrderAlreadyShipped: msg`This order has already been shipped.`,
};

const BY_ACTION: Record<AdminAction, Partial<Record<CallCode, MessageDescriptor>>> = {
  load: {},
  ship: {
    InvalidParameter: msg`This order cannot be shipped: it is not paid, or has nothing to send (event seats, a gathering’s table).`,
    ObjectNotFound: msg`This order no longer exists.`,
    MissingParameter: msg`Enter the courier’s tracking number.`,
  },
  cancel: {
    InvalidParameter: msg`A paid order is not cancelled here: its money goes back as a refund.`,
    ObjectNotFound: msg`This order no longer exists.`,
    MissingParameter: msg`Say why the order is cancelled.`,
  },
  pay: {
    MissingParameter: msg`This refund goes back by bank transfer: enter the transfer’s reference.`,
    ObjectNotFound: msg`This refund request no longer exists.`,
  },
  role: {
    ObjectNotFound: msg`No account has this e-mail. The person signs up first.`,
    InvalidParameter: msg`Enter a valid e-mail address.`,
  },
};

/** A failed call's code in words, for the action that failed. */
export function useAdminErrorText(): (code: CallCode, action: AdminAction) => string {
  // Stable until the language changes (`_` changes with it): tables build their columns from these.
  const { _ } = useLingui();
  return useCallback((code, action) => _(BY_ACTION[action][code] ?? COMMON[code] ?? messageFor(code)), [_]);
}

const KINDS: Record<StaffOrderKind, MessageDescriptor> = {
  product: msg`Shop order`,
  event: msg`Event seats`,
  subscription: msg`Subscription box`,
  gathering: msg`Gathering order`,
  'gathering-place': msg`Walk-in place`,
};

/** An order's kind in words; a kind this page does not know (a refund of a removed order: '') as a dash. */
export function useKindName(): (kind: string) => string {
  const { _ } = useLingui();
  return useCallback((kind) => (Object.hasOwn(KINDS, kind) ? _(KINDS[kind as StaffOrderKind]) : '—'), [_]);
}

const ROLES: Record<RoleAuth | 'none', MessageDescriptor> = {
  owner: msg`Owner`,
  staff: msg`Staff`,
  host: msg`Host`,
  none: msg`No role`,
};

export function useRoleName(): (role: RoleAuth | 'none') => string {
  const { _ } = useLingui();
  return useCallback((role) => _(ROLES[role]), [_]);
}

const REASONS: Record<string, MessageDescriptor> = {
  order_expired: msg`Paid after the order expired`,
  order_cancelled: msg`Paid after the order was cancelled`,
  paid_twice: msg`Paid twice`,
  amount_mismatch: msg`Paid a different amount`,
};

/** Why a refund is owed, in words (an unknown reason as it is). */
export function useRefundReason(): (reason: string) => string {
  const { _ } = useLingui();
  return useCallback((reason) => (Object.hasOwn(REASONS, reason) ? _(REASONS[reason]!) : reason), [_]);
}
