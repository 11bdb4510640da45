/** The third-party sign-in machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { loginCodeChallenge, userLinkThirdPartyAccountWithLogin } from '../../../contract/index.ts';
import { thirdPartySignInMachine } from '../../../machines/third-party-sign-in/third-party-sign-in.machine.ts';
import type { LinkRequiredData, LoginCodeChallengeResult } from '../../../machines/third-party-sign-in/third-party-sign-in.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

/** What a LinkRequired answer carries, picked from the error's details. */
const linkData = (details: Record<string, unknown>): LinkRequiredData | undefined =>
  typeof details.email === 'string' && typeof details.thirdPartyID === 'string'
    ? { email: details.email, thirdPartyID: details.thirdPartyID }
    : undefined;

/**
 * A code works once: if the flow is restarted (React's strict effects), the running exchange is
 * reused. Each flow made here keeps its own exchanges.
 */
export function createThirdPartySignInFlow(api: ApiClient) {
  const exchanges = new Map<string, Promise<LoginCodeChallengeResult>>();
  return thirdPartySignInMachine.provide({
    actors: {
      loginCodeChallenge: fromPromise(({ input }) => {
        const key = `${input.State} ${input.Code}`;
        let exchange = exchanges.get(key);
        if (!exchange) {
          exchange = asCallResult(api.call(loginCodeChallenge, input), linkData);
          exchanges.set(key, exchange);
          exchange.catch(() => exchanges.delete(key));
        }
        return exchange;
      }),
      userLinkThirdPartyAccountWithLogin: fromPromise(({ input }) => asCallResult(api.call(userLinkThirdPartyAccountWithLogin, input))),
    },
  });
}
