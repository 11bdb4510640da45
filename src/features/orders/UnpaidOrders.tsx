import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { UnpaidOrder } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { unpaidOrderQueries } from '../../api/unpaid-order-queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { useOrderStatusText } from '../../ui/order-words.ts';
import { Price } from '../../ui/Price.tsx';
import { CancelOrderControl } from './CancelOrderControl.tsx';
import { useCancelUnpaidOrder } from './use-cancel-order.ts';

/**
 * Issue 29 (3): the member's orders of every kind still waiting for payment (list-unpaid-orders), at the top
 * of My orders, so that one left unpaid (an FPS booking whose page was closed) is found again: "Pay now"
 * pays the same order (the FPS QR again, within the same window), "Cancel" gives back what it holds.
 * Shows nothing when there is none.
 */
export function UnpaidOrders({ onClose }: { onClose: () => void }) {
  const { api } = useServices();
  const list = useQuery(unpaidOrderQueries.list(api));
  const id = useId();
  const orders = list.data ?? [];
  if (orders.length === 0) return null;
  return (
    <section className="orders-unpaid" aria-labelledby={id}>
      <h3 id={id} className="orders-unpaid-title">
        <Trans>Waiting for payment</Trans>
      </h3>
      <p className="muted small">
        <Trans>Pay or cancel before the time shown. After it, the order is cancelled by itself and nothing is charged.</Trans>
      </p>
      <ul className="orders-list">
        {orders.map((order) => (
          <UnpaidOrderRow key={order.OrderID} order={order} onClose={onClose} />
        ))}
      </ul>
    </section>
  );
}

/** "Pay by 14:05" today; with the date when it is another day (a renewal waits for days). */
function payByText(iso: string, locale: string): string {
  const payBefore = new Date(iso);
  const sameDay = payBefore.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(payBefore);
}

function UnpaidOrderRow({ order, onClose }: { order: UnpaidOrder; onClose: () => void }) {
  const { popups } = useServices();
  const { t, i18n } = useLingui();
  const pick = useBilingual();
  const statusText = useOrderStatusText();
  const cancel = useCancelUnpaidOrder();
  const kindText: Record<UnpaidOrder['Kind'], string> = {
    product: t`Shop order`,
    event: t`Event booking`,
    subscription: t`Subscription`,
    gathering: t`Gathering place`,
  };
  const reference = order.Reference;
  const payBy = payByText(order.PayBefore, i18n.locale);
  const failure = errorCode(cancel.error);
  return (
    <li className="orders-row">
      {order.Image && <img className="orders-thumb" src={order.Image} alt="" width={56} height={56} loading="lazy" />}
      <div className="orders-row-head">
        <p className="orders-products">
          <span className="orders-product-name">{pick(order.Title)}</span>
        </p>
        <Price amount={order.Total} currency={order.Currency} />
      </div>
      <p className="orders-facts muted small">
        {kindText[order.Kind]} · <span className="orders-reference">{reference}</span> · {statusText({ ...order, FulfilmentStatus: 'None' })}
      </p>
      <p className="small">
        <Trans>Pay by {payBy}</Trans>
      </p>
      <div className="orders-actions">
        <PayNow order={order} onPay={(kind) => {
          onClose();
          popups.open('fpsPayment', { orderID: order.OrderID, kind });
        }} />
        <CancelOrderControl small pending={cancel.isPending} onCancel={() => cancel.mutate(order.OrderID)} label={t`Cancel order ${reference}?`} />
      </div>
      {failure && <FormError>{i18n._(paymentMessage(failure))}</FormError>}
    </li>
  );
}

/**
 * Paying the same order again: by FPS, its QR in the FPS popup (the same QR while its window lasts); by card
 * or Alipay, the kind's checkout with the order (it is paid, not placed again). A walk-in's place at a
 * gathering is paid on the Tonight page, whatever its method.
 */
function PayNow({ order, onPay }: { order: UnpaidOrder; onPay: (kind: Exclude<UnpaidOrder['Kind'], 'gathering'>) => void }) {
  const kind = order.Kind;
  if (order.PaymentMethod === 'FPS' && kind !== 'gathering')
    return (
      <button type="button" className="button small primary" onClick={() => onPay(kind)}>
        <Trans>Pay now</Trans>
      </button>
    );
  const label = <Trans>Pay now</Trans>;
  switch (kind) {
    case 'product':
      return (
        <Link to="/checkout_product" search={{ orderID: order.OrderID, method: order.PaymentMethod }} className="button small primary">
          {label}
        </Link>
      );
    case 'event':
      return (
        <Link to="/checkout_event" search={{ orderID: order.OrderID }} className="button small primary">
          {label}
        </Link>
      );
    case 'subscription':
      return (
        <Link to="/checkout_subscription" search={{ orderID: order.OrderID }} className="button small primary">
          {label}
        </Link>
      );
    case 'gathering':
      return (
        <Link to="/tonight" className="button small primary">
          {label}
        </Link>
      );
  }
}
