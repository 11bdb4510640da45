import * as v from 'valibot';

/**
 * What staff type into the back office's newsletter composer (issue 32), in a small file of its own so the /admin
 * content screen checks the words with the very schemas staff-save-newsletter-issue uses, without taking the
 * calls' other schemas into its chunk (build/contract-descriptors.ts).
 */

export const NEWSLETTER_SUBJECT_MAX = 150;
/** A long letter, not a book. */
export const NEWSLETTER_BODY_MAX = 20_000;

const Subject = v.pipe(v.string('a subject'), v.trim(), v.minLength(1, 'a subject'), v.maxLength(NEWSLETTER_SUBJECT_MAX, `at most ${NEWSLETTER_SUBJECT_MAX} characters`));
const Body = v.pipe(v.string('a text'), v.trim(), v.minLength(1, 'a text'), v.maxLength(NEWSLETTER_BODY_MAX, `at most ${NEWSLETTER_BODY_MAX} characters`));

export const NewsletterSubject = v.object({ en: Subject, zh: Subject });
/** Plain text as subscribers read it: blank lines split paragraphs. */
export const NewsletterBody = v.object({ en: Body, zh: Body });

/**
 * The client's key for one send press (made when the composer opens): the same key again, even at the same
 * moment or after a lost answer, sends nothing more and answers the first press's issue.
 */
export const NewsletterRequestID = v.pipe(v.string('a request id'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'));
