/**
 * The FPS QR popup's machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values).
 */
import { fromPromise } from 'xstate';
import { cancelOrder, createProductPayment, getProductOrder } from '../../../contract/index.ts';
import { fpsPaymentMachine } from '../../../machines/fps-payment/fps-payment.machine.ts';
import type { FpsPaymentStart } from '../../../machines/fps-payment/fps-payment.types.ts';
import type { CallResult } from '../../../machines/shared/call-result.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

export function createFpsPaymentFlow(api: ApiClient) {
  return fpsPaymentMachine.provide({
    actors: {
      createProductPayment: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(createProductPayment, input));
        if (!result.ok) return result;
        // An FPS payment answers pending with its QR, or succeeded when the order was paid already.
        const { PaymentStatus, PaymentID, Fps, OrderID } = result.data;
        if ((PaymentStatus === 'pending' || PaymentStatus === 'succeeded') && PaymentID && Fps) {
          const data: FpsPaymentStart = { OrderID, PaymentStatus, PaymentID, Fps };
          return { ok: true as const, data };
        }
        return { ok: false as const, code: 'InvalidParameter', message: `unexpected FPS answer ${PaymentStatus}` };
      }),
      getProductOrder: fromPromise(({ input }) => asCallResult(api.call(getProductOrder, input))),
      cancelOrder: fromPromise(({ input }) => asCallResult(api.call(cancelOrder, input)).then(emptyData)),
    },
  });
}

/** cancelOrder answers an empty object; the machines type its data as Record<string, never>. */
function emptyData(result: CallResult<object>): CallResult<Record<string, never>> {
  return result.ok ? { ok: true, data: {} } : result;
}

