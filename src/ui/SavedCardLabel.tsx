import { useLingui } from '@lingui/react/macro';
import type { SavedCard } from '../../contract/index.ts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

/** "Visa ending in 4242, expires 04/2031": the words a saved card is known by (spec §3 selected payment card). */
export function useCardName(): (card: SavedCard) => string {
  const { t } = useLingui();
  return (card) => {
    const brand = BRANDS[card.brand] ?? t`Card`;
    const last4 = card.last4;
    const expiry = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
    return t`${brand} ending in ${last4}, expires ${expiry}`;
  };
}
