import * as contract from '../../contract/staff.ts';
import { listAuditLog } from '../services/staff/audit.ts';
import { listStaff, setStaffRole } from '../services/staff/members.ts';
import { roleOf } from '../services/staff/roles.ts';
import { implement } from './handler.ts';

export const staffHandlers = implement(contract, {
  async getMyRole({ deps, userId }) {
    return { Role: (await roleOf(deps.db, userId)) ?? null };
  },
  async listStaff({ body, deps }) {
    return { StaffList: await listStaff(deps.db, body.Sort) };
  },
  async setStaffRole({ body, deps, userId }) {
    return { Staff: await setStaffRole(deps, { email: body.Email, role: body.Role, actorUserId: userId }) };
  },
  async listAuditLog({ body, deps }) {
    return listAuditLog(deps.db, {
      action: body.Action,
      before: body.Before ? new Date(body.Before) : undefined,
      size: body.Size,
      sort: body.Sort,
      lastEvaluatedKey: body.LastEvaluatedKey,
    });
  },
});
