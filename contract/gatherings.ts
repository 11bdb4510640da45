import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, defineCall, noBody } from './define.ts';
import { CouponCode } from './bag.ts';
import { EventOrderDetail } from './event-orders.ts';
import { Language, OrderPaymentStatus, PaymentMethod, PaymentStart, ProductOrder } from './orders.ts';

/**
 * Gatherings (spec §7 Gatherings and Gathering cart; issue 31): one event session happening now in its venue.
 * Members in the room see tonight's pour list at the gathering's price and fill a cart per gathering. Response
 * shapes are ours (spec: not shown); body field names are the spec's.
 */

/** Most of one pour a member may have in their cart. */
export const MAX_POUR_QUANTITY = 20;

export const GatheringStatus = v.picklist(['Scheduled', 'Ongoing', 'Closed']);
export type GatheringStatus = v.InferOutput<typeof GatheringStatus>;

/**
 * A walk-in's place at a gathering going on (issue 31; spec §7 create-gathering-order): an order of one seat of
 * the gathering's session at the session's seat price, for a member with no ticket. Paid, the member is in the
 * room. orderDetail is the event order's breakdown (SubTotal, Discount, Total; one seat).
 */
export const GatheringPlaceOrder = v.object({
  OrderID: v.string(),
  Reference: v.string(),
  GatheringID: v.string(),
  Currency,
  PaymentMethod,
  PaymentStatus: OrderPaymentStatus,
  /** Until when an unpaid order holds its seat. */
  PayBefore: v.optional(v.string()),
  PaidAt: v.optional(v.string()),
  CouponID: v.optional(v.string()),
  orderDetail: EventOrderDetail,
  CreatedAt: v.string(),
});
export type GatheringPlaceOrder = v.InferOutput<typeof GatheringPlaceOrder>;

export const Gathering = v.object({
  GatheringID: v.string(),
  Status: GatheringStatus,
  EventID: v.string(),
  VarianceID: v.string(),
  Title: Bilingual,
  Image: v.string(),
  Venue: Bilingual,
  Address: Bilingual,
  /** ISO instants of the session. */
  StartAt: v.string(),
  EndAt: v.string(),
  OpenedAt: v.optional(v.string()),
  /** People checked in and still in the room. */
  AttendeeCount: v.number(),
  /** The caller is in the room. */
  IAmIn: v.boolean(),
  /** When the caller checked in (also after they left). */
  CheckedInAt: v.optional(v.string()),
  /** The caller holds a ticket of this session (they can check in with it). */
  HasTicket: v.boolean(),
  /** A walk-in's place (create-gathering-order): one seat of the session, in either currency. */
  PlacePrice: v.object({ HKD: Money, USD: Money }),
  /** Seats of the session left to sell: 0, no place can be bought. */
  PlacesLeft: v.number(),
  /** The caller's latest walk-in order at this gathering still waiting for payment. */
  MyPlaceOrder: v.optional(GatheringPlaceOrder),
});
export type Gathering = v.InferOutput<typeof Gathering>;

const GatheringIDBody = v.object({ gatheringID: Id });

/** The gathering the member is in now, if any (the floating "Tonight" button). */
export const getUserOngoingGathering = defineCall({
  name: 'get-user-ongoing-gathering',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ Gathering: v.optional(Gathering) }),
});

/** Gatherings going on now, the member's own (in the room, or holding a ticket) first. */
export const simpleListOngoingGathering = defineCall({
  name: 'simple-list-ongoing-gathering',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ GatheringList: v.array(Gathering) }),
});

export const getGatheringInfo = defineCall({
  name: 'get-gathering-info',
  method: 'POST',
  auth: 'member',
  body: GatheringIDBody,
  response: v.object({ Gathering }),
});

/** The member leaves the room (their cart stays, their orders too). Leaving again changes nothing. */
export const quitOngoingGathering = defineCall({
  name: 'quit-ongoing-gathering',
  method: 'POST',
  auth: 'member',
  body: GatheringIDBody,
  response: v.object({ Gathering }),
});

/** A pour: a product at the gathering's price, with what is left of the quantity set aside for tonight. */
export const GatheringProduct = v.object({
  ProductID: v.string(),
  VarianceID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Image: v.string(),
  IsAlcohol: v.boolean(),
  /** Tonight's price, in `Currency`. */
  Price: Money,
  /** The web shop's price of the same variance, in `Currency`. */
  OnlinePrice: Money,
  Currency,
  Remaining: v.number(),
  SetAside: v.number(),
});
export type GatheringProduct = v.InferOutput<typeof GatheringProduct>;

