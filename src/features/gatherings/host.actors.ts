/** The host's machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { adminInit, checkInTicket, closeGathering, getGatheringHostView, requestGatheringCode } from '../../../contract/index.ts';
import { gatheringHostMachine } from '../../../machines/gathering-host/gathering-host.machine.ts';
import type { CheckInOutput, HostViewOutput } from '../../../machines/gathering-host/gathering-host.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import type { Locale } from '../../i18n/i18n.ts';
import { HOST_KEY } from './queries.ts';

/** `email`: the signed-in host's, which admin-init names. The host view is read afresh after each change. */
export function createGatheringHostFlow({ api, queryClient }: AppServices, gatheringID: string, email: string, language: Locale) {
  const refresh = <T>(result: T) => queryClient.invalidateQueries({ queryKey: HOST_KEY }).then(() => result);
  const empty = () => ({});
  return gatheringHostMachine.provide({
    actors: {
      getGatheringHostView: fromPromise(() => asCallResult(api.call(getGatheringHostView, { gatheringID }).then((r): HostViewOutput => r))),
      requestGatheringCode: fromPromise(() => asCallResult(api.call(requestGatheringCode, { gatheringID, Language: language }).then(empty))),
      adminInit: fromPromise(async ({ input }) => refresh(await asCallResult(api.call(adminInit, { email, verifyCode: input.verifyCode, gatheringID }).then(empty)))),
      checkInTicket: fromPromise(async ({ input }) => refresh(await asCallResult(api.call(checkInTicket, { gatheringID, TicketID: input.TicketID }).then((r): CheckInOutput => r)))),
      closeGathering: fromPromise(async () => refresh(await asCallResult(api.call(closeGathering, { gatheringID }).then(empty)))),
    },
  });
}
