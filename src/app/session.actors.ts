/** The session machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { userGetInfo, userRefreshToken, userSignOut } from '../../contract/index.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { asCallResult } from '../api/call-result.ts';
import type { ApiClient } from '../api/client.ts';

export function createSessionFlow(api: ApiClient) {
  return sessionMachine.provide({
    actors: {
      userGetInfo: fromPromise(({ input }) => asCallResult(api.call(userGetInfo, input))),
      userRefreshToken: fromPromise(({ input }) => asCallResult(api.call(userRefreshToken, input))),
      userSignOut: fromPromise(({ input }) => asCallResult(api.call(userSignOut, input))),
    },
  });
}