export const listGatheringProduct = defineCall({
  name: 'list-gathering-product',
  method: 'POST',
  auth: 'member',
  body: v.object({ gatheringID: Id, Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ ProductList: v.array(GatheringProduct) }),
});

export const getGatheringProduct = defineCall({
  name: 'get-gathering-product',
  method: 'POST',
  auth: 'member',
  body: v.object({ gatheringID: Id, productID: Id, Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ Product: v.object({ ...GatheringProduct.entries, Description: Bilingual }) }),
});

export const CartLine = v.object({ ...GatheringProduct.entries, Quantity: v.number(), LineTotal: Money });
export const GatheringCart = v.object({
  GatheringID: v.string(),
  Title: Bilingual,
  Status: GatheringStatus,
  ProductList: v.array(CartLine),
  SubTotal: Money,
  Currency,
});
export type GatheringCart = v.InferOutput<typeof GatheringCart>;

/** The member's carts, one per gathering, newest first. */
export const getUserShoppingCart = defineCall({
  name: 'get-user-shopping-cart',
  method: 'POST',
  auth: 'member',
  body: v.object({ Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ CartList: v.array(GatheringCart) }),
});

const Quantity = v.pipe(v.number('a whole number'), v.integer('a whole number'), v.minValue(1, 'at least 1'), v.maxValue(MAX_POUR_QUANTITY, `at most ${MAX_POUR_QUANTITY}`));

/**
 * Adds pours to the member's cart at a gathering they are in (quantities add up). Refused: NotInGathering,
 * GatheringClosed, ObjectNotFound (not on tonight's list), OutOfStock (more than is left).
 */
export const addUserShoppingCart = defineCall({
  name: 'add-user-shopping-cart',
  method: 'POST',
  auth: 'member',
  body: v.object({
    gatheringID: Id,
    /** The spec's field; a gathering's cart is the only kind. */
    gatheringType: v.optional(v.picklist(['gathering'])),
    productList: v.pipe(v.array(v.object({ productID: Id, quantity: Quantity })), v.minLength(1, 'at least one product'), v.maxLength(50, 'at most 50 products')),
  }),
  response: v.object({}),
});

/** Sets a line's quantity; 0 removes it. */
export const updateUserShoppingCartQuantity = defineCall({
  name: 'update-user-shopping-cart-quantity',
  method: 'POST',
  auth: 'member',
  body: v.object({
    gatheringID: Id,
    productID: Id,
    quantity: v.pipe(v.number('a whole number'), v.integer('a whole number'), v.minValue(0, 'at least 0'), v.maxValue(MAX_POUR_QUANTITY, `at most ${MAX_POUR_QUANTITY}`)),
  }),
  response: v.object({}),
});

export const removeUserShoppingCart = defineCall({
  name: 'remove-user-shopping-cart',
  method: 'POST',
  auth: 'member',
  body: v.object({ gatheringID: Id, productID: Id }),
  response: v.object({}),
});

/** Empties the member's carts (one gathering's, when gatheringID is given). */
export const clearUserShoppingCart = defineCall({
  name: 'clear-user-shopping-cart',
  method: 'POST',
  auth: 'member',
  body: v.optional(v.object({ gatheringID: v.optional(Id) }), {}),
  response: v.object({}),
});

/**
 * Spec §7 create-product-order {product}: a product order of the gathering kind from the member's cart at the
 * gathering they are in, at tonight's prices, picked up at the venue or delivered. It holds the pours for the payment window
 * of `PaymentMethod` (at most 10 minutes); paying is create-product-payment, and get-product-order,
 * list-user-product-order and cancel-product-order read and cancel it as any product order. Refused:
 * NotInGathering, GatheringClosed, ShoppingBagEmpty (empty cart), OutOfStock, AgeConfirmationRequired.
 */
export const createProductOrder = defineCall({
  name: 'create-product-order',
  method: 'POST',
  auth: 'member',
  body: v.object({
    /** `delivery`: shipped to the member's selected delivery address (DeliveryAddressRequired without one) instead of picked up. */
    product: v.object({ gatheringID: Id, delivery: v.optional(v.boolean(), false) }),
    Language: v.optional(Language, 'en'),
    Currency: v.optional(Currency, 'HKD'),
    PaymentMethod: v.optional(PaymentMethod, 'CreditCard'),
    AgeConfirmed: v.optional(v.boolean(), false),
  }),
  response: v.object({ Order: ProductOrder }),
});

