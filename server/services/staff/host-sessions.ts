/**
 * A host's own sessions (issue 32, contract/host-sessions.ts): the sessions naming them as host, listed as
 * staff-list-sessions lists sessions, and a session's guest list as staff-session-guest-list reads it. A host
 * reaches only the sessions they host (event_variances.host_user_id); staff and owners, who run the shop, reach
 * every one, as for gatherings (gatherings/host.ts) and survey results (event-surveys/session-results.ts).
 */
import { eq } from 'drizzle-orm';
import { roleSatisfies } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StaffBooking, StaffSession } from '../../../contract/staff-events.ts';
import { eventVariances } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { sessionGuestList } from './event-guests.ts';
import { listStaffSessions, sessionNotFound, type SessionQuery } from './events.ts';
import { roleOf } from './roles.ts';

export interface HostSessionQuery {
  when: 'upcoming' | 'past';
  size: number;
  lastEvaluatedKey?: string | undefined;
}

/** host-list-my-sessions: the caller's own sessions, a page at a time. */
export function listHostSessions(deps: Pick<Deps, 'db' | 'clock'>, hostUserId: string, query: HostSessionQuery): Promise<{ SessionList: StaffSession[]; LastEvaluatedKey?: string }> {
  const filtered: SessionQuery = { ...query, hostUserId };
  return listStaffSessions(deps, filtered);
}

/**
 * Refuses (403 Forbidden) a caller who neither hosts the session nor holds staff or owner; an unknown session is
 * 400 ObjectNotFound naming SessionID. The host of their own session costs one look-up by primary key.
 */
async function requireHostOf(deps: Pick<Deps, 'db'>, userId: string, sessionId: string): Promise<void> {
  const [row] = await deps.db.select({ hostUserId: eventVariances.hostUserId }).from(eventVariances).where(eq(eventVariances.id, sessionId));
  if (!row) throw sessionNotFound();
  if (row.hostUserId === userId) return;
  if (!roleSatisfies(await roleOf(deps.db, userId), 'staff')) throw new ApiError(403, ErrorCode.Forbidden, 'This session has another host');
}

/** host-session-guest-list: staff-session-guest-list's answer, for the session's host (or staff and owners). */
export async function hostSessionGuestList(deps: Pick<Deps, 'db'>, userId: string, sessionId: string): Promise<{ Session: StaffSession; BookingList: StaffBooking[]; CSV: string }> {
  await requireHostOf(deps, userId, sessionId);
  return sessionGuestList(deps.db, sessionId);
}
