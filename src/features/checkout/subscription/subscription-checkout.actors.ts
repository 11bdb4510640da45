/**
 * The subscription checkout machine with its real actors, named after the calls they make (DESIGN §5:
 * they resolve to CallResult values). Loaded with the subscription checkout screen only.
 */
import { fromPromise } from 'xstate';
import {
  createSubscription,
  createSubscriptionPayment,
  getSubscriptionOrder,
  getSubscriptionPlan,
  getSubscriptionRecord,
  productCreditcardPayment,
  subscriptionCalculate,
  userUpdateInfo,
  type CallResponse,
} from '../../../../contract/index.ts';
import { couponFailData, withCouponRecovery } from '../../../../machines/coupon-totals/coupon-totals.provide.ts';
import type { ListOrdersOutput } from '../../../../machines/order-payment/order-payment.types.ts';
import { subscriptionCheckoutMachine } from '../../../../machines/subscription-checkout/subscription-checkout.machine.ts';
import type { SubscriptionCheckoutSnapshot } from '../../../../machines/subscription-checkout/subscription-checkout.selectors.ts';
import type {
  CreateSubscriptionInput,
  SubscriptionCalculateRequest,
  SubscriptionTotals,
} from '../../../../machines/subscription-checkout/subscription-checkout.types.ts';
import { asCallResult } from '../../../api/call-result.ts';
import type { ApiClient } from '../../../api/client.ts';
import type { SessionActor } from '../../../app/session.ts';
import { orderFailData } from '../order-fail-data.ts';
import type { CreatePaymentStep } from '../payment-step.actors.ts';

/** The totals as subscription-calculate answers them (the machine keeps the whole answer; it reads only part). */
export type CheckoutTotals = CallResponse<typeof subscriptionCalculate>;
/** The plan as getSubscriptionPlan answers it. */
export type CheckoutPlan = CallResponse<typeof getSubscriptionPlan>['PlanList'][number];

/**
 * The member's subscription orders, newest first, for the paying flow's lost-answer look-up: every
 * cycle's bill of every subscription, the ones not started yet included (IncludePending), so that a
 * first order placed and left unpaid is found as this attempt's.
 */
async function listSubscriptionOrders(api: ApiClient): Promise<CallResult<ListOrdersOutput>> {
  const result = await asCallResult(api.call(getSubscriptionRecord, { IncludePending: true }));
  if (!result.ok) return result;
  const bills = result.data.RecordList.flatMap((r) => r.BillingHistory).sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt));
  return { ok: true, data: { OrderList: bills.map((b) => ({ OrderID: b.OrderID, PaymentStatus: b.PaymentStatus })) } };
}
type CallResult<T> = Awaited<ReturnType<typeof asCallResult<T>>>;

/**
 * `session`: picking a delivery address saves it as the member's selected (main) one (user-update-info
 * with their address list) and gives the session the member as the server now has them. `createPaymentStep`:
 * from the payment step's chunk (payment-step-chunk.ts).
 */
export function createSubscriptionCheckoutFlow(api: ApiClient, session: SessionActor, createPaymentStep: CreatePaymentStep) {
  return subscriptionCheckoutMachine.provide({
    actors: {
      getSubscriptionPlan: fromPromise(({ input }) => asCallResult(api.call(getSubscriptionPlan, input))),
      userUpdateInfo: fromPromise(async ({ input }) => {
        const deliveryAddress = session.getSnapshot().context.user?.deliveryAddress ?? [];
        const result = await asCallResult(api.call(userUpdateInfo, { accessToken: '', deliveryAddress, ...input }));
        if (result.ok) session.send({ type: 'USER_UPDATED', user: result.data.userDetailInfo });
        return result;
      }),
      // A refused coupon (70600) is dropped, its message kept, and the totals read again (spec §4).
      subscriptionCalculate: withCouponRecovery<SubscriptionTotals, SubscriptionCalculateRequest>((input) =>
        asCallResult(
          api.call(subscriptionCalculate, { ...input.request, ...(input.couponID ? { CouponID: input.couponID } : {}) }),
          couponFailData,
        ),
      ),
      getSubscriptionOrder: fromPromise(({ input }) => asCallResult(api.call(getSubscriptionOrder, input))),
      // The payment step every kind shares, with choosing how to pay and paying by this kind's calls.
      paymentStep: createPaymentStep(api, {
        // The request the payment step builds for create-subscription from subscription-checkout.machine.ts's order (the paying flow passes it on as it is).
        placeOrder: fromPromise(({ input }) => asCallResult(api.call(createSubscription, input as CreateSubscriptionInput), orderFailData)),
        payOrder: fromPromise(({ input }) => asCallResult(api.call(createSubscriptionPayment, input), orderFailData)),
        confirmCardPayment: fromPromise(({ input }) => asCallResult(api.call(productCreditcardPayment, input), orderFailData)),
        readOrder: fromPromise(({ input }) => asCallResult(api.call(getSubscriptionOrder, { RecordID: input.orderID }))),
        listOrders: fromPromise(() => listSubscriptionOrders(api)),
      }),
    },
  });
}

/** The whole plan answer the machine holds (our getSubscriptionPlan actor puts it there). */
export const checkoutPlan = (s: SubscriptionCheckoutSnapshot): CheckoutPlan | undefined => s.context.plan as CheckoutPlan | undefined;
/** The whole totals answer the machine holds. */
export const checkoutTotals = (s: SubscriptionCheckoutSnapshot): CheckoutTotals | undefined => s.context.totals as CheckoutTotals | undefined;
