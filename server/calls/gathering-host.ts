import * as contract from '../../contract/gathering-host.ts';
import { adminInit, checkInTicket, closeGathering, hostView, requestHostCode } from '../services/gatherings/host.ts';
import { implement } from './handler.ts';

export const gatheringHostHandlers = implement(contract, {
  requestGatheringCode: ({ body, deps, userId }) => requestHostCode(deps, userId, body.gatheringID, body.Language),
  adminInit: ({ body, deps, userId }) => adminInit(deps, userId, body),
  getGatheringHostView: ({ body, deps, userId }) => hostView(deps, userId, body.gatheringID),
  checkInTicket: ({ body, deps, userId }) => checkInTicket(deps, userId, body.gatheringID, body.TicketID),
  closeGathering: ({ body, deps, userId }) => closeGathering(deps, userId, body.gatheringID),
});
