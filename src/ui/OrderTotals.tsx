import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderDetail } from '../../contract/index.ts';
import { useBilingual } from './Bilingual.tsx';
import { Price } from './Price.tsx';
import './order.css';

/** The totals of a bag or an order: subtotal, discounts, shipping (not for an event booking: `shipping={false}`), each tax, total. */
export function OrderTotals(props: { detail: OrderDetail; live?: boolean; shipping?: boolean }) {
  const { detail } = props;
  const pick = useBilingual();
  const { t } = useLingui();
  const money = (amount: number) => <Price amount={amount} currency={detail.Currency} />;
  const minus = (amount: number) => <>−{money(amount)}</>;
  const couponID = detail.Coupon?.CouponID;
  return (
    <dl className="order-totals" aria-live={props.live ? 'polite' : undefined} aria-label={t`Order summary`}>
      <div>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{money(detail.SubTotal)}</dd>
      </div>
      {detail.Campaign && (
        <div>
          <dt>{pick(detail.Campaign.Name)}</dt>
          <dd>{minus(detail.Campaign.Discount)}</dd>
        </div>
      )}
      {detail.Coupon && (
        <div>
          <dt>
            <Trans>Coupon {couponID}</Trans>
          </dt>
          <dd>{minus(detail.Coupon.Discount)}</dd>
        </div>
      )}
      {props.shipping !== false && (
        <div>
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd>{detail.ShippingFee === 0 ? <Trans>Free</Trans> : money(detail.ShippingFee)}</dd>
        </div>
      )}
      {detail.taxObj.map((tax) => (
        <div key={pick(tax.Name)}>
          <dt>{pick(tax.Name)}</dt>
          <dd>{money(tax.Amount)}</dd>
        </div>
      ))}
      <div className="order-total">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{money(detail.Total)}</dd>
      </div>
    </dl>
  );
}
