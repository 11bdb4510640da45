/**
 * The checkout and FPS payment machines with their calls (DESIGN §5: actors are provided from
 * outside and resolve to CallResult values). Loaded with the checkout screens only.
 */
import { fromPromise } from 'xstate';
import {
  addCreditCard,
  addPaymentMehtod,
  cancelOrder,
  checkout,
  createProductPayment,
  getPaymentMehtod,
  getProductOrder,
  getShoppingBag,
  productCreditcardPayment,
  type CallResponse,
} from '../../../contract/index.ts';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine.ts';
import type { CheckoutSnapshot } from '../../../machines/checkout/checkout.selectors.ts';
import type { GetShoppingBagInput, PlaceOrderFailData, ShoppingBag } from '../../../machines/checkout/checkout.types.ts';
import { couponFailData, withCouponRecovery } from '../../../machines/coupon-totals/coupon-totals.provide.ts';
import { fpsPaymentMachine } from '../../../machines/fps-payment/fps-payment.machine.ts';
import type { FpsPaymentStart } from '../../../machines/fps-payment/fps-payment.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { asCallResult } from '../../app/session.ts';
import type { CallResult } from '../../../machines/shared/call-result.ts';

/** A refused payment may still have placed the order: its id travels in the error answer. */
export function orderFailData(details: Record<string, unknown>): PlaceOrderFailData | undefined {
  return typeof details.OrderID === 'string' ? { OrderID: details.OrderID } : undefined;
}

/** The bag as getShoppingBag answers it (the machine keeps the whole answer; it reads only part). */
export type CheckoutBag = CallResponse<typeof getShoppingBag>;

export function createCheckoutMachine(api: ApiClient) {
  return checkoutMachine.provide({
    actors: {
      getShoppingBag: withCouponRecovery<ShoppingBag, GetShoppingBagInput['request']>((input) =>
        asCallResult(
          api.call(getShoppingBag, { Currency: input.request.Currency, ...(input.couponID ? { CouponID: input.couponID } : {}) }),
          couponFailData,
        ),
      ),
      getPaymentMehtod: fromPromise(() => asCallResult(api.call(getPaymentMehtod, {}))),
      addCreditCard: fromPromise(({ input }) => asCallResult(api.call(addCreditCard, input))),
      addPaymentMehtod: fromPromise(({ input }) => asCallResult(api.call(addPaymentMehtod, input))),
      checkout: fromPromise(({ input }) => asCallResult(api.call(checkout, input), orderFailData)),
      createProductPayment: fromPromise(({ input }) => asCallResult(api.call(createProductPayment, input), orderFailData)),
      productCreditcardPayment: fromPromise(({ input }) => asCallResult(api.call(productCreditcardPayment, input), orderFailData)),
      getProductOrder: fromPromise(({ input }) => asCallResult(api.call(getProductOrder, input))),
    },
  });
}

export function createFpsPaymentMachine(api: ApiClient) {
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

/** The whole bag answer the checkout machine holds (our getShoppingBag actor puts it there). */
export const checkoutBag = (s: CheckoutSnapshot): CheckoutBag | undefined => s.context.bag as CheckoutBag | undefined;
