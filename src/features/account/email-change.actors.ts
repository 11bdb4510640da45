/** The e-mail change machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { userConfirmUpdateEmail, userUpdateEmail } from '../../../contract/index.ts';
import { emailChangeMachine } from '../../../machines/email-change/email-change.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import type { SessionActor } from '../../app/session.ts';
import type { Locale } from '../../i18n/i18n.ts';

/**
 * `language`: the language of the mail with the code. `session`: once the address has changed, it
 * gets the member as the server now has them. The client puts in the current access token.
 */
export function createEmailChangeFlow(api: ApiClient, session: SessionActor, language: Locale) {
  return emailChangeMachine.provide({
    actors: {
      userUpdateEmail: fromPromise(({ input }) => asCallResult(api.call(userUpdateEmail, { accessToken: '', ...input, Language: language }))),
      userConfirmUpdateEmail: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(userConfirmUpdateEmail, { accessToken: '', AttributeName: 'email', ...input }));
        if (result.ok) session.send({ type: 'USER_UPDATED', user: result.data.userDetailInfo });
        return result;
      }),
    },
  });
}
