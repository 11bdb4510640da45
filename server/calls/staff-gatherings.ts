import * as contract from '../../contract/staff-gatherings.ts';
import { listStaffGatherings, removeStaffPour, saveStaffPour, staffPourList } from '../services/staff/gathering-pours.ts';
import { implement } from './handler.ts';

export const staffGatheringHandlers = implement(contract, {
  async staffListGatherings({ body, deps }) {
    return listStaffGatherings(deps.db, { status: body.Status, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffGetPourList({ body, deps }) {
    return staffPourList(deps.db, body.GatheringID);
  },
  async staffSavePour({ body, deps, userId }) {
    return saveStaffPour(deps, userId, { gatheringId: body.GatheringID, productId: body.ProductID, varianceId: body.VarianceID, price: body.Price, setAside: body.SetAside });
  },
  async staffRemovePour({ body, deps, userId }) {
    return removeStaffPour(deps, userId, body.GatheringID, body.ProductID);
  },
});
