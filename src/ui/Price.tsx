import { useLingui } from '@lingui/react/macro';
import type { Currency } from '../../contract/index.ts';
import { formatMoney } from './format.ts';

export function Price(props: { amount: number; currency: Currency; from?: boolean }) {
  const { i18n, t } = useLingui();
  const price = formatMoney(props.amount, props.currency, i18n.locale);
  return (
    <span className="price" data-currency={props.currency}>
      {props.from ? t`From ${price}` : price}
    </span>
  );
}
