/**
 * The gatherings screen's words (issue 32): a gathering's status, why a pour's field is refused, and a failed pour
 * call's code for what staff were doing. Codes it has no words of its own for read as the back office's.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { GatheringStatus } from '../../../contract/index.ts';
import type { CallCode } from '../../../machines/shared/codes.ts';
import { useAdminErrorText } from './admin-words.ts';

const STATUSES: Record<GatheringStatus, MessageDescriptor> = {
  Scheduled: msg`Scheduled`,
  Ongoing: msg`Going on`,
  Closed: msg`Closed`,
};

/** A gathering's status in words. */
export function useGatheringStatusName(): (status: GatheringStatus) => string {
  const { i18n } = useLingui();
  return useCallback((status) => i18n._(STATUSES[status]), [i18n]);
}

/** The pour form's fields, by the paths the call names them. */
export type PourField = 'ProductID' | 'VarianceID' | 'Price.HKD' | 'Price.USD' | 'SetAside';

const FIELDS: Record<PourField, MessageDescriptor> = {
  ProductID: msg`Choose a product.`,
  VarianceID: msg`Choose one of the product’s variances.`,
  'Price.HKD': msg`Enter the price in HK$ as an amount such as 128 or 128.50 (at most 1,000,000.00).`,
  'Price.USD': msg`Enter the price in US$ as an amount such as 16 or 16.50 (at most 1,000,000.00).`,
  SetAside: msg`Enter the units set aside as a whole number from 0 to 10,000.`,
};

/** What to type in a pour's field that is wrong. */
export function usePourFieldText(): (field: PourField) => string {
  const { i18n } = useLingui();
  return useCallback((field) => i18n._(FIELDS[field]), [i18n]);
}

/** What staff were doing with a pour list when a call failed. */
export type PourAction = 'load' | 'save' | 'remove';

const CLOSED = msg`This gathering is closed: its pour list can no longer change.`;

const BY_ACTION: Record<PourAction, Partial<Record<CallCode, MessageDescriptor>>> = {
  load: { ObjectNotFound: msg`This gathering no longer exists.` },
  save: {
    GatheringClosed: CLOSED,
    ObjectNotFound: msg`This gathering, product or variance no longer exists.`,
    LimitError: msg`A pour list holds at most 50 products. Remove one first.`,
    InvalidParameter: msg`Some of these values are refused: check the fields.`,
  },
  remove: {
    GatheringClosed: CLOSED,
    PourAlreadyOrdered: msg`Members have ordered this pour, so it stays on the list. To stop further orders, set the units set aside to what was taken.`,
    ObjectNotFound: msg`This pour is no longer on the list.`,
  },
};

/** A failed pour call's code in words, for the action that failed. */
export function usePourErrorText(): (code: CallCode, action: PourAction) => string {
  const { i18n } = useLingui();
  const adminText = useAdminErrorText();
  return useCallback(
    (code, action) => {
      const words = BY_ACTION[action][code];
      return words ? i18n._(words) : adminText(code, 'load');
    },
    [i18n, adminText],
  );
}
