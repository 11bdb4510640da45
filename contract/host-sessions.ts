import * as v from 'valibot';
import { defineCall, Id } from './define.ts';
import { STAFF_SESSIONS_PAGE_MAX, StaffSession, staffSessionGuestList } from './staff-events.ts';

/**
 * A host's own sessions in the back office (issue 32: "host: their own sessions and gatherings: guest lists,
 * check-in, survey results"). The sessions are those naming the caller as their host (event_variances.host_user_id),
 * as staff see them, each with its fill and its gathering (whose host page, /host/<GatheringID>, checks tickets in
 * with check-in-ticket). The survey results are staff-session-survey-results, which a host may read already.
 */

/**
 * The sessions the signed-in member hosts, a page at a time: upcoming (the default: not started, not cancelled;
 * soonest first) or past (started; latest first). LastEvaluatedKey, opaque, from the previous page continues.
 * Staff and owners get the sessions they host themselves (often none): every session is staff-list-sessions'.
 */
export const hostListMySessions = defineCall({
  name: 'host-list-my-sessions',
  readOnly: true,
  method: 'POST',
  auth: 'host',
  body: v.object({
    When: v.optional(v.picklist(['upcoming', 'past']), 'upcoming'),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(STAFF_SESSIONS_PAGE_MAX)), 50),
    LastEvaluatedKey: v.optional(v.pipe(v.string(), v.maxLength(300))),
  }),
  response: v.object({ SessionList: v.array(StaffSession), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * The guest list of a session the signed-in host hosts: the same answer as staff-session-guest-list (paid
 * bookings oldest first, every seat's ticket checked in or not, the CSV). Another host's session: 403 Forbidden;
 * staff and owners read every session. Unknown session: 400 ObjectNotFound naming SessionID. A ticket of the list
 * is checked in with check-in-ticket (TicketID, at the session's GatheringID), once its host has opened the room.
 */
export const hostSessionGuestList = defineCall({
  name: 'host-session-guest-list',
  readOnly: true,
  method: 'POST',
  auth: 'host',
  body: v.object({ SessionID: Id }),
  response: staffSessionGuestList.response,
});
