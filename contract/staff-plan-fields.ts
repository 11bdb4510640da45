import * as v from 'valibot';
import { Id, MoneyInput } from './define.ts';

/**
 * The fields staff type into the back office's subscription plan form (issue 32), in a file of their own so that the
 * /admin plan dialog checks them with the very schemas staff-create-subscription-plan and
 * staff-update-subscription-plan use, without taking the calls' other schemas into its chunk
 * (build/contract-descriptors.ts: a client build keeps no call's body schema).
 */

export const PLAN_NAME_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 2000;
/** Different variances one box may hold. */
export const PLAN_ITEMS_MAX = 20;
/** Most of one variance a box may hold. */
export const PLAN_ITEM_QUANTITY_MAX = 99;

const NameText = v.pipe(v.string('a name'), v.trim(), v.minLength(1, 'a name'), v.maxLength(PLAN_NAME_MAX, `at most ${PLAN_NAME_MAX} characters`));
const DescriptionText = v.pipe(v.string('a text'), v.trim(), v.maxLength(PLAN_DESCRIPTION_MAX, `at most ${PLAN_DESCRIPTION_MAX} characters`));

/** A plan's name in both shop languages. */
export const PlanName = v.object({ en: NameText, zh: NameText });
/** A plan's description in both shop languages (may be empty). */
export const PlanDescription = v.object({ en: DescriptionText, zh: DescriptionText });

/** The price of one cycle in both currencies the shop sells in (integer minor units, each above 0: a box is never free). */
export const PlanPrice = v.pipe(
  v.object({ HKD: MoneyInput, USD: MoneyInput }),
  v.check((p) => p.HKD > 0 && p.USD > 0, 'more than 0 in each currency'),
);

/**
 * The plan's picture as subscription_plans stores it: an artwork seed `<motif>-<hue>-<variant>` (its address
 * /media/art/<seed>.svg is taken too and stored as its seed), as products' pictures are. The server checks the motif.
 */
export const PlanImage = v.pipe(
  v.string('an artwork seed'),
  v.trim(),
  v.maxLength(64, 'an artwork seed'),
  v.transform((image) => image.replace(/^\/media\/art\//, '').replace(/\.svg$/, '')),
  v.regex(/^[a-z]+-(0|[1-9][0-9]{0,2})-[0-9]$/, 'an artwork seed such as box-30-0'),
);

/** How many of a variance each box holds. */
export const PlanItemQuantity = v.pipe(
  v.number('a whole number'),
  v.integer('a whole number'),
  v.minValue(1, 'at least 1'),
  v.maxValue(PLAN_ITEM_QUANTITY_MAX, `at most ${PLAN_ITEM_QUANTITY_MAX}`),
);

/** What each box holds, in the box's order: at least one variance, each once. */
export const PlanItems = v.pipe(
  v.array(v.object({ VarianceID: Id, Quantity: PlanItemQuantity })),
  v.minLength(1, 'at least one item'),
  v.maxLength(PLAN_ITEMS_MAX, `at most ${PLAN_ITEMS_MAX} items`),
  v.check((items) => new Set(items.map((i) => i.VarianceID)).size === items.length, 'each variance once'),
);
