import type { checkoutMachine } from './checkout.machine.ts';
import type { CheckoutContext, CouponError, GetShoppingBagOutput, ShoppingBag } from './checkout.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export { mastercard, visa } from '../payment-choice/payment-choice.fixtures.ts';
export { needsStep, paid, processing } from '../order-payment/order-payment.fixtures.ts';
import { orderReads } from '../order-payment/order-payment.fixtures.ts';
import { stepEnds } from '../payment-step/payment-step.fixtures.ts';

const detail = { Currency: 'HKD' as const, SubTotal: 88_000, Discount: 8_800, ShippingFee: 0, Taxes: 0, Total: 79_200 };
export const teaBag: ShoppingBag = { productList: [{ VarianceID: 'tea-tieguanyin-50g' }], orderDetail: detail, HasAlcohol: false };
export const whiskyBag: ShoppingBag = { productList: [{ VarianceID: 'spirit-single-malt-700ml' }], orderDetail: detail, HasAlcohol: true };
export const emptyBag: ShoppingBag = { productList: [], orderDetail: { ...detail, SubTotal: 0, Discount: 0, Total: 0 }, HasAlcohol: false };
export const expiredCoupon: CouponError = { couponID: 'TEA10', code: '70600', reason: 'Expired', message: 'This coupon has expired' };


const bagOutcomes: readonly [GetShoppingBagOutput, ...GetShoppingBagOutput[]] = [
  { ok: true, data: { totals: whiskyBag, couponID: 'TEA10' } },
  { ok: true, data: { totals: teaBag, couponError: expiredCoupon } },
  { ok: true, data: { totals: emptyBag } },
  { ok: false, code: 'InternalError' },
  { ok: false, code: 'InternalError', data: { couponError: expiredCoupon } },
];

/** What `npm run paths`, the tests and the flow atlas drive the checkoutMachine with. */
export const fixtures: FlowFixtures<typeof checkoutMachine> = {
  inputs: [
    { currency: 'HKD', language: 'en', couponID: 'TEA10', addressIndex: 0 },
    { currency: 'HKD', language: 'en', resume: { OrderID: 'order-1', PaymentMethod: 'CreditCard', PaymentID: 'pi_1' } },
    { currency: 'HKD', language: 'en', resume: { OrderID: 'order-1', PaymentMethod: 'Alipay' } },
    { currency: 'HKD', language: 'en', resume: { OrderID: 'order-1', PaymentMethod: 'CreditCard' } },
  ],
  describeInput: (input) =>
    input.resume
      ? input.resume.PaymentID
        ? `back from the ${input.resume.PaymentMethod} step`
        : `paying order again by ${input.resume.PaymentMethod}`
      : 'with address and coupon',
  events: {
    CHOOSE_ADDRESS: [{ type: 'CHOOSE_ADDRESS', index: 1 }],
    PICK_ADDRESS: [{ type: 'PICK_ADDRESS', index: 1 }],
    CONTINUE: [{ type: 'CONTINUE' }],
    BACK_TO_BAG: [{ type: 'BACK_TO_BAG' }],
    CONFIRM_AGE: [{ type: 'CONFIRM_AGE' }],
    DECLINE_AGE: [{ type: 'DECLINE_AGE' }],
    BACK: [{ type: 'BACK' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    getShoppingBag: { done: bagOutcomes, error: new Error('network down') },
    userUpdateInfo: {
      done: [{ ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: 1 } } }, { ok: false, code: 'InvalidParameter' }],
      error: new Error('network down'),
    },
    getProductOrder: {
      done: orderReads('order-1'),
      error: new Error('network down'),
    },
    // How the payment step ended (machines/payment-step has its own model for how it gets there).
    paymentStep: {
      done: stepEnds('order-1', ['70600', 'OutOfStock'], ['back']),
      error: new Error('the payment step failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as CheckoutContext;
    return {
      order: c.orderID !== undefined,
      address: c.addressIndex !== undefined,
      needsAge: Boolean(c.bag?.HasAlcohol) && !c.ageConfirmed,
      // The one final state of a paying outcome is told apart by the outcome, as each had its own state.
      outcome: c.outcome,
    };
  },
};
