import type { subscriptionCheckoutMachine } from './subscription-checkout.machine.ts';
import type {
  CouponError,
  SubscriptionCheckoutContext,
  SubscriptionOrderSummary,
  SubscriptionPlan,
  SubscriptionTotals,
} from './subscription-checkout.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export { mastercard, visa } from '../payment-choice/payment-choice.fixtures.ts';
import { paymentStarts } from '../order-payment/order-payment.fixtures.ts';
import { stepEnds } from '../payment-step/payment-step.fixtures.ts';

/** The quarterly tea box. */
export const quarterly: SubscriptionPlan = { SubscriptionID: 'plan-quarter', Duration: 'quarter', Currency: 'HKD', Price: 88_000, InStock: true, IsAlcohol: false };
/** The annual box holds spirits: 18 and over. */
export const annual: SubscriptionPlan = { SubscriptionID: 'plan-quarter', Duration: 'annual', Currency: 'HKD', Price: 320_000, InStock: true, IsAlcohol: true };
export const monthly: SubscriptionPlan = { SubscriptionID: 'plan-month', Duration: 'month', Currency: 'HKD', Price: 32_000, InStock: true, IsAlcohol: false };

export const quarterTotals: SubscriptionTotals = { total: 83_600, discount: 8_800, Currency: 'HKD' };
export const expiredCoupon: CouponError = { couponID: 'TEA10', code: '70600', reason: 'Expired', message: 'This coupon has expired' };

export const { paid, needsStep, processing } = paymentStarts('sorder-1');

export const unpaidOrder: SubscriptionOrderSummary = {
  OrderID: 'sorder-1',
  RecordID: 'rec-1',
  PaymentStatus: 'WaitForPayment',
  PaymentMethod: 'FPS',
  Plan: quarterly,
  orderDetail: { Currency: 'HKD', Total: 88_000, Discount: 0 },
};
const order = (PaymentStatus: SubscriptionOrderSummary['PaymentStatus'], PaymentMethod: SubscriptionOrderSummary['PaymentMethod'] = 'CreditCard') => ({
  ok: true as const,
  data: { Order: { ...unpaidOrder, PaymentStatus, PaymentMethod } },
});

/** What `npm run paths`, the tests and the flow atlas drive the subscriptionCheckoutMachine with. */
export const fixtures: FlowFixtures<typeof subscriptionCheckoutMachine> = {
  inputs: [
    { currency: 'HKD', language: 'en', subscriptionID: 'plan-quarter', addressIndex: 0 },
    { currency: 'HKD', language: 'en', subscriptionID: 'plan-quarter' },
    { currency: 'HKD', language: 'en', resume: { OrderID: 'sorder-1' } },
  ],
  describeInput: (input) => (input.resume ? 'paying an order waiting for payment' : input.addressIndex !== undefined ? 'with a delivery address' : 'no delivery address yet'),
  events: {
    PICK_ADDRESS: [
      { type: 'PICK_ADDRESS', index: 1 },
      { type: 'PICK_ADDRESS', index: -1 },
    ],
    CHOOSE_ADDRESS: [
      { type: 'CHOOSE_ADDRESS', index: 0 },
      { type: 'CHOOSE_ADDRESS', index: -1 },
    ],
    CONTINUE: [{ type: 'CONTINUE' }],
    BACK: [{ type: 'BACK' }],
    RETRY: [{ type: 'RETRY' }],
    LEAVE: [{ type: 'LEAVE' }],
  },
  actors: {
    getSubscriptionPlan: {
      done: [
        { ok: true, data: { PlanList: [monthly, quarterly] } },
        { ok: true, data: { PlanList: [monthly, annual] } },
        { ok: true, data: { PlanList: [monthly] } },
        { ok: false, code: 'InternalError' },
      ],
      error: new Error('network down'),
    },
    userUpdateInfo: {
      done: [{ ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: 1 } } }, { ok: false, code: 'InvalidParameter', message: 'mainDeliveryAddressIndex' }],
      error: new Error('network down'),
    },
    subscriptionCalculate: {
      done: [
        { ok: true, data: { totals: quarterTotals, couponID: 'TEA10' } },
        { ok: true, data: { totals: quarterTotals, couponError: expiredCoupon } },
        { ok: false, code: 'DeliveryAddressRequired', message: 'Subscription boxes are not delivered there' },
        { ok: false, code: 'InternalError', data: { couponError: expiredCoupon } },
      ],
      error: new Error('network down'),
    },
    getSubscriptionOrder: {
      done: [order('Paid'), order('PaymentFailed'), order('WaitForPayment', 'FPS'), order('Cancelled'), order('Expired'), { ok: false, code: 'ObjectNotFound' }],
      error: new Error('network down'),
    },
    // How the payment step ended (machines/payment-step has its own model for how it gets there).
    paymentStep: {
      done: stepEnds('sorder-1', ['70600', 'DeliveryAddressRequired'], ['back', 'left', 'couponChanged']),
      error: new Error('the payment step failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as SubscriptionCheckoutContext;
    return {
      address: c.addressIndex !== undefined,
      totals: c.totals !== undefined,
      coupon: c.couponID !== undefined,
      order: c.orderID !== undefined,
      // The one final state of a paying outcome is told apart by the outcome, as each had its own state.
      outcome: c.outcome,
    };
  },
};
