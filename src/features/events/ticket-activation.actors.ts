/** The ticket link's machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { activateTicket, ErrorCode } from '../../../contract/index.ts';
import { ticketActivationMachine } from '../../../machines/ticket-activation/ticket-activation.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { askToSignIn } from '../../app/sign-in-intent.ts';
import { splitHolderName } from './holder-name.ts';
import { eventQueries } from './queries.ts';

/** Whatever shows the member's gathering (Tonight, its cart and pours): read afresh after a check-in. */
const GATHERING_KEY = ['member', 'gathering'] as const;

/**
 * A visitor is asked to log in or sign up with the ticket remembered (the sign-up form filled in with the name on
 * the ticket); a taken ticket goes on to the member's record (`navigate`), a check-in refreshes Tonight; a ticket
 * taken, checked in or closed meanwhile is read again, so the page says so.
 */
export function createTicketActivationFlow(services: AppServices, navigate: (to: { EventID: string; VarianceID: string }) => void) {
  const { api, queryClient, preferences } = services;
  return ticketActivationMachine.provide({
    actors: {
      activateTicket: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(activateTicket, input));
        const ticketKey = eventQueries.ticket(api, input.TicketID).queryKey;
        if (result.ok) {
          queryClient.setQueryData(eventQueries.record(api, result.data.Record.VarianceID).queryKey, result.data.Record);
          await queryClient.invalidateQueries({ queryKey: ['member', 'eventRecords'] });
          if (result.data.CheckedIn) await Promise.all([queryClient.invalidateQueries({ queryKey: GATHERING_KEY }), queryClient.invalidateQueries({ queryKey: ticketKey })]);
        } else if (result.code === ErrorCode.TicketAlreadyActivated || result.code === ErrorCode.GatheringClosed) {
          void queryClient.invalidateQueries({ queryKey: ticketKey });
        }
        return result;
      }),
    },
    actions: {
      askToSignIn: (_, { ticketID, mode }) => {
        const ticket = queryClient.getQueryData(eventQueries.ticket(api, ticketID).queryKey);
        const prefill = mode === 'signUp' && ticket ? splitHolderName(ticket.HolderName, preferences.get().locale) : {};
        askToSignIn(services, { kind: 'activateTicket', TicketID: ticketID }, mode, prefill);
      },
      showRecord: (_, params) => navigate(params),
    },
  });
}
