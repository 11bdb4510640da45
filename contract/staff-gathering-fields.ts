import * as v from 'valibot';
import { MoneyInput } from './define.ts';

/**
 * Fields staff type into the back office's pour list form (issue 32), in a small file of their own so that the
 * /admin gatherings screen checks them with the very schemas staff-save-pour uses, without taking the calls' other
 * schemas into its chunk (build/contract-descriptors.ts: a client build keeps no call's body schema).
 */

/** Most units of one product a gathering may set aside: far past any room, far below the database's integer. */
export const SET_ASIDE_MAX = 10_000;

/** Most pours one gathering's list may hold. */
export const POURS_PER_GATHERING_MAX = 50;

/** A pour's price at the gathering in both currencies the shop sells in (integer minor units). */
export const PourPrice = v.object({ HKD: MoneyInput, USD: MoneyInput });

/** Units set aside for the room (0: none more can be ordered). */
export const SetAside = v.pipe(
  v.number('a whole number of units'),
  v.integer('a whole number of units'),
  v.minValue(0, 'at least 0'),
  v.maxValue(SET_ASIDE_MAX, `at most ${SET_ASIDE_MAX}`),
);
