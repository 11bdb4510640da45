import type { SnapshotFrom } from 'xstate';
import type { bagMachine } from './bag.machine.ts';
import type { BagChange, BagFailure, ChangeOutcome, BagLine, BagNotice, CouponError, Currency, OrderDetail, ShoppingBag } from './bag.types.ts';

export type BagSnapshot = SnapshotFrom<typeof bagMachine>;

/** Spec §9: the badge shows the number of line items, and "99+" from 100. */
export const BADGE_LIMIT = 99;

/** A call is running (reading or changing the bag). */
export const isBusy = (s: BagSnapshot): boolean => s.hasTag('busy');

/** An add, set or coupon check is running: the controls that change the bag wait. */
export const isMutating = (s: BagSnapshot): boolean => s.hasTag('mutating');

/** The first read has not answered yet: nothing to show. */
export const isLoading = (s: BagSnapshot): boolean => s.matches('loading');

/** The bag takes changes now (add, set, coupon); while a call runs they are refused, so the UI disables them. */
export const canChange = (s: BagSnapshot): boolean => s.matches('idle');

/** The last call failed: show the error and a retry (send REFRESH). */
export const hasFailed = (s: BagSnapshot): boolean => s.matches({ idle: 'failed' });

export const failure = (s: BagSnapshot): BagFailure | undefined => s.context.failure;

export const bag = (s: BagSnapshot): ShoppingBag | undefined => s.context.bag;

export const lines = (s: BagSnapshot): readonly BagLine[] => s.context.bag?.productList ?? [];

export const line = (s: BagSnapshot, varianceID: string): BagLine | undefined =>
  s.context.bag?.productList.find((l) => l.VarianceID === varianceID);

export const summary = (s: BagSnapshot): OrderDetail | undefined => s.context.bag?.orderDetail;

/** Spec §9: some line holds alcohol, so checkout will ask for the over-18 confirmation. */
export const hasAlcohol = (s: BagSnapshot): boolean => s.context.bag?.HasAlcohol ?? false;

/** Number of line items; undefined until the bag has been read. */
export const lineCount = (s: BagSnapshot): number | undefined => s.context.bag?.productList.length;

/** What the bag badge shows: the line count, "99+" from 100; undefined for an empty or unread bag. */
export const badgeText = (s: BagSnapshot): string | undefined => {
  const count = lineCount(s);
  if (!count) return undefined;
  return count > BADGE_LIMIT ? `${BADGE_LIMIT}+` : String(count);
};

export const isEmpty = (s: BagSnapshot): boolean => s.context.bag !== undefined && s.context.bag.productList.length === 0;

export const currency = (s: BagSnapshot): Currency => s.context.currency;

/** The coupon applied to the bag, if any. */
export const couponCode = (s: BagSnapshot): string | undefined => s.context.couponCode;

/** The last refused coupon, with its reason and the server's message. */
export const couponError = (s: BagSnapshot): CouponError | undefined => s.context.couponError;

export const notices = (s: BagSnapshot): readonly BagNotice[] => s.context.notices;

/** The last change that went through (what was asked and what the line now holds). */
export const lastChange = (s: BagSnapshot): BagChange | undefined => s.context.lastChange;

/** What became of the last add or set (changed, capped at stock, refused, failed): a new value for every answer. */
export const changeOutcome = (s: BagSnapshot): ChangeOutcome | undefined => s.context.changeOutcome;

/** The variance an add or set is under way for. */
export const pendingVariance = (s: BagSnapshot): string | undefined =>
  isMutating(s) ? s.context.pendingChange?.VarianceID : undefined;

/** Checkout needs lines and no call running. */
export const canCheckout = (s: BagSnapshot): boolean => canChange(s) && lines(s).length > 0;
