import * as v from 'valibot';
import { Bilingual, Currency, Id, Money, defineCall, noBody } from './define.ts';
import { StockStatus } from './catalogue.ts';

/** Most units of one variance a bag line may hold. */
export const MAX_LINE_QUANTITY = 99;
/** Most lines a bag may hold. */
export const MAX_BAG_LINES = 200;

/** A coupon code as typed: trimmed and upper-cased by the server before lookup. */
export const CouponCode = v.pipe(v.string(), v.maxLength(40));

/** One variance in the bag, priced in the bag's currency (integer minor units). */
export const BagLine = v.object({
  ProductID: v.string(),
  ProductTypeID: v.string(),
  VarianceID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Image: v.string(),
  /** Unit price. */
  Price: Money,
  Currency,
  SelectedQuantity: v.number(),
  /** Price × SelectedQuantity. */
  LineTotal: Money,
  StockStatus,
  /** Units on sale now; present when stock is low ("Last {count} left"). */
  StockLeft: v.optional(v.number()),
  /** Spec §9: alcohol is recognised by product type or the name Alcohol. */
  IsAlcohol: v.boolean(),
  /** ISO date-time the variance first went into the bag. */
  AddToCartDatetime: v.string(),
  /** The server reduced the quantity (stock fell below it) since the bag was last read. */
  SelectedQuantityUpdated: v.boolean(),
  /** The quantity before the server reduced it; present with SelectedQuantityUpdated. */
  PreviousQuantity: v.optional(v.number()),
});
export type BagLine = v.InferOutput<typeof BagLine>;

export const TaxLine = v.object({
  Name: Bilingual,
  /** Basis points: 1000 = 10 %. */
  RateBasisPoints: v.number(),
  Amount: Money,
});
export type TaxLine = v.InferOutput<typeof TaxLine>;

export const OrderDetail = v.object({
  Currency,
  /** The delivery country the fee and taxes are for (the member's selected delivery address, else Hong Kong). */
  CountryID: v.string(),
  /** The automatic campaign discount that applied, if any. */
  Campaign: v.optional(v.object({ CampaignID: v.string(), Name: Bilingual, Discount: Money })),
  /** The coupon that applied, if any. */
  Coupon: v.optional(v.object({ CouponID: v.string(), Name: Bilingual, Discount: Money })),
  SubTotal: Money,
  /** Campaign plus coupon discount. */
  Discount: Money,
  ShippingFee: Money,
  /** Merchandise total (after discounts) from which shipping is free; absent when the country has no threshold. */
  FreeShippingThreshold: v.optional(Money),
  Taxes: Money,
  taxObj: v.array(TaxLine),
  Total: Money,
});
export type OrderDetail = v.InferOutput<typeof OrderDetail>;

/** A line the server took out of the bag since it was last read. */
export const RemovedLine = v.object({
  ProductID: v.string(),
  VarianceID: v.string(),
  Name: Bilingual,
  VarianceName: Bilingual,
  Quantity: v.number(),
});
export type RemovedLine = v.InferOutput<typeof RemovedLine>;

/**
 * Spec §7: the member's bag, repriced and checked against stock on every read. Lines whose stock ran
 * out or whose sale stopped leave the bag and are reported once in outOfStockList / stopSellList;
 * quantities above stock are reduced and flagged. An invalid CouponID answers 70600 (see errors.ts).
 */
export const getShoppingBag = defineCall({
  name: 'getShoppingBag',
  method: 'POST',
  auth: 'member',
  body: v.object({ CouponID: v.optional(CouponCode), Currency }),
  response: v.object({
    productList: v.array(BagLine),
    outOfStockList: v.array(RemovedLine),
    stopSellList: v.array(RemovedLine),
    orderDetail: OrderDetail,
    /** Some line holds alcohol: checkout will ask for the over-18 confirmation. */
    HasAlcohol: v.boolean(),
  }),
});

const Quantity = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_LINE_QUANTITY));

/** What an add or set left in the bag: Quantity is below Requested when stock capped it. */
const BagChange = v.object({ VarianceID: v.string(), Quantity: v.number(), Requested: v.number() });

/** Adds Quantity units (at least 1) to the line; capped at stock. OutOfStock when none are left, StopSell when the sale stopped. */
export const addShoppingBag = defineCall({
  name: 'addShoppingBag',
  method: 'POST',
  auth: 'member',
  body: v.object({ VarianceID: Id, Quantity: v.pipe(Quantity, v.minValue(1)) }),
  response: BagChange,
});

/** Sets the line's quantity; 0 removes it. Capped at stock; OutOfStock / StopSell as for add. */
export const setShoppingBag = defineCall({
  name: 'setShoppingBag',
  method: 'POST',
  auth: 'member',
  body: v.object({ VarianceID: Id, Quantity }),
  response: BagChange,
});

export const Coupon = v.object({
  CouponID: v.string(),
  Name: Bilingual,
  Description: Bilingual,
  Kind: v.picklist(['percent', 'fixed']),
  /** Percent coupons: basis points (1500 = 15 %). */
  RateBasisPoints: v.optional(v.number()),
  /** Fixed coupons: the amount off in each currency. */
  Amount: v.optional(v.object({ HKD: Money, USD: Money })),
  MinSpend: v.object({ HKD: Money, USD: Money }),
  /** Product types it applies to; empty means every type. */
  ProductTypeIDs: v.array(v.string()),
  ValidFrom: v.string(),
  ValidUntil: v.string(),
  /** Uses this member has left, when the coupon limits them. */
  RemainingUses: v.optional(v.number()),
});
export type Coupon = v.InferOutput<typeof Coupon>;

/**
 * Checks a code for this member and bag now: the coupon, or 70600 with the reason. Currency (our
 * addition to the spec's body, default HKD) is what the minimum spend is checked in.
 */
export const couponApply = defineCall({
  name: 'coupon/apply',
  method: 'POST',
  auth: 'member',
  body: v.object({ CouponID: CouponCode, Currency: v.optional(Currency, 'HKD') }),
  response: v.object({ Coupon }),
});

/** The coupons this member can use now (listed ones, valid, not used up). */
export const couponList = defineCall({
  name: 'coupon/list',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ CouponList: v.array(Coupon) }),
});

/** Why a coupon was refused: the `reason` field of a 70600 answer, turned into words by the SPA. */
export const CouponRefusal = v.picklist([
  'NotFound',
  'NotYetValid',
  'Expired',
  'MinSpend',
  'UsedUp',
  'MemberLimit',
  'NotApplicable',
  'EmptyBag',
  /** Staff disabled the coupon in the back office (orders that already hold a use keep it). */
  'Disabled',
  /** Staff kept the coupon to other order kinds (events only, say) than this order's. */
  'WrongOrderKind',
  /** Too many codes that turned out invalid from this member or address lately: no code is checked for a while. */
  'TooManyAttempts',
]);
export type CouponRefusal = v.InferOutput<typeof CouponRefusal>;
