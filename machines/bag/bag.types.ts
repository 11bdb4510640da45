/**
 * Data of the bag flow, declared here (not imported from contract/) so the machine opens unchanged
 * in the Stately visualizer; tests/machines/contract-compat.test.ts checks that these stay
 * structurally equal to contract/bag.ts and to machines/coupon-totals.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
/** The codes flows act on (machines/shared/codes.ts). */
export { INVALID_COUPON, NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** Most units of one variance a bag line may hold (contract MAX_LINE_QUANTITY). */
export const MAX_LINE_QUANTITY = 99;

export type Currency = 'HKD' | 'USD';
export type Bilingual = { en: string; zh: string };
export type StockStatus = 'InStock' | 'LowStock' | 'OutOfStock';

export type BagLine = {
  ProductID: string;
  ProductTypeID: string;
  VarianceID: string;
  Name: Bilingual;
  VarianceName: Bilingual;
  Image: string;
  Price: number;
  Currency: Currency;
  SelectedQuantity: number;
  LineTotal: number;
  StockStatus: StockStatus;
  StockLeft?: number | undefined;
  IsAlcohol: boolean;
  AddToCartDatetime: string;
  SelectedQuantityUpdated: boolean;
  PreviousQuantity?: number | undefined;
};

export type TaxLine = { Name: Bilingual; RateBasisPoints: number; Amount: number };

export type OrderDetail = {
  Currency: Currency;
  CountryID: string;
  Campaign?: { CampaignID: string; Name: Bilingual; Discount: number } | undefined;
  Coupon?: { CouponID: string; Name: Bilingual; Discount: number } | undefined;
  SubTotal: number;
  Discount: number;
  ShippingFee: number;
  FreeShippingThreshold?: number | undefined;
  Taxes: number;
  taxObj: TaxLine[];
  Total: number;
};

/** A line the server took out of the bag since it was last read. */
export type RemovedLine = { ProductID: string; VarianceID: string; Name: Bilingual; VarianceName: Bilingual; Quantity: number };

/** The getShoppingBag answer. */
export type ShoppingBag = {
  productList: BagLine[];
  outOfStockList: RemovedLine[];
  stopSellList: RemovedLine[];
  orderDetail: OrderDetail;
  HasAlcohol: boolean;
};

/** What an add or set left in the bag: Quantity below Requested means stock capped it. */
export type BagChange = { VarianceID: string; Quantity: number; Requested: number };

/** A refused coupon: why (the reason a 70600 carries) and what is kept for display once it is dropped. */
export type { CouponError, CouponFailData, CouponRefusalReason } from '../shared/coupon.ts';
import type { CouponError } from '../shared/coupon.ts';

/** getShoppingBag, through the coupon-totals machine: {CouponID?, Currency} with 70600 recovery. */
export type GetShoppingBagRequest = { Currency: Currency };
export type GetShoppingBagInput = { couponID?: string | undefined; request: GetShoppingBagRequest };
export type GetShoppingBagOutput = CallResult<
  { totals: ShoppingBag; couponID?: string | undefined; couponError?: CouponError | undefined },
  { couponError?: CouponError | undefined }
>;

/** addShoppingBag / setShoppingBag {VarianceID, Quantity}. */
export type ChangeBagInput = { VarianceID: string; Quantity: number };
/** coupon/apply {CouponID, Currency}: the coupon (only its canonical code matters here). */
export type CouponApplyInput = { CouponID: string; Currency: Currency };
export type CouponApplyOutput = { Coupon: { CouponID: string } };

/** Names a notice shows for a line (taken from the bag, or from the removal report). */
export type NoticeItem = { ProductID: string; VarianceID: string; Name: Bilingual; VarianceName: Bilingual };

/**
 * Spec §8 "bag notices when items are removed or quantities reduced for lack of stock", and the
 * answers to the member's own changes. Kept until the member dismisses them.
 */
export type BagNotice =
  /** The server lowered a line's quantity to what is left. */
  | { kind: 'quantityReduced'; item: NoticeItem; from: number; to: number }
  /** The server took a line out: its stock ran out. */
  | { kind: 'removedOutOfStock'; item: NoticeItem; quantity: number }
  /** The server took a line out: its sale stopped. */
  | { kind: 'removedStopSell'; item: NoticeItem; quantity: number }
  /** An add or set asked for more than is left: the line holds `quantity` ("Only N available"). */
  | { kind: 'cappedAtStock'; VarianceID: string; quantity: number; requested: number }
  /** An add or set was refused (OutOfStock, StopSell, or another code). */
  | { kind: 'addRefused'; VarianceID: string; change: 'add' | 'set'; code: CallCode; message?: string | undefined };

/**
 * What became of the member's last add or set once answered, for the page to say next to the
 * control that sent it: it went through as asked, stock capped it, the server refused it, or the
 * server could not be reached.
 */
export type ChangeOutcome =
  | { kind: 'changed'; change: 'add' | 'set'; VarianceID: string; quantity: number }
  | { kind: 'cappedAtStock'; change: 'add' | 'set'; VarianceID: string; quantity: number; requested: number }
  | { kind: 'refused'; change: 'add' | 'set'; VarianceID: string; code: CallCode; message?: string | undefined }
  | { kind: 'failed'; change: 'add' | 'set'; VarianceID: string; code: CallCode };

/** The last failed call: its name and code ('NetworkError' when the server was unreachable). */
export type BagFailure = {
  call: 'getShoppingBag' | 'addShoppingBag' | 'setShoppingBag' | 'couponApply';
  code: CallCode;
  message?: string | undefined;
};

export type BagInput = { currency: Currency; couponCode?: string | undefined };

export type BagContext = {
  currency: Currency;
  /** The last bag the server answered with. */
  bag?: ShoppingBag | undefined;
  /** The coupon applied to the bag (its canonical code), if any. */
  couponCode?: string | undefined;
  /** The last refused coupon, with its reason and message; cleared by the next coupon change. */
  couponError?: CouponError | undefined;
  notices: BagNotice[];
  /** The last change that went through: what the member asked for and what the line now holds. */
  lastChange?: BagChange | undefined;
  failure?: BagFailure | undefined;
  /** The add or set under way (its variance names a refusal notice). */
  pendingChange?: PendingChange | undefined;
  /** The answer to the add or set, held while the one state that handles both decides (changeAnswered). */
  changeAnswer?: CallResult<BagChange> | undefined;
  /** What became of the last add or set (a new object for every answer). */
  changeOutcome?: ChangeOutcome | undefined;
};

export type PendingChange = ChangeBagInput & { change: 'add' | 'set' };

export type BagEvent =
  /** Add units of a variance (at least 1). */
  | { type: 'ADD'; varianceID: string; quantity: number }
  /** Set a line's quantity; 0 removes it. */
  | { type: 'SET'; varianceID: string; quantity: number }
  /** Apply a typed or picked coupon; an empty code does nothing (spec §5). */
  | { type: 'APPLY_COUPON'; code: string }
  | { type: 'REMOVE_COUPON' }
  | { type: 'CURRENCY_CHANGED'; currency: Currency }
  /** Read the bag again; also the retry after a failure. */
  | { type: 'REFRESH' }
  | { type: 'DISMISS_NOTICES' };

export type BagTag = 'busy' | 'mutating';
