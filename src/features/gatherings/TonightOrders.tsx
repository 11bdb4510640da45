import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ProductOrder } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { useOrderStatusText } from '../../ui/order-words.ts';
import { Price } from '../../ui/Price.tsx';
import { gatheringQueries } from './queries.ts';

/**
 * The member's orders tonight, at this gathering's table: what they ordered, whether it is paid, and for one still
 * waiting, the way to pay it (FPS's QR here; a card or Alipay on the payment page with the order).
 */
export function TonightOrders({ gatheringID }: { gatheringID: string }) {
  const { api } = useServices();
  const orders = useQuery({ ...gatheringQueries.myOrders(api, gatheringID), meta: { handlesErrors: true } });
  if (!orders.data || orders.data.length === 0) return null;
  return (
    <section aria-labelledby="tonight-orders-title" className="tonight-orders">
      <h2 id="tonight-orders-title">
        <Trans>Your orders tonight</Trans>
      </h2>
      <ul className="tonight-order-list">
        {orders.data.map((order) => (
          <TonightOrder key={order.OrderID} order={order} />
        ))}
      </ul>
    </section>
  );
}

function TonightOrder({ order }: { order: ProductOrder }) {
  const { popups } = useServices();
  const { t } = useLingui();
  const pick = useBilingual();
  const statusText = useOrderStatusText();
  const count = order.ProductList.reduce((n, l) => n + l.Quantity, 0);
  const names = order.ProductList.map((l) => `${pick(l.Name)} × ${l.Quantity}`).join(', ');
  const reference = order.Reference;
  const unpaid = order.PaymentStatus === 'WaitForPayment' || order.PaymentStatus === 'PaymentFailed';
  return (
    <li className="tonight-order">
      <span className="cart-line-name">
        {names}
        <span className="muted small">
          {' '}
          · <Plural value={count} one="# item" other="# items" /> · {order.DeliveryAddress ? <Trans>Delivered</Trans> : <Trans>Pick-up</Trans>} ·{' '}
          <Link to="/order_record/$orderID" params={{ orderID: order.OrderID }} aria-label={t`Order ${reference}`}>
            {statusText(order)}
          </Link>
        </span>
      </span>
      <Price amount={order.orderDetail.Total} currency={order.Currency} />
      {unpaid &&
        (order.PaymentMethod === 'FPS' ? (
          <button type="button" className="button small primary" onClick={() => popups.open('fpsPayment', { orderID: order.OrderID, kind: 'product' })}>
            <Trans>Pay now</Trans>
          </button>
        ) : (
          <Link to="/checkout_product" search={{ orderID: order.OrderID, method: order.PaymentMethod }} className="button small primary">
            <Trans>Pay now</Trans>
          </Link>
        ))}
    </li>
  );
}
