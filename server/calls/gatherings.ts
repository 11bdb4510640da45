import * as contract from '../../contract/gatherings.ts';
import { addToCart, clearCart, memberCarts, removeFromCart, setCartQuantity } from '../services/gatherings/cart.ts';
import { gatheringInfo, ongoingGatherings, quitGathering, userOngoingGathering } from '../services/gatherings/info.ts';
import { listPours, onePour } from '../services/gatherings/pours.ts';
import { GATHERING_ORDER, gatheringOrderKind } from '../services/orders/gathering/kind.ts';
import { SHOP_ORDER_KINDS as kinds } from '../services/orders/index.ts';
import { placeOrder } from '../services/orders/place.ts';
import { describeOrder, listOrders } from '../services/orders/product/describe.ts';
import { implement } from './handler.ts';

export const gatheringHandlers = implement(contract, {
  getUserOngoingGathering: async ({ deps, userId }) => {
    const found = await userOngoingGathering(deps.db, userId);
    return found ? { Gathering: found } : {};
  },
  simpleListOngoingGathering: async ({ deps, userId }) => ({ GatheringList: await ongoingGatherings(deps.db, userId) }),
  getGatheringInfo: async ({ body, deps, userId }) => ({ Gathering: await gatheringInfo(deps.db, userId, body.gatheringID) }),
  quitOngoingGathering: async ({ body, deps, userId }) => ({ Gathering: await quitGathering(deps, userId, body.gatheringID) }),
  listGatheringProduct: ({ body, deps }) => listPours(deps.db, body.gatheringID, body.Currency),
  getGatheringProduct: ({ body, deps }) => onePour(deps.db, body.gatheringID, body.productID, body.Currency),
  getUserShoppingCart: ({ body, deps, userId }) => memberCarts(deps.db, userId, body.Currency),
  addUserShoppingCart: ({ body, deps, userId }) => addToCart(deps, userId, body.gatheringID, body.productList),
  updateUserShoppingCartQuantity: ({ body, deps, userId }) => setCartQuantity(deps, userId, body.gatheringID, body.productID, body.quantity),
  removeUserShoppingCart: ({ body, deps, userId }) => removeFromCart(deps.db, userId, body.gatheringID, body.productID),
  clearUserShoppingCart: ({ body, deps, userId }) => clearCart(deps.db, userId, body.gatheringID),
  listUserGatheringOrder: ({ body, deps, userId }) =>
    listOrders(deps, kinds, userId, { size: body.Size, lastEvaluatedKey: body.LastEvaluatedKey, kinds: [GATHERING_ORDER] }),
  createProductOrder: async ({ body, deps, userId }) => {
    const { order } = await placeOrder(deps, kinds, gatheringOrderKind, {
      userId,
      language: body.Language,
      currency: body.Currency,
      method: body.PaymentMethod,
      order: { gatheringId: body.product.gatheringID, ageConfirmed: body.AgeConfirmed },
    });
    return { Order: await describeOrder(deps, order) };
  },
});
