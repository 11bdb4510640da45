import * as v from 'valibot';

/**
 * What staff type into the back office's announcement form (issue 32, staff-send-announcement), in a small file
 * of its own so that the /admin dashboard checks the words with the very schemas the call uses, without taking
 * the dashboard's other schemas into its chunk (build/contract-descriptors.ts: a client build keeps no call's
 * body schema). Not re-exported by contract/index.ts as a whole: staff-dashboard.ts re-exports what it always did.
 */

/** An announcement's title, in one language. */
export const AnnouncementTitle = v.pipe(v.string('a title'), v.trim(), v.minLength(1, 'a title'), v.maxLength(80, 'at most 80 characters'));

/** An announcement's message, in one language. */
export const AnnouncementBody = v.pipe(v.string('a message'), v.trim(), v.minLength(1, 'a message'), v.maxLength(300, 'at most 300 characters'));

/** A page of the shop: one leading slash, no scheme, host or second slash (never a full URL), no spaces or backslashes. */
export const ShopLinkPath = v.pipe(
  v.string('a path of the shop'),
  v.trim(),
  v.maxLength(200, 'at most 200 characters'),
  v.regex(/^\/(?![/\\])[^\s\\]*$/, 'a path of the shop, starting with one / (such as /new_in), not a full URL'),
);

/**
 * The client's key for one press (a UUID it makes when the form opens): a second press with the same key, even
 * at the same moment, sends nothing and answers the first's AnnouncementID and SentAt with Repeated true.
 */
export const AnnouncementRequestID = v.pipe(v.string('a request id'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'));
