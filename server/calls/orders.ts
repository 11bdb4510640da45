/**
 * Product orders and payments (issue 5): the calls of contract/orders.ts over services/orders.ts.
 *
 * URLs the SPA deals with
 * - Provider pages. checkout / create-product-payment answer `requires_action` with RedirectURL:
 *   send the whole browser there (window.location). In the sandbox that is the shop's own hosted
 *   page, GET /api/payments/sandbox/pages/<paymentID> (Alipay, or the card's extra confirmation),
 *   with Pay / Cancel (approve / decline) buttons; with Stripe it is Stripe's page.
 * - Coming back. Every provider page returns to the server, GET /api/payments/return/<orderID>
 *   (?payment_intent=<paymentID>&redirect_status=…, added by the provider), which settles what the
 *   provider says and redirects the browser to:
 *     /order_product_confirm/<orderID>?payment=<paymentID>&method=<CreditCard|Alipay>
 *         paid, or still being decided: poll get-product-order until PaymentStatus is Paid (or not);
 *         for a card, product-creditcard-payment {OrderID, Payload: <paymentID>} reads the outcome
 *     /payment_fail?orderID=<orderID>&payment=<paymentID>&method=<CreditCard|Alipay>
 *         declined, cancelled on the page, or the order closed: the order can be paid again with
 *         create-product-payment while its PayBefore lasts
 * - FPS. The answer's Fps holds the QR (QRImage is an SVG document, QRCode the payload), AmountHKD
 *   (what is transferred: FPS moves Hong Kong dollars; for a USD order, the order at the HKD prices,
 *   with the order's own total in OrderTotal) and ExpiresAt; poll get-product-order for Paid /
 *   Expired / Cancelled. Outside production the
 *   sandbox stands in for the payer's bank: POST /api/payments/sandbox/fps/<paymentID>/pay
 *   (no body) pays the QR; its webhook then marks the order Paid.
 * - A failed payment answers 400 PaymentFail (AlipayError, StripeError) with OrderID, reason (the
 *   provider's failure code) and declineCode in the error envelope: the order stays, unpaid.
 *
 * Order tabs: InProcess = Paid and being fulfilled; Completed = fulfilled (no fulfilment flow sets
 * it yet); WaitForPayment = WaitForPayment or PaymentFailed; Cancelled = Cancelled or Expired.
 */
import * as contract from '../../contract/orders.ts';
import {
  cancelOrder,
  checkout,
  confirmOrderPayment,
  describeOrder,
  listOrders,
  ownOrder,
  payOrder,
  readOrder,
  removeCard,
  repriceOrder,
  saveCard,
  savedCards,
  tokenizeCard,
} from '../services/orders.ts';
import { normaliseCouponCode } from '../services/bag.ts';
import { checkingCoupon } from '../services/limits.ts';
import { implement } from './handler.ts';

export const orderHandlers = implement(contract, {
  async checkout({ body, deps, userId, clientIp }) {
    return checkingCoupon(deps, { userId: userId!, clientIp }, body.CouponID, () =>
      checkout(deps, {
        userId: userId!,
        language: body.Language,
        currency: body.Currency,
        method: body.PaymentMethod,
        cardId: body.CardID,
        couponCode: body.CouponID,
        ageConfirmed: body.AgeConfirmed,
      }),
    );
  },

  async cancelOrder({ body, deps, userId }) {
    await cancelOrder(deps, userId!, body.orderID);
    return {};
  },

  async getPaymentMehtod({ deps, userId }) {
    return { PaymentMethodList: await savedCards(deps, userId!) };
  },

  async addPaymentMehtod({ body, deps, userId }) {
    return { PaymentMethod: await saveCard(deps, userId!, body.PaymentMethodID) };
  },

  async addCreditCard({ body, deps }) {
    const paymentMethodId = await tokenizeCard(deps, { number: body.number, expMonth: body.exp_month, expYear: body.exp_year, cvc: body.cvc });
    return { PaymentMethodID: paymentMethodId };
  },

  async deletePaymentMehtod({ body, deps, userId }) {
    await removeCard(deps, userId!, body.PaymentMethodID);
    return {};
  },

  async listUserProductOrder({ body, deps, userId }) {
    return listOrders(deps, userId!, { tab: body.Tab, size: body.Size, lastEvaluatedKey: body.LastEvaluatedKey });
  },

  async getProductOrder({ body, deps, userId }) {
    return { Order: await readOrder(deps, userId!, body.orderID) };
  },

  async cancelProductOrder({ body, deps, userId }) {
    return { Order: await describeOrder(deps, await cancelOrder(deps, userId!, body.orderID)) };
  },

  async createProductPayment({ body, deps, userId, clientIp }) {
    return checkingCoupon(deps, { userId: userId!, clientIp }, body.CouponID, () =>
      payOrder(deps, { userId: userId!, orderId: body.OrderID, method: body.PaymentMethod, cardId: body.CardID, couponCode: body.CouponID }),
    );
  },

  async productCreditcardPayment({ body, deps, userId }) {
    return confirmOrderPayment(deps, { userId: userId!, orderId: body.OrderID, paymentId: body.Payload });
  },

  async applyProductCoupon({ body, deps, userId, clientIp }) {
    const order = await ownOrder(deps, userId!, body.OrderID);
    const code = normaliseCouponCode(body.CouponID);
    // Spec §5: an empty code does nothing.
    if (!code || code === order.couponCode) return { Order: await describeOrder(deps, order) };
    return checkingCoupon(deps, { userId: userId!, clientIp }, code, async () => ({
      Order: await describeOrder(deps, await repriceOrder(deps, order, code)),
    }));
  },

  async cancelProductCoupon({ body, deps, userId }) {
    const order = await ownOrder(deps, userId!, body.orderID);
    if (!order.couponCode) return { Order: await describeOrder(deps, order) };
    return { Order: await describeOrder(deps, await repriceOrder(deps, order, undefined)) };
  },
});
