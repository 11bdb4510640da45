import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { GuestContact, GuestName, MAX_SEATS_PER_ORDER as CONTRACT_MAX_SEATS } from '../../contract/event-orders.ts';
import { couponTotalsMachine } from '../../machines/coupon-totals/coupon-totals.machine.ts';
import { oolongTasting, paid, threeSeats, visa, whiskyTasting, unpaidOrder } from '../../machines/event-join/event-join.fixtures.ts';
import { guestProblem, guestSlots } from '../../machines/event-join/event-join.guests.ts';
import { eventJoinMachine } from '../../machines/event-join/event-join.machine.ts';
import * as select from '../../machines/event-join/event-join.selectors.ts';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import { paymentStepMachine } from '../../machines/payment-step/payment-step.machine.ts';
import type { ReadOrderOutput } from '../../machines/order-payment/order-payment.types.ts';
import type { PaymentStepEvent, PaymentStepExtraEvent, PaymentStepInput } from '../../machines/payment-step/payment-step.types.ts';
import { paymentStepActor, type KindCheckoutSnapshot } from '../../machines/payment-step/payment-step.selectors.ts';

type PaymentEvent = PaymentStepEvent | PaymentStepExtraEvent;
import type {
  CallResult,
  EventCalculateRequest,
  EventDetail,
  EventJoinEvent,
  EventJoinInput,
  GetEventOrderOutput,
  ListUserEventOrderOutput,
  ListUserEventRecordOutput,
  NewEventCheckOutInput,
  PlaceResult,
} from '../../machines/event-join/event-join.types.ts';
import { MAX_SEATS_PER_ORDER } from '../../machines/event-join/event-join.types.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { eventJoinModel } from './event-join.model.ts';
import { replayOnActor } from '../support/replay.ts';


/**
 * Sends as the page does: the payment step's events to the step while the flow runs it (sendToPaymentStep
 * in src/features/checkout/checkout-parts.tsx), the rest to the flow.
 */
const sendAsThePage =
  (actor: { getSnapshot(): unknown; send(event: EventJoinEvent): void }) =>
  (event: EventJoinEvent | PaymentEvent): void => {
    const step = paymentStepActor(actor.getSnapshot() as KindCheckoutSnapshot);
    if (step) step.send(event as PaymentEvent);
    else actor.send(event as EventJoinEvent);
  };

const paths = modelPaths(eventJoinModel);

describe('eventJoin: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(eventJoinMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(eventJoinModel, p);
    for (const call of calls) {
      const input = call.input as Record<string, unknown>;
      if (call.src === 'paymentStep') {
        // The event's order as data: the payment step adds how to pay (machines/payment-step has its own model).
        const { order, kindRefusals, paying } = call.input as PaymentStepInput;
        expect({ kind: order.kind, listOrders: order.listOrders, placeCardAs: order.placeCardAs }).toEqual({
          kind: 'event',
          listOrders: { VarianceID: 'var-oolong-1' },
          placeCardAs: 'CardID',
        });
        expect(kindRefusals).toEqual({ codes: ['70600', 'OutOfStock', 'EventSaleClosed'], calls: ['placeOrder', 'payOrder'] });
        if (paying.orderID === undefined) {
          const request = order.place as Omit<NewEventCheckOutInput, 'PaymentMethod' | 'AgeConfirmed'>;
          expect(request).toMatchObject({ Language: 'en', Currency: 'HKD', VarianceID: 'var-oolong-1' });
          expect(request.NumberOfSeat).toBeGreaterThanOrEqual(1);
          // Only named guests travel, never more than the guest slots.
          expect(request.GuestInfo.length).toBeLessThan(request.NumberOfSeat);
        } else expect(paying.orderID).toBe('eorder-1');
      }
      if (call.src === 'EventCalculate') expect((input.request as EventCalculateRequest).VarianceID).toBe('var-oolong-1');
      if (call.src === 'getEventOrder') expect(input.orderID).toBe('eorder-1');
      if (call.src === 'getEventDetail') expect(input).toEqual({ EventID: 'evt-oolong', Currency: 'HKD' });
    }
  });
});

