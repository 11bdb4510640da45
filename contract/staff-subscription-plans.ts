import * as v from 'valibot';
import { defineCall, Id } from './define.ts';
import { PlanDescription, PlanImage, PlanItems, PlanName, PlanPrice } from './staff-plan-fields.ts';
import { StaffSubscriptionPlan } from './staff-subscriptions.ts';
import { SubscriptionDuration } from './subscriptions.ts';

/**
 * Subscription plans made and changed in the back office (issue 32); staff-list-subscription-plans
 * (contract/staff-subscriptions.ts) lists them. A plan is its names and descriptions (en, zh-Hant), its interval
 * (Duration), its price per cycle in HKD and USD (minor units), its picture, what each box holds (box set
 * variances and how many of each) and whether it is on sale.
 *
 * - Price: a new price is what members subscribing from then on pay. A subscriber keeps paying the price they
 *   subscribed at (kept on their subscription): every renewal charges it and their record shows it.
 * - Box: each box placed from then on (a first cycle, a renewal) holds the new items, at the subscriber's own price.
 * - Duration: fixed once a member has subscribed (any subscription, ended ones included, whose cycles it
 *   measured): 400 PlanHasSubscribers naming Duration. Make a new plan for another interval.
 * - OnSale false: no new subscriptions (getSubscriptionPlan leaves it out, create-subscription answers
 *   ObjectNotFound); its subscribers go on renewing. True puts it on sale again.
 *
 * Customers see a change at once: getSubscriptionPlan and subscription-calculate read the plans on every call.
 * Each change is one audit_log row (actions 'subscription-plan.create', 'subscription-plan.update') with the
 * plan before and after; a body changing nothing writes nothing, so pressing twice is harmless.
 */

/**
 * Makes a plan, last in the shop's order, on sale unless OnSale is false. Its id is the server's (from its English
 * name). An unknown variance is 400 InvalidParameter naming Items; an artwork seed of no motif 400 naming Image.
 */
export const staffCreateSubscriptionPlan = defineCall({
  name: 'staff-create-subscription-plan',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    Name: PlanName,
    Description: v.optional(PlanDescription, { en: '', zh: '' }),
    Duration: SubscriptionDuration,
    Price: PlanPrice,
    Image: PlanImage,
    Items: PlanItems,
    OnSale: v.optional(v.boolean(), true),
  }),
  response: v.object({ Plan: StaffSubscriptionPlan }),
});

/**
 * Changes a plan; what is not sent stays as it is (Items, when sent, is the whole box). An unknown plan is 400
 * ObjectNotFound naming PlanID; a Duration once members have subscribed 400 PlanHasSubscribers; an unknown variance
 * 400 InvalidParameter naming Items.
 */
export const staffUpdateSubscriptionPlan = defineCall({
  name: 'staff-update-subscription-plan',
  method: 'POST',
  auth: 'staff',
  body: v.object({
    PlanID: Id,
    Name: v.optional(PlanName),
    Description: v.optional(PlanDescription),
    Duration: v.optional(SubscriptionDuration),
    Price: v.optional(PlanPrice),
    Image: v.optional(PlanImage),
    Items: v.optional(PlanItems),
    OnSale: v.optional(v.boolean()),
  }),
  response: v.object({ Plan: StaffSubscriptionPlan }),
});
