/**
 * Paying a refund out from the back office (issue 32, machines/refund-payout): model paths from xstate/graph cover
 * every state and transition and replay on a running actor; then the behaviour staff rely on: one request however
 * often Confirm is pressed, FPS asks for the bank reference, a failure is retried with the same request.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import type { payRefund } from '../../contract/staff-refunds.ts';
import { refundPayoutMachine } from '../../machines/refund-payout/refund-payout.machine.ts';
import * as select from '../../machines/refund-payout/refund-payout.selectors.ts';
import type { CallResult, PayRefundInput, PayRefundOutput, RefundPayoutInput } from '../../machines/refund-payout/refund-payout.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { refundPayoutModel } from './refund-payout.model.ts';

const paths = modelPaths(refundPayoutModel);

describe('refundPayout: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(refundPayoutMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(refundPayoutModel, p);
    for (const call of calls) {
      expect(call.src).toBe('payRefund');
      const body = call.input as PayRefundInput;
      expect(body.RefundID).toBe(p.input.RefundID);
      // Never an empty reference; FPS always carries it (a card's only once the server asked for one).
      expect([undefined, 'HSBC-FPS-20261130-001']).toContain(body.BankReference);
      if (p.input.PaymentMethod === 'FPS') expect(body).toEqual({ RefundID: '42', BankReference: 'HSBC-FPS-20261130-001' });
    }
  });
});

describe('refundPayout: its data is the contract’s', () => {
  it('sends a body pay-refund takes and reads what it answers', () => {
    expectTypeOf<PayRefundInput>().toExtend<CallBodyInput<typeof payRefund>>();
    expectTypeOf<CallResponse<typeof payRefund>>().toExtend<PayRefundOutput>();
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const paidAnswer = (RefundID: string, extra: object = {}): CallResult<PayRefundOutput> => ({ ok: true, data: { Refund: { RefundID, Status: 'paid', ...extra } } });

function start(input: RefundPayoutInput, answers: (CallResult<PayRefundOutput> | 'no answer')[]) {
  const sent: PayRefundInput[] = [];
  const actor = createActor(
    refundPayoutMachine.provide({
      actors: {
        payRefund: fromPromise(async ({ input: body }) => {
          const answer = answers[Math.min(sent.push(body) - 1, answers.length - 1)];
          if (!answer || answer === 'no answer') throw new Error('network down');
          return answer;
        }),
      },
    }),
    { input },
  ).start();
  return { actor, sent, snapshot: () => actor.getSnapshot() };
}

describe('refundPayout: behaviour', () => {
  it('a double press on Confirm sends one request, and the refund is paid', async () => {
    const { actor, sent, snapshot } = start({ RefundID: '7', PaymentMethod: 'CreditCard' }, [paidAnswer('7', { ProviderRefundID: 're_sbx_7' })]);
    expect(select.isConfirming(snapshot())).toBe(true);
    expect(select.needsBankReference(snapshot())).toBe(false);
    actor.send({ type: 'CONFIRM' });
    expect(select.isPaying(snapshot())).toBe(true);
    expect(select.canConfirm(snapshot())).toBe(false);
    actor.send({ type: 'CONFIRM' });
    await tick();
    expect(sent).toEqual([{ RefundID: '7' }]);
    expect(select.isPaid(snapshot())).toBe(true);
    expect(select.paid(snapshot())?.ProviderRefundID).toBe('re_sbx_7');
    actor.send({ type: 'CONFIRM' });
    await tick();
    expect(sent).toHaveLength(1);
  });

  it('FPS: asks for the bank reference before sending anything, then sends it trimmed', async () => {
    const { actor, sent, snapshot } = start({ RefundID: '8', PaymentMethod: 'FPS' }, [paidAnswer('8', { BankReference: 'REF-8' })]);
    expect(select.needsBankReference(snapshot())).toBe(true);
    actor.send({ type: 'CONFIRM', bankReference: '   ' });
    await tick();
    expect(sent).toEqual([]);
    expect(select.error(snapshot())).toBe('MissingParameter');
    expect(select.isConfirming(snapshot())).toBe(true);
    actor.send({ type: 'CONFIRM', bankReference: ' REF-8 ' });
    await tick();
    expect(sent).toEqual([{ RefundID: '8', BankReference: 'REF-8' }]);
    expect(select.isPaid(snapshot())).toBe(true);
  });

  it('a request of unknown method that turns out FPS asks for the reference; the provider’s refusal and a lost answer are retried with the same request', async () => {
    const { actor, sent, snapshot } = start({ RefundID: '9', PaymentMethod: null }, [
      { ok: false, code: 'MissingParameter' },
      { ok: false, code: 'RefundFailed' },
      'no answer',
      paidAnswer('9'),
    ]);
    actor.send({ type: 'CONFIRM' });
    await tick();
    expect(select.isConfirming(snapshot())).toBe(true);
    expect(select.needsBankReference(snapshot())).toBe(true);
    actor.send({ type: 'CONFIRM', bankReference: 'REF-9' });
    await tick();
    expect(select.isFailed(snapshot())).toBe(true);
    expect(select.error(snapshot())).toBe('RefundFailed');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.error(snapshot())).toBe('NetworkError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.isPaid(snapshot())).toBe(true);
    expect(sent).toEqual([{ RefundID: '9' }, { RefundID: '9', BankReference: 'REF-9' }, { RefundID: '9', BankReference: 'REF-9' }, { RefundID: '9', BankReference: 'REF-9' }]);
  });

  it('closing before or after a failure pays nothing', async () => {
    const first = start({ RefundID: '10', PaymentMethod: 'Alipay' }, [paidAnswer('10')]);
    first.actor.send({ type: 'CANCEL' });
    expect(select.isCancelled(first.snapshot())).toBe(true);
    expect(first.sent).toEqual([]);
    const second = start({ RefundID: '11', PaymentMethod: 'Alipay' }, [{ ok: false, code: 'RefundInProgress' }]);
    second.actor.send({ type: 'CONFIRM' });
    await tick();
    expect(select.error(second.snapshot())).toBe('RefundInProgress');
    second.actor.send({ type: 'CANCEL' });
    expect(select.isCancelled(second.snapshot())).toBe(true);
    expect(second.sent).toHaveLength(1);
  });
});
