/**
 * Box-set subscriptions (issue 18): the calls of contract/subscriptions.ts over the order core and
 * the subscription order kind (services/orders/subscription/: its plans, lifecycle and renewals). Paying, a card's extra step
 * (product-creditcard-payment), the return from a provider's page, FPS and webhooks work as for product
 * orders (see server/calls/orders.ts for the URLs); a paid subscription order's return page is
 * /order_subscription_confirm/<orderID>.
 */
import * as contract from '../../contract/subscriptions.ts';
import { normaliseCouponCode } from '../services/orders/coupons.ts';
import { checkingCoupon } from '../services/limits.ts';
import { subscriptionOrder, subscriptionRecords } from '../services/orders/subscription/describe.ts';
import { cancelSubscription, paySubscriptionOrder, subscribe, updateDelivery, updatePayment } from '../services/orders/subscription/manage.ts';
import { deliveryRequired, findPlan, inServiceRange, plansOnOffer, priceCycle, selectedDelivery, toPlan } from '../services/orders/subscription/plans.ts';
import { implement } from './handler.ts';

export const subscriptionHandlers = implement(contract, {
  async getSubscriptionPlan({ body, deps }) {
    return { PlanList: await plansOnOffer(deps.db, body.Currency) };
  },

  async subscriptionCalculate({ body, deps, userId, clientIp }) {
    const found = await findPlan(deps.db, body.SubscriptionID);
    // Spec §5: the totals need a selected delivery address.
    const delivery = await selectedDelivery(deps.db, userId);
    const countryId = body.CountryID?.toUpperCase() ?? delivery.CountryID;
    if (countryId !== delivery.CountryID && !(await inServiceRange(deps.db, countryId))) throw deliveryRequired();
    return checkingCoupon(deps, { userId, clientIp }, body.CouponID, async () => {
      const { orderDetail } = await priceCycle(deps.db, {
        found,
        currency: body.Currency,
        countryId,
        couponCode: normaliseCouponCode(body.CouponID),
        userId,
        now: deps.clock.now(),
      });
      return {
        amount: orderDetail.SubTotal,
        discount: orderDetail.Discount,
        shipping: orderDetail.ShippingFee,
        tax: orderDetail.Taxes,
        taxInfo: orderDetail.taxObj,
        total: orderDetail.Total,
        Currency: body.Currency,
        orderDetail,
        Plan: toPlan(found, body.Currency),
        DeliveryAddress: delivery,
      };
    });
  },

  async createSubscription({ body, deps, userId, clientIp }) {
    return checkingCoupon(deps, { userId, clientIp }, body.CouponID, () =>
      subscribe(deps, {
        userId,
        language: body.Language,
        currency: body.Currency,
        method: body.PaymentMethod,
        planId: body.SubscriptionID,
        cardId: body.PaymentMethodID,
        couponCode: body.CouponID,
        ageConfirmed: body.AgeConfirmed,
      }),
    );
  },

  async createSubscriptionPayment({ body, deps, userId }) {
    return paySubscriptionOrder(deps, userId, body.OrderID, body.PaymentMethod, body.CardID);
  },

  async getSubscriptionRecord({ body, deps, userId }) {
    return { RecordList: await subscriptionRecords(deps, userId, body.Tab, body.IncludePending) };
  },

  async getSubscriptionOrder({ body, deps, userId }) {
    return subscriptionOrder(deps, userId, body.RecordID);
  },

  async updateSubscriptionDelivery({ body, deps, userId }) {
    return { Record: await updateDelivery(deps, userId, body.SubscriptionID, body.DeliveryAddress) };
  },

  async updateSubscriptionPeyment({ body, deps, userId }) {
    return { Record: await updatePayment(deps, userId, body.SubscriptionID, body.PaymentMethod, body.PaymentMethodID) };
  },

  async cancelSubscription({ body, deps, userId }) {
    return { Record: await cancelSubscription(deps, userId, body.OrderID) };
  },
});
