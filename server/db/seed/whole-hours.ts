/**
 * The seed places dates relative to its `now`, which carries minutes and seconds: sale windows and coupons
 * counted from `now` itself would open at odd minutes ("2026-12-19 06:08"). They are counted from the start
 * of `now`'s hour instead, as a shop would set them (issue 29, 12).
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The start of the hour `now` is in (UTC hours are Hong Kong hours: UTC+8 has no odd minutes). */
export const startOfHour = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/** Whole days after the start of `now`'s hour (negative: before). */
export const daysFromHour = (now: Date, days: number): Date => new Date(startOfHour(now).getTime() + days * DAY_MS);
