import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import type { activateTicket } from '../../contract/event-orders.ts';
import { ticketActivationMachine } from '../../machines/ticket-activation/ticket-activation.machine.ts';
import * as select from '../../machines/ticket-activation/ticket-activation.selectors.ts';
import type { ActivateTicketInput, ActivateTicketOutput, CallResult, TicketActivationInput } from '../../machines/ticket-activation/ticket-activation.types.ts';
import { splitHolderName } from '../../src/features/events/holder-name.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { ticketActivationModel } from './ticket-activation.model.ts';

const paths = modelPaths(ticketActivationModel);

describe('ticketActivation: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(ticketActivationMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(ticketActivationModel, p);
    for (const call of calls) expect(call.input).toEqual({ TicketID: 'tkt-guest-1' });
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const record = { EventID: 'ev-sake', VarianceID: 'evs-sake-1' };
const checkedIn: CallResult<ActivateTicketOutput> = { ok: true, data: { Record: record, CheckedIn: true, GatheringID: 'gth-sake-1' } };
const taken: CallResult<ActivateTicketOutput> = { ok: true, data: { Record: record } };

function start(input: Partial<TicketActivationInput>, answers: (CallResult<ActivateTicketOutput> | 'no answer')[]) {
  const sent: unknown[] = [];
  const asked: unknown[] = [];
  const shown: unknown[] = [];
  const actor = createActor(
    ticketActivationMachine.provide({
      actors: {
        activateTicket: fromPromise(async ({ input: body }) => {
          const answer = answers[Math.min(sent.push(body) - 1, answers.length - 1)];
          if (!answer || answer === 'no answer') throw new Error('network down');
          return answer;
        }),
      },
      actions: { askToSignIn: (_, params) => void asked.push(params), showRecord: (_, params) => void shown.push(params) },
    }),
    { input: { ticketID: 'tkt-1', signedIn: false, resume: false, ...input } },
  ).start();
  return { actor, sent, asked, shown, snapshot: () => actor.getSnapshot() };
}

describe('ticketActivation: behaviour', () => {
  it('a member at the venue taps Check in once, even tapping twice, and is checked in', async () => {
    const { actor, sent, shown, snapshot } = start({ signedIn: true }, [checkedIn]);
    expect(select.canActivate(snapshot())).toBe(true);
    actor.send({ type: 'ACTIVATE' });
    actor.send({ type: 'ACTIVATE' });
    expect(select.isActivating(snapshot())).toBe(true);
    await tick();
    expect(sent).toEqual([{ TicketID: 'tkt-1' }]);
    expect(select.isCheckedIn(snapshot())).toBe(true);
    expect(select.gatheringID(snapshot())).toBe('gth-sake-1');
    expect(shown).toEqual([]);
  });

  it('a visitor signs up from the page and, back signed in, is checked in without another tap', async () => {
    const { actor, sent, asked, snapshot } = start({}, [checkedIn]);
    expect(select.needsMember(snapshot())).toBe(true);
    actor.send({ type: 'SIGN_IN', mode: 'signUp' });
    expect(asked).toEqual([{ ticketID: 'tkt-1', mode: 'signUp' }]);
    actor.send({ type: 'SIGNED_IN', resume: true });
    await tick();
    expect(sent).toHaveLength(1);
    expect(select.isCheckedIn(snapshot())).toBe(true);

    const back = start({ signedIn: true, resume: true }, [checkedIn]);
    await tick();
    expect(back.sent).toHaveLength(1);
    expect(select.isCheckedIn(back.snapshot())).toBe(true);
  });

  it('before the gathering: the ticket is taken and the member goes on to their record', async () => {
    const { actor, shown, snapshot } = start({ signedIn: true }, [taken]);
    actor.send({ type: 'ACTIVATE' });
    await tick();
    expect(select.isActivated(snapshot())).toBe(true);
    expect(shown).toEqual([record]);
  });

  it.each(['TicketAlreadyActivated', 'GatheringClosed', 'UserAlreadyJoinedTheEvent', 'EventSaleClosed', 'ObjectNotFound'] as const)(
    '%s is a refusal for good: said in place, no retry',
    async (code) => {
      const { actor, snapshot } = start({ signedIn: true }, [{ ok: false, code }]);
      actor.send({ type: 'ACTIVATE' });
      await tick();
      expect(select.refusal(snapshot())).toBe(code);
      expect(snapshot().can({ type: 'RETRY' })).toBe(false);
    },
  );

  it('no answer can be tried again', async () => {
    const { actor, sent, snapshot } = start({ signedIn: true }, ['no answer', checkedIn]);
    actor.send({ type: 'ACTIVATE' });
    await tick();
    expect(select.failure(snapshot())).toBe('NetworkError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(sent).toHaveLength(2);
    expect(select.isCheckedIn(snapshot())).toBe(true);
  });
});

describe('ticketActivation: data', () => {
  it('what the flow sends is the body of activate-ticket, and its answer fits what the flow reads', () => {
    expectTypeOf<ActivateTicketInput>().toExtend<CallBodyInput<typeof activateTicket>>();
    expectTypeOf<CallResponse<typeof activateTicket>>().toExtend<ActivateTicketOutput>();
  });

  it('the name on a ticket fills the sign-up form’s given and family names', () => {
    expect(splitHolderName('Wing Sze Ho', 'en')).toEqual({ givenName: 'Wing Sze', familyName: 'Ho' });
    expect(splitHolderName('Ho Wing Sze', 'zh-Hant')).toEqual({ givenName: 'Wing Sze', familyName: 'Ho' });
    expect(splitHolderName('何詠詩', 'en')).toEqual({ givenName: '詠詩', familyName: '何' });
    expect(splitHolderName('歐陽子晴', 'zh-Hant')).toEqual({ givenName: '子晴', familyName: '歐陽' });
    expect(splitHolderName('Mei', 'en')).toEqual({ givenName: 'Mei' });
    expect(splitHolderName('  ', 'en')).toEqual({});
  });
});
