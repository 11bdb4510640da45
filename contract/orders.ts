import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, defineCall, noBody } from './define.ts';
import { Address, DeliveryAddress } from './account.ts';
import { CouponCode, OrderDetail } from './bag.ts';

/** Spec §9 payment methods: credit card (through the card provider), Alipay, FPS QR. */
export const PaymentMethod = v.picklist(['CreditCard', 'Alipay', 'FPS']);
export type PaymentMethod = v.InferOutput<typeof PaymentMethod>;

export const Language = v.picklist(['en', 'zh']);

/**
 * Where an order's payment stands. WaitForPayment: placed, stock held, not paid; Paid; PaymentFailed:
 * the last attempt failed, the order can be paid again while its window lasts; Cancelled (by the
 * member); Expired (the payment window ended unpaid: stock and coupon released).
 */
export const OrderPaymentStatus = v.picklist(['WaitForPayment', 'Paid', 'PaymentFailed', 'Cancelled', 'Expired']);
export type OrderPaymentStatus = v.InferOutput<typeof OrderPaymentStatus>;

/** Spec §3: the four tabs of the product order list. */
export const OrderTab = v.picklist(['InProcess', 'Completed', 'WaitForPayment', 'Cancelled']);
export type OrderTab = v.InferOutput<typeof OrderTab>;

/** Fulfilment after payment: InProcess (being packed) → Completed (handed to the courier; server/services/orders/fulfilment.ts). */
export const FulfilmentStatus = v.picklist(['None', 'InProcess', 'Completed']);

/** Spec §3 "Selected payment card". */
export const SavedCard = v.object({
  id: v.string(),
  brand: v.string(),
  last4: v.string(),
  expMonth: v.number(),
  expYear: v.number(),
});
export type SavedCard = v.InferOutput<typeof SavedCard>;

/**
 * Where a payment stands once asked for: succeeded (paid), requires_action (send the browser to
 * RedirectURL: Alipay's page or the card's extra confirmation), processing (the provider is deciding;
 * the order's status will tell), pending (FPS: the QR in Fps).
 */
export const PaymentStart = v.object({
  OrderID: v.string(),
  PaymentStatus: v.picklist(['succeeded', 'requires_action', 'processing', 'pending']),
  PaymentID: v.optional(v.string()),
  RedirectURL: v.optional(v.string()),
  Fps: v.optional(
    v.object({
      QRCode: v.string(),
      QRImage: v.string(),
      /** What the payer transfers, in HKD cents (FPS moves Hong Kong dollars). */
      AmountHKD: Money,
      Reference: v.string(),
      ExpiresAt: v.string(),
      /**
       * Only for an order in another currency than HKD: its own total, and what AmountHKD is. HKDPrices:
       * the order priced from the shop's HKD prices (what the same bag costs in HKD); ExchangeRate: the
       * order's total converted at the configured rate (orders placed before HKD pricing).
       */
      OrderTotal: v.optional(
        v.object({
          Amount: Money,
          Currency,
          AmountHKDBasis: v.picklist(['HKDPrices', 'ExchangeRate']),
        }),
      ),
    }),
  ),
});
export type PaymentStart = v.InferOutput<typeof PaymentStart>;

export const OrderLine = v.object({
  ProductID: v.string(),
  VarianceID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Image: v.string(),
  Price: Money,
  Quantity: v.number(),
  LineTotal: Money,
  IsAlcohol: v.boolean(),
});

export const ProductOrder = v.object({
  OrderID: v.string(),
  /** The reference a transfer or statement shows (at most 25 characters, the FPS reference label limit). */
  Reference: v.string(),
  CreatedAt: v.string(),
  Currency,
  PaymentMethod,
  PaymentStatus: OrderPaymentStatus,
  FulfilmentStatus,
  Tab: OrderTab,
  /** Until when an unpaid order holds its stock. */
  PayBefore: v.optional(v.string()),
  PaidAt: v.optional(v.string()),
  Card: v.optional(SavedCard),
  CouponID: v.optional(v.string()),
  DeliveryAddress: v.optional(DeliveryAddress),
  BillingAddress: v.optional(Address),
  /** Ordered at this gathering's table: picked up at its venue, unless it has a DeliveryAddress. */
  GatheringID: v.optional(v.string()),
  /** The courier's tracking number, once staff shipped it. */
  TrackingNumber: v.optional(v.string()),
  ProductList: v.array(OrderLine),
  orderDetail: OrderDetail,
});
export type ProductOrder = v.InferOutput<typeof ProductOrder>;

/** The answer of a payment call that the client can act on: the code and, when placed, the order. */
const OrderRef = v.object({ orderID: Id });

