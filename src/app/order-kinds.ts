/**
 * The one client list of order kinds (DESIGN §3, issue 28): what the SPA needs to know of each kind
 * around the shared paying flow (machines/order-payment): where its confirmation is, where an unpaid
 * order leads back to and in which words, how its order is paid again and read (the FPS popup), and
 * which answers a finished checkout leaves stale. The kinds themselves are the paying flow's
 * `OrderKind`: a kind added there and not here does not compile.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryKey } from '@tanstack/react-query';
import {
  createEventPayment,
  createGatheringPayment,
  createProductPayment,
  createSubscriptionPayment,
  getEventOrder,
  getGatheringOrder,
  getProductOrder,
  getSubscriptionOrder,
  type CallResponse,
} from '../../contract/index.ts';
import type { OrderKind, OrderPaymentStatus } from '../../machines/order-payment/order-payment.types.ts';
import type { CallResult } from '../../machines/shared/call-result.ts';
import { asCallResult } from '../api/call-result.ts';
import type { ApiClient } from '../api/client.ts';
import { eventOrderQuery, productOrderQuery } from '../api/order-queries.ts';
import { subscriptionQueries } from '../api/subscription-queries.ts';

export type { OrderKind };

/** Paying an order again with a method (FPS's QR): every kind's payment call takes and answers the same. */
export type PayAgainInput = { OrderID: string; PaymentMethod: 'CreditCard' | 'Alipay' | 'FPS'; CardID?: string | undefined };
export type PaymentStartAnswer = CallResponse<typeof createProductPayment>;
/** An order's payment status, as every kind's order read answers it. */
export type OrderStatus = { Order: { OrderID: string; PaymentStatus: OrderPaymentStatus } };

/** A confirmation page showing the order. */
export type OrderConfirmRoute = '/order_product_confirm/$orderID' | '/order_event_confirm/$orderID' | '/order_subscription_confirm/$orderID';

/** Where a kind's paid order leads: its confirmation page (with the order), or a page of its own. */
export function confirmLocation(kind: OrderKind, orderID: string): { to: OrderConfirmRoute; params: { orderID: string } } | { to: '/tonight' } {
  const to = orderKinds[kind].confirmRoute;
  return to === '/tonight' ? { to } : { to, params: { orderID } };
}

export type OrderKindEntry = {
  /**
   * Where a paid order (or one whose payment is still being decided) is shown: the kind's confirmation of the
   * order, or a page of its own without the order (a walk-in's place opens the table at /tonight).
   */
  confirmRoute: OrderConfirmRoute | '/tonight';
  /** Where an order not paid (expired, cancelled) leads back to, and the link's words. */
  back: { to: '/shopping_bag' | '/home' | '/subscription' | '/tonight'; label: MessageDescriptor };
  /** What a finished checkout leaves out of date: the order read while paying it (removed), the lists showing it (read again). */
  stale: (api: ApiClient, orderID: string) => { remove: QueryKey[]; invalidate: QueryKey[] };
  /** The kind's payment call (create-…-payment). */
  pay: (api: ApiClient, input: PayAgainInput) => Promise<CallResult<PaymentStartAnswer>>;
  /** The kind's order read (get-…-order), down to its payment status. */
  readStatus: (api: ApiClient, orderID: string) => Promise<CallResult<OrderStatus>>;
};

const statusOf = (result: CallResult<{ Order: { OrderID: string; PaymentStatus: OrderPaymentStatus } }>): CallResult<OrderStatus> =>
  result.ok ? { ok: true, data: { Order: { OrderID: result.data.Order.OrderID, PaymentStatus: result.data.Order.PaymentStatus } } } : result;

export const orderKinds: Record<OrderKind, OrderKindEntry> = {
  product: {
    confirmRoute: '/order_product_confirm/$orderID',
    back: { to: '/shopping_bag', label: msg`Back to shopping bag` },
    stale: (api, orderID) => ({ remove: [productOrderQuery(api, orderID, false).queryKey], invalidate: [] }),
    pay: (api, input) => asCallResult(api.call(createProductPayment, input)),
    readStatus: (api, orderID) => asCallResult(api.call(getProductOrder, { orderID })).then(statusOf),
  },
  event: {
    confirmRoute: '/order_event_confirm/$orderID',
    back: { to: '/home', label: msg`Back to home` },
    // The member's bookings and a session's orders: their pages keep what they read for a few seconds.
    stale: (api, orderID) => ({
      remove: [eventOrderQuery(api, orderID, false).queryKey],
      invalidate: [
        ['member', 'eventRecord'],
        ['member', 'eventOrders'],
      ],
    }),
    pay: (api, input) => asCallResult(api.call(createEventPayment, input)),
    readStatus: (api, orderID) => asCallResult(api.call(getEventOrder, { orderID })).then(statusOf),
  },
  subscription: {
    confirmRoute: '/order_subscription_confirm/$orderID',
    back: { to: '/subscription', label: msg`Back to the plans` },
    stale: (api, orderID) => ({
      remove: [subscriptionQueries.order(api, orderID, false).queryKey],
      // What the member's subscriptions show.
      invalidate: [['member', 'subscriptionRecords']],
    }),
    pay: (api, input) => asCallResult(api.call(createSubscriptionPayment, input)),
    readStatus: (api, RecordID) => asCallResult(api.call(getSubscriptionOrder, { RecordID })).then(statusOf),
  },
  // A walk-in's place at a gathering going on (issue 31): paid by the gathering's call, which names the
  // gathering (read from the order); once paid the member is in the room, and Tonight shows their table.
  gathering: {
    confirmRoute: '/tonight',
    back: { to: '/tonight', label: msg`Back to tonight` },
    // Tonight's reads (features/gatherings/queries.ts GATHERING_KEY, the floating Tonight button's too).
    stale: () => ({ remove: [], invalidate: [['member', 'gathering']] }),
    pay: async (api, input) => {
      const read = await asCallResult(api.call(getGatheringOrder, { orderID: input.OrderID }));
      if (!read.ok) return read;
      return asCallResult(
        api.call(createGatheringPayment, { GatheringID: read.data.Order.GatheringID, PaymentMethod: input.PaymentMethod, CardID: input.CardID }),
      );
    },
    readStatus: (api, orderID) => asCallResult(api.call(getGatheringOrder, { orderID })).then(statusOf),
  },
};
