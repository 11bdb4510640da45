import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { gatheringHostMachine } from '../../machines/gathering-host/gathering-host.machine.ts';
import * as select from '../../machines/gathering-host/gathering-host.selectors.ts';
import type { CallResult, CheckInOutput, Empty, HostViewOutput } from '../../machines/gathering-host/gathering-host.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { gatheringHostModel } from './gathering-host.model.ts';

const paths = modelPaths(gatheringHostModel);

describe('gatheringHost: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(gatheringHostMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(gatheringHostModel, p);
    for (const call of calls) {
      if (call.src === 'adminInit') expect(call.input).toEqual({ verifyCode: '123456' });
      if (call.src === 'checkInTicket') expect(call.input).toEqual({ TicketID: 'tkt_abc' });
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const ok: CallResult<Empty> = { ok: true, data: {} };

function start(view: CallResult<HostViewOutput>[], answers: { admin?: CallResult<Empty>[]; checkIn?: CallResult<CheckInOutput>[] } = {}) {
  const sent: { src: string; input?: unknown }[] = [];
  const nth = <T>(list: T[] | undefined, src: string, fallback: T): T => {
    const i = sent.filter((s) => s.src === src).length - 1;
    return list?.[Math.min(i, list.length - 1)] ?? fallback;
  };
  const actor = createActor(
    gatheringHostMachine.provide({
      actors: {
        getGatheringHostView: fromPromise(async () => (sent.push({ src: 'view' }), nth(view, 'view', view[0]!))),
        requestGatheringCode: fromPromise(async () => (sent.push({ src: 'code' }), ok)),
        adminInit: fromPromise(async ({ input }) => (sent.push({ src: 'admin', input }), nth(answers.admin, 'admin', ok))),
        checkInTicket: fromPromise(async ({ input }) => (sent.push({ src: 'checkIn', input }), nth(answers.checkIn, 'checkIn', { ok: true, data: { Attendee: { Name: 'mei' } } }))),
        closeGathering: fromPromise(async () => (sent.push({ src: 'close' }), ok)),
      },
    }),
  ).start();
  return { actor, sent, snapshot: () => actor.getSnapshot() };
}

describe('gatheringHost: behaviour', () => {
  it('opens with a mailed code after a wrong one; then checks tickets in one at a time and closes', async () => {
    const { actor, sent, snapshot } = start([{ ok: false, code: 'ObjectNotFound' }], { admin: [{ ok: false, code: 'CodeMismatchException' }, ok], checkIn: [{ ok: false, code: 'RescanQRCode' }, { ok: true, data: { Attendee: { Name: 'mei_sips' } } }] });
    await tick();
    expect(select.needsCode(snapshot())).toBe(true);
    actor.send({ type: 'REQUEST_CODE' });
    await tick();
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    await tick();
    expect(select.error(snapshot())).toBe('CodeMismatchException');
    expect(select.isEnteringCode(snapshot())).toBe(true);
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await tick();
    expect(select.isHosting(snapshot())).toBe(true);

    actor.send({ type: 'CHECK_IN', ticketID: 'junk' });
    actor.send({ type: 'CHECK_IN', ticketID: 'junk' });
    await tick();
    expect(sent.filter((s) => s.src === 'checkIn')).toHaveLength(1);
    expect(select.error(snapshot())).toBe('RescanQRCode');
    actor.send({ type: 'CHECK_IN', ticketID: 'tkt_1' });
    expect(select.error(snapshot())).toBeUndefined();
    await tick();
    expect(select.checkedIn(snapshot())).toBe('mei_sips');
    actor.send({ type: 'CLOSE' });
    await tick();
    expect(select.isClosed(snapshot())).toBe(true);
  });

  it('an open gathering goes straight to hosting; someone else’s is said when they ask for a code', async () => {
    const open = start([{ ok: true, data: { Gathering: { Status: 'Ongoing' } } }]);
    await tick();
    expect(select.isHosting(open.snapshot())).toBe(true);
    const other = start([{ ok: false, code: 'ObjectNotFound' }]);
    await tick();
    expect(select.needsCode(other.snapshot())).toBe(true);
  });

  it('another host’s gathering, or a member without the host role (Forbidden), is said at once: no code to ask for', async () => {
    const other = start([{ ok: false, code: 'Forbidden' }]);
    await tick();
    expect(select.isNotHost(other.snapshot())).toBe(true);
    expect(select.needsCode(other.snapshot())).toBe(false);
  });
});
