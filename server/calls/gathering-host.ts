import * as contract from '../../contract/gathering-host.ts';
import type { Deps } from '../deps.ts';
import { adminInit, checkInTicket, closeGathering, hostView, requestHostCode, type HostCaller } from '../services/gatherings/host.ts';
import { roleOf } from '../services/staff/roles.ts';
import { implement } from './handler.ts';

/** The signed-in host, with their role looked up only when the gathering is not theirs (staff reach every one). */
const caller = (deps: Deps, userId: string): HostCaller => ({ userId, role: () => roleOf(deps.db, userId) });

export const gatheringHostHandlers = implement(contract, {
  requestGatheringCode: ({ body, deps, userId }) => requestHostCode(deps, userId, body.gatheringID, body.Language),
  adminInit: ({ body, deps, userId }) => adminInit(deps, userId, body),
  getGatheringHostView: ({ body, deps, userId }) => hostView(deps, caller(deps, userId), body.gatheringID),
  checkInTicket: ({ body, deps, userId }) => checkInTicket(deps, caller(deps, userId), body.gatheringID, body.TicketID),
  closeGathering: ({ body, deps, userId }) => closeGathering(deps, caller(deps, userId), body.gatheringID),
});
