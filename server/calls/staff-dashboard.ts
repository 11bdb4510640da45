/**
 * The back office's dashboard, a session's survey results and push announcements (issue 32,
 * contract/staff-dashboard.ts). The dispatcher has checked the role; a host's reach to their own sessions is
 * checked in services/event-surveys/session-results.ts, given the role look-up here (as gathering-host.ts does).
 */
import * as contract from '../../contract/staff-dashboard.ts';
import { sendAnnouncement } from '../services/staff/announcements.ts';
import { readDashboard } from '../services/staff/dashboard.ts';
import { sessionSurveyResults } from '../services/event-surveys/session-results.ts';
import { roleOf } from '../services/staff/roles.ts';
import { implement } from './handler.ts';

export const staffDashboardHandlers = implement(contract, {
  async staffDashboard({ deps }) {
    return readDashboard(deps);
  },
  async staffSessionSurveyResults({ body, deps, userId }) {
    return sessionSurveyResults(deps, { userId, role: () => roleOf(deps.db, userId) }, body.SessionID);
  },
  async staffSendAnnouncement({ body, deps, userId }) {
    return sendAnnouncement(deps, userId, { requestId: body.RequestID, title: body.Title, body: body.Body, link: body.Link });
  },
});
