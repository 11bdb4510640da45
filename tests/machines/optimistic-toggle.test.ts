import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ErrorCode } from '../../contract/errors.ts';
import { optimisticToggleMachine } from '../../machines/optimistic-toggle/optimistic-toggle.machine.ts';
import * as select from '../../machines/optimistic-toggle/optimistic-toggle.selectors.ts';
import * as T from '../../machines/optimistic-toggle/optimistic-toggle.types.ts';
import type { CallResult, SetToggleInput, SetToggleOutput } from '../../machines/optimistic-toggle/optimistic-toggle.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { optimisticToggleModel } from './optimistic-toggle.model.ts';

const paths = modelPaths(optimisticToggleModel);

describe('optimisticToggle: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(optimisticToggleMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it(`replay on a running actor (${paths.length} paths); every call asks for what was shown when it was sent`, async () => {
    for (const p of paths) {
      const { calls } = await replayOnActor(optimisticToggleModel, p);
      for (const call of calls) expect(typeof (call.input as SetToggleInput).on, p.description).toBe('boolean');
    }
  });

  it('knows the server’s code for “already so”', () => {
    expect(T.NO_NEED_TO_UPDATE_LIKE).toBe(ErrorCode.NoNeedToUpdateLike);
  });
});

function start(input: T.OptimisticToggleInput) {
  const pending: Array<{ input: SetToggleInput; resolve: (r: CallResult<SetToggleOutput>) => void; reject: (e: unknown) => void }> = [];
  const machine = optimisticToggleMachine.provide({
    actors: {
      setToggle: fromPromise<CallResult<SetToggleOutput>, SetToggleInput>(
        ({ input }) => new Promise((resolve, reject) => pending.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, pending, snap: () => actor.getSnapshot() };
}
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('optimisticToggle: behaviour', () => {
  it('shows the like at once, then takes the server’s count', async () => {
    const t = start({ on: false, count: 3 });
    t.actor.send({ type: 'TOGGLE' });
    expect(select.isOn(t.snap())).toBe(true);
    expect(select.count(t.snap())).toBe(4);
    expect(select.isSending(t.snap())).toBe(true);
    expect(t.pending[0]!.input).toEqual({ on: true });
    t.pending[0]!.resolve({ ok: true, data: { on: true, count: 7 } });
    await tick();
    expect(select.isSending(t.snap())).toBe(false);
    expect([select.isOn(t.snap()), select.count(t.snap())]).toEqual([true, 7]);
  });

  it('rolls back on a refusal and on no answer, and says so until the next tap', async () => {
    const t = start({ on: false, count: 3 });
    t.actor.send({ type: 'TOGGLE' });
    t.pending[0]!.resolve({ ok: false, code: 'ObjectNotFound' });
    await tick();
    expect([select.isOn(t.snap()), select.count(t.snap()), select.failed(t.snap()), select.errorCode(t.snap())]).toEqual([false, 3, true, 'ObjectNotFound']);
    t.actor.send({ type: 'TOGGLE' });
    expect(select.failed(t.snap())).toBe(false);
    t.pending[1]!.reject(new Error('offline'));
    await tick();
    expect([select.isOn(t.snap()), select.count(t.snap()), select.errorCode(t.snap())]).toEqual([false, 3, T.NETWORK_ERROR]);
  });

  it('NoNeedToUpdateLike keeps what is shown (the server already agrees)', async () => {
    const t = start({ on: false, count: 3 });
    t.actor.send({ type: 'TOGGLE' });
    t.pending[0]!.resolve({ ok: false, code: 'NoNeedToUpdateLike' });
    await tick();
    expect([select.isOn(t.snap()), select.count(t.snap()), select.failed(t.snap())]).toEqual([true, 4, false]);
  });

  it('a second tap while sending is sent after the first answer; the shown state is the last wish', async () => {
    const t = start({ on: false, count: 3 });
    t.actor.send({ type: 'TOGGLE' });
    t.actor.send({ type: 'TOGGLE' });
    expect([select.isOn(t.snap()), select.count(t.snap())]).toEqual([false, 3]);
    t.pending[0]!.resolve({ ok: true, data: { on: true, count: 4 } });
    await tick();
    expect(t.pending).toHaveLength(2);
    expect(t.pending[1]!.input).toEqual({ on: false });
    expect([select.isOn(t.snap()), select.count(t.snap())]).toEqual([false, 3]);
    // The unlike fails: back to what the server holds (liked, 4).
    t.pending[1]!.resolve({ ok: false, code: 'LimitError' });
    await tick();
    expect([select.isOn(t.snap()), select.count(t.snap())]).toEqual([true, 4]);
  });

  it('a follow answered with the state the server holds (follow-user toggles) is adopted', async () => {
    const t = start({ on: false, count: 10 });
    t.actor.send({ type: 'TOGGLE' });
    t.pending[0]!.resolve({ ok: true, data: { on: false, count: 9 } });
    await tick();
    expect([select.isOn(t.snap()), select.count(t.snap())]).toEqual([false, 9]);
  });

  it('a fresh read is adopted when nothing is being sent, not while sending', async () => {
    const t = start({ on: false, count: 3 });
    t.actor.send({ type: 'SYNC', on: true, count: 8 });
    expect([select.isOn(t.snap()), select.count(t.snap())]).toEqual([true, 8]);
    t.actor.send({ type: 'TOGGLE' });
    t.actor.send({ type: 'SYNC', on: true, count: 8 });
    expect(select.isOn(t.snap())).toBe(false);
  });
});
