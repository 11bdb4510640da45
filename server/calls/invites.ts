import * as contract from '../../contract/invites.ts';
import { activateInviteCode, listInviteCodes } from '../services/invites/codes.ts';
import { implement } from './handler.ts';

export const inviteHandlers = implement(contract, {
  activateInviteCode: ({ body, deps, userId }) => activateInviteCode(deps, userId, body.InviteCode),
  listInviteCode: ({ deps, userId }) => listInviteCodes(deps, userId),
});
