import * as contract from '../../contract/staff-nfc.ts';
import { createStaffNfcTag, listStaffNfcTags, updateStaffNfcTag } from '../services/staff/nfc-tags.ts';
import { implement } from './handler.ts';

export const staffNfcHandlers = implement(contract, {
  async staffListNfcTags({ body, deps }) {
    return listStaffNfcTags(deps.db, { status: body.Status, productId: body.ProductID, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffCreateNfcTag({ body, deps, userId }) {
    return createStaffNfcTag(deps, userId, body.ProductID);
  },
  async staffUpdateNfcTag({ body, deps, userId }) {
    return updateStaffNfcTag(deps, userId, { tagId: body.TagID, productId: body.ProductID, retired: body.Retired });
  },
});
