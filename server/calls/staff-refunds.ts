import * as contract from '../../contract/staff-refunds.ts';
import { listRefundRequests, payRefund } from '../services/staff/refunds.ts';
import { implement } from './handler.ts';

export const staffRefundHandlers = implement(contract, {
  async listRefundRequests({ body, deps }) {
    return listRefundRequests(deps.db, { status: body.Status, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async payRefund({ body, deps, userId }) {
    return { Refund: await payRefund(deps, { refundId: body.RefundID, bankReference: body.BankReference, actorUserId: userId }) };
  },
});
