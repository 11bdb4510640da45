import * as v from 'valibot';

/**
 * Fields staff type into the back office's forms (issue 32), in a small file of their own so that the /admin
 * screens check them with the very schemas the calls use, without taking the calls' other schemas into their
 * chunks (build/contract-descriptors.ts: a client build keeps no call's body schema).
 */

/** staff-ship-order: the courier's tracking number. */
export const TrackingNumber = v.pipe(v.string(), v.trim(), v.minLength(1, 'a tracking number'), v.maxLength(60, 'at most 60 characters'));

/** staff-cancel-order: why staff cancel it (kept in the audit row). */
export const CancelReason = v.pipe(v.string(), v.trim(), v.minLength(1, 'a reason'), v.maxLength(500, 'at most 500 characters'));

/** pay-refund (FPS): the reference of the bank transfer that paid the money back. */
export const BankReference = v.pipe(v.string(), v.trim(), v.minLength(1, 'a bank reference'), v.maxLength(100));
