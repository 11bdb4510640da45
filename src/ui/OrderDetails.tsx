import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductOrder } from '../../contract/index.ts';
import { AddressSummary } from './AddressSummary.tsx';
import { useBilingual } from './Bilingual.tsx';
import { formatDate } from './format.ts';
import { OrderTotals } from './OrderTotals.tsx';
import { Price } from './Price.tsx';
import './order.css';
import { useCardName } from './SavedCardLabel.tsx';
import { useMethodName, useOrderStatusText } from './order-words.ts';


/** An order's lines, totals, addresses and payment. */
export function OrderDetails({ order }: { order: ProductOrder }) {
  const pick = useBilingual();
  const { t } = useLingui();
  const methodName = useMethodName();
  const cardName = useCardName();
  const statusText = useOrderStatusText();
  return (
    <div className="order-details">
      <dl className="order-facts">
        <div>
          <dt>
            <Trans>Order number</Trans>
          </dt>
          <dd className="order-reference">{order.Reference}</dd>
        </div>
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{formatDate(order.CreatedAt)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>{statusText(order)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Payment</Trans>
          </dt>
          <dd>{order.Card ? cardName(order.Card) : methodName(order.PaymentMethod)}</dd>
        </div>
      </dl>
      <ul className="order-lines" aria-label={t`Items`}>
        {order.ProductList.map((line) => (
          <li key={line.VarianceID} className="order-line">
            <img src={line.Image} alt="" width={56} height={56} loading="lazy" />
            <span className="order-line-name">
              {pick(line.Name)}
              <span className="muted small"> · {pick(line.VarianceName)}</span>
            </span>
            <span className="order-line-qty">× {line.Quantity}</span>
            <Price amount={line.LineTotal} currency={order.Currency} />
          </li>
        ))}
      </ul>
      <OrderTotals detail={order.orderDetail} />
      <div className="order-addresses">
        {order.DeliveryAddress && (
          <section>
            <h3 className="order-subtitle">
              <Trans>Delivery address</Trans>
            </h3>
            <AddressSummary address={order.DeliveryAddress} />
          </section>
        )}
        {order.BillingAddress && (
          <section>
            <h3 className="order-subtitle">
              <Trans>Billing address</Trans>
            </h3>
            <AddressSummary address={order.BillingAddress} />
          </section>
        )}
      </div>
    </div>
  );
}
