/**
 * Cancelling an event session from the back office (issue 32, machines/session-cancel): model paths from
 * xstate/graph cover every state and transition and replay on a running actor; then the behaviour staff rely on:
 * a reason is required before anything is sent, one request however often Confirm is pressed, a failure is
 * retried with the same request, and the refund requests recorded are counted.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import type { staffCancelSession } from '../../contract/staff-events.ts';
import { sessionCancelMachine } from '../../machines/session-cancel/session-cancel.machine.ts';
import * as select from '../../machines/session-cancel/session-cancel.selectors.ts';
import type { CallResult, CancelSessionInput, CancelSessionOutput } from '../../machines/session-cancel/session-cancel.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { sessionCancelModel } from './session-cancel.model.ts';

const paths = modelPaths(sessionCancelModel);

describe('sessionCancel: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(sessionCancelMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(sessionCancelModel, p);
    for (const call of calls) {
      expect(call.src).toBe('cancelSession');
      // Never an empty reason, always trimmed, always this session.
      expect(call.input as CancelSessionInput).toEqual({ SessionID: p.input.SessionID, Reason: 'The host is unwell' });
    }
  });
});

describe('sessionCancel: its data is the contract’s', () => {
  it('sends a body staff-cancel-session takes and reads what it answers', () => {
    expectTypeOf<CancelSessionInput>().toExtend<CallBodyInput<typeof staffCancelSession>>();
    expectTypeOf<CallResponse<typeof staffCancelSession>>().toExtend<CancelSessionOutput>();
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const cancelledAnswer = (SessionID: string, refunds: number): CallResult<CancelSessionOutput> => ({
  ok: true,
  data: {
    Session: { SessionID, Status: 'cancelled', CancelledAt: '2026-11-30T10:00:00.000Z' },
    Refunds: Array.from({ length: refunds }, (_, i) => ({ RefundID: String(i + 1), OrderID: `ord-${i + 1}`, Amount: 38000, Currency: 'HKD' })),
    MailedBookers: refunds,
  },
});

function start(SessionID: string, answers: (CallResult<CancelSessionOutput> | 'no answer')[]) {
  const sent: CancelSessionInput[] = [];
  const actor = createActor(
    sessionCancelMachine.provide({
      actors: {
        cancelSession: fromPromise(async ({ input: body }) => {
          const answer = answers[Math.min(sent.push(body) - 1, answers.length - 1)];
          if (!answer || answer === 'no answer') throw new Error('network down');
          return answer;
        }),
      },
    }),
    { input: { SessionID } },
  ).start();
  return { actor, sent, snapshot: () => actor.getSnapshot() };
}

describe('sessionCancel: behaviour', () => {
  it('asks for a reason before sending anything; a double press then sends one request, and the refunds are counted', async () => {
    const { actor, sent, snapshot } = start('evs-1', [cancelledAnswer('evs-1', 2)]);
    expect(select.isConfirming(snapshot())).toBe(true);
    actor.send({ type: 'CONFIRM', reason: '   ' });
    await tick();
    expect(sent).toEqual([]);
    expect(select.error(snapshot())).toBe('MissingParameter');
    actor.send({ type: 'CONFIRM', reason: ' The host is unwell ' });
    expect(select.isCancelling(snapshot())).toBe(true);
    expect(select.canConfirm(snapshot())).toBe(false);
    actor.send({ type: 'CONFIRM', reason: 'again' });
    await tick();
    expect(sent).toEqual([{ SessionID: 'evs-1', Reason: 'The host is unwell' }]);
    expect(select.isCancelled(snapshot())).toBe(true);
    expect(select.refundCount(snapshot())).toBe(2);
    expect(select.cancelled(snapshot())?.Session.Status).toBe('cancelled');
    actor.send({ type: 'CONFIRM', reason: 'later' });
    await tick();
    expect(sent).toHaveLength(1);
  });

  it('a lost answer and a refusal are retried with the same request', async () => {
    const { actor, sent, snapshot } = start('evs-2', ['no answer', { ok: false, code: 'Forbidden' }, cancelledAnswer('evs-2', 0)]);
    actor.send({ type: 'CONFIRM', reason: 'Venue flooded' });
    await tick();
    expect(select.isFailed(snapshot())).toBe(true);
    expect(select.error(snapshot())).toBe('NetworkError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.error(snapshot())).toBe('Forbidden');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.isCancelled(snapshot())).toBe(true);
    expect(select.refundCount(snapshot())).toBe(0);
    expect(sent).toEqual(Array.from({ length: 3 }, () => ({ SessionID: 'evs-2', Reason: 'Venue flooded' })));
  });

  it('a reason the server refuses goes back to the confirmation; closing sends nothing more', async () => {
    const { actor, sent, snapshot } = start('evs-3', [{ ok: false, code: 'InvalidParameter' }]);
    actor.send({ type: 'CONFIRM', reason: 'x'.repeat(501) });
    await tick();
    expect(select.isConfirming(snapshot())).toBe(true);
    expect(select.error(snapshot())).toBe('InvalidParameter');
    actor.send({ type: 'CANCEL' });
    expect(select.isClosed(snapshot())).toBe(true);
    expect(sent).toHaveLength(1);
  });
});