/**
 * Spec §7 list-user-gathering-order {LastEvaluatedKey}: the member's orders from gatherings' tables, newest
 * first, a page at a time; LastEvaluatedKey (opaque, from the previous page) continues.
 */
export const listUserGatheringOrder = defineCall({
  name: 'list-user-gathering-order',
  method: 'POST',
  auth: 'member',
  body: v.object({
    LastEvaluatedKey: v.optional(v.pipe(v.string(), v.maxLength(200))),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 10),
  }),
  response: v.object({ OrderList: v.array(ProductOrder), LastEvaluatedKey: v.optional(v.string()) }),
});

/**
 * Spec §7 create-gathering-order {gatheringID}: a walk-in (a member with no ticket of the session, not in the
 * room) places an order for one seat of the gathering's session, at its seat price, while the gathering is
 * going on. It holds the seat for the payment window of `PaymentMethod` (at most 10 minutes); paying is
 * create-gathering-payment, and once paid the member is checked in. Asking again while it is unpaid answers the
 * same order. Refused: ObjectNotFound, GatheringClosed (not Ongoing), UserAlreadyJoinedTheEvent (in the room,
 * holding a ticket, or a place already bought), OutOfStock (no seat left), AgeConfirmationRequired.
 */
export const createGatheringOrder = defineCall({
  name: 'create-gathering-order',
  method: 'POST',
  auth: 'member',
  body: v.object({
    gatheringID: Id,
    Language: v.optional(Language, 'en'),
    Currency: v.optional(Currency, 'HKD'),
    PaymentMethod: v.optional(PaymentMethod, 'CreditCard'),
    AgeConfirmed: v.optional(v.boolean(), false),
  }),
  response: v.object({ Order: GatheringPlaceOrder }),
});

/**
 * Ours (not in the spec): the member's own walk-in place order by id, as the FPS popup reads an order it pays.
 * Another member's order, or an order of another kind, is ObjectNotFound.
 */
export const getGatheringOrder = defineCall({
  name: 'get-gathering-order',
  method: 'POST',
  auth: 'member',
  body: v.object({ orderID: Id }),
  response: v.object({ Order: GatheringPlaceOrder }),
});

/**
 * Spec §7 cancel-gathering-order {gatheringID}: cancels the member's unpaid walk-in order at the gathering (its
 * seat given back). ObjectNotFound when there is none.
 */
export const cancelGatheringOrder = defineCall({
  name: 'cancel-gathering-order',
  method: 'POST',
  auth: 'member',
  body: GatheringIDBody,
  response: v.object({ Order: GatheringPlaceOrder }),
});

/**
 * Spec §7 create-gathering-payment {GatheringID, PaymentMethod, CouponID}: pays the member's unpaid walk-in order
 * at the gathering (as create-product-payment pays an order), a coupon given here applied first (70600 when
 * refused). ObjectNotFound (naming GatheringID) when the member has no unpaid walk-in order there.
 */
export const createGatheringPayment = defineCall({
  name: 'create-gathering-payment',
  method: 'POST',
  auth: 'member',
  body: v.object({ GatheringID: Id, PaymentMethod, CouponID: v.optional(CouponCode), CardID: v.optional(Id) }),
  response: PaymentStart,
});

/** Spec §7 apply-gathering-coupon {GatheringID, CouponID}: re-prices the unpaid walk-in order with a coupon (70600 when refused; an empty code does nothing). */
export const applyGatheringCoupon = defineCall({
  name: 'apply-gathering-coupon',
  method: 'POST',
  auth: 'member',
  body: v.object({ GatheringID: Id, CouponID: CouponCode }),
  response: v.object({ Order: GatheringPlaceOrder }),
});

/** Spec §7 cancel-gathering-coupon {gatheringID}: the unpaid walk-in order priced again without its coupon. */
export const cancelGatheringCoupon = defineCall({
  name: 'cancel-gathering-coupon',
  method: 'POST',
  auth: 'member',
  body: GatheringIDBody,
  response: v.object({ Order: GatheringPlaceOrder }),
});
