/** The session machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { userGetInfo, userRefreshToken, userSignOut } from '../../contract/index.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { asCallResult } from '../api/call-result.ts';
import type { ApiClient } from '../api/client.ts';

/**
 * With the app's own actions (`actions`) in the same `provide`: each `provide` makes the machine again, state node
 * by state node, and this one is made on every first load (issue 30).
 */
export function createSessionFlow(api: ApiClient, actions?: Parameters<typeof sessionMachine.provide>[0]['actions']) {
  return sessionMachine.provide({
    actions,
    actors: {
      userGetInfo: fromPromise(({ input }) => asCallResult(api.call(userGetInfo, input))),
      userRefreshToken: fromPromise(({ input }) => asCallResult(api.call(userRefreshToken, input))),
      userSignOut: fromPromise(({ input }) => asCallResult(api.call(userSignOut, input))),
    },
  });
}
