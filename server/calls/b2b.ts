import * as contract from '../../contract/b2b.ts';
import { receiveEnquiry } from '../services/b2b/enquiry.ts';
import { implement } from './handler.ts';

export const b2bHandlers = implement(contract, {
  async b2bEnquiry({ body, deps, clientIp }) {
    await receiveEnquiry(deps, body, clientIp);
    return {};
  },
});
