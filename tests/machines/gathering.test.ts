import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { gatheringMachine } from '../../machines/gathering/gathering.machine.ts';
import * as select from '../../machines/gathering/gathering.selectors.ts';
import type {
  CallResult,
  CreateGatheringOrderOutput,
  CreateProductOrderOutput,
  Empty,
  OngoingGatheringOutput,
  PayPlaceByCardOutput,
} from '../../machines/gathering/gathering.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { gatheringModel } from './gathering.model.ts';

const paths = modelPaths(gatheringModel);

describe('gathering: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(gatheringMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(gatheringModel, p);
    for (const call of calls) {
      if (call.src === 'changeCart') expect(call.input).toEqual({ gatheringID: 'gth-matcha-whisking-0', change: { kind: 'add', productID: 'tea-gyokuro', quantity: 2 } });
      if (call.src === 'createProductOrder') expect(call.input).toEqual({ gatheringID: 'gth-matcha-whisking-0', ageConfirmed: false, delivery: false, method: 'FPS' });
      if (call.src === 'quitOngoingGathering') expect(call.input).toEqual({ gatheringID: 'gth-matcha-whisking-0' });
      if (call.src === 'createGatheringOrder') expect([{ gatheringID: 'gth-matcha-whisking-0', method: 'FPS' }, { gatheringID: 'gth-matcha-whisking-0', method: 'CreditCard' }]).toContainEqual(call.input);
      if (call.src === 'payPlaceByCard') expect(call.input).toEqual({ gatheringID: 'gth-matcha-whisking-0', cardID: 'pm_visa_4242' });
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const inRoom: CallResult<OngoingGatheringOutput> = {
  ok: true,
  data: { Gathering: { GatheringID: 'g1', Status: 'Ongoing', IAmIn: true, Title: { en: 'Tea', zh: '茶' }, Venue: { en: 'Studio', zh: '工作室' }, AttendeeCount: 2 } },
};
const ok: CallResult<Empty> = { ok: true, data: {} };

function start(answers: {
  ongoing?: CallResult<OngoingGatheringOutput> | CallResult<OngoingGatheringOutput>[];
  cart?: CallResult<Empty>[];
  order?: CallResult<CreateProductOrderOutput>[];
  place?: CallResult<CreateGatheringOrderOutput>[];
  pay?: CallResult<PayPlaceByCardOutput>[];
  quit?: CallResult<Empty>;
}) {
  const sent: { src: string; input: unknown }[] = [];
  const nth = <T>(list: T[] | undefined, src: string): T => {
    const i = sent.filter((s) => s.src === src).length - 1;
    const answer = list?.[Math.min(i, (list?.length ?? 1) - 1)];
    if (answer === undefined) throw new Error('network down');
    return answer;
  };
  const actor = createActor(
    gatheringMachine.provide({
      actors: {
        getUserOngoingGathering: fromPromise(async () => {
          sent.push({ src: 'ongoing', input: undefined });
          return Array.isArray(answers.ongoing) ? nth(answers.ongoing, 'ongoing') : (answers.ongoing ?? inRoom);
        }),
        createGatheringOrder: fromPromise(async ({ input }) => (sent.push({ src: 'createGatheringOrder', input }), nth(answers.place, 'createGatheringOrder'))),
        payPlaceByCard: fromPromise(async ({ input }) => (sent.push({ src: 'payPlaceByCard', input }), nth(answers.pay, 'payPlaceByCard'))),
        changeCart: fromPromise(async ({ input }) => (sent.push({ src: 'changeCart', input }), nth(answers.cart, 'changeCart'))),
        createProductOrder: fromPromise(async ({ input }) => (sent.push({ src: 'createProductOrder', input }), nth(answers.order, 'createProductOrder'))),
        quitOngoingGathering: fromPromise(async ({ input }) => (sent.push({ src: 'quit', input }), answers.quit ?? ok)),
      },
    }),
  ).start();
  return { actor, sent, snapshot: () => actor.getSnapshot() };
}

describe('gathering: behaviour', () => {
  it('in the room: a cart change at a time, then the order, paid by the FPS popup; then more', async () => {
    const { actor, sent, snapshot } = start({ cart: [ok], order: [{ ok: true, data: { Order: { OrderID: 'ord_9' } } }] });
    await tick();
    expect(select.isIn(snapshot())).toBe(true);
    actor.send({ type: 'CHANGE_CART', change: { kind: 'add', productID: 'p1', quantity: 1 } });
    actor.send({ type: 'CHANGE_CART', change: { kind: 'add', productID: 'p1', quantity: 1 } });
    expect(select.isBusy(snapshot())).toBe(true);
    await tick();
    expect(sent.filter((s) => s.src === 'changeCart')).toHaveLength(1);
    actor.send({ type: 'PLACE_ORDER', ageConfirmed: true, delivery: true, method: 'CreditCard' });
    actor.send({ type: 'PLACE_ORDER', ageConfirmed: true, delivery: true, method: 'CreditCard' });
    await tick();
    expect(sent.filter((s) => s.src === 'createProductOrder')).toEqual([
      { src: 'createProductOrder', input: { gatheringID: 'g1', ageConfirmed: true, delivery: true, method: 'CreditCard' } },
    ]);
    expect(select.orderToPay(snapshot())).toBe('ord_9');
    expect(select.payMethod(snapshot())).toBe('CreditCard');
    actor.send({ type: 'ORDER_MORE' });
    expect(select.orderToPay(snapshot())).toBeUndefined();
    expect(select.payMethod(snapshot())).toBeUndefined();
    expect(select.isIn(snapshot())).toBe(true);
  });

  it('a refused change or order is said, and the next try clears it', async () => {
    const { actor, snapshot } = start({ cart: [{ ok: false, code: 'OutOfStock' }, ok], order: [{ ok: false, code: 'AgeConfirmationRequired' }] });
    await tick();
    actor.send({ type: 'CHANGE_CART', change: { kind: 'set', productID: 'p1', quantity: 9 } });
    await tick();
    expect(select.cartError(snapshot())).toBe('OutOfStock');
    actor.send({ type: 'PLACE_ORDER', ageConfirmed: false, delivery: false, method: 'FPS' });
    expect(select.cartError(snapshot())).toBeUndefined();
    await tick();
    expect(select.orderError(snapshot())).toBe('AgeConfirmationRequired');
    expect(select.isIn(snapshot())).toBe(true);
  });

  it('a closed gathering ends the room view; not checked in shows how to get in; leaving says goodbye', async () => {
    const closed = start({ cart: [{ ok: false, code: 'GatheringClosed' }] });
    await tick();
    closed.actor.send({ type: 'CHANGE_CART', change: { kind: 'add', productID: 'p1', quantity: 1 } });
    await tick();
    expect(select.hasEnded(closed.snapshot())).toBe(true);

    const outside = start({ ongoing: { ok: true, data: {} } });
    await tick();
    expect(select.isNotIn(outside.snapshot())).toBe(true);

    const leaving = start({});
    await tick();
    leaving.actor.send({ type: 'LEAVE' });
    expect(select.isLeaving(leaving.snapshot())).toBe(true);
    await tick();
    expect(select.hasLeft(leaving.snapshot())).toBe(true);
    expect(leaving.sent.filter((s) => s.src === 'quit')).toEqual([{ src: 'quit', input: { gatheringID: 'g1' } }]);
  });
});

describe('gathering: a walk-in buys a place', () => {
  const outside: CallResult<OngoingGatheringOutput> = { ok: true, data: {} };
  const placed: CallResult<CreateGatheringOrderOutput> = { ok: true, data: { Order: { OrderID: 'ord_place', GatheringID: 'g1' } } };

  it('a double tap places one order; the popup pays it and the member is read in the room', async () => {
    const { actor, sent, snapshot } = start({ ongoing: [outside, inRoom], place: [placed] });
    await tick();
    expect(select.isNotIn(snapshot())).toBe(true);
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1', method: 'FPS' });
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1', method: 'FPS' });
    expect(select.isBuyingPlace(snapshot())).toBe(true);
    expect(select.isBusy(snapshot())).toBe(true);
    await tick();
    expect(sent.filter((s) => s.src === 'createGatheringOrder')).toEqual([{ src: 'createGatheringOrder', input: { gatheringID: 'g1', method: 'FPS' } }]);
    expect(select.placeToPay(snapshot())).toBe('ord_place');
    expect(select.placeGathering(snapshot())).toBe('g1');
    actor.send({ type: 'PLACE_PAID' });
    await tick();
    expect(select.isIn(snapshot())).toBe(true);
    expect(select.placeToPay(snapshot())).toBeUndefined();
    expect(sent.filter((s) => s.src === 'ongoing')).toHaveLength(2);
  });

  it('a refusal is remembered and cleared on the next try; Back leaves the place unpaid', async () => {
    const { actor, snapshot } = start({ ongoing: outside, place: [{ ok: false, code: 'OutOfStock' }, placed] });
    await tick();
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1', method: 'FPS' });
    await tick();
    expect(select.isNotIn(snapshot())).toBe(true);
    expect(select.placeError(snapshot())).toBe('OutOfStock');
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1', method: 'FPS' });
    expect(select.placeError(snapshot())).toBeUndefined();
    await tick();
    expect(select.placeToPay(snapshot())).toBe('ord_place');
    actor.send({ type: 'BACK' });
    expect(select.isNotIn(snapshot())).toBe(true);
    expect(select.placeToPay(snapshot())).toBeUndefined();
    expect(snapshot().context.placeOrderID).toBeUndefined();
  });

  it('no answer is said as a network error', async () => {
    const { actor, snapshot } = start({ ongoing: outside, place: [] });
    await tick();
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1', method: 'FPS' });
    await tick();
    expect(select.isNotIn(snapshot())).toBe(true);
    expect(select.placeError(snapshot())).toBe('NetworkError');
  });

  describe('paid with a saved card', () => {
    const byCard = { type: 'BUY_PLACE', gatheringID: 'g1', method: 'CreditCard', cardID: 'pm_1' } as const;
    const paid: CallResult<PayPlaceByCardOutput> = { ok: true, data: { OrderID: 'ord_place', PaymentStatus: 'succeeded' } };

    it('a double tap places and pays once, with the card; paid, the member is read in the room', async () => {
      const { actor, sent, snapshot } = start({ ongoing: [outside, inRoom], place: [placed], pay: [paid] });
      await tick();
      actor.send(byCard);
      actor.send(byCard);
      expect(select.isBuyingPlace(snapshot())).toBe(true);
      expect(select.placeMethod(snapshot())).toBe('CreditCard');
      await tick();
      expect(sent.filter((s) => s.src !== 'ongoing')).toEqual([
        { src: 'createGatheringOrder', input: { gatheringID: 'g1', method: 'CreditCard' } },
        { src: 'payPlaceByCard', input: { gatheringID: 'g1', cardID: 'pm_1' } },
      ]);
      await tick();
      expect(select.isIn(snapshot())).toBe(true);
      expect(snapshot().context).toMatchObject({ placeOrderID: undefined, placeMethod: undefined, placeCardID: undefined });
      expect(sent.filter((s) => s.src === 'ongoing')).toHaveLength(2);
    });

    it('while the card is charged the buttons wait; an answer still on its way reads again, nothing said', async () => {
      let answer: (r: CallResult<PayPlaceByCardOutput>) => void = () => {};
      const actor = createActor(
        gatheringMachine.provide({
          actors: {
            getUserOngoingGathering: fromPromise(async (): Promise<CallResult<OngoingGatheringOutput>> => outside),
            createGatheringOrder: fromPromise(async (): Promise<CallResult<CreateGatheringOrderOutput>> => placed),
            payPlaceByCard: fromPromise(() => new Promise<CallResult<PayPlaceByCardOutput>>((resolve) => (answer = resolve))),
          },
        }),
      ).start();
      const snapshot = () => actor.getSnapshot();
      await tick();
      actor.send(byCard);
      await tick();
      expect(select.isPayingPlaceByCard(snapshot())).toBe(true);
      expect(select.isBusy(snapshot())).toBe(true);
      expect(select.isOutside(snapshot())).toBe(true);
      expect(select.placeToPay(snapshot())).toBeUndefined();
      actor.send(byCard);
      expect(select.isPayingPlaceByCard(snapshot())).toBe(true);
      answer({ ok: true, data: { OrderID: 'ord_place', PaymentStatus: 'processing' } });
      await tick();
      await tick();
      expect(select.isNotIn(snapshot())).toBe(true);
      expect(select.placeError(snapshot())).toBeUndefined();
    });

    it('the card’s extra step: its page is given to the screen, and coming back reads again', async () => {
      const step: CallResult<PayPlaceByCardOutput> = { ok: true, data: { OrderID: 'ord_place', PaymentStatus: 'requires_action', RedirectURL: 'https://bank.test/3ds' } };
      const { actor, snapshot } = start({ ongoing: [outside, inRoom], place: [placed], pay: [step] });
      await tick();
      actor.send(byCard);
      await tick();
      await tick();
      expect(select.cardStepURL(snapshot())).toBe('https://bank.test/3ds');
      expect(select.isOutside(snapshot())).toBe(true);
      expect(select.isBusy(snapshot())).toBe(true);
      actor.send({ type: 'RETRY' });
      await tick();
      expect(select.isIn(snapshot())).toBe(true);
      expect(select.cardStepURL(snapshot())).toBeUndefined();
    });

    it('a refused card is said and the order kept; buying again pays the same order', async () => {
      const { actor, sent, snapshot } = start({ ongoing: [outside, inRoom], place: [placed], pay: [{ ok: false, code: 'PaymentFail' }, paid] });
      await tick();
      actor.send(byCard);
      await tick();
      await tick();
      expect(select.isNotIn(snapshot())).toBe(true);
      expect(select.placeError(snapshot())).toBe('PaymentFail');
      expect(select.placeGathering(snapshot())).toBe('g1');
      expect(snapshot().context.placeOrderID).toBe('ord_place');
      actor.send(byCard);
      expect(select.placeError(snapshot())).toBeUndefined();
      await tick();
      await tick();
      expect(select.isIn(snapshot())).toBe(true);
      expect(sent.filter((s) => s.src === 'payPlaceByCard')).toHaveLength(2);
      expect(sent.filter((s) => s.src === 'createGatheringOrder').map((s) => s.input)).toEqual([
        { gatheringID: 'g1', method: 'CreditCard' },
        { gatheringID: 'g1', method: 'CreditCard' },
      ]);
    });

    it('no answer from the card is said as a network error, the order kept', async () => {
      const { actor, snapshot } = start({ ongoing: outside, place: [placed], pay: [] });
      await tick();
      actor.send(byCard);
      await tick();
      await tick();
      expect(select.isNotIn(snapshot())).toBe(true);
      expect(select.placeError(snapshot())).toBe('NetworkError');
      expect(snapshot().context.placeOrderID).toBe('ord_place');
    });
  });
});
