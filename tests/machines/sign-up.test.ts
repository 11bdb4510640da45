import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { signUpMachine } from '../../machines/sign-up/sign-up.machine.ts';
import * as select from '../../machines/sign-up/sign-up.selectors.ts';
import type { CallResult, Empty, TokenSet } from '../../machines/sign-up/sign-up.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';
import { newMember, signUpModel, verifiedTokens } from './sign-up.model.ts';

const paths = modelPaths(signUpModel);

describe('signUp: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(signUpMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(signUpModel, p);
    for (const call of calls) {
      if (call.src === 'userSignup') expect(call.input).toEqual(newMember);
      if (call.src === 'userConfirmSignup') expect(call.input).toEqual({ email: newMember.email, confirmationCode: '123456' });
      if (call.src === 'userResendConfirmationCode') expect(call.input).toEqual({ email: newMember.email });
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const COOLDOWN = signUpMachine.implementations.delays.resendCooldown as number;

function startSignUp() {
  const resent: unknown[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    signUpMachine.provide({
      actors: {
        userSignup: fromPromise(async (): Promise<CallResult<Empty>> => ({ ok: true, data: {} })),
        userResendConfirmationCode: fromPromise(async ({ input }): Promise<CallResult<Empty>> => {
          resent.push(input);
          return { ok: true, data: {} };
        }),
        userConfirmSignup: fromPromise(
          async ({ input }): Promise<CallResult<TokenSet>> =>
            input.confirmationCode === '123456' ? { ok: true, data: verifiedTokens } : { ok: false, code: 'CodeMismatchException' },
        ),
      },
    }),
    { clock, input: {} },
  ).start();
  return { actor, clock, resent };
}

describe('signUp: behaviour', () => {
  it('the resend cooldown is a named delay: RESEND is refused until it has passed, then once per cooldown', async () => {
    expect(COOLDOWN).toBe(30_000);
    const { actor, clock, resent } = startSignUp();
    actor.send({ type: 'SUBMIT', ...newMember });
    await tick();
    expect(select.isVerifying(actor.getSnapshot())).toBe(true);
    expect(select.canResend(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'RESEND' });
    clock.increment(COOLDOWN - 1);
    expect(select.canResend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'RESEND' });
    await tick();
    expect(resent).toEqual([]);

    clock.increment(1);
    expect(select.canResend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'RESEND' });
    expect(select.isResending(actor.getSnapshot())).toBe(true);
    expect(select.canResend(actor.getSnapshot())).toBe(false);
    await tick();
    expect(resent).toEqual([{ email: newMember.email }]);
    expect(actor.getSnapshot().matches({ verifying: { resend: 'cooldown' } })).toBe(true);
    actor.send({ type: 'RESEND' });
    await tick();
    expect(resent).toHaveLength(1);
    clock.increment(COOLDOWN);
    expect(select.canResend(actor.getSnapshot())).toBe(true);
  });

  it('a wrong code keeps the cooldown running; the right code signs in', async () => {
    const { actor, clock } = startSignUp();
    actor.send({ type: 'SUBMIT', ...newMember });
    await tick();
    clock.increment(COOLDOWN / 2);
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    expect(select.isConfirming(actor.getSnapshot())).toBe(true);
    await tick();
    expect(select.errorCode(actor.getSnapshot())).toBe('CodeMismatchException');
    expect(select.canSubmitCode(actor.getSnapshot())).toBe(true);
    clock.increment(COOLDOWN / 2);
    expect(select.canResend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await tick();
    expect(select.isVerified(actor.getSnapshot())).toBe(true);
    expect(select.tokens(actor.getSnapshot())).toEqual(verifiedTokens);
  });

  it('opened for an unverified e-mail, it asks for the code and allows a new one at once', () => {
    const actor = createActor(signUpMachine, { input: { email: 'kit@example.com' } }).start();
    expect(select.isVerifying(actor.getSnapshot())).toBe(true);
    expect(select.email(actor.getSnapshot())).toBe('kit@example.com');
    expect(select.canResend(actor.getSnapshot())).toBe(true);
  });

  it('an e-mail already registered returns to the form with UsernameExistsException', async () => {
    const actor = createActor(
      signUpMachine.provide({
        actors: { userSignup: fromPromise(async (): Promise<CallResult<Empty>> => ({ ok: false, code: 'UsernameExistsException' })) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'SUBMIT', ...newMember });
    await tick();
    expect(select.isEditing(actor.getSnapshot())).toBe(true);
    expect(select.errorCode(actor.getSnapshot())).toBe('UsernameExistsException');
  });
});
