import type { eventJoinMachine } from './event-join.machine.ts';
import type { CouponError, EventDetail, EventJoinContext, EventOrderSummary, EventTotals, PaymentStart, SavedCard } from './event-join.types.ts';
import { guestProblem } from './event-join.guests.ts';
import { ORDER_NOT_PLACED, PAYMENT_NOT_TAKEN } from './event-join.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const visa: SavedCard = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 };
export const mastercard: SavedCard = { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 2, expYear: 2032 };

/** An oolong tasting: one session with 5 spaces left, one sold out. */
export const oolongTasting: EventDetail = {
  EventID: 'evt-oolong',
  IsAlcohol: false,
  Variances: [
    { VarianceID: 'var-oolong-1', Date: '2027-03-06', TimeSlot: '14:00–16:00', SpacesLeft: 5, PricePerPerson: 48_000, Currency: 'HKD', SaleStatus: 'OnSale', SaleOpenAt: '2027-01-06T02:00:00.000Z' },
    { VarianceID: 'var-oolong-2', Date: '2027-03-13', TimeSlot: '14:00–16:00', SpacesLeft: 0, PricePerPerson: 48_000, Currency: 'HKD', SaleStatus: 'SoldOut', SaleOpenAt: '2027-01-13T02:00:00.000Z' },
  ],
};
/** A whisky tasting (18+): the same session filled up to 2 spaces left. */
export const whiskyTasting: EventDetail = {
  EventID: 'evt-oolong',
  IsAlcohol: true,
  Variances: [
    { VarianceID: 'var-oolong-1', Date: '2027-03-06', TimeSlot: '14:00–16:00', SpacesLeft: 2, PricePerPerson: 48_000, Currency: 'HKD', SaleStatus: 'OnSale', SaleOpenAt: '2027-01-06T02:00:00.000Z' },
    { VarianceID: 'var-oolong-2', Date: '2027-03-13', TimeSlot: '14:00–16:00', SpacesLeft: 0, PricePerPerson: 48_000, Currency: 'HKD', SaleStatus: 'SoldOut', SaleOpenAt: '2027-01-13T02:00:00.000Z' },
  ],
};

const detail = { Currency: 'HKD' as const, SubTotal: 144_000, Discount: 14_400, Taxes: 0, Total: 129_600, NumberOfSeat: 3 };
export const threeSeats: EventTotals = { orderDetail: detail, SpacesLeft: 5, GuestSlots: 2 };
export const expiredCoupon: CouponError = { couponID: 'TEA10', code: '70600', reason: 'Expired', message: 'This coupon has expired' };

export const paid: PaymentStart = { OrderID: 'eorder-1', PaymentStatus: 'succeeded', PaymentID: 'pi_1' };
export const needsStep: PaymentStart = { OrderID: 'eorder-1', PaymentStatus: 'requires_action', PaymentID: 'pi_1', RedirectURL: 'http://shop.test/api/payments/sandbox/pages/pi_1' };
export const processing: PaymentStart = { OrderID: 'eorder-1', PaymentStatus: 'processing', PaymentID: 'pi_1' };

export const unpaidOrder: EventOrderSummary = {
  OrderID: 'eorder-1',
  PaymentStatus: 'PaymentFailed',
  PaymentMethod: 'CreditCard',
  NumberOfSeat: 3,
  orderDetail: detail,
  Session: { EventID: 'evt-oolong', VarianceID: 'var-oolong-1', IsAlcohol: false },
};
const order = (PaymentStatus: EventOrderSummary['PaymentStatus'], PaymentMethod: EventOrderSummary['PaymentMethod'] = 'CreditCard') => ({
  ok: true as const,
  data: { Order: { ...unpaidOrder, PaymentStatus, PaymentMethod } },
});

