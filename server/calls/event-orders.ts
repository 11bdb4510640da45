/**
 * Event orders (issue 15): the calls of contract/event-orders.ts over the order core with the event order
 * kind (services/orders/event/). Paying, a card's extra step, the return from a provider's page, FPS and
 * webhooks work as for product orders (see server/calls/orders.ts for the URLs); a paid event order's
 * return page is /order_event_confirm/<orderID>. An unpaid event order is cancelled with cancelOrder.
 */
import * as contract from '../../contract/event-orders.ts';
import { normaliseCouponCode } from '../services/orders/coupons.ts';
import { checkingCoupon } from '../services/limits.ts';
import { describeEventOrders, eventRecords, listSessionOrders } from '../services/orders/event/describe.ts';
import { EVENT_ORDER, eventOrderKind } from '../services/orders/event/kind.ts';
import { checkMemberSeats, checkSeats, findSession, guestSlotsOf, hasJoined, isSubscribedMember, priceSeats } from '../services/orders/event/pricing.ts';
import { activateTicket, readTicket, updateGuest } from '../services/orders/event/tickets.ts';
import { SHOP_ORDER_KINDS as kinds } from '../services/orders/index.ts';
import { checkout, payOrder } from '../services/orders/payments.ts';
import { ownOrder } from '../services/orders/read.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { Deps } from '../deps.ts';
import { implement } from './handler.ts';

async function eventOrderOf(deps: Deps, userId: string, orderId: string) {
  const [order] = await describeEventOrders(deps.db, [await ownOrder(deps, kinds, userId, orderId, EVENT_ORDER)]);
  if (!order) throw notFound('Order');
  return order;
}

export const eventOrderHandlers = implement(contract, {
  async EventCalculate({ body, deps, userId, clientIp }) {
    const now = deps.clock.now();
    const found = await findSession(deps.db, body.VarianceID);
    checkSeats(found, body.NumberOfSeat, now, { subscribed: await isSubscribedMember(deps.db, userId) });
    // Their unpaid booking is left out: placing these seats replaces it.
    await checkMemberSeats(deps.db, userId, body.VarianceID, body.NumberOfSeat, { unpaid: false });
    const joined = await hasJoined(deps.db, userId, body.VarianceID);
    return checkingCoupon(deps, { userId, clientIp }, body.CouponID, async () => {
      const priced = await priceSeats(deps.db, {
        found,
        seats: body.NumberOfSeat,
        currency: body.Currency,
        couponCode: normaliseCouponCode(body.CouponID),
        userId,
        orderKind: 'event',
        now,
      });
      return { orderDetail: priced.orderDetail, SpacesLeft: found.session.seatsLeft, GuestSlots: guestSlotsOf(body.NumberOfSeat, joined) };
    });
  },

  async newEventCheckOut({ body, deps, userId, clientIp }) {
    const request = {
      userId,
      language: body.Language,
      currency: body.Currency,
      method: body.PaymentMethod,
      cardId: body.CardID,
      order: { varianceId: body.VarianceID, seats: body.NumberOfSeat, guests: body.GuestInfo, couponCode: body.CouponID, ageConfirmed: body.AgeConfirmed },
    };
    if (!body.ConfirmPayment) throw new ApiError(400, ErrorCode.InvalidParameter, 'Please confirm the payment', 'ConfirmPayment');
    return checkingCoupon(deps, { userId, clientIp }, body.CouponID, () => checkout(deps, kinds, eventOrderKind, request));
  },

  async createEventPayment({ body, deps, userId }) {
    await ownOrder(deps, kinds, userId, body.OrderID, EVENT_ORDER);
    return payOrder(deps, kinds, { userId, orderId: body.OrderID, method: body.PaymentMethod, cardId: body.CardID });
  },

  async getEventOrder({ body, deps, userId }) {
    return { Order: await eventOrderOf(deps, userId, body.orderID) };
  },

  async getUserEventOrder({ body, deps, userId }) {
    return { Order: await eventOrderOf(deps, userId, body.orderID) };
  },

  async getUserEventRecord({ body, deps, userId }) {
    const [record] = await eventRecords(deps, kinds, userId, { varianceId: body.VarianceID });
    if (!record) throw notFound('Event record');
    return { Record: record };
  },

  async listUserEventRecord({ body, deps, userId }) {
    const records = await eventRecords(deps, kinds, userId);
    return { RecordList: body.Tab ? records.filter((r) => r.Tab === body.Tab) : records };
  },

  async listUserEventOrder({ body, deps, userId }) {
    return { OrderList: await listSessionOrders(deps, kinds, userId, body.VarianceID) };
  },

  async updateEventGuest({ body, deps, userId }) {
    return { Ticket: await updateGuest(deps, userId, body.TicketID, { Name: body.Name, Contact: body.Contact }) };
  },

  async getTicket({ body, deps }) {
    return { Ticket: await readTicket(deps, body.TicketID) };
  },

  async activateTicket({ body, deps, userId }) {
    return activateTicket(deps, kinds, userId, body.TicketID);
  },
});
