/** The sign-in machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { userForceChangePassword, userLogin } from '../../../contract/index.ts';
import { signInMachine } from '../../../machines/sign-in/sign-in.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

export function createSignInFlow(api: ApiClient) {
  return signInMachine.provide({
    actors: {
      userLogin: fromPromise(({ input }) => asCallResult(api.call(userLogin, input))),
      userForceChangePassword: fromPromise(({ input }) => asCallResult(api.call(userForceChangePassword, { ...input, skipPassword: false }))),
    },
  });
}
