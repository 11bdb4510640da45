import * as v from 'valibot';

/**
 * Fields staff type into the back office's session forms (issue 32), in a small file of their own so that the
 * /admin sessions screen checks them with the very schemas staff-create-session, staff-update-session and
 * staff-cancel-session use, without taking the calls' other schemas into its chunk (build/contract-descriptors.ts).
 */

/** A session's seats: a whole number from 1 to 1000. */
export const SessionCapacity = v.pipe(
  v.number('a number of seats'),
  v.integer('a whole number of seats'),
  v.minValue(1, 'at least 1'),
  v.maxValue(1000, 'at most 1000'),
);

/** staff-cancel-session: why staff cancel it (kept in the audit row). */
export const SessionCancelReason = v.pipe(v.string(), v.trim(), v.minLength(1, 'a reason'), v.maxLength(500, 'at most 500 characters'));
