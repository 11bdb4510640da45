import type { subscriptionCheckoutMachine } from './subscription-checkout.machine.ts';
import type {
  CouponError,
  PaymentStart,
  SavedCard,
  SubscriptionCheckoutContext,
  SubscriptionOrderSummary,
  SubscriptionPlan,
  SubscriptionTotals,
} from './subscription-checkout.types.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './subscription-checkout.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const visa: SavedCard = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 };
export const mastercard: SavedCard = { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 2, expYear: 2032 };

/** The quarterly tea box. */
export const quarterly: SubscriptionPlan = { SubscriptionID: 'plan-quarter', Duration: 'quarter', Currency: 'HKD', Price: 88_000, InStock: true, IsAlcohol: false };
/** The annual box holds spirits: 18 and over. */
export const annual: SubscriptionPlan = { SubscriptionID: 'plan-quarter', Duration: 'annual', Currency: 'HKD', Price: 320_000, InStock: true, IsAlcohol: true };
export const monthly: SubscriptionPlan = { SubscriptionID: 'plan-month', Duration: 'month', Currency: 'HKD', Price: 32_000, InStock: true, IsAlcohol: false };

export const quarterTotals: SubscriptionTotals = { total: 83_600, discount: 8_800, Currency: 'HKD' };
export const expiredCoupon: CouponError = { couponID: 'TEA10', code: '70600', reason: 'Expired', message: 'This coupon has expired' };

export const paid: PaymentStart = { OrderID: 'sorder-1', PaymentStatus: 'succeeded', PaymentID: 'pi_1' };
export const needsStep: PaymentStart = { OrderID: 'sorder-1', PaymentStatus: 'requires_action', PaymentID: 'pi_1', RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' };
export const processing: PaymentStart = { OrderID: 'sorder-1', PaymentStatus: 'processing', PaymentID: 'pi_1' };

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
    APPLY_COUPON: [
      { type: 'APPLY_COUPON', code: 'TEA10' },
      { type: 'APPLY_COUPON', code: '  ' },
    ],
    REMOVE_COUPON: [{ type: 'REMOVE_COUPON' }],
    CONFIRM_AGE: [{ type: 'CONFIRM_AGE', confirmed: true }],
    SELECT_METHOD: [
      { type: 'SELECT_METHOD', method: 'CreditCard' },
      { type: 'SELECT_METHOD', method: 'Alipay' },
      { type: 'SELECT_METHOD', method: 'FPS' },
    ],
    SELECT_CARD: [
      { type: 'SELECT_CARD', cardID: 'pm_mc' },
      { type: 'SELECT_CARD', cardID: 'pm_unknown' },
    ],
    ADD_CARD: [{ type: 'ADD_CARD' }],
    SUBMIT_CARD: [{ type: 'SUBMIT_CARD', number: '4242 4242 4242 4242', expMonth: 4, expYear: 2031, cvc: '123' }],
    CANCEL: [{ type: 'CANCEL' }],
    PLACE_ORDER: [{ type: 'PLACE_ORDER' }],
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
    // How choosing ended (machines/payment-choice has its own model for how it gets there).
    paymentChoice: {
      done: [
        { method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_visa' },
        { method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_mc' },
        { method: 'CreditCard', cards: [], cardID: undefined },
        { method: 'CreditCard', cards: undefined, cardID: undefined, error: { code: 'StripeError' } },
        { method: 'Alipay', cards: [visa, mastercard], cardID: 'pm_visa' },
        { method: 'FPS' },
      ],
      error: new Error('choosing failed'),
    },
    getSubscriptionOrder: {
      done: [order('Paid'), order('PaymentFailed'), order('WaitForPayment', 'FPS'), order('Cancelled'), order('Expired'), { ok: false, code: 'ObjectNotFound' }],
      error: new Error('network down'),
    },
    // Where paying ended (machines/order-payment has its own model for how it gets there).
    orderPayment: {
      done: [
        { outcome: 'confirmed', OrderID: 'sorder-1', payment: paid },
        { outcome: 'redirect', OrderID: 'sorder-1', payment: needsStep },
        { outcome: 'fps', OrderID: 'sorder-1', payment: { ...processing, PaymentStatus: 'pending' } },
        { outcome: 'processing', OrderID: 'sorder-1', payment: processing },
        { outcome: 'failed', OrderID: 'sorder-1', error: { code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later' } },
        { outcome: 'cancelled', OrderID: 'sorder-1', payment: processing },
        { outcome: 'unpaid', error: { code: '70600', message: 'This coupon has expired' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', error: { code: 'DeliveryAddressRequired' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', error: { code: 'AlreadySubscribed' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', OrderID: 'sorder-1', error: { code: 'ObjectNotFound' }, refusedBy: 'payOrder' },
        { outcome: 'unpaid', error: { code: ORDER_NOT_PLACED } },
        { outcome: 'unpaid', OrderID: 'sorder-1', error: { code: PAYMENT_NOT_TAKEN } },
      ],
      error: new Error('paying failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as SubscriptionCheckoutContext;
    const ready =
      c.method !== undefined && (c.method !== 'CreditCard' || c.cardID !== undefined) && (!c.plan?.IsAlcohol || c.ageConfirmed || c.orderID !== undefined);
    return {
      address: c.addressIndex !== undefined,
      totals: c.totals !== undefined,
      coupon: c.couponID !== undefined,
      method: c.method,
      ready,
      order: c.orderID !== undefined,
    };
  },
};
