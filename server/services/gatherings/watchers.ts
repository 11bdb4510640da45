import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gatheringAttendees, gatherings } from '../../db/schema.ts';

/** Who may follow a gathering live: its host, and whoever has been in its room. */
export async function mayWatch(db: Db, userId: string, gatheringId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: gatherings.id })
    .from(gatherings)
    .where(
      and(
        eq(gatherings.id, gatheringId),
        or(
          eq(gatherings.hostUserId, userId),
          sql`EXISTS (SELECT 1 FROM ${gatheringAttendees} a WHERE a.gathering_id = ${gatherings.id} AND a.user_id = ${userId})`,
        ),
      ),
    );
  return row !== undefined;
}
