import { useLingui } from '@lingui/react/macro';
import { ErrorCode } from '../../contract/index.ts';
import { NETWORK_ERROR, type BagFailure, type BagLine, type BagNotice, type CouponError } from '../../machines/bag/bag.types.ts';
import { useBilingual } from './Bilingual.tsx';

/** Spec §8 bag notices and the answers to the member's own changes, in words. */
export function useNoticeText(lines: readonly BagLine[], fallbackName?: string): (notice: BagNotice) => string {
  const { t } = useLingui();
  const pick = useBilingual();
  const itemName = (n: { Name: BagLine['Name']; VarianceName: BagLine['VarianceName'] }) => `${pick(n.Name)} (${pick(n.VarianceName)})`;
  const lineName = (varianceID: string) => {
    const line = lines.find((l) => l.VarianceID === varianceID);
    return line ? itemName(line) : (fallbackName ?? t`This item`);
  };
  return (notice) => {
    switch (notice.kind) {
      case 'quantityReduced': {
        const { from, to } = notice;
        const name = itemName(notice.item);
        return t`Only ${to} of ${name} left: the quantity in your bag went down from ${from} to ${to}.`;
      }
      case 'removedOutOfStock': {
        const name = itemName(notice.item);
        return t`${name} sold out and was removed from your bag.`;
      }
      case 'removedStopSell': {
        const name = itemName(notice.item);
        return t`${name} is no longer sold and was removed from your bag.`;
      }
      case 'cappedAtStock': {
        const { quantity } = notice;
        const name = lineName(notice.VarianceID);
        return t`Only ${quantity} available: your bag holds ${quantity} of ${name}.`;
      }
      case 'addRefused': {
        const name = lineName(notice.VarianceID);
        if (notice.code === ErrorCode.OutOfStock) return t`${name} is out of stock.`;
        if (notice.code === ErrorCode.StopSell) return t`${name} is no longer available.`;
        return notice.change === 'add'
          ? t`${name} could not be added to your bag. Please try again.`
          : t`The quantity of ${name} could not be changed. Please try again.`;
      }
    }
  };
}

/** Why a coupon was refused (spec §8: error 70600 and its reason), in words. */
export function useCouponErrorText(): (error: CouponError) => string {
  const { t } = useLingui();
  return ({ couponID: code, reason, message }) => {
    switch (reason) {
      case 'NotFound':
        return t`We could not find coupon ${code}.`;
      case 'NotYetValid':
        return t`Coupon ${code} is not valid yet.`;
      case 'Expired':
        return t`Coupon ${code} has expired.`;
      case 'MinSpend':
        return t`Your bag does not reach the minimum spend for coupon ${code}.`;
      case 'UsedUp':
        return t`Coupon ${code} has been fully redeemed.`;
      case 'MemberLimit':
        return t`You have already used coupon ${code} as often as it allows.`;
      case 'NotApplicable':
        return t`Coupon ${code} does not apply to anything in your bag.`;
      case 'EmptyBag':
        return t`Add something to your bag before using coupon ${code}.`;
      case 'Disabled':
        return t`Coupon ${code} is no longer available.`;
      case 'WrongOrderKind':
        return t`Coupon ${code} cannot be used for this kind of order.`;
      case 'TooManyAttempts':
        return t`Too many coupon codes were tried. Please wait a few minutes before trying ${code} again.`;
      case undefined:
        // No reason given: the server's own message (spec §8), else a plain refusal.
        return message || t`Coupon ${code} could not be applied.`;
    }
  };
}

/** The last failed call, in words. */
export function useFailureText(): (failure: BagFailure) => string {
  const { t } = useLingui();
  return (failure) => {
    if (failure.code === NETWORK_ERROR) return t`We could not reach the shop. Check your connection and try again.`;
    if (failure.call === 'getShoppingBag') return t`Your bag could not be loaded. Please try again.`;
    return t`Your bag could not be updated. Please try again.`;
  };
}
