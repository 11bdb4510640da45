import * as contract from '../../contract/staff-second-factor.ts';
import { enrollSecondFactor, secondFactorStatus, verifySecondFactor } from '../services/staff/second-factor.ts';
import { implement } from './handler.ts';

export const staffSecondFactorHandlers = implement(contract, {
  getStaffSecondFactor: ({ deps, userId, sessionId }) => secondFactorStatus(deps, userId, sessionId),
  enrollStaffSecondFactor: ({ deps, userId }) => enrollSecondFactor(deps, userId),
  verifyStaffSecondFactor: ({ deps, userId, sessionId, body }) => verifySecondFactor(deps, userId, sessionId, body.Code),
});
