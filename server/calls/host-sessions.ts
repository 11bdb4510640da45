/**
 * A host's own sessions in the back office (issue 32, contract/host-sessions.ts). The dispatcher has checked the
 * host role (or a higher one); that a host reaches only their own sessions is checked in services/staff/host-sessions.ts.
 */
import * as contract from '../../contract/host-sessions.ts';
import { hostSessionGuestList, listHostSessions } from '../services/staff/host-sessions.ts';
import { implement } from './handler.ts';

export const hostSessionHandlers = implement(contract, {
  hostListMySessions: ({ body, deps, userId }) => listHostSessions(deps, userId, { when: body.When, size: body.Size, lastEvaluatedKey: body.LastEvaluatedKey }),
  hostSessionGuestList: ({ body, deps, userId }) => hostSessionGuestList(deps, userId, body.SessionID),
});
