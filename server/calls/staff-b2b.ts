import * as contract from '../../contract/staff-b2b.ts';
import { listEnquiries, updateEnquiry } from '../services/staff/enquiries.ts';
import { implement } from './handler.ts';

export const staffB2bHandlers = implement(contract, {
  staffListEnquiries: ({ deps, body }) => listEnquiries(deps.db, { status: body.Status, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey }),
  async staffUpdateEnquiry({ deps, body, userId }) {
    return { Enquiry: await updateEnquiry(deps, { enquiryId: body.EnquiryID, status: body.Status, note: body.Note, actorUserId: userId }) };
  },
});
