/** The second factor's machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { enrollStaffSecondFactor, verifyStaffSecondFactor } from '../../../contract/index.ts';
import { secondFactorMachine } from '../../../machines/second-factor/second-factor.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { ADMIN_KEY } from './queries.ts';

/** Once passed, everything the back office read (refused until now) is read afresh. */
export function createSecondFactorFlow({ api, queryClient }: AppServices) {
  return secondFactorMachine.provide({
    actors: {
      enroll: fromPromise(() => asCallResult(api.call(enrollStaffSecondFactor, {}))),
      verify: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(verifyStaffSecondFactor, input));
        if (result.ok) await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
        return result;
      }),
    },
  });
}
