import * as contract from '../../contract/staff-orders.ts';
import { listStaffOrders, staffCancelOrder, staffShipOrder } from '../services/orders/staff.ts';
import { implement } from './handler.ts';

export const staffOrderHandlers = implement(contract, {
  async staffListOrders({ body, deps }) {
    return listStaffOrders(deps.db, {
      kind: body.Kind,
      paymentStatus: body.PaymentStatus,
      fulfilmentStatus: body.FulfilmentStatus,
      query: body.Query,
      size: body.Size,
      sort: body.Sort,
      lastEvaluatedKey: body.LastEvaluatedKey,
    });
  },
  async staffShipOrder({ body, deps, userId }) {
    return { Order: await staffShipOrder(deps, userId, body.OrderID, body.TrackingNumber) };
  },
  async staffCancelOrder({ body, deps, userId }) {
    return { Order: await staffCancelOrder(deps, userId, body.OrderID, body.Reason) };
  },
});
