import type { CallResult } from '../shared/call-result.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type { CallResult };

/**
 * One on/off a member sets and the server keeps: a like of a post (like-inspiration), of a comment
 * (like-comment), a follow (follow-user, which toggles) or a save (save-inspiration). The app provides
 * `setToggle` for each with the call it makes.
 */
export interface OptimisticToggleInput {
  /** What the server said last (the page's read). */
  on: boolean;
  /** The count shown beside it (likes, followers, saves), when there is one. */
  count?: number;
}

export interface OptimisticToggleContext {
  /** What the member sees: changed at once on TOGGLE. */
  shown: boolean;
  /** What the server holds, as far as we know. */
  confirmed: boolean;
  /** What the call under way asked for. */
  sent: boolean | undefined;
  count: number | undefined;
  /** The count that goes with `confirmed` (put back on a failure). */
  confirmedCount: number | undefined;
  /** The last failure's code (NETWORK_ERROR when the call did not answer); cleared by the next TOGGLE. */
  errorCode: CallCode | undefined;
}

export type OptimisticToggleEvent =
  | { type: 'TOGGLE' }
  /** The page read the object again (a refetch): adopted when nothing is being sent. */
  | { type: 'SYNC'; on: boolean; count?: number };

/** What `setToggle` sends: the state wanted. */
export interface SetToggleInput {
  on: boolean;
}
/** What the server answered: the state it holds now and the count that goes with it. */
export interface SetToggleOutput {
  on: boolean;
  count?: number;
}

/** The code the server answers when the state asked for is the one it already holds (spec §8). */
export const NO_NEED_TO_UPDATE_LIKE = 'NoNeedToUpdateLike';
export { NETWORK_ERROR } from '../shared/codes.ts';

export type OptimisticToggleTag = 'sending';
