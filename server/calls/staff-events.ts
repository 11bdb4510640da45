import * as contract from '../../contract/staff-events.ts';
import { staffCancelOrder } from '../services/orders/staff.ts';
import { cancelStaffSession } from '../services/staff/event-cancel.ts';
import { sessionGuestList } from '../services/staff/event-guests.ts';
import { createStaffSession, listStaffSessions, updateStaffSession } from '../services/staff/events.ts';
import { implement } from './handler.ts';

export const staffEventHandlers = implement(contract, {
  async staffListSessions({ body, deps }) {
    return listStaffSessions(deps, { when: body.When, eventId: body.EventID, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffCreateSession({ body, deps, userId }) {
    const session = await createStaffSession(deps, {
      eventId: body.EventID,
      startAt: body.StartAt,
      endAt: body.EndAt,
      capacity: body.Capacity,
      price: body.Price,
      saleOpensAt: body.SaleOpensAt,
      saleClosesAt: body.SaleClosesAt,
      svipSaleOpensAt: body.SvipSaleOpensAt,
      hostUserId: body.HostUserID,
      actorUserId: userId,
    });
    return { Session: session };
  },
  async staffUpdateSession({ body, deps, userId }) {
    return updateStaffSession(deps, {
      sessionId: body.SessionID,
      startAt: body.StartAt,
      endAt: body.EndAt,
      capacity: body.Capacity,
      price: body.Price,
      saleOpensAt: body.SaleOpensAt,
      saleClosesAt: body.SaleClosesAt,
      svipSaleOpensAt: body.SvipSaleOpensAt,
      hostUserId: body.HostUserID,
      actorUserId: userId,
    });
  },
  async staffSessionGuestList({ body, deps }) {
    return sessionGuestList(deps.db, body.SessionID);
  },
  async staffCancelSession({ body, deps, userId }) {
    return cancelStaffSession(deps, {
      sessionId: body.SessionID,
      reason: body.Reason,
      actorUserId: userId,
      // Each unpaid order goes through the order core (its hold and payment released), with its own audit row.
      cancelUnpaidOrder: (orderId) => staffCancelOrder(deps, userId, orderId, `Session cancelled: ${body.Reason}`),
    });
  },
});
