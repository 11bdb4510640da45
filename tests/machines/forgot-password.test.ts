import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine.ts';
import * as select from '../../machines/forgot-password/forgot-password.selectors.ts';
import type { CallResult, Empty } from '../../machines/forgot-password/forgot-password.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { forgotPasswordModel } from './forgot-password.model.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(forgotPasswordModel);

describe('forgotPassword: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(forgotPasswordMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(forgotPasswordModel, p);
    for (const call of calls) {
      if (call.src === 'userForgetPassword') expect(call.input).toEqual({ email: 'mei@example.com' });
      if (call.src === 'userConfirmForgetPassword') {
        expect(call.input).toEqual({ email: 'mei@example.com', confirmationCode: '654321', newpassword: 'Sencha2025' });
      }
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('forgotPassword: behaviour', () => {
  it('a refused request looks exactly like a sent code, as an unknown e-mail does (spec §8: the server answers it as a known one)', async () => {
    const outcomes: CallResult<Empty>[] = [
      { ok: true, data: {} },
      { ok: false, code: 'LimitError', message: 'Too many requests' },
    ];
    const seen = await Promise.all(
      outcomes.map(async (outcome) => {
        const actor = createActor(
          forgotPasswordMachine.provide({ actors: { userForgetPassword: fromPromise(async () => outcome) } }),
        ).start();
        actor.send({ type: 'SUBMIT_EMAIL', email: 'who@example.com' });
        await tick();
        const s = actor.getSnapshot();
        return { value: s.value, context: s.context };
      }),
    );
    expect(seen[0]).toEqual({ value: 'enteringCode', context: { email: 'who@example.com', codeRequested: true, errorCode: undefined } });
    expect(seen[1]).toEqual(seen[0]);
  });

  it('a wrong code returns to the code step with the reason; RESEND asks for another code', async () => {
    const requested: unknown[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          userForgetPassword: fromPromise(async ({ input }): Promise<CallResult<Empty>> => {
            requested.push(input);
            return { ok: true, data: {} };
          }),
          userConfirmForgetPassword: fromPromise(async (): Promise<CallResult<Empty>> => ({ ok: false, code: 'ExpiredCodeException' })),
        },
      }),
    ).start();
    actor.send({ type: 'SUBMIT_EMAIL', email: 'mei@example.com' });
    await tick();
    actor.send({ type: 'SUBMIT_CODE', code: '111111', password: 'Sencha2025' });
    await tick();
    expect(select.isEnteringCode(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('ExpiredCodeException');
    expect(select.canResend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'RESEND' });
    expect(select.isEnteringCode(actor.getSnapshot())).toBe(true);
    await tick();
    expect(requested).toEqual([{ email: 'mei@example.com' }, { email: 'mei@example.com' }]);
    expect(select.errorCode(actor.getSnapshot())).toBeUndefined();
  });
});
