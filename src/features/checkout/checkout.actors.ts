/**
 * The checkout machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values). Loaded with the checkout screens only.
 */
import { fromPromise } from 'xstate';
import {
  checkout,
  createProductPayment,
  getProductOrder,
  getShoppingBag,
  listUserProductOrder,
  productCreditcardPayment,
  userUpdateInfo,
  type CallResponse,
} from '../../../contract/index.ts';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine.ts';
import type { CheckoutSnapshot } from '../../../machines/checkout/checkout.selectors.ts';
import type { CheckoutCallInput, GetShoppingBagInput, ListUserProductOrderInput, ShoppingBag } from '../../../machines/checkout/checkout.types.ts';
import { couponFailData, withCouponRecovery } from '../../../machines/coupon-totals/coupon-totals.provide.ts';
import type { ApiClient } from '../../api/client.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { SessionActor } from '../../app/session.ts';
import { orderFailData } from './order-fail-data.ts';
import type { CreatePaymentStep } from './payment-step.actors.ts';

// In a module of its own, so that the event checkout has it without this one (and the product checkout's
// calls): see order-fail-data.ts.
export { orderFailData };

/** The bag as getShoppingBag answers it (the machine keeps the whole answer; it reads only part). */
export type CheckoutBag = CallResponse<typeof getShoppingBag>;

/**
 * `session`: picking a delivery address saves it as the member's main one (user-update-info with
 * their address list) and gives the session the member as the server now has them. `createPaymentStep`:
 * from the payment step's chunk (payment-step-chunk.ts).
 */
export function createCheckoutFlow(api: ApiClient, session: SessionActor, createPaymentStep: CreatePaymentStep) {
  return checkoutMachine.provide({
    actors: {
      getShoppingBag: withCouponRecovery<ShoppingBag, GetShoppingBagInput['request']>((input) =>
        asCallResult(
          api.call(getShoppingBag, { Currency: input.request.Currency, ...(input.couponID ? { CouponID: input.couponID } : {}) }),
          couponFailData,
        ),
      ),
      getProductOrder: fromPromise(({ input }) => asCallResult(api.call(getProductOrder, input))),
      // The payment step every kind shares, with choosing how to pay and paying by this kind's calls.
      paymentStep: createPaymentStep(api, {
        // The request the payment step builds for the checkout call from checkout.machine.ts's order (the paying flow passes it on as it is).
        placeOrder: fromPromise(({ input }) => asCallResult(api.call(checkout, input as CheckoutCallInput), orderFailData)),
        payOrder: fromPromise(({ input }) => asCallResult(api.call(createProductPayment, input), orderFailData)),
        confirmCardPayment: fromPromise(({ input }) => asCallResult(api.call(productCreditcardPayment, input), orderFailData)),
        readOrder: fromPromise(({ input }) => asCallResult(api.call(getProductOrder, input))),
        // The member's newest orders: noted before placing, read again when placing's answer is lost.
        listOrders: fromPromise(({ input }) => asCallResult(api.call(listUserProductOrder, input as ListUserProductOrderInput))),
      }),
      userUpdateInfo: fromPromise(async ({ input }) => {
        const deliveryAddress = session.getSnapshot().context.user?.deliveryAddress ?? [];
        const result = await asCallResult(api.call(userUpdateInfo, { accessToken: '', deliveryAddress, ...input }));
        if (result.ok) session.send({ type: 'USER_UPDATED', user: result.data.userDetailInfo });
        return result;
      }),
    },
  });
}

/** The whole bag answer the checkout machine holds (our getShoppingBag actor puts it there). */
export const checkoutBag = (s: CheckoutSnapshot): CheckoutBag | undefined => s.context.bag as CheckoutBag | undefined;
