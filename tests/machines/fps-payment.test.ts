import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { liveQr } from '../../machines/fps-payment/fps-payment.fixtures.ts';
import { fpsPaymentMachine } from '../../machines/fps-payment/fps-payment.machine.ts';
import * as select from '../../machines/fps-payment/fps-payment.selectors.ts';
import type { CallResult, Empty, FpsPaymentStart, GetProductOrderOutput, OrderPaymentStatus } from '../../machines/fps-payment/fps-payment.types.ts';
import { fpsPaymentModel } from './fps-payment.model.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(fpsPaymentModel);

describe('fpsPayment: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(fpsPaymentMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(fpsPaymentModel, p);
    for (const call of calls) {
      if (call.src === 'createProductPayment') expect(call.input).toEqual({ OrderID: 'order-7', PaymentMethod: 'FPS' });
      else expect(call.input).toEqual({ orderID: 'order-7' });
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const WINDOW = fpsPaymentMachine.implementations.delays.paymentWindow as number;
const POLL = fpsPaymentMachine.implementations.delays.pollInterval as number;

const order = (status: OrderPaymentStatus): CallResult<GetProductOrderOutput> => ({ ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus: status } } });

function startFps(answers: {
  create?: () => CallResult<FpsPaymentStart> | Promise<CallResult<FpsPaymentStart>>;
  order?: () => CallResult<GetProductOrderOutput>;
  cancel?: () => CallResult<Empty>;
} = {}) {
  const clock = new SimulatedClock();
  const calls: Array<{ src: string; input: unknown }> = [];
  const actor = createActor(
    fpsPaymentMachine.provide({
      actors: {
        createProductPayment: fromPromise(async ({ input }) => {
          calls.push({ src: 'createProductPayment', input });
          return answers.create ? answers.create() : { ok: true as const, data: liveQr };
        }),
        getProductOrder: fromPromise(async ({ input }) => {
          calls.push({ src: 'getProductOrder', input });
          return answers.order ? answers.order() : order('WaitForPayment');
        }),
        cancelOrder: fromPromise(async ({ input }) => {
          calls.push({ src: 'cancelOrder', input });
          return answers.cancel ? answers.cancel() : { ok: true as const, data: {} };
        }),
      },
    }),
    { input: { OrderID: 'order-7' }, clock },
  );
  actor.start();
  const reads = () => calls.filter((c) => c.src === 'getProductOrder').length;
  return { actor, clock, calls, reads, snapshot: () => actor.getSnapshot() };
}

