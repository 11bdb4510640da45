/**
 * The sessions screen's words (issue 32): why a field of the session form is refused, and a failed session
 * call's code for what staff were doing. Codes it has no words of its own for read as the back office's.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { useAdminErrorText } from './admin-words.ts';
import type { FieldProblem, SessionField } from './session-form.ts';

const PROBLEMS: Record<Exclude<FieldProblem, 'refused'>, MessageDescriptor> = {
  required: msg`Fill this in.`,
  time: msg`Enter a date and time.`,
  endBeforeStart: msg`The session must end after it starts.`,
  closesAfterStart: msg`The sale must close by the time the session starts.`,
  opensAfterCloses: msg`The sale must open before it closes.`,
  svipAfterOpens: msg`SVIP early access must open before the public sale.`,
  capacity: msg`Enter a whole number of seats from 1 to 1000.`,
  amount: msg`Enter an amount such as 380 or 380.50 (at most 1,000,000.00).`,
};

/** What the server keeps on each field, when it refuses one (InvalidParameter or ObjectNotFound naming it). */
const REFUSED: Record<SessionField, MessageDescriptor> = {
  EventID: msg`This event no longer exists.`,
  StartAt: msg`The session must start in the future.`,
  EndAt: PROBLEMS.endBeforeStart,
  Capacity: PROBLEMS.capacity,
  PriceHKD: PROBLEMS.amount,
  PriceUSD: PROBLEMS.amount,
  SaleOpensAt: PROBLEMS.opensAfterCloses,
  SaleClosesAt: PROBLEMS.closesAfterStart,
  SvipSaleOpensAt: PROBLEMS.svipAfterOpens,
  HostUserID: msg`No member with this id holds the host role.`,
};

/** A refused field in words. */
export function useFieldProblemText(): (field: SessionField, problem: FieldProblem) => string {
  const { i18n } = useLingui();
  return (field, problem) => i18n._(problem === 'refused' ? REFUSED[field] : PROBLEMS[problem]);
}

/** What staff were doing with a session when a call failed. */
export type SessionAction = 'load' | 'save' | 'cancel';

const BY_ACTION: Record<SessionAction, Partial<Record<CallCode, MessageDescriptor>>> = {
  load: { ObjectNotFound: msg`This session no longer exists.` },
  save: {
    ObjectNotFound: msg`This session or its event no longer exists.`,
    SessionCancelled: msg`This session is cancelled: it cannot be changed any more.`,
    InvalidParameter: msg`Some of these values are refused: check the fields.`,
  },
  cancel: {
    ObjectNotFound: msg`This session no longer exists.`,
    InvalidParameter: msg`Say why the session is cancelled (at most 500 characters).`,
    MissingParameter: msg`Say why the session is cancelled (at most 500 characters).`,
  },
};

/** A failed session call's code in words, for the action that failed. */
export function useSessionErrorText(): (code: CallCode, action: SessionAction) => string {
  const { i18n } = useLingui();
  const adminText = useAdminErrorText();
  return (code, action) => {
    const words = BY_ACTION[action][code];
    return words ? i18n._(words) : adminText(code, 'load');
  };
}
