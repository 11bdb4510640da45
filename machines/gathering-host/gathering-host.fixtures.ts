import type { gatheringHostMachine } from './gathering-host.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the gatheringHostMachine with. */
export const fixtures: FlowFixtures<typeof gatheringHostMachine> = {
  inputs: [undefined],
  events: {
    REQUEST_CODE: [{ type: 'REQUEST_CODE' }],
    SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: '123456' }],
    CHECK_IN: [{ type: 'CHECK_IN', ticketID: 'tkt_abc' }],
    CLOSE: [{ type: 'CLOSE' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    getGatheringHostView: {
      done: [
        { ok: true, data: { Gathering: { Status: 'Ongoing' } } },
        { ok: true, data: { Gathering: { Status: 'Closed' } } },
        { ok: false, code: 'ObjectNotFound' },
        { ok: false, code: 'Forbidden' },
        { ok: false, code: 'Unauthorized' },
      ],
      error: new Error('network down'),
    },
    requestGatheringCode: { done: [{ ok: true, data: {} }, { ok: false, code: 'Forbidden' }, { ok: false, code: 'LimitError' }], error: new Error('network down') },
    adminInit: { done: [{ ok: true, data: {} }, { ok: false, code: 'CodeMismatchException' }], error: new Error('network down') },
    checkInTicket: { done: [{ ok: true, data: { Attendee: { Name: 'mei_sips' } } }, { ok: false, code: 'RescanQRCode' }], error: new Error('network down') },
    closeGathering: { done: [{ ok: true, data: {} }, { ok: false, code: 'LimitError' }], error: new Error('network down') },
  },
  abstraction: ({ context }) => ({ error: context.error !== undefined, checkedIn: context.checkedIn !== undefined }),
};
