import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { OrderTab, ProductOrder } from '../../../contract/index.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { useOrderStatusText } from '../../ui/order-words.ts';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import './orders.css';
import { orderQueries } from './queries.ts';
import { CancelOrderControl } from './CancelOrderControl.tsx';
import { UnpaidOrders } from './UnpaidOrders.tsx';
import { useCancelOrder } from './use-cancel-order.ts';

const TABS: readonly OrderTab[] = ['InProcess', 'Completed', 'WaitForPayment', 'Cancelled'];

/**
 * Spec §2 orders popup, §3: the member's product orders in four tabs; above them, their unpaid orders of every
 * kind (an event booking, a subscription too), to pay or cancel while they can (issue 29).
 */
export function OrdersPopup({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<OrderTab>('InProcess');
  const titles: Record<OrderTab, string> = {
    InProcess: t`In process`,
    Completed: t`Completed`,
    WaitForPayment: t`Wait for payment`,
    Cancelled: t`Cancelled`,
  };
  return (
    <Popup title={<Trans>My orders</Trans>} onClose={onClose}>
      <UnpaidOrders onClose={onClose} />
      <Tabs.Root className="orders-tabs" value={tab} onValueChange={(value) => setTab(value as OrderTab)}>
        <Tabs.List className="orders-tab-list" aria-label={t`Orders by status`}>
          {TABS.map((tabName) => (
            <Tabs.Trigger key={tabName} value={tabName} className="chip orders-tab">
              {titles[tabName]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tabName) => (
          <Tabs.Content key={tabName} value={tabName} className="orders-panel">
            {tab === tabName && <OrderList tab={tabName} onClose={onClose} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Popup>
  );
}

function OrderList({ tab, onClose }: { tab: OrderTab; onClose: () => void }) {
  const { api } = useServices();
  const list = useInfiniteQuery(orderQueries.list(api, tab));
  const orders = list.data?.pages.flatMap((p) => p.OrderList) ?? [];
  if (list.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading your orders…</Trans>
      </p>
    );
  }
  if (list.isError) {
    return (
      <div>
        <FormError>
          <Trans>Your orders could not be loaded.</Trans>
        </FormError>
        <button type="button" className="button small" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <>
      {orders.length === 0 ? (
        <p className="muted">
          <Trans>No orders here.</Trans>
        </p>
      ) : (
        <ul className="orders-list">
          {orders.map((order) => (
            <OrderRow key={order.OrderID} order={order} onClose={onClose} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="button wide" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
    </>
  );
}

function OrderRow({ order, onClose }: { order: ProductOrder; onClose: () => void }) {
  const { popups } = useServices();
  const { t, i18n } = useLingui();
  const pick = useBilingual();
  const statusText = useOrderStatusText();
  const cancel = useCancelOrder();
  const count = order.ProductList.reduce((n, l) => n + l.Quantity, 0);
  const reference = order.Reference;
  const tracking = order.TrackingNumber;
  const unpaid = order.PaymentStatus === 'WaitForPayment' || order.PaymentStatus === 'PaymentFailed';
  const failure = errorCode(cancel.error);
  // The order by what is in it: its first product, and how many others.
  const first = order.ProductList[0];
  const others = order.ProductList.length - 1;
  return (
    <li className="orders-row">
      {first && (
        // A larger target to the same record; the reference's link below is the one announced.
        <Link to="/order_record/$orderID" params={{ orderID: order.OrderID }} className="orders-thumb" tabIndex={-1} aria-hidden="true">
          <img src={first.Image} alt="" width={56} height={56} loading="lazy" />
        </Link>
      )}
      <div className="orders-row-head">
        <p className="orders-products">
          {first && <span className="orders-product-name">{pick(first.Name)}</span>}
          {others > 0 && <span className="orders-more">{plural(others, { one: '+# more', other: '+# more' })}</span>}
        </p>
        <Price amount={order.orderDetail.Total} currency={order.Currency} />
      </div>
      <p className="orders-facts muted small">
        <Link to="/order_record/$orderID" params={{ orderID: order.OrderID }} className="orders-reference" aria-label={t`Order ${reference}`}>
          {reference}
        </Link>{' '}
        · {formatDate(order.CreatedAt)} · {plural(count, { one: '# item', other: '# items' })} · {statusText(order)}
      </p>
      {tracking && (
        <p className="orders-facts muted small">
          <Trans>Tracking: {tracking}</Trans>
        </p>
      )}
      {unpaid && (
        <div className="orders-actions">
          {order.PaymentStatus === 'PaymentFailed' && (
            <Link to="/checkout_product" search={{ orderID: order.OrderID, method: order.PaymentMethod }} className="button small primary">
              <Trans>Pay again</Trans>
            </Link>
          )}
          {order.PaymentStatus === 'WaitForPayment' && order.PaymentMethod === 'FPS' && (
            <button
              type="button"
              className="button small primary"
              onClick={() => {
                onClose();
                popups.open('fpsPayment', { orderID: order.OrderID });
              }}
            >
              <Trans>Pay now</Trans>
            </button>
          )}
          <CancelOrderControl small pending={cancel.isPending} onCancel={() => cancel.mutate(order.OrderID)} label={t`Cancel order ${reference}?`} />
        </div>
      )}
      {failure && <FormError>{i18n._(paymentMessage(failure))}</FormError>}
    </li>
  );
}
