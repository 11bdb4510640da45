import * as contract from '../../contract/staff-subscription-plans.ts';
import { createPlan, updatePlan } from '../services/orders/subscription/staff-plans.ts';
import { implement } from './handler.ts';

const itemsOf = (items: readonly { VarianceID: string; Quantity: number }[]) => items.map((i) => ({ varianceId: i.VarianceID, quantity: i.Quantity }));

export const staffSubscriptionPlanHandlers = implement(contract, {
  async staffCreateSubscriptionPlan({ body, deps, userId }) {
    const plan = await createPlan(deps, userId, {
      name: body.Name,
      description: body.Description,
      duration: body.Duration,
      price: body.Price,
      image: body.Image,
      items: itemsOf(body.Items),
      onSale: body.OnSale,
    });
    return { Plan: plan };
  },
  async staffUpdateSubscriptionPlan({ body, deps, userId }) {
    const plan = await updatePlan(deps, userId, {
      planId: body.PlanID,
      name: body.Name,
      description: body.Description,
      duration: body.Duration,
      price: body.Price,
      image: body.Image,
      items: body.Items && itemsOf(body.Items),
      onSale: body.OnSale,
    });
    return { Plan: plan };
  },
});
