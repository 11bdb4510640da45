import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailChangeMachine } from '../../machines/email-change/email-change.machine.ts';
import * as select from '../../machines/email-change/email-change.selectors.ts';
import type { CallResult, Empty, UserConfirmUpdateEmailOutput } from '../../machines/email-change/email-change.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { emailChangeModel } from './email-change.model.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(emailChangeModel);

describe('emailChange: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(emailChangeMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(emailChangeModel, p);
    for (const call of calls) {
      if (call.src === 'userUpdateEmail') expect(call.input).toEqual({ email: 'mei.new@example.com' });
      if (call.src === 'userConfirmUpdateEmail') expect(call.input).toEqual({ code: '654321' });
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Outcomes = {
  request?: CallResult<Empty>[];
  confirm?: CallResult<UserConfirmUpdateEmailOutput>[];
};

/** The flow with actors that answer in turn from the lists given (the last answer repeats), recording their inputs. */
function start(outcomes: Outcomes) {
  const requested: unknown[] = [];
  const confirmed: unknown[] = [];
  const next = <T>(list: T[] | undefined, i: number): T => {
    const answer = list?.[Math.min(i, list.length - 1)];
    if (answer === undefined) throw new Error('network down');
    return answer;
  };
  const actor = createActor(
    emailChangeMachine.provide({
      actors: {
        userUpdateEmail: fromPromise(async ({ input }) => next(outcomes.request, requested.push(input) - 1)),
        userConfirmUpdateEmail: fromPromise(async ({ input }) => next(outcomes.confirm, confirmed.push(input) - 1)),
      },
    }),
  ).start();
  return { actor, requested, confirmed, snapshot: () => actor.getSnapshot() };
}

const sent: CallResult<Empty> = { ok: true, data: {} };
const changed: CallResult<UserConfirmUpdateEmailOutput> = { ok: true, data: { userDetailInfo: { email: 'mei.new@example.com' } } };

describe('emailChange: behaviour', () => {
  it('sends a code to the new address, then changes it with that code; the news stays until another change begins', async () => {
    const { actor, requested, confirmed, snapshot } = start({ request: [sent], confirm: [changed] });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' });
    expect(select.isRequesting(snapshot())).toBe(true);
    expect(select.isBusy(snapshot())).toBe(true);
    expect(select.isEnteringCode(snapshot())).toBe(false);
    await tick();
    expect(select.isEnteringCode(snapshot())).toBe(true);
    expect(select.isCodeJustSent(snapshot())).toBe(true);
    expect(select.email(snapshot())).toBe('mei.new@example.com');
    expect(select.codesSent(snapshot())).toBe(1);

    actor.send({ type: 'SUBMIT_CODE', code: '654321' });
    expect(select.isConfirming(snapshot())).toBe(true);
    // While the code is checked, the page still says where it went.
    expect(select.isCodeJustSent(snapshot())).toBe(true);
    await tick();
    expect(requested).toEqual([{ email: 'mei.new@example.com' }]);
    expect(confirmed).toEqual([{ code: '654321' }]);
    expect(select.isEnteringCode(snapshot())).toBe(false);
    expect(select.changedTo(snapshot())).toBe('mei.new@example.com');
    expect(select.lastChangedTo(snapshot())).toBe('mei.new@example.com');
    expect(select.errorCode(snapshot())).toBeUndefined();

    // Typing does not hide the news; pressing Send code does, whether or not the address is accepted.
    actor.send({ type: 'EDIT' });
    expect(select.changedTo(snapshot())).toBe('mei.new@example.com');
    actor.send({ type: 'SUBMIT_INVALID' });
    expect(snapshot().value).toBe('enteringEmail');
    expect(select.changedTo(snapshot())).toBeUndefined();
    expect(select.lastChangedTo(snapshot())).toBe('mei.new@example.com');
    expect(requested).toHaveLength(1);
  });

  it('a refused address returns to the address step with the reason, until the member types again', async () => {
    const { actor, snapshot } = start({ request: [{ ok: false, code: 'UsernameExistsException', message: 'taken' }] });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'taken@example.com' });
    await tick();
    expect(snapshot().value).toBe('enteringEmail');
    expect(select.errorCode(snapshot())).toBe('UsernameExistsException');
    actor.send({ type: 'EDIT' });
    expect(select.errorCode(snapshot())).toBeUndefined();
  });

  it('no answer at all reads as a network error at the step the member was on', async () => {
    const first = start({});
    first.actor.send({ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' });
    await tick();
    expect(first.snapshot().value).toBe('enteringEmail');
    expect(select.errorCode(first.snapshot())).toBe('NetworkError');

    const second = start({ request: [sent] });
    second.actor.send({ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' });
    await tick();
    second.actor.send({ type: 'SUBMIT_CODE', code: '654321' });
    await tick();
    expect(second.snapshot().value).toBe('enteringCode');
    expect(select.errorCode(second.snapshot())).toBe('NetworkError');
    // The sending went through: the page still says so.
    expect(select.isCodeJustSent(second.snapshot())).toBe(true);
  });

  it('a wrong code stays said while another code is sent, and goes once that one arrives (the code field starts afresh)', async () => {
    const { actor, requested, snapshot } = start({ request: [sent], confirm: [{ ok: false, code: 'CodeMismatchException' }] });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' });
    await tick();
    actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    await tick();
    expect(snapshot().value).toBe('enteringCode');
    expect(select.errorCode(snapshot())).toBe('CodeMismatchException');

    actor.send({ type: 'RESEND' });
    expect(select.isResending(snapshot())).toBe(true);
    expect(select.isEnteringCode(snapshot())).toBe(true);
    expect(select.isCodeJustSent(snapshot())).toBe(false);
    expect(select.errorCode(snapshot())).toBe('CodeMismatchException');
    await tick();
    expect(requested).toEqual([{ email: 'mei.new@example.com' }, { email: 'mei.new@example.com' }]);
    expect(select.errorCode(snapshot())).toBeUndefined();
    expect(select.isCodeJustSent(snapshot())).toBe(true);
    expect(select.codesSent(snapshot())).toBe(2);
  });

  it('a refused resend keeps the code step; a refused code is said before it, and typing the code hides only the refused code', async () => {
    const { actor, snapshot } = start({
      request: [sent, { ok: false, code: 'LimitError' }],
      confirm: [{ ok: false, code: 'ExpiredCodeException' }],
    });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' });
    await tick();
    actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    await tick();
    actor.send({ type: 'RESEND' });
    await tick();
    expect(snapshot().value).toBe('enteringCode');
    expect(select.codesSent(snapshot())).toBe(1);
    expect(select.isCodeJustSent(snapshot())).toBe(false);
    expect(select.errorCode(snapshot())).toBe('ExpiredCodeException');
    actor.send({ type: 'EDIT' });
    expect(select.errorCode(snapshot())).toBe('LimitError');
    // Confirming again: the failed resend is still what there is to say while the code is checked.
    actor.send({ type: 'SUBMIT_CODE', code: '222222' });
    expect(select.isConfirming(snapshot())).toBe(true);
    expect(select.errorCode(snapshot())).toBe('LimitError');
    expect(select.isCodeJustSent(snapshot())).toBe(false);
  });

  it('"Use another address" goes back to the address step with nothing to say; a call under way cannot be left', async () => {
    const { actor, snapshot } = start({ request: [sent], confirm: [{ ok: false, code: 'CodeMismatchException' }] });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'mei.new@example.com' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'other@example.com' });
    await tick();
    expect(select.email(snapshot())).toBe('mei.new@example.com');
    actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    expect(snapshot().can({ type: 'START_OVER' })).toBe(false);
    expect(snapshot().can({ type: 'RESEND' })).toBe(false);
    await tick();
    actor.send({ type: 'START_OVER' });
    expect(snapshot().value).toBe('enteringEmail');
    expect(select.errorCode(snapshot())).toBeUndefined();
    expect(select.isEnteringCode(snapshot())).toBe(false);
  });
});
