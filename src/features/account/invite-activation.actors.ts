/** The invitation machine with its real actors, named after the calls they make (DESIGN §5). */
import { fromPromise } from 'xstate';
import { activateInviteCode } from '../../../contract/index.ts';
import { inviteActivationMachine } from '../../../machines/invite-activation/invite-activation.machine.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { askToSignIn } from '../../app/sign-in-intent.ts';
import { membershipQueries } from './membership-queries.ts';

/** A visitor is asked to log in or sign up with the invitation remembered; an accepted one refreshes the Membership tab. */
export function createInviteActivationFlow(services: AppServices) {
  const { api, queryClient } = services;
  return inviteActivationMachine.provide({
    actors: {
      activateInviteCode: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(activateInviteCode, input));
        if (result.ok) await queryClient.invalidateQueries({ queryKey: membershipQueries.invites(api).queryKey });
        return result;
      }),
    },
    actions: {
      askToSignIn: (_, params) => askToSignIn(services, { kind: 'activateInvite', InviteCode: params.inviteCode }, params.mode),
    },
  });
}
