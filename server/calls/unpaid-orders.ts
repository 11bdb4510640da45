/** list-unpaid-orders (contract/unpaid-orders.ts): the member's unpaid orders of every kind, to pay or cancel. */
import * as contract from '../../contract/unpaid-orders.ts';
import { SHOP_ORDER_KINDS as kinds } from '../services/orders/index.ts';
import { listUnpaidOrders } from '../services/orders/unpaid.ts';
import { implement } from './handler.ts';

export const unpaidOrderHandlers = implement(contract, {
  async listUnpaidOrders({ deps, userId }) {
    return { OrderList: await listUnpaidOrders(deps, kinds, userId) };
  },
});