/**
 * Spec §7 checkout: places the order from the member's bag in one transaction, holding stock with
 * conditional updates, then starts the payment. AgeConfirmed is our addition: an order with alcohol
 * is refused without it (spec §5). Refusals: ShoppingBagEmpty, OutOfStock (nothing placed), 70600,
 * AgeConfirmationRequired, DeliveryAddressRequired; PaymentFail / StripeError / AlipayError with the
 * placed order's OrderID in the answer (it can be paid again).
 */
export const checkout = defineCall({
  name: 'checkout',
  method: 'POST',
  auth: 'member',
  body: v.object({
    Language,
    Currency,
    PaymentMethod,
    CardID: v.optional(Id),
    CouponID: v.optional(CouponCode),
    AgeConfirmed: v.optional(v.boolean(), false),
  }),
  response: PaymentStart,
});

/** Cancels an unpaid order: stock and coupon use released, an FPS QR invalidated. */
export const cancelOrder = defineCall({
  name: 'cancelOrder',
  method: 'POST',
  auth: 'member',
  body: OrderRef,
  response: v.object({}),
});

export const getPaymentMehtod = defineCall({
  name: 'getPaymentMehtod',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ PaymentMethodList: v.array(SavedCard) }),
});

/** Saves a card tokenised in the browser (Stripe.js, or addCreditCard in the sandbox) to the member. */
export const addPaymentMehtod = defineCall({
  name: 'addPaymentMehtod',
  method: 'POST',
  auth: 'member',
  body: v.object({ PaymentMethodID: Id }),
  response: v.object({ PaymentMethod: SavedCard }),
});

/** Spec §7 "test only": tokenises typed card details with the sandbox provider; refused when a live provider is configured. */
export const addCreditCard = defineCall({
  name: 'addCreditCard',
  method: 'POST',
  auth: 'member',
  body: v.object({
    number: v.pipe(v.string(), v.regex(/^[\d ]{12,23}$/)),
    exp_month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
    exp_year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100)),
    cvc: v.pipe(v.string(), v.regex(/^\d{3,4}$/)),
  }),
  response: v.object({ PaymentMethodID: v.string() }),
});

export const deletePaymentMehtod = defineCall({
  name: 'deletePaymentMehtod',
  method: 'POST',
  auth: 'member',
  body: v.object({ PaymentMethodID: Id }),
  response: v.object({}),
});

/** The member's product orders, newest first, a page at a time (LastEvaluatedKey continues). */
export const listUserProductOrder = defineCall({
  name: 'list-user-product-order',
  method: 'POST',
  auth: 'member',
  body: v.object({
    LastEvaluatedKey: v.optional(v.pipe(v.string(), v.maxLength(200))),
    Tab: v.optional(OrderTab),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 10),
  }),
  response: v.object({ OrderList: v.array(ProductOrder), LastEvaluatedKey: v.optional(v.string()) }),
});

export const getProductOrder = defineCall({
  name: 'get-product-order',
  method: 'POST',
  auth: 'member',
  body: OrderRef,
  response: v.object({ Order: ProductOrder }),
});

export const cancelProductOrder = defineCall({
  name: 'cancel-product-order',
  method: 'POST',
  auth: 'member',
  body: OrderRef,
  response: v.object({ Order: ProductOrder }),
});

/** Pays a placed, unpaid order (again): another method, another card, or the same FPS QR while it lives. */
export const createProductPayment = defineCall({
  name: 'create-product-payment',
  method: 'POST',
  auth: 'member',
  body: v.object({ PaymentMethod, OrderID: Id, CouponID: v.optional(CouponCode), CardID: v.optional(Id) }),
  response: PaymentStart,
});

/** After the card's extra confirmation: reads the card payment's outcome (Payload: the provider's payment id). */
export const productCreditcardPayment = defineCall({
  name: 'product-creditcard-payment',
  method: 'POST',
  auth: 'member',
  body: v.object({
    OrderID: Id,
    Payload: Id,
    DeviceData: v.optional(v.pipe(v.string(), v.maxLength(2000))),
    OrderType: v.optional(v.picklist(['product', 'event', 'subscription', 'gathering']), 'product'),
  }),
  response: PaymentStart,
});

/** Re-prices an unpaid order with a coupon (70600 when refused). */
export const applyProductCoupon = defineCall({
  name: 'apply-product-coupon',
  method: 'POST',
  auth: 'member',
  body: v.object({ OrderID: Id, CouponID: CouponCode }),
  response: v.object({ Order: ProductOrder }),
});

export const cancelProductCoupon = defineCall({
  name: 'cancel-product-coupon',
  method: 'POST',
  auth: 'member',
  body: OrderRef,
  response: v.object({ Order: ProductOrder }),
});
