/**
 * Roles for tests (issue 32): a member is given a role as `npm run staff -- add <role> <email>` gives it
 * (setStaffRole, with its audit row, by nobody), so a test's hosts and staff hold what the shop's do.
 */
import { eq } from 'drizzle-orm';
import type { RoleAuth } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import type { TestApp } from './test-app.ts';

/** Grants `role` to the member `userId` (an existing account); replaces a role held already. */
export async function grantRole(t: TestApp, userId: string, role: RoleAuth): Promise<void> {
  const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`grantRole: no account ${userId}`);
  await setStaffRole(t.deps, { email: user.email, role, actorUserId: null });
}
