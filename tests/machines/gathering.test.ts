import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { gatheringMachine } from '../../machines/gathering/gathering.machine.ts';
import * as select from '../../machines/gathering/gathering.selectors.ts';
import type { CallResult, CreateGatheringOrderOutput, CreateProductOrderOutput, Empty, OngoingGatheringOutput } from '../../machines/gathering/gathering.types.ts';
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
      if (call.src === 'createGatheringOrder') expect(call.input).toEqual({ gatheringID: 'gth-matcha-whisking-0' });
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
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1' });
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1' });
    expect(select.isBuyingPlace(snapshot())).toBe(true);
    expect(select.isBusy(snapshot())).toBe(true);
    await tick();
    expect(sent.filter((s) => s.src === 'createGatheringOrder')).toEqual([{ src: 'createGatheringOrder', input: { gatheringID: 'g1' } }]);
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
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1' });
    await tick();
    expect(select.isNotIn(snapshot())).toBe(true);
    expect(select.placeError(snapshot())).toBe('OutOfStock');
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1' });
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
    actor.send({ type: 'BUY_PLACE', gatheringID: 'g1' });
    await tick();
    expect(select.isNotIn(snapshot())).toBe(true);
    expect(select.placeError(snapshot())).toBe('NetworkError');
  });
});
