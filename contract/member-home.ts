import * as v from 'valibot';
import { ProductCard } from './catalogue.ts';
import { Currency, defineCall } from './define.ts';

/**
 * The member's personal home (issue 20; spec §1, §3 "member guide finished"): the member guide's steps
 * worked out from what the member has done, and drinks picked for their taste profile.
 */

/** The guide's steps, in the order the home shows them. */
export const MEMBER_GUIDE_STEPS = ['entrySurvey', 'tasteCard', 'event', 'subscription', 'follow'] as const;
export const MemberGuideStep = v.picklist(MEMBER_GUIDE_STEPS);
export type MemberGuideStep = v.InferOutput<typeof MemberGuideStep>;

/**
 * Ours: the member guide. Each step is done when the member's data says so: the entry survey answered, a taste
 * card written, a session joined (a paid seat or an activated guest ticket), a subscription started (SVIP), a
 * member followed. When every step is done the account's "member guide finished" flag (user-get-info
 * checking.MemberGuideFinished) is set, and stays set.
 */
export const getMemberGuide = defineCall({
  name: 'get-member-guide',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({}), {}),
  response: v.object({
    Steps: v.array(v.object({ Step: MemberGuideStep, Done: v.boolean() })),
    MemberGuideFinished: v.boolean(),
  }),
});

/**
 * Ours: drinks for the member, best match first: products whose taste profile (their published cards) is
 * closest to the member's (their cards and taste surveys, as CalculateUserProductMatch compares them),
 * leaving out what the member already has (bought, tapped, carded). Match 0-100. HasProfile false (and no
 * products): the member has neither a card nor a taste survey yet.
 */
export const getRecommendedProduct = defineCall({
  name: 'get-recommended-product',
  method: 'POST',
  auth: 'member',
  body: v.object({ Currency, Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), 8) }),
  response: v.object({
    ProductList: v.array(v.object({ Product: ProductCard, Match: v.number() })),
    HasProfile: v.boolean(),
  }),
});