describe('fpsPayment: behaviour', () => {
  it('shows the QR, reads the order every 3 s, and ends paid when the transfer arrives', async () => {
    let status: OrderPaymentStatus = 'WaitForPayment';
    const t = startFps({ order: () => order(status) });
    expect(select.isBusy(t.snapshot())).toBe(true);
    await tick();
    expect(t.calls).toEqual([{ src: 'createProductPayment', input: { OrderID: 'order-7', PaymentMethod: 'FPS' } }]);
    expect(select.isShowingQr(t.snapshot())).toBe(true);
    expect(select.qr(t.snapshot())).toEqual(liveQr.Fps);
    expect(select.canCancel(t.snapshot())).toBe(true);

    t.clock.increment(POLL - 1);
    await tick();
    expect(t.reads()).toBe(0);
    t.clock.increment(1);
    await tick();
    expect(t.reads()).toBe(1);
    expect(select.isShowingQr(t.snapshot())).toBe(true);

    status = 'Paid';
    t.clock.increment(POLL);
    await tick();
    expect(t.reads()).toBe(2);
    expect(select.isPaid(t.snapshot())).toBe(true);
    expect(select.result(t.snapshot())).toEqual({ outcome: 'paid', OrderID: 'order-7' });
  });

  it('a server push that the order is paid ends it at once', async () => {
    const t = startFps();
    await tick();
    t.actor.send({ type: 'ORDER_PAID' });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'paid', OrderID: 'order-7' });
    expect(t.reads()).toBe(0);
  });

  it('after exactly 10 minutes unpaid, one last read, then expired', async () => {
    const t = startFps();
    await tick();
    for (let elapsed = POLL; elapsed < WINDOW; elapsed += POLL) {
      t.clock.increment(POLL);
      await tick();
    }
    expect(select.isShowingQr(t.snapshot())).toBe(true);
    expect(t.reads()).toBe(WINDOW / POLL - 1);
    t.clock.increment(POLL);
    await tick();
    expect(t.reads()).toBe(WINDOW / POLL);
    expect(select.result(t.snapshot())).toEqual({ outcome: 'expired', OrderID: 'order-7' });
  });

  it('a transfer in the last seconds is still seen by the last read', async () => {
    let reads = 0;
    // Every read while the QR is shown says unpaid; the one after the window says paid.
    const t = startFps({ order: () => (++reads === WINDOW / POLL ? order('Paid') : order('WaitForPayment')) });
    await tick();
    for (let elapsed = POLL; elapsed < WINDOW; elapsed += POLL) {
      t.clock.increment(POLL);
      await tick();
    }
    expect(select.isShowingQr(t.snapshot())).toBe(true);
    t.clock.increment(POLL);
    await tick();
    expect(reads).toBe(WINDOW / POLL);
    expect(select.result(t.snapshot())?.outcome).toBe('paid');
  });

  it('the server ending the window first is expired; an order cancelled elsewhere is cancelled', async () => {
    const expired = startFps({ order: () => order('Expired') });
    await tick();
    expired.clock.increment(POLL);
    await tick();
    expect(select.isExpired(expired.snapshot())).toBe(true);

    const cancelled = startFps({ order: () => order('Cancelled') });
    await tick();
    cancelled.clock.increment(POLL);
    await tick();
    expect(select.isCancelled(cancelled.snapshot())).toBe(true);
  });

  it('cancelling cancels the order (the server invalidates the QR); no more reads after', async () => {
    const t = startFps();
    await tick();
    t.actor.send({ type: 'CANCEL' });
    expect(select.isCancelling(t.snapshot())).toBe(true);
    expect(select.canCancel(t.snapshot())).toBe(false);
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'cancelOrder', input: { orderID: 'order-7' } });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'cancelled', OrderID: 'order-7' });
    t.clock.increment(WINDOW);
    await tick();
    expect(t.reads()).toBe(0);
  });

  it('a refused cancel keeps the QR on show with the reason, and the window keeps running', async () => {
    const t = startFps({ cancel: () => ({ ok: false, code: 'InvalidParameter', message: 'The order is paid' }) });
    await tick();
    t.clock.increment(WINDOW - POLL / 2);
    await tick();
    t.actor.send({ type: 'CANCEL' });
    await tick();
    expect(select.isShowingQr(t.snapshot())).toBe(true);
    expect(select.error(t.snapshot())).toEqual({ code: 'InvalidParameter', message: 'The order is paid' });
    // The countdown did not restart: the window ends on time.
    t.clock.increment(POLL / 2);
    await tick();
    expect(select.isExpired(t.snapshot())).toBe(true);
  });

  it('no QR: shows the reason and tries again on RETRY; an order already paid ends paid', async () => {
    const answers: Array<CallResult<FpsPaymentStart>> = [{ ok: false, code: 'ObjectNotFound' }, { ok: true, data: { ...liveQr, PaymentStatus: 'succeeded' } }];
    const t = startFps({ create: () => answers.shift()! });
    await tick();
    expect(select.hasFailed(t.snapshot())).toBe(true);
    expect(select.error(t.snapshot())).toEqual({ code: 'ObjectNotFound', message: undefined });
    t.actor.send({ type: 'RETRY' });
    await tick();
    expect(select.result(t.snapshot())?.outcome).toBe('paid');
  });

  it('counts the seconds left by the QR’s own expiry', async () => {
    const t = startFps();
    await tick();
    expect(select.secondsLeft(t.snapshot(), new Date('2026-11-01T04:00:00.000Z'))).toBe(600);
    expect(select.secondsLeft(t.snapshot(), new Date('2026-11-01T04:09:59.500Z'))).toBe(1);
    expect(select.secondsLeft(t.snapshot(), new Date('2026-11-01T04:12:00.000Z'))).toBe(0);
  });
});
