import * as contract from '../../contract/staff-newsletter.ts';
import { listNewsletterIssues, saveNewsletterIssue, sendNewsletterIssue } from '../services/staff/newsletter-issues.ts';
import { implement } from './handler.ts';

export const staffNewsletterHandlers = implement(contract, {
  async staffListNewsletterIssues({ body, deps }) {
    return listNewsletterIssues(deps.db, { size: body.Size, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffSaveNewsletterIssue({ body, deps, userId }) {
    return saveNewsletterIssue(deps, userId, { issueId: body.IssueID, subject: body.Subject, body: body.Body });
  },
  async staffSendNewsletterIssue({ body, deps, userId }) {
    return sendNewsletterIssue(deps, userId, { issueId: body.IssueID, requestId: body.RequestID });
  },
});
