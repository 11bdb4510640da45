import { eq, sql } from 'drizzle-orm';
import type { RoleAuth } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffMember, StaffSort } from '../../../contract/staff.ts';
import type { Db } from '../../db/client.ts';
import { staffRoles, users } from '../../db/schema.ts';
import type { Clock } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { keysetOrder, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { appendAudit } from './audit.ts';

/** The audit log's action for a role granted, changed or removed. */
export const SET_STAFF_ROLE_ACTION = 'staff-role.set';

export interface StaffDeps {
  db: Db;
  clock: Clock;
}

const staffColumns = {
  userId: users.id,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  role: staffRoles.role,
  grantedAt: staffRoles.grantedAt,
};

type StaffRow = { userId: string; email: string; givenName: string; familyName: string; role: RoleAuth; grantedAt: Date };

const toStaffMember = (r: StaffRow): StaffMember => ({
  UserID: r.userId,
  Email: r.email,
  Name: `${r.givenName} ${r.familyName}`.trim(),
  Role: r.role,
  GrantedAt: r.grantedAt.toISOString(),
});

/** The order of list-staff under each sort (contract StaffSort); the e-mail (unique) settles every tie. */
const STAFF_SORTS: Record<StaffSort['Field'], KeyPart[]> = {
  // Owners, staff, hosts: by what they may do, not alphabetically.
  Role: [{ expr: sql`case ${staffRoles.role} when 'owner' then 0 when 'staff' then 1 else 2 end`, type: 'integer' }],
  Name: [{ expr: sql`${users.givenName} || ' ' || ${users.familyName}`, type: 'text' }],
  Email: [],
  GrantedAt: [{ expr: staffRoles.grantedAt, type: 'timestamptz' }],
};

/** Everyone holding a role: by default owners first, then staff, then hosts; by e-mail within a role. */
export async function listStaff(db: Db, sort: StaffSort = { Field: 'Role', Direction: 'asc' }): Promise<StaffMember[]> {
  const order = sortKeyset(sort.Field, sort.Direction, [...STAFF_SORTS[sort.Field], { expr: users.email, type: 'text' }]);
  const rows = await db
    .select(staffColumns)
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .orderBy(...keysetOrder(order));
  return rows.map(toStaffMember);
}

export interface RoleChange {
  /** An existing account's e-mail (compared lower-cased, as accounts store it). */
  email: string;
  role: RoleAuth | 'none';
  /** Who asks; null: the command line. */
  actorUserId: string | null;
}

/**
 * Grants, changes or removes a member's role, with its audit row in the same transaction. Refuses to leave the
 * shop without an owner: the owners' rows are locked first, so two owners demoting each other at once on
 * PostgreSQL are taken one after the other and the second is refused.
 */
export async function setStaffRole(deps: StaffDeps, change: RoleChange): Promise<StaffMember | null> {
  const email = change.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No account has this e-mail', 'Email');
    const owners = await tx.select({ userId: staffRoles.userId }).from(staffRoles).where(eq(staffRoles.role, 'owner')).for('update');
    const [held] = await tx.select().from(staffRoles).where(eq(staffRoles.userId, user.id)).limit(1);
    const before = held?.role ?? 'none';
    const current = held ? toStaffMember({ ...held, email: user.email, givenName: user.givenName, familyName: user.familyName }) : null;
    if (before === change.role) return current;
    if (before === 'owner' && owners.length <= 1) {
      throw new ApiError(400, ErrorCode.LastOwner, 'The shop must keep at least one owner: make another owner first');
    }

    const now = deps.clock.now();
    let after: StaffMember | null = null;
    if (change.role === 'none') {
      await tx.delete(staffRoles).where(eq(staffRoles.userId, user.id));
    } else {
      const row = { userId: user.id, role: change.role, grantedAt: now, grantedBy: change.actorUserId };
      await tx.insert(staffRoles).values(row).onConflictDoUpdate({ target: staffRoles.userId, set: { role: row.role, grantedAt: now, grantedBy: row.grantedBy } });
      after = toStaffMember({ ...row, email: user.email, givenName: user.givenName, familyName: user.familyName });
    }
    await appendAudit(tx, {
      at: now,
      actorUserId: change.actorUserId,
      action: SET_STAFF_ROLE_ACTION,
      target: `user:${user.id}`,
      before: held ? { Email: user.email, Role: held.role } : null,
      after: after ? { Email: user.email, Role: after.Role } : null,
    });
    return after;
  });
}
