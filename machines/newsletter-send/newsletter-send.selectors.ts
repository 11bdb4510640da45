import type { SnapshotFrom } from 'xstate';
import type { newsletterSendMachine } from './newsletter-send.machine.ts';
import type { CallCode, NewsletterAudience, NewsletterWords, SendIssueOutput } from './newsletter-send.types.ts';

export type NewsletterSendSnapshot = SnapshotFrom<typeof newsletterSendMachine>;

/** The words are being written (or a save was refused). */
export const isComposing = (s: NewsletterSendSnapshot): boolean => s.matches('composing');
export const isSaving = (s: NewsletterSendSnapshot): boolean => s.matches('saving');
export const isPreviewing = (s: NewsletterSendSnapshot): boolean => s.matches('previewing');
/** The confirmation with the recipient count shows. */
export const isConfirming = (s: NewsletterSendSnapshot): boolean => s.matches('confirming');
export const isSending = (s: NewsletterSendSnapshot): boolean => s.matches('sending');
/** A call is running: saving or sending. */
export const isBusy = (s: NewsletterSendSnapshot): boolean => s.hasTag('busy');
export const isSent = (s: NewsletterSendSnapshot): boolean => s.matches('sent');
export const isFailed = (s: NewsletterSendSnapshot): boolean => s.matches('failed');
export const isCancelled = (s: NewsletterSendSnapshot): boolean => s.matches('cancelled');
export const words = (s: NewsletterSendSnapshot): NewsletterWords => s.context.words;
export const issueID = (s: NewsletterSendSnapshot): string | undefined => s.context.issueID;
/** The last Save draft went through. */
export const draftSaved = (s: NewsletterSendSnapshot): boolean => s.context.draftSaved;
export const audience = (s: NewsletterSendSnapshot): NewsletterAudience | undefined => s.context.audience;
export const error = (s: NewsletterSendSnapshot): CallCode | undefined => s.context.error;
export const sent = (s: NewsletterSendSnapshot): SendIssueOutput | undefined => s.context.sent;
/** A send press would be taken now (in the confirmation, with someone to mail). */
export const canSend = (s: NewsletterSendSnapshot): boolean => s.can({ type: 'SEND' });
