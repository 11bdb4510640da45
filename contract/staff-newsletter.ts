import * as v from 'valibot';
import { Bilingual, defineCall, Id } from './define.ts';
import { NewsletterBody, NewsletterRequestID, NewsletterSubject } from './staff-newsletter-fields.ts';

/**
 * Newsletter issues written and sent from the back office (issue 32): a subject and a body in English and
 * Chinese, kept as a draft until staff send it. Sending mails every confirmed subscriber once, in their language,
 * with the unsubscribe link and headers every newsletter mail carries (services/newsletter), through the jobs
 * runner a batch at a time; the issue shows how far it has gone.
 */

/** draft: being written; sending: its mails are going out; sent: every subscriber's mail went (or was left out). */
export const NewsletterIssueStatus = v.picklist(['draft', 'sending', 'sent']);
export type NewsletterIssueStatus = v.InferOutput<typeof NewsletterIssueStatus>;

export const StaffNewsletterIssue = v.object({
  IssueID: v.string(),
  Subject: Bilingual,
  Body: Bilingual,
  Status: NewsletterIssueStatus,
  /** ISO 8601. */
  CreatedAt: v.string(),
  UpdatedAt: v.string(),
  /** ISO 8601: when sending started, and when its last mail went. */
  SendingAt: v.optional(v.string()),
  SentAt: v.optional(v.string()),
  /** Subscribers it goes to (fixed when sending starts; 0 for a draft), mailed so far, and left out (unsubscribed before their mail went). */
  Recipients: v.number(),
  Sent: v.number(),
  Skipped: v.number(),
});
export type StaffNewsletterIssue = v.InferOutput<typeof StaffNewsletterIssue>;

/** Confirmed subscribers now (who a send would mail), and how many read English and Chinese. */
export const NewsletterAudience = v.object({ Total: v.number(), En: v.number(), Zh: v.number() });
export type NewsletterAudience = v.InferOutput<typeof NewsletterAudience>;

export const NEWSLETTER_PAGE_MAX = 50;

/** Issues newest first, a page at a time (LastEvaluatedKey, opaque, from the previous page), and the audience now. */
export const staffListNewsletterIssues = defineCall({
  name: 'staff-list-newsletter-issues',
  readOnly: true,
  method: 'POST',
  auth: 'staff',
  body: v.optional(
    v.object({
      Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(NEWSLETTER_PAGE_MAX)), 20),
      LastEvaluatedKey: v.optional(v.pipe(v.string(), v.maxLength(200))),
    }),
    {},
  ),
  response: v.object({ IssueList: v.array(StaffNewsletterIssue), LastEvaluatedKey: v.optional(v.string()), Audience: NewsletterAudience }),
});

/**
 * Writes a draft: a new one (no IssueID) or an existing draft's words (unknown IssueID: 400 ObjectNotFound; an
 * issue sending or sent: 400 NewsletterAlreadySent, both naming IssueID). Answers the issue and the audience a send
 * would mail now. One audit row ('newsletter.create' or 'newsletter.update', before and after); a save that changes
 * nothing writes none.
 */
export const staffSaveNewsletterIssue = defineCall({
  name: 'staff-save-newsletter-issue',
  method: 'POST',
  auth: 'staff',
  body: v.object({ IssueID: v.optional(Id), Subject: NewsletterSubject, Body: NewsletterBody }),
  response: v.object({ Issue: StaffNewsletterIssue, Audience: NewsletterAudience }),
});

/**
 * Sends a draft to every confirmed subscriber, once: the draft becomes 'sending' in one conditional change, so of
 * two presses at once only one sends. The same RequestID again (a double press, a retry after a lost answer) sends
 * nothing and answers the issue as it stands with Repeated true; another RequestID for an issue sending or sent is
 * 400 NewsletterAlreadySent naming IssueID. The mails go out through the jobs runner (Status 'sending' until the
 * last); an issue with no subscriber to mail is 'sent' at once. One audit row ('newsletter.send').
 */
export const staffSendNewsletterIssue = defineCall({
  name: 'staff-send-newsletter-issue',
  method: 'POST',
  auth: 'staff',
  body: v.object({ IssueID: Id, RequestID: NewsletterRequestID }),
  response: v.object({ Issue: StaffNewsletterIssue, Repeated: v.boolean() }),
});
