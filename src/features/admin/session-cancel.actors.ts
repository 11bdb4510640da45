/** The session cancel's machine with its real actor, named after the call it makes (DESIGN §5). */
import { fromPromise } from 'xstate';
import { staffCancelSession } from '../../../contract/index.ts';
import { sessionCancelMachine } from '../../../machines/session-cancel/session-cancel.machine.ts';
import type { CancelSessionOutput } from '../../../machines/session-cancel/session-cancel.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { ADMIN_KEY } from './queries.ts';

/** Once cancelled, the sessions (its row) and the refunds (the new requests) are read afresh. */
export function createSessionCancelFlow({ api, queryClient }: AppServices) {
  return sessionCancelMachine.provide({
    actors: {
      cancelSession: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(staffCancelSession, input).then((r): CancelSessionOutput => r));
        if (result.ok) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'sessions'] }),
            queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'refunds'] }),
          ]);
        }
        return result;
      }),
    },
  });
}
