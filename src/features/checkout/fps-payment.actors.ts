/**
 * The FPS QR popup's machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values).
 */
import { fromPromise } from 'xstate';
import {
  cancelOrder,
  createEventPayment,
  createProductPayment,
  createSubscriptionPayment,
  getEventOrder,
  getProductOrder,
  getSubscriptionOrder,
} from '../../../contract/index.ts';
import { fpsPaymentMachine } from '../../../machines/fps-payment/fps-payment.machine.ts';
import type { FpsPaymentStart } from '../../../machines/fps-payment/fps-payment.types.ts';
import type { CallResult } from '../../../machines/shared/call-result.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

/**
 * Which kind of order the QR pays: a product order, an event order (create-event-payment, get-event-order)
 * or a subscription order (create-subscription-payment, get-subscription-order).
 */
export type FpsOrderKind = 'product' | 'event' | 'subscription';

/**
 * The machine's actors are named after the product calls; an event order is paid and read with its
 * own calls, which take and answer the same (an order id; a payment start; the order's status).
 */
export function createFpsPaymentFlow(api: ApiClient, kind: FpsOrderKind = 'product') {
  return fpsPaymentMachine.provide({
    actors: {
      createProductPayment: fromPromise(async ({ input }) => {
        const result = await asCallResult(
          kind === 'event'
            ? api.call(createEventPayment, input)
            : kind === 'subscription'
              ? api.call(createSubscriptionPayment, input)
              : api.call(createProductPayment, input),
        );
        if (!result.ok) return result;
        // An FPS payment answers pending with its QR, or succeeded when the order was paid already.
        const { PaymentStatus, PaymentID, Fps, OrderID } = result.data;
        if ((PaymentStatus === 'pending' || PaymentStatus === 'succeeded') && PaymentID && Fps) {
          const data: FpsPaymentStart = { OrderID, PaymentStatus, PaymentID, Fps };
          return { ok: true as const, data };
        }
        return { ok: false as const, code: 'InvalidParameter', message: `unexpected FPS answer ${PaymentStatus}` };
      }),
      getProductOrder: fromPromise(({ input }) =>
        kind === 'event'
          ? eventOrderStatus(api, input.orderID)
          : kind === 'subscription'
            ? subscriptionOrderStatus(api, input.orderID)
            : asCallResult(api.call(getProductOrder, input)),
      ),
      cancelOrder: fromPromise(({ input }) => asCallResult(api.call(cancelOrder, input)).then(emptyData)),
    },
  });
}

/** An event order's payment status, as the machine reads a product order's. */
async function eventOrderStatus(api: ApiClient, orderID: string) {
  const result = await asCallResult(api.call(getEventOrder, { orderID }));
  return result.ok ? { ok: true as const, data: { Order: { OrderID: result.data.Order.OrderID, PaymentStatus: result.data.Order.PaymentStatus } } } : result;
}

/** A subscription order's payment status, as the machine reads a product order's. */
async function subscriptionOrderStatus(api: ApiClient, orderID: string) {
  const result = await asCallResult(api.call(getSubscriptionOrder, { RecordID: orderID }));
  return result.ok ? { ok: true as const, data: { Order: { OrderID: result.data.Order.OrderID, PaymentStatus: result.data.Order.PaymentStatus } } } : result;
}

/** cancelOrder answers an empty object; the machines type its data as Record<string, never>. */
function emptyData(result: CallResult<object>): CallResult<Record<string, never>> {
  return result.ok ? { ok: true, data: {} } : result;
}

