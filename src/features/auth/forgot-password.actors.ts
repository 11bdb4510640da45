/** The forgot-password machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { userConfirmForgetPassword, userForgetPassword } from '../../../contract/index.ts';
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import type { Locale } from '../../i18n/i18n.ts';

/** `language`: the language of the mail with the code. */
export function createForgotPasswordFlow(api: ApiClient, language: Locale) {
  return forgotPasswordMachine.provide({
    actors: {
      userForgetPassword: fromPromise(({ input }) => asCallResult(api.call(userForgetPassword, { ...input, Language: language }))),
      userConfirmForgetPassword: fromPromise(({ input }) => asCallResult(api.call(userConfirmForgetPassword, input))),
    },
  });
}
