import { eq } from 'drizzle-orm';
import { roleSatisfies, type RoleAuth } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { staffRoles } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

/** The role a member holds, undefined for none: one look-up by primary key, on every role call (no cache to go stale). */
export async function roleOf(db: Db, userId: string): Promise<RoleAuth | undefined> {
  const [row] = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId)).limit(1);
  return row?.role;
}

/** Refuses (403 Forbidden) a signed-in member whose role ranks below what the call needs. */
export async function requireRole(db: Db, userId: string, needed: RoleAuth): Promise<RoleAuth> {
  const held = await roleOf(db, userId);
  if (!roleSatisfies(held, needed)) throw new ApiError(403, ErrorCode.Forbidden, `This call needs the ${needed} role`);
  return held!;
}
