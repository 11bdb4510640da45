import * as contract from '../../contract/gatherings.ts';
import { addToCart, clearCart, memberCarts, removeFromCart, setCartQuantity } from '../services/gatherings/cart.ts';
import { gatheringInfo, ongoingGatherings, quitGathering, userOngoingGathering } from '../services/gatherings/info.ts';
import { listPours, onePour } from '../services/gatherings/pours.ts';
import { checkingCoupon } from '../services/limits.ts';
import { GATHERING_ORDER, gatheringOrderKind } from '../services/orders/gathering/kind.ts';
import {
  applyPlaceCoupon,
  cancelGatheringPlace,
  cancelPlaceCoupon,
  payGatheringPlace,
  placeGatheringPlace,
  readGatheringPlace,
  withMyPlaceOrder,
} from '../services/orders/gathering/walk-in.ts';
import { SHOP_ORDER_KINDS as kinds } from '../services/orders/index.ts';
import { placeOrder } from '../services/orders/place.ts';
import { describeOrder, listOrders } from '../services/orders/product/describe.ts';
import { implement } from './handler.ts';

export const gatheringHandlers = implement(contract, {
  getUserOngoingGathering: async ({ deps, userId }) => {
    const found = await withMyPlaceOrder(deps, kinds, userId, () => userOngoingGathering(deps.db, userId));
    return found ? { Gathering: found } : {};
  },
  simpleListOngoingGathering: async ({ deps, userId }) => ({ GatheringList: await ongoingGatherings(deps.db, userId) }),
  getGatheringInfo: async ({ body, deps, userId }) => ({
    Gathering: (await withMyPlaceOrder(deps, kinds, userId, () => gatheringInfo(deps.db, userId, body.gatheringID)))!,
  }),
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
      order: { gatheringId: body.product.gatheringID, ageConfirmed: body.AgeConfirmed, delivery: body.product.delivery },
    });
    return { Order: await describeOrder(deps, order) };
  },
  // A walk-in's place at a gathering (the gathering-place order kind).
  createGatheringOrder: async ({ body, deps, userId }) => ({
    Order: await placeGatheringPlace(deps, kinds, userId, {
      gatheringId: body.gatheringID,
      language: body.Language,
      currency: body.Currency,
      method: body.PaymentMethod,
      ageConfirmed: body.AgeConfirmed,
    }),
  }),
  getGatheringOrder: async ({ body, deps, userId }) => ({ Order: await readGatheringPlace(deps, kinds, userId, body.orderID) }),
  cancelGatheringOrder: async ({ body, deps, userId }) => ({ Order: await cancelGatheringPlace(deps, kinds, userId, body.gatheringID) }),
  createGatheringPayment: ({ body, deps, userId, clientIp }) =>
    checkingCoupon(deps, { userId, clientIp }, body.CouponID, () =>
      payGatheringPlace(deps, kinds, { userId, gatheringId: body.GatheringID, method: body.PaymentMethod, cardId: body.CardID, couponId: body.CouponID }),
    ),
  applyGatheringCoupon: ({ body, deps, userId, clientIp }) =>
    checkingCoupon(deps, { userId, clientIp }, body.CouponID, async () => ({ Order: await applyPlaceCoupon(deps, kinds, userId, body.GatheringID, body.CouponID) })),
  cancelGatheringCoupon: async ({ body, deps, userId }) => ({ Order: await cancelPlaceCoupon(deps, kinds, userId, body.gatheringID) }),
});
