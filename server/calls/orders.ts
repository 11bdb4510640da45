/**
 * Product orders and payments (issue 5): the calls of contract/orders.ts over services/orders/ (the
 * order core with the product order kind).
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
import { normaliseCouponCode } from '../services/orders/coupons.ts';
import { checkingCoupon } from '../services/limits.ts';
import { cancelOrder } from '../services/orders/cancel.ts';
import { removeCard, saveCard, savedCards, tokenizeCard } from '../services/orders/cards.ts';
import { SHOP_ORDER_KINDS as kinds } from '../services/orders/index.ts';
import { checkout, confirmOrderPayment, payOrder } from '../services/orders/payments.ts';
import { ownOrder } from '../services/orders/read.ts';
import { PRODUCT_ORDER_KINDS, describeOrder, listOrders, readOrder } from '../services/orders/product/describe.ts';
import { productOrderKind } from '../services/orders/product/kind.ts';
import { repriceOrder } from '../services/orders/product/reprice.ts';
import { implement } from './handler.ts';

export const orderHandlers = implement(contract, {
  async checkout({ body, deps, userId, clientIp }) {
    return checkingCoupon(deps, { userId, clientIp }, body.CouponID, () =>
      checkout(deps, kinds, productOrderKind, {
        userId,
        language: body.Language,
        currency: body.Currency,
        method: body.PaymentMethod,
        cardId: body.CardID,
        order: { couponCode: body.CouponID, ageConfirmed: body.AgeConfirmed },
      }),
    );
  },

  async cancelOrder({ body, deps, userId }) {
    await cancelOrder(deps, kinds, userId, body.orderID);
    return {};
  },

  async getPaymentMehtod({ deps, userId }) {
    return { PaymentMethodList: await savedCards(deps, userId) };
  },

  async addPaymentMehtod({ body, deps, userId }) {
    return { PaymentMethod: await saveCard(deps, userId, body.PaymentMethodID) };
  },

  async addCreditCard({ body, deps }) {
    const paymentMethodId = await tokenizeCard(deps, { number: body.number, expMonth: body.exp_month, expYear: body.exp_year, cvc: body.cvc });
    return { PaymentMethodID: paymentMethodId };
  },

  async deletePaymentMehtod({ body, deps, userId }) {
    await removeCard(deps, userId, body.PaymentMethodID);
    return {};
  },

  async listUserProductOrder({ body, deps, userId }) {
    return listOrders(deps, kinds, userId, { tab: body.Tab, size: body.Size, lastEvaluatedKey: body.LastEvaluatedKey });
  },

  async getProductOrder({ body, deps, userId }) {
    return { Order: await readOrder(deps, kinds, userId, body.orderID) };
  },

  async cancelProductOrder({ body, deps, userId }) {
    return { Order: await describeOrder(deps, await cancelOrder(deps, kinds, userId, body.orderID)) };
  },

  async createProductPayment({ body, deps, userId, clientIp }) {
    const code = normaliseCouponCode(body.CouponID);
    return checkingCoupon(deps, { userId, clientIp }, body.CouponID, () =>
      payOrder(deps, kinds, {
        userId,
        orderId: body.OrderID,
        method: body.PaymentMethod,
        cardId: body.CardID,
        // A new coupon re-prices the order before it is paid.
        beforePaying: async (order) => (code && code !== order.couponCode ? repriceOrder(deps, kinds, order, code) : order),
      }),
    );
  },

  async productCreditcardPayment({ body, deps, userId }) {
    return confirmOrderPayment(deps, kinds, { userId, orderId: body.OrderID, paymentId: body.Payload });
  },

  async applyProductCoupon({ body, deps, userId, clientIp }) {
    const order = await ownOrder(deps, kinds, userId, body.OrderID, PRODUCT_ORDER_KINDS);
    const code = normaliseCouponCode(body.CouponID);
    // Spec §5: an empty code does nothing.
    if (!code || code === order.couponCode) return { Order: await describeOrder(deps, order) };
    return checkingCoupon(deps, { userId, clientIp }, code, async () => ({
      Order: await describeOrder(deps, await repriceOrder(deps, kinds, order, code)),
    }));
  },

  async cancelProductCoupon({ body, deps, userId }) {
    const order = await ownOrder(deps, kinds, userId, body.orderID, PRODUCT_ORDER_KINDS);
    if (!order.couponCode) return { Order: await describeOrder(deps, order) };
    return { Order: await describeOrder(deps, await repriceOrder(deps, kinds, order, undefined)) };
  },
});
