import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { orderPaymentModel } from './order-payment.model.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(orderPaymentModel);

describe('orderPayment: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(orderPaymentMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(orderPaymentModel, p);
    for (const call of calls) {
      const input = call.input as Record<string, unknown>;
      // The kind's own requests go out as they came in.
      if (call.src === 'placeOrder') expect(input).toEqual(p.input.place);
      if (call.src === 'listOrders') expect(input).toEqual(p.input.listOrders);
      if (call.src === 'payOrder') expect(input).toEqual({ ...p.input.payWith, OrderID: 'order-1' });
      if (call.src === 'readOrder') expect(input).toEqual({ orderID: 'order-1' });
      if (call.src === 'confirmCardPayment') expect(input).toEqual({ OrderID: 'order-1', Payload: 'pi_1', OrderType: 'product' });
    }
  });
});

describe('orderPayment: every state names its step (the page never guesses one)', () => {
  it('each state that is not final carries exactly one step: tag, its own or its parent’s', () => {
    for (const node of getStateNodes(orderPaymentMachine.root)) {
      if (node.type === 'final') continue;
      const tags = [node, ...(node.parent ? [node.parent] : [])].flatMap((n) => n.tags.filter((t) => t.startsWith('step:')));
      if (node.type === 'atomic') expect(tags.length, node.id).toBe(1);
      else expect(tags.length, node.id).toBeLessThanOrEqual(1);
    }
  });
});
