/** The sign-up machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { userConfirmSignup, userResendConfirmationCode, userSignup } from '../../../contract/index.ts';
import { signUpMachine } from '../../../machines/sign-up/sign-up.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import type { Locale } from '../../i18n/i18n.ts';

/** `language`: the language of the verification mail (the sign-up popup's); none from the verification link. */
export function createSignUpFlow(api: ApiClient, options: { language?: Locale } = {}) {
  const { language } = options;
  return signUpMachine.provide({
    actors: {
      userSignup: fromPromise(({ input }) => asCallResult(api.call(userSignup, language ? { ...input, Language: language } : input))),
      userConfirmSignup: fromPromise(({ input }) => asCallResult(api.call(userConfirmSignup, input))),
      userResendConfirmationCode: fromPromise(({ input }) => asCallResult(api.call(userResendConfirmationCode, input))),
    },
  });
}
