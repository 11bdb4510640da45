import type { checkoutMachine } from './checkout.machine.ts';
import type { CheckoutContext, CouponError, GetShoppingBagOutput, PaymentStart, SavedCard, ShoppingBag } from './checkout.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './checkout.types.ts';

export const visa: SavedCard = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 };
export const mastercard: SavedCard = { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 2, expYear: 2032 };

const detail = { Currency: 'HKD' as const, SubTotal: 88_000, Discount: 8_800, ShippingFee: 0, Taxes: 0, Total: 79_200 };
export const teaBag: ShoppingBag = { productList: [{ VarianceID: 'tea-tieguanyin-50g' }], orderDetail: detail, HasAlcohol: false };
export const whiskyBag: ShoppingBag = { productList: [{ VarianceID: 'spirit-single-malt-700ml' }], orderDetail: detail, HasAlcohol: true };
export const emptyBag: ShoppingBag = { productList: [], orderDetail: { ...detail, SubTotal: 0, Discount: 0, Total: 0 }, HasAlcohol: false };
export const expiredCoupon: CouponError = { couponID: 'TEA10', code: '70600', reason: 'Expired', message: 'This coupon has expired' };

export const paid: PaymentStart = { OrderID: 'order-1', PaymentStatus: 'succeeded', PaymentID: 'pi_1' };
export const needsStep: PaymentStart = { OrderID: 'order-1', PaymentStatus: 'requires_action', PaymentID: 'pi_1', RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' };
export const processing: PaymentStart = { OrderID: 'order-1', PaymentStatus: 'processing', PaymentID: 'pi_1' };

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
    BACK: [{ type: 'BACK' }],
    BACK_TO_BAG: [{ type: 'BACK_TO_BAG' }],
    CONFIRM_AGE: [{ type: 'CONFIRM_AGE' }],
    DECLINE_AGE: [{ type: 'DECLINE_AGE' }],
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
  },
  actors: {
    getShoppingBag: { done: bagOutcomes, error: new Error('network down') },
    // How choosing ended (machines/payment-choice has its own model for how it gets there).
    paymentChoice: {
      done: [
        { method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_visa' },
        { method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_mc' },
        { method: 'CreditCard', cards: [], cardID: undefined },
        { method: 'CreditCard', cards: undefined, cardID: undefined, error: { code: 'StripeError' } },
        { method: 'CreditCard', cards: [visa, mastercard, { id: 'pm_new', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 }], cardID: 'pm_new' },
        { method: 'Alipay', cards: [visa, mastercard], cardID: 'pm_visa' },
        { method: 'Alipay' },
        { method: 'FPS' },
      ],
      error: new Error('choosing failed'),
    },
    userUpdateInfo: {
      done: [{ ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: 1 } } }, { ok: false, code: 'InvalidParameter' }],
      error: new Error('network down'),
    },
    getProductOrder: {
      done: [
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'PaymentFailed' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Cancelled' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Expired' } } },
        { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } },
        { ok: false, code: 'InternalError' },
      ],
      error: new Error('network down'),
    },
    // Where paying ended (machines/order-payment has its own model for how it gets there).
    orderPayment: {
      done: [
        { outcome: 'confirmed', OrderID: 'order-1', payment: paid },
        { outcome: 'redirect', OrderID: 'order-1', payment: needsStep },
        { outcome: 'fps', OrderID: 'order-1', payment: { ...processing, PaymentStatus: 'pending' } },
        { outcome: 'processing', OrderID: 'order-1', payment: processing },
        { outcome: 'failed', OrderID: 'order-1', error: { code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later' } },
        { outcome: 'cancelled', OrderID: 'order-1', payment: processing },
        { outcome: 'unpaid', error: { code: '70600', message: 'This coupon has expired' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', error: { code: 'OutOfStock', message: 'Island Single Malt is out of stock' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', OrderID: 'order-1', error: { code: 'ObjectNotFound' }, refusedBy: 'payOrder' },
        { outcome: 'unpaid', error: { code: ORDER_NOT_PLACED } },
        { outcome: 'unpaid', OrderID: 'order-1', error: { code: PAYMENT_NOT_TAKEN } },
      ],
      error: new Error('paying failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as CheckoutContext;
    return {
      method: c.method,
      cardChosen: c.cardID !== undefined,
      hasCards: (c.cards?.length ?? 0) > 0,
      order: c.orderID !== undefined,
      address: c.addressIndex !== undefined,
      needsAge: Boolean(c.bag?.HasAlcohol) && !c.ageConfirmed,
    };
  },
};