describe('eventJoin: guest rules are the contract’s', () => {
  const names = ['Chan Tai Man', '  ', '', 'x'.repeat(80), 'x'.repeat(81), ' 陳大文 '];
  const contacts = ['+852 9123 4567', '91234567', '(852) 2345-6789', 'call me', '12345', '+'.padEnd(22, '1'), ''];
  it.each(names.flatMap((n) => contacts.map((c) => [n, c] as const)))('name %j, contact %j', (name, contact) => {
    const blank = name.trim() === '' && contact.trim() === '';
    const contractOk = v.is(GuestName, name) && v.safeParse(GuestName, name).success && v.safeParse(GuestContact, contact).success;
    expect(guestProblem({ name, contact }) === undefined).toBe(blank || contractOk);
  });
  it('seats per order match the contract', () => expect(MAX_SEATS_PER_ORDER).toBe(CONTRACT_MAX_SEATS));
  it('spec §4: guest slots are the seats, minus the member’s own unless they already joined', () => {
    expect(guestSlots(3, false)).toBe(2);
    expect(guestSlots(3, true)).toBe(3);
    expect(guestSlots(1, false)).toBe(0);
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const POLL_INTERVAL = orderPaymentMachine.implementations.delays.pollInterval as number;

type Answers = {
  event?: () => CallResult<{ eventDetail: EventDetail }>;
  joined?: string[];
  /** The raw EventCalculate answer; the coupon-totals machine recovers from 70600 as in the app. */
  calculate?: (input: { couponID?: string | undefined; request: EventCalculateRequest }) => CallResult<typeof threeSeats, { reason?: 'Expired' }>;
  place?: (input: NewEventCheckOutInput) => PlaceResult;
  order?: () => CallResult<GetEventOrderOutput>;
  orders?: () => CallResult<ListUserEventOrderOutput>;
};

const ok = <T,>(data: T): CallResult<T, never> => ({ ok: true, data });

function startJoin(input: EventJoinInput, answers: Answers = {}) {
  const clock = new SimulatedClock();
  const calls: Array<{ src: string; input: unknown }> = [];
  const call =
    <I, O>(src: string, answer: (input: I) => O) =>
    async ({ input }: { input: I }): Promise<O> => {
      calls.push({ src, input });
      return answer(input);
    };
  const calculate = answers.calculate ?? (() => ({ ok: true as const, data: threeSeats }));
  const readOrder = answers.order ?? ((): CallResult<GetEventOrderOutput> => ({ ok: true, data: { Order: { ...unpaidOrder, PaymentStatus: 'Paid' } } }));
  const machine = eventJoinMachine.provide({
    actors: {
      getEventDetail: fromPromise(call('getEventDetail', answers.event ?? (() => ({ ok: true as const, data: { eventDetail: oolongTasting } })))),
      listUserEventRecord: fromPromise(call('listUserEventRecord', (): CallResult<ListUserEventRecordOutput> => ok({ RecordList: (answers.joined ?? []).map((VarianceID) => ({ VarianceID })) }))),
      EventCalculate: couponTotalsMachine.provide({
        actors: { calculateTotals: fromPromise(call('EventCalculate', (i: never) => calculate(i) as CallResult<unknown, { reason?: 'Expired' }>)) as never },
      }) as never,
      getEventOrder: fromPromise(call('getEventOrder', readOrder)),
      // The payment step with choosing how to pay and paying by the event's calls, recorded under the calls' names.
      paymentStep: paymentStepMachine.provide({
        actors: {
          paymentChoice: paymentChoiceMachine.provide({
            actors: {
              getPaymentMehtod: fromPromise(call('getPaymentMehtod', () => ok({ PaymentMethodList: [visa] }))),
              addCreditCard: fromPromise(call('addCreditCard', () => ok({ PaymentMethodID: 'pm_new' }))),
              addPaymentMehtod: fromPromise(call('addPaymentMehtod', () => ok({ PaymentMethod: visa }))),
            },
          }),
          orderPayment: orderPaymentMachine.provide({
            actors: {
              listOrders: fromPromise(call('listUserEventOrder', answers.orders ?? ((): CallResult<ListUserEventOrderOutput> => ({ ok: true, data: { OrderList: [] } })))),
              placeOrder: fromPromise(call('newEventCheckOut', (i: Readonly<Record<string, unknown>>) => (answers.place ?? ((): PlaceResult => ok(paid)))(i as NewEventCheckOutInput))),
              payOrder: fromPromise(call('createEventPayment', (): PlaceResult => ok(paid))),
              confirmCardPayment: fromPromise(call('productCreditcardPayment', (): PlaceResult => ({ ok: false, code: 'InternalError', message: 'not expected here' }))),
              readOrder: fromPromise(call('getEventOrder', (): CallResult<ReadOrderOutput> => readOrder())),
            },
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input, clock });
  actor.start();
  return { actor, clock, calls, snapshot: () => actor.getSnapshot(), send: sendAsThePage(actor) };
}

const picked: EventJoinInput = { currency: 'HKD', language: 'en', eventID: 'evt-oolong', svip: false, varianceID: 'var-oolong-1', seats: 3 };

describe('eventJoin: behaviour', () => {
  it('main path: 3 seats, two named guests, card, paid', async () => {
    const t = startJoin(picked);
    await tick();
    expect(select.step(t.snapshot())).toBe('seats');
    expect(select.maxSeats(t.snapshot())).toBe(5);
    expect(select.guestSlotCount(t.snapshot())).toBe(2);
    t.send({ type: 'CONTINUE' });
    expect(select.step(t.snapshot())).toBe('guests');
    t.send({ type: 'EDIT_GUEST', index: 0, name: ' Chan Tai Man ', contact: '+852 9123 4567' });
    t.send({ type: 'EDIT_GUEST', index: 1, name: 'Wong Siu Ming', contact: 'not a number' });
    t.send({ type: 'CONTINUE' });
    expect(select.step(t.snapshot())).toBe('guests');
    expect(select.guestProblems(t.snapshot())).toEqual([undefined, { name: undefined, contact: 'format' }]);
    t.send({ type: 'EDIT_GUEST', index: 1, name: 'Wong Siu Ming', contact: '6123 4567' });
    t.send({ type: 'CONTINUE' });
    await tick();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'eorder-1' });
    const placed = t.calls.find((c) => c.src === 'newEventCheckOut')!.input;
    expect(placed).toEqual({
      Language: 'en',
      Currency: 'HKD',
      VarianceID: 'var-oolong-1',
      NumberOfSeat: 3,
      GuestInfo: [
        { Name: 'Chan Tai Man', Contact: '+852 9123 4567' },
        { Name: 'Wong Siu Ming', Contact: '6123 4567' },
      ],
      PaymentMethod: 'CreditCard',
      CardID: 'pm_visa',
      CouponID: undefined,
      AgeConfirmed: false,
    });
  });

  it('a guest left blank is named later: only the named one is sent', async () => {
    const place = (input: NewEventCheckOutInput): PlaceResult => ({ ok: true, data: { ...paid, OrderID: `o-${input.GuestInfo.length}` } });
    const t = startJoin(picked, { place });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'EDIT_GUEST', index: 1, name: 'Wong Siu Ming', contact: '61234567' });
    t.send({ type: 'CONTINUE' });
    await tick();
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(select.result(t.snapshot())?.OrderID).toBe('o-1');
  });

  it('a member who already joined the session names a guest for every seat', async () => {
    const t = startJoin(picked, { joined: ['var-oolong-1'] });
    await tick();
    expect(select.alreadyJoined(t.snapshot())).toBe(true);
    expect(select.guestSlotCount(t.snapshot())).toBe(3);
    t.send({ type: 'SET_SEATS', seats: 1 });
    t.send({ type: 'CONTINUE' });
    expect(select.step(t.snapshot())).toBe('guests');
    expect(select.guests(t.snapshot())).toHaveLength(1);
  });

  it('seats stay within 1 and the spaces left (at most 10)', async () => {
    const t = startJoin(picked);
    await tick();
    for (const n of [0, 6, 2.5, -1]) expect(select.canSetSeats(t.snapshot(), n)).toBe(false);
    for (const n of [1, 5]) expect(select.canSetSeats(t.snapshot(), n)).toBe(true);
  });

  it('picked seats above the spaces left, or a sold-out session: the member chooses a session', async () => {
    const t = startJoin({ ...picked, varianceID: 'var-oolong-2' });
    await tick();
    expect(select.step(t.snapshot())).toBe('session');
    expect(select.sessions(t.snapshot()).map((s) => s.open)).toEqual([true, false]);
    t.send({ type: 'SELECT_SESSION', varianceID: 'var-oolong-2' });
    expect(select.step(t.snapshot())).toBe('session');
    t.send({ type: 'SELECT_SESSION', varianceID: 'var-oolong-1' });
    expect(select.step(t.snapshot())).toBe('seats');
    expect(select.seats(t.snapshot())).toBe(3);
  });

  describe('a session in its SVIP early-access window (issue 18)', () => {
    const svipSession = {
      ...oolongTasting.Variances[0]!,
      VarianceID: 'var-oolong-svip',
      Date: '2027-03-20',
      SaleStatus: 'NotOpen' as const,
      SvipEarlyAccess: true,
      SaleOpenAt: '2027-02-20T02:00:00.000Z',
    };
    const withSvipSession = (): CallResult<{ eventDetail: EventDetail }> =>
      ok({ eventDetail: { ...oolongTasting, Variances: [...oolongTasting.Variances, svipSession] } });

    it('is not open to a member who is not an SVIP: picked on the event page or chosen here, it stays at choosing', async () => {
      const t = startJoin({ ...picked, varianceID: 'var-oolong-svip', seats: 1 }, { event: withSvipSession });
      await tick();
      expect(select.step(t.snapshot())).toBe('session');
      expect(select.isSvip(t.snapshot())).toBe(false);
      expect(select.sessions(t.snapshot()).map((s) => [s.VarianceID, s.open, s.svipEarlyAccess])).toEqual([
        ['var-oolong-1', true, false],
        ['var-oolong-2', false, false],
        ['var-oolong-svip', false, true],
      ]);
      t.send({ type: 'SELECT_SESSION', varianceID: 'var-oolong-svip' });
      expect(select.step(t.snapshot())).toBe('session');
    });

    it('an SVIP picks it: from the event page straight to the seats, or chosen here', async () => {
      const t = startJoin({ ...picked, svip: true, varianceID: 'var-oolong-svip', seats: 1 }, { event: withSvipSession });
      await tick();
      expect(select.step(t.snapshot())).toBe('seats');
      expect(select.session(t.snapshot())?.VarianceID).toBe('var-oolong-svip');
      t.send({ type: 'BACK' });
      expect(select.sessions(t.snapshot()).find((s) => s.VarianceID === 'var-oolong-svip')).toMatchObject({ open: true, svipEarlyAccess: true });
      t.send({ type: 'SELECT_SESSION', varianceID: 'var-oolong-svip' });
      expect(select.step(t.snapshot())).toBe('seats');
    });

    it('full, it is closed to an SVIP too', async () => {
      const full = (): CallResult<{ eventDetail: EventDetail }> =>
        ok({ eventDetail: { ...oolongTasting, Variances: [{ ...svipSession, SpacesLeft: 0 }] } });
      const t = startJoin({ ...picked, svip: true, varianceID: 'var-oolong-svip', seats: 1 }, { event: full });
      await tick();
      expect(select.step(t.snapshot())).toBe('session');
      expect(select.sessions(t.snapshot())[0]).toMatchObject({ open: false, svipEarlyAccess: true });
    });
  });

  it('the session fills up while the member pays: says so, with the fresh spaces left, and back to choosing', async () => {
    let full = false;
    const t = startJoin(picked, {
      event: () => ({ ok: true, data: { eventDetail: full ? whiskyTasting : oolongTasting } }),
      place: () => {
        full = true;
        return { ok: false, code: 'OutOfStock', message: 'Only 2 spaces left' };
      },
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'CONTINUE' });
    await tick();
    t.send({ type: 'SELECT_METHOD', method: 'FPS' });
    t.send({ type: 'PLACE_ORDER' });
    for (let i = 0; i < 4; i++) await tick();
    expect(select.step(t.snapshot())).toBe('session');
    expect(select.sessionNotice(t.snapshot())).toEqual({ varianceID: 'var-oolong-1', code: 'OutOfStock', spacesLeft: 2, seatsWanted: 3 });
    expect(select.varianceID(t.snapshot())).toBeUndefined();
    t.send({ type: 'SELECT_SESSION', varianceID: 'var-oolong-1' });
    expect(select.seats(t.snapshot())).toBe(2);
    expect(select.sessionNotice(t.snapshot())).toBeUndefined();
  });

  it('EventCalculate answering OutOfStock goes back to choosing too', async () => {
    const t = startJoin(picked, { calculate: () => ({ ok: false, code: 'OutOfStock' }) });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'CONTINUE' });
    for (let i = 0; i < 4; i++) await tick();
    expect(select.step(t.snapshot())).toBe('session');
    expect(select.sessionNotice(t.snapshot())?.code).toBe('OutOfStock');
  });

  it('70600: the coupon is dropped, its message kept, and the totals read again without it', async () => {
    const t = startJoin(picked, {
      calculate: (input) =>
        input.couponID ? { ok: false, code: '70600', message: 'This coupon has expired', data: { reason: 'Expired' } } : { ok: true, data: threeSeats },
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'CONTINUE' });
    await tick();
    t.send({ type: 'APPLY_COUPON', code: '  ' });
    expect(select.step(t.snapshot())).toBe('payment');
    t.send({ type: 'APPLY_COUPON', code: 'OLD5' });
    for (let i = 0; i < 4; i++) await tick();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.couponID(t.snapshot())).toBeUndefined();
    expect(select.couponError(t.snapshot())).toMatchObject({ couponID: 'OLD5', code: '70600', message: 'This coupon has expired' });
    expect(t.calls.filter((c) => c.src === 'EventCalculate').map((c) => (c.input as { couponID?: string }).couponID)).toEqual([undefined, 'OLD5', undefined]);
  });

  it('a spirits tasting needs the over-18 confirmation before the order can be placed', async () => {
    const t = startJoin({ ...picked, seats: 1 }, { event: () => ({ ok: true, data: { eventDetail: whiskyTasting } }) });
    await tick();
    t.send({ type: 'CONTINUE' });
    await tick();
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    expect(select.needsAge(t.snapshot())).toBe(true);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    t.send({ type: 'CONFIRM_AGE', confirmed: true });
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(t.calls.find((c) => c.src === 'newEventCheckOut')!.input).toMatchObject({ AgeConfirmed: true, NumberOfSeat: 1, GuestInfo: [] });
  });

  it('processing: reads the order every 2 s until paid', async () => {
    let reads = 0;
    const t = startJoin(picked, {
      place: () => ({ ok: true, data: { ...paid, PaymentStatus: 'processing' } }),
      order: () => ({ ok: true, data: { Order: { ...unpaidOrder, PaymentStatus: ++reads < 2 ? 'WaitForPayment' : 'Paid' } } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'CONTINUE' });
    await tick();
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    for (let i = 0; i < 3; i++) await tick();
    expect(select.step(t.snapshot())).toBe('paying');
    expect(reads).toBe(1);
    t.clock.increment(POLL_INTERVAL);
    await tick();
    await tick();
    expect(select.result(t.snapshot())?.outcome).toBe('confirmed');
  });

  it('paying an order again (payment_fail): its method and totals come from the order, then create-event-payment', async () => {
    const t = startJoin({ currency: 'HKD', language: 'en', eventID: '', svip: false, resume: { OrderID: 'eorder-1' } }, {
      order: () => ({ ok: true, data: { Order: unpaidOrder } }),
    });
    await tick();
    await tick();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.paymentMethod(t.snapshot())).toBe('CreditCard');
    expect(select.totals(t.snapshot())?.orderDetail.Total).toBe(129_600);
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(t.calls.find((c) => c.src === 'createEventPayment')?.input).toEqual({ OrderID: 'eorder-1', PaymentMethod: 'CreditCard', CardID: 'pm_visa' });
    expect(select.result(t.snapshot())?.outcome).toBe('confirmed');
    expect(t.calls.some((c) => c.src === 'newEventCheckOut')).toBe(false);
  });
});
