import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { errorCode } from '../../api/error-code.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { useServices } from '../../app/services.ts';
import { FormError } from '../../ui/Field.tsx';
import { OrderDetails } from '../../ui/OrderDetails.tsx';
import './orders.css';
import { orderQueries } from './queries.ts';
import { CancelOrderControl } from './CancelOrderControl.tsx';
import { useCancelOrder } from './use-cancel-order.ts';

/** Spec §2 order_record/{orderID}: one order with its lines, totals, addresses and payment. */
export function OrderRecordScreen() {
  const { orderID } = useParams({ from: '/order_record/$orderID' });
  const { api, popups } = useServices();
  const { i18n } = useLingui();
  const order = useQuery(orderQueries.order(api, orderID));
  const cancel = useCancelOrder();
  const data = order.data;
  const failure = errorCode(cancel.error);
  return (
    <div className="page order-record-page">
      <header className="page-head">
        <h1>
          <Trans>Order record</Trans>
        </h1>
      </header>
      {!data ? (
        order.isError ? (
          <p className="form-error" role="alert">
            <Trans>This order could not be found.</Trans>
          </p>
        ) : (
          <p className="muted" role="status">
            <Trans>Loading your order…</Trans>
          </p>
        )
      ) : (
        <>
          <OrderDetails order={data} />
          <div className="orders-actions">
            {data.PaymentStatus === 'WaitForPayment' && data.PaymentMethod === 'FPS' && (
              <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID })}>
                <Trans>Pay with FPS</Trans>
              </button>
            )}
            {data.PaymentStatus === 'PaymentFailed' && (
              <Link to="/checkout_product" search={{ orderID, method: data.PaymentMethod }} className="button primary">
                <Trans>Pay again</Trans>
              </Link>
            )}
            {(data.PaymentStatus === 'WaitForPayment' || data.PaymentStatus === 'PaymentFailed') &&
              <CancelOrderControl pending={cancel.isPending} onCancel={() => cancel.mutate(orderID)} />}
            <button type="button" className="link-button" onClick={() => popups.open('orders')}>
              <Trans>All my orders</Trans>
            </button>
          </div>
          {failure && <FormError>{i18n._(paymentMessage(failure))}</FormError>}
        </>
      )}
    </div>
  );
}
