/**
 * The FPS QR popup's machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values).
 */
import { fromPromise } from 'xstate';
import { cancelOrder } from '../../../contract/index.ts';
import { fpsPaymentMachine } from '../../../machines/fps-payment/fps-payment.machine.ts';
import type { FpsPaymentStart } from '../../../machines/fps-payment/fps-payment.types.ts';
import type { CallResult } from '../../../machines/shared/call-result.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import { orderKinds, type OrderKind } from '../../app/order-kinds.ts';

/**
 * The machine's actors are named after the product calls; another kind's order is paid and read with
 * its own calls (the registry of order kinds names them), which take and answer the same (an order id;
 * a payment start; the order's status).
 */
export function createFpsPaymentFlow(api: ApiClient, kind: OrderKind = 'product') {
  const calls = orderKinds[kind];
  return fpsPaymentMachine.provide({
    actors: {
      createProductPayment: fromPromise(async ({ input }) => {
        const result = await calls.pay(api, input);
        if (!result.ok) return result;
        // An FPS payment answers pending with its QR, or succeeded when the order was paid already.
        const { PaymentStatus, PaymentID, Fps, OrderID } = result.data;
        if ((PaymentStatus === 'pending' || PaymentStatus === 'succeeded') && PaymentID && Fps) {
          const data: FpsPaymentStart = { OrderID, PaymentStatus, PaymentID, Fps };
          return { ok: true as const, data };
        }
        return { ok: false as const, code: 'InvalidParameter', message: `unexpected FPS answer ${PaymentStatus}` };
      }),
      getProductOrder: fromPromise(({ input }) => calls.readStatus(api, input.orderID)),
      cancelOrder: fromPromise(({ input }) => asCallResult(api.call(cancelOrder, input)).then(emptyData)),
    },
  });
}

/** cancelOrder answers an empty object; the machines type its data as Record<string, never>. */
function emptyData(result: CallResult<object>): CallResult<Record<string, never>> {
  return result.ok ? { ok: true, data: {} } : result;
}
