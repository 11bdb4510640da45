import * as contract from '../../contract/staff-subscriptions.ts';
import { listFailedRenewals, listStaffSubscriptionPlans, listStaffSubscriptions, staffRetryRenewal } from '../services/orders/subscription/staff.ts';
import { implement } from './handler.ts';

export const staffSubscriptionHandlers = implement(contract, {
  async staffListSubscriptions({ body, deps }) {
    return listStaffSubscriptions(deps.db, deps.clock.now(), { status: body.Status, planId: body.PlanID, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffListFailedRenewals({ body, deps }) {
    return listFailedRenewals(deps.db, deps.clock.now(), { reason: body.Reason, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffListSubscriptionPlans({ deps }) {
    return listStaffSubscriptionPlans(deps.db, deps.clock.now());
  },
  async staffRetryRenewal({ body, deps, userId }) {
    return staffRetryRenewal(deps, userId, body.SubscriptionID);
  },
});
