import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inviteActivationMachine } from '../../machines/invite-activation/invite-activation.machine.ts';
import * as select from '../../machines/invite-activation/invite-activation.selectors.ts';
import type { ActivateInviteCodeOutput, CallResult, InviteActivationInput } from '../../machines/invite-activation/invite-activation.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { inviteActivationModel } from './invite-activation.model.ts';

const paths = modelPaths(inviteActivationModel);

describe('inviteActivation: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(inviteActivationMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(inviteActivationModel, p);
    for (const call of calls) expect(call.input).toEqual({ InviteCode: 'MEICHAN8' });
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const member: CallResult<ActivateInviteCodeOutput> = { ok: true, data: { Membership: { RegularMember: true, InvitedBy: { UserID: 'u1', Name: 'mei_sips' }, SVIP: false } } };

function start(input: Partial<InviteActivationInput>, answers: (CallResult<ActivateInviteCodeOutput> | 'no answer')[]) {
  const sent: unknown[] = [];
  const asked: unknown[] = [];
  const actor = createActor(
    inviteActivationMachine.provide({
      actors: {
        activateInviteCode: fromPromise(async ({ input: body }) => {
          const answer = answers[Math.min(sent.push(body) - 1, answers.length - 1)];
          if (!answer || answer === 'no answer') throw new Error('network down');
          return answer;
        }),
      },
      actions: { askToSignIn: (_, params) => void asked.push(params) },
    }),
    { input: { inviteCode: 'MEICHAN8', signedIn: false, resume: false, ...input } },
  ).start();
  return { actor, sent, asked, snapshot: () => actor.getSnapshot() };
}

describe('inviteActivation: behaviour', () => {
  it('a visitor asks to sign up from the page, and the activation goes ahead once they are signed in', async () => {
    const { actor, sent, asked, snapshot } = start({}, [member]);
    expect(select.needsMember(snapshot())).toBe(true);
    actor.send({ type: 'SIGN_IN', mode: 'signUp' });
    expect(asked).toEqual([{ inviteCode: 'MEICHAN8', mode: 'signUp' }]);
    expect(sent).toEqual([]);
    actor.send({ type: 'SIGNED_IN', resume: true });
    expect(select.isActivating(snapshot())).toBe(true);
    await tick();
    expect(sent).toEqual([{ InviteCode: 'MEICHAN8' }]);
    expect(select.membership(snapshot())?.InvitedBy?.Name).toBe('mei_sips');
  });

  it('a member back on the page after signing up from it is activated without another tap; one who signed in elsewhere taps', async () => {
    const back = start({ signedIn: true, resume: true }, [member]);
    await tick();
    expect(back.sent).toHaveLength(1);
    expect(select.membership(back.snapshot())?.RegularMember).toBe(true);

    const other = start({}, [member]);
    other.actor.send({ type: 'SIGNED_IN', resume: false });
    expect(select.canActivate(other.snapshot())).toBe(true);
    expect(other.sent).toEqual([]);
  });

  it('the session may have the member before the word that they signed in from here: the activation still goes ahead', async () => {
    const { actor, sent, snapshot } = start({}, [member]);
    actor.send({ type: 'SIGN_IN', mode: 'login' });
    actor.send({ type: 'SIGNED_IN', resume: false });
    expect(select.canActivate(snapshot())).toBe(true);
    actor.send({ type: 'SIGNED_IN', resume: true });
    await tick();
    expect(sent).toHaveLength(1);
    expect(select.membership(snapshot())).toBeDefined();
  });

  it('a double tap sends one activation', async () => {
    const { actor, sent, snapshot } = start({ signedIn: true }, [member]);
    actor.send({ type: 'ACTIVATE' });
    actor.send({ type: 'ACTIVATE' });
    await tick();
    expect(sent).toHaveLength(1);
    expect(select.membership(snapshot())).toBeDefined();
  });

  it.each(['UserAlreadyUsedCode', 'InviteCodeExpired', 'InviteCodeLimitReached', 'OwnInviteCode', 'ObjectNotFound'] as const)(
    '%s is a refusal for good: said in place, no retry',
    async (code) => {
      const { actor, snapshot } = start({ signedIn: true }, [{ ok: false, code }]);
      actor.send({ type: 'ACTIVATE' });
      await tick();
      expect(select.refusal(snapshot())).toBe(code);
      expect(snapshot().can({ type: 'RETRY' })).toBe(false);
      expect(select.failure(snapshot())).toBeUndefined();
    },
  );

  it('no answer or a limit can be tried again, and then succeeds', async () => {
    const { actor, sent, snapshot } = start({ signedIn: true }, ['no answer', { ok: false, code: 'LimitError' }, member]);
    actor.send({ type: 'ACTIVATE' });
    await tick();
    expect(select.failure(snapshot())).toBe('NetworkError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.failure(snapshot())).toBe('LimitError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(sent).toHaveLength(3);
    expect(select.failure(snapshot())).toBeUndefined();
    expect(select.membership(snapshot())).toBeDefined();
  });

  it('signing out on the page forgets the outcome and asks to sign in again', async () => {
    const { actor, snapshot } = start({ signedIn: true }, [member]);
    actor.send({ type: 'ACTIVATE' });
    await tick();
    actor.send({ type: 'SIGNED_OUT' });
    expect(select.needsMember(snapshot())).toBe(true);
    expect(snapshot().context.membership).toBeUndefined();
  });
});
