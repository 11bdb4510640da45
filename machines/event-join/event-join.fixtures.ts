import type { eventJoinMachine } from './event-join.machine.ts';
import type { CouponError, EventDetail, EventJoinContext, EventOrderSummary, EventTotals } from './event-join.types.ts';
import { guestProblem } from './event-join.guests.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export { mastercard, visa } from '../payment-choice/payment-choice.fixtures.ts';
import { paymentStarts } from '../order-payment/order-payment.fixtures.ts';
import { stepEnds } from '../payment-step/payment-step.fixtures.ts';

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

export const { paid, needsStep, processing } = paymentStarts('eorder-1');

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
    getEventOrder: {
      done: [order('Paid'), order('PaymentFailed'), order('WaitForPayment', 'Alipay'), order('Cancelled'), order('Expired'), { ok: false, code: 'InternalError' }],
      error: new Error('network down'),
    },
    // How the payment step ended (machines/payment-step has its own model for how it gets there).
    paymentStep: {
      done: stepEnds('eorder-1', ['70600', 'OutOfStock'], ['back', 'left', 'couponChanged']),
      error: new Error('the payment step failed'),
    },
  },
  // The graph tells states apart by what the guards look at, not by every value the flow holds.
  abstraction: (s) => {
    const c = s.context as EventJoinContext;
    return {
      session: c.varianceID !== undefined,
      seats: c.seats,
      guestsValid: c.guests.every((g) => !guestProblem(g)),
      order: c.orderID !== undefined,
      // The one final state of a paying outcome is told apart by the outcome, as each had its own state.
      outcome: c.outcome,
    };
  },
};
