/**
 * Passing the back office's second factor (issue 32, machines/second-factor): model paths from xstate/graph cover
 * every state and transition and replay on a running actor; then what staff rely on: a code pressed twice is
 * checked once, a wrong code asks for another, an app set up in another tab asks for its code.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import type { enrollStaffSecondFactor, verifyStaffSecondFactor } from '../../contract/staff-second-factor.ts';
import { secondFactorMachine } from '../../machines/second-factor/second-factor.machine.ts';
import * as select from '../../machines/second-factor/second-factor.selectors.ts';
import type { CallResult, EnrollOutput, VerifyInput, VerifyOutput } from '../../machines/second-factor/second-factor.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { secondFactorModel } from './second-factor.model.ts';

const paths = modelPaths(secondFactorModel);

describe('secondFactor: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(secondFactorMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(secondFactorModel, p);
    for (const call of calls) {
      if (call.src === 'verify') expect(call.input).toEqual({ Code: '123456' });
      else expect(call.src).toBe('enroll');
    }
    // An app set up already is never set up again.
    if (p.input.Enrolled) expect(calls.map((c) => c.src)).not.toContain('enroll');
  });
});

describe('secondFactor: its data is the contract’s', () => {
  it('sends bodies the calls take and reads what they answer', () => {
    expectTypeOf<VerifyInput>().toExtend<CallBodyInput<typeof verifyStaffSecondFactor>>();
    expectTypeOf<CallResponse<typeof verifyStaffSecondFactor>>().toExtend<VerifyOutput>();
    expectTypeOf<CallResponse<typeof enrollStaffSecondFactor>>().toExtend<EnrollOutput>();
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function start(enrolled: boolean, verifyAnswers: CallResult<VerifyOutput>[]) {
  const codes: string[] = [];
  let release: () => void = () => undefined;
  const actor = createActor(
    secondFactorMachine.provide({
      actors: {
        enroll: fromPromise(async () => ({ ok: true, data: { Secret: 'JBSWY3DPEHPK3PXP', OtpauthURI: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' } }) as CallResult<EnrollOutput>),
        verify: fromPromise(async ({ input }) => {
          const answer = verifyAnswers[Math.min(codes.push(input.Code) - 1, verifyAnswers.length - 1)]!;
          await new Promise<void>((resolve) => (release = resolve));
          return answer;
        }),
      },
    }),
    { input: { Enrolled: enrolled } },
  ).start();
  return { actor, codes, release: () => release() };
}

describe('secondFactor: behaviour', () => {
  it('shows a new secret, checks a code pressed twice once, and passes', async () => {
    const { actor, codes, release } = start(false, [{ ok: true, data: { VerifiedUntil: '2026-11-30T17:00:00.000Z' } }]);
    await tick();
    expect(select.enrolment(actor.getSnapshot())?.Secret).toBe('JBSWY3DPEHPK3PXP');
    actor.send({ type: 'SUBMIT', code: '123456' });
    expect(select.canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SUBMIT', code: '123456' });
    release();
    await tick();
    expect(codes).toEqual(['123456']);
    expect(select.isPassed(actor.getSnapshot())).toBe(true);
  });

  it('asks for another code after a wrong one, saying why', async () => {
    const { actor, codes, release } = start(true, [{ ok: false, code: 'CodeMismatchException' }, { ok: true, data: { VerifiedUntil: 'x' } }]);
    actor.send({ type: 'SUBMIT', code: '000000' });
    release();
    await tick();
    expect(select.error(actor.getSnapshot())).toBe('CodeMismatchException');
    expect(select.asksForCode(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT', code: '123456' });
    release();
    await tick();
    expect(codes).toEqual(['000000', '123456']);
    expect(select.isPassed(actor.getSnapshot())).toBe(true);
  });
});