/** What `npm run paths`, the tests and the flow atlas drive the eventJoinMachine with. */
export const fixtures: FlowFixtures<typeof eventJoinMachine> = {
  inputs: [
    { currency: 'HKD', language: 'en', eventID: 'evt-oolong', svip: false, varianceID: 'var-oolong-1', seats: 3 },
    { currency: 'HKD', language: 'en', eventID: 'evt-oolong', svip: false },
    { currency: 'HKD', language: 'en', eventID: 'evt-oolong', svip: false, resume: { OrderID: 'eorder-1' } },
  ],
  describeInput: (input) => (input.resume ? 'paying an order again' : input.varianceID ? `session and ${input.seats} seats picked` : 'nothing picked'),
  events: {
    SELECT_SESSION: [
      { type: 'SELECT_SESSION', varianceID: 'var-oolong-1' },
      { type: 'SELECT_SESSION', varianceID: 'var-oolong-2' },
    ],
    SET_SEATS: [
      { type: 'SET_SEATS', seats: 1 },
      { type: 'SET_SEATS', seats: 11 },
    ],
    EDIT_GUEST: [
      { type: 'EDIT_GUEST', index: 0, name: 'Chan Tai Man', contact: '+852 9123 4567' },
      { type: 'EDIT_GUEST', index: 0, name: 'Chan Tai Man', contact: 'call me' },
      { type: 'EDIT_GUEST', index: 9, name: 'Nobody', contact: '91234567' },
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
    getEventDetail: {
      done: [
        { ok: true, data: { eventDetail: oolongTasting } },
        { ok: true, data: { eventDetail: whiskyTasting } },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    listUserEventRecord: {
      done: [
        { ok: true, data: { RecordList: [] } },
        { ok: true, data: { RecordList: [{ VarianceID: 'var-oolong-1' }] } },
        { ok: false, code: 'InternalError' },
      ],
      error: new Error('network down'),
    },
    EventCalculate: {
      done: [
        { ok: true, data: { totals: threeSeats, couponID: 'TEA10' } },
        { ok: true, data: { totals: threeSeats, couponError: expiredCoupon } },
        { ok: false, code: 'OutOfStock', message: 'Only 2 spaces left' },
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
    getEventOrder: {
      done: [order('Paid'), order('PaymentFailed'), order('WaitForPayment', 'Alipay'), order('Cancelled'), order('Expired'), { ok: false, code: 'InternalError' }],
      error: new Error('network down'),
    },
    // Where paying ended (machines/order-payment has its own model for how it gets there).
    orderPayment: {
      done: [
        { outcome: 'confirmed', OrderID: 'eorder-1', payment: paid },
        { outcome: 'redirect', OrderID: 'eorder-1', payment: needsStep },
        { outcome: 'fps', OrderID: 'eorder-1', payment: { ...processing, PaymentStatus: 'pending' } },
        { outcome: 'processing', OrderID: 'eorder-1', payment: processing },
        { outcome: 'failed', OrderID: 'eorder-1', error: { code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later' } },
        { outcome: 'cancelled', OrderID: 'eorder-1', payment: processing },
        { outcome: 'unpaid', error: { code: '70600', message: 'This coupon has expired' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', error: { code: 'OutOfStock', message: 'Only 2 spaces left' }, refusedBy: 'placeOrder' },
        { outcome: 'unpaid', OrderID: 'eorder-1', error: { code: 'ObjectNotFound' }, refusedBy: 'payOrder' },
        { outcome: 'unpaid', error: { code: ORDER_NOT_PLACED } },
        { outcome: 'unpaid', OrderID: 'eorder-1', error: { code: PAYMENT_NOT_TAKEN } },
      ],
      error: new Error('paying failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as EventJoinContext;
    const ready =
      c.method !== undefined && (c.method !== 'CreditCard' || c.cardID !== undefined) && (!c.event?.IsAlcohol || c.ageConfirmed || c.orderID !== undefined);
    return {
      session: c.varianceID !== undefined,
      guestsValid: c.guests.every((g) => !guestProblem(g)),
      method: c.method,
      ready,
      order: c.orderID !== undefined,
    };
  },
};
