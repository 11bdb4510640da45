import * as v from 'valibot';
import { Email } from './account.ts';
import { Bilingual, defineCall, noBody } from './define.ts';
import { Language } from './orders.ts';

/**
 * Spec §7 Content getNewsletterSubscription (GET): the newsletter block's wording (kept here with the
 * newsletter's other calls rather than in content.ts).
 */
export const getNewsletterSubscription = defineCall({
  name: 'getNewsletterSubscription',
  method: 'GET',
  auth: 'public',
  body: noBody,
  response: v.object({ Title: Bilingual, Text: Bilingual, Button: Bilingual }),
});

/**
 * Ours (issue 20): asks for the newsletter. A confirmation link is mailed (double opt-in): nothing is sent
 * before it is opened. The answer is the same whether the address was unknown, waiting or subscribed.
 */
export const newsletterSubscribe = defineCall({
  name: 'newsletter-subscribe',
  method: 'POST',
  auth: 'public',
  body: v.object({ Email, Language: v.optional(Language, 'en') }),
  response: v.object({}),
});

export const NewsletterToken = v.pipe(v.string(), v.minLength(16), v.maxLength(128));

/** Ours: the confirmation link's token (the page /newsletter/confirm?token=…). Unknown or expired: ObjectNotFound. */
export const newsletterConfirm = defineCall({
  name: 'newsletter-confirm',
  method: 'POST',
  auth: 'public',
  body: v.object({ Token: NewsletterToken }),
  response: v.object({ Email: v.string() }),
});

/**
 * Ours: the unsubscribe link's token (the page /newsletter/unsubscribe?token=…; mail clients' one-click
 * POST goes to /api/newsletter/unsubscribe?token=…). Unsubscribing twice answers the same. Unknown: ObjectNotFound.
 */
export const newsletterUnsubscribe = defineCall({
  name: 'newsletter-unsubscribe',
  method: 'POST',
  auth: 'public',
  body: v.object({ Token: NewsletterToken }),
  response: v.object({ Email: v.string() }),
});
