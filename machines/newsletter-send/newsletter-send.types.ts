/**
 * Data of writing and sending one newsletter issue from the back office (issue 32). Structurally equal to
 * contract/staff-newsletter.ts (staff-save-newsletter-issue, staff-send-newsletter-issue);
 * tests/machines/newsletter-send.test.ts checks it, since a machine imports nothing outside machines/.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

type Bilingual = { en: string; zh: string };

/** An issue's words, as staff typed them (the form checks them with the call's schemas before they come here). */
export type NewsletterWords = { Subject: Bilingual; Body: Bilingual };

/**
 * A new issue (no IssueID) or a draft to carry on with, its words so far, and the key of this composer's send
 * press: every send of this flow carries it, so a double press or a retry after a lost answer sends once.
 */
export type NewsletterSendInput = { IssueID?: string | undefined; Words: NewsletterWords; RequestID: string };

/** staff-save-newsletter-issue's body. */
export type SaveIssueInput = { IssueID?: string; Subject: Bilingual; Body: Bilingual };

/** An issue as the flow reads it. */
export type NewsletterIssue = {
  IssueID: string;
  Status: 'draft' | 'sending' | 'sent';
  Subject: Bilingual;
  Body: Bilingual;
  Recipients: number;
  Sent: number;
  Skipped: number;
  SentAt?: string | undefined;
};

/** Confirmed subscribers now: who a send would mail. */
export type NewsletterAudience = { Total: number; En: number; Zh: number };

/** staff-save-newsletter-issue's answer, as far as the flow reads it. */
export type SaveIssueOutput = { Issue: NewsletterIssue; Audience: NewsletterAudience };

/** staff-send-newsletter-issue's body and answer. */
export type SendIssueInput = { IssueID: string; RequestID: string };
export type SendIssueOutput = { Issue: NewsletterIssue; Repeated: boolean };

export type NewsletterSendContext = {
  /** The draft's id once saved (a later save changes it, never makes another). */
  issueID?: string | undefined;
  words: NewsletterWords;
  requestID: string;
  /** Where a save leads: back to the words (Save draft) or on to the preview. */
  afterSave: 'compose' | 'preview';
  /** The last save went through (until the next one). */
  draftSaved: boolean;
  /** Who a send would mail, as the last save answered. */
  audience?: NewsletterAudience | undefined;
  /** Why the last try failed (a server code, or 'NetworkError'), until the next one. */
  error?: CallCode | undefined;
  /** The issue as sent (sending by the runner, or sent). */
  sent?: SendIssueOutput | undefined;
};

export type NewsletterSendEvent =
  /** Save the words as a draft and keep writing. */
  | { type: 'SAVE'; words: NewsletterWords }
  /** Save the words and see the issue as subscribers will, in both languages. */
  | { type: 'PREVIEW'; words: NewsletterWords }
  /** Back to the words. */
  | { type: 'EDIT' }
  /** From the preview on to the confirmation with the recipient count. */
  | { type: 'NEXT' }
  /** Back from the confirmation to the preview. */
  | { type: 'BACK' }
  | { type: 'SEND' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };
