import type { sessionCancelMachine } from './session-cancel.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the sessionCancelMachine with. */
export const fixtures: FlowFixtures<typeof sessionCancelMachine> = {
  inputs: [{ SessionID: 'evs-gongfu-oolong-1' }],
  describeInput: (input) => `session ${input.SessionID}`,
  events: {
    CONFIRM: [
      { type: 'CONFIRM', reason: ' The host is unwell ' },
      { type: 'CONFIRM', reason: '  ' },
    ],
    RETRY: [{ type: 'RETRY' }],
    CANCEL: [{ type: 'CANCEL' }],
  },
  actors: {
    cancelSession: {
      done: [
        {
          ok: true,
          data: {
            Session: { SessionID: 'evs-gongfu-oolong-1', Status: 'cancelled', CancelledAt: '2026-11-30T10:00:00.000Z' },
            Refunds: [{ RefundID: '51', OrderID: 'ord-1', Amount: 38000, Currency: 'HKD' }],
            MailedBookers: 1,
          },
        },
        { ok: false, code: 'ObjectNotFound' },
        { ok: false, code: 'InvalidParameter' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ reason: context.reason !== undefined, error: context.error, cancelled: context.cancelled !== undefined }),
};
