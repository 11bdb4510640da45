/** Data of the gathering flow (structurally equal to contract/gatherings.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

/** The gathering as the flow reads it (get-user-ongoing-gathering's Gathering). */
export type GatheringFacts = {
  GatheringID: string;
  Status: 'Scheduled' | 'Ongoing' | 'Closed';
  IAmIn: boolean;
  Title: { en: string; zh: string };
  Venue: { en: string; zh: string };
  AttendeeCount: number;
};
export type OngoingGatheringOutput = { Gathering?: GatheringFacts | undefined };

/** A change to the member's cart at the gathering: add some of a pour, set its quantity (0 removes it). */
export type CartChange = { kind: 'add'; productID: string; quantity: number } | { kind: 'set'; productID: string; quantity: number };
export type ChangeCartInput = { gatheringID: string; change: CartChange };
export type Empty = Record<string, never>;

/** How the member pays at the table: FPS's QR there and then; a card or Alipay on the shared payment step. */
export type TablePaymentMethod = 'CreditCard' | 'Alipay' | 'FPS';

/** create-product-order {product: {gatheringID, delivery}} (the app adds the language and currency). */
export type CreateProductOrderInput = { gatheringID: string; ageConfirmed: boolean; delivery: boolean; method: TablePaymentMethod };
export type CreateProductOrderOutput = { Order: { OrderID: string } };

/** How a walk-in pays their place at the door: a saved card there and then, or FPS's QR in the shop's FPS popup. */
export type PlaceMethod = 'FPS' | 'CreditCard';

/** create-gathering-order {gatheringID, PaymentMethod} (the app adds the language and the currency): a walk-in's place. */
export type CreateGatheringOrderInput = { gatheringID: string; method: PlaceMethod };
export type CreateGatheringOrderOutput = { Order: { OrderID: string; GatheringID: string } };

/** create-gathering-payment {GatheringID, PaymentMethod: 'CreditCard', CardID}: the place paid with a saved card. */
export type PayPlaceByCardInput = { gatheringID: string; cardID: string };
/** Its PaymentStart: paid, the card's extra step (RedirectURL, the provider's page), or the answer still on its way. */
export type PayPlaceByCardOutput = {
  OrderID: string;
  PaymentStatus: 'succeeded' | 'requires_action' | 'processing' | 'pending';
  RedirectURL?: string | undefined;
};

/** quit-ongoing-gathering {gatheringID}. */
export type QuitGatheringInput = { gatheringID: string };

export type GatheringContext = {
  gathering?: GatheringFacts | undefined;
  /** Why the last cart change was refused (OutOfStock …), until the next change. */
  cartError?: CallCode | undefined;
  /** Why the order was refused (OutOfStock, AgeConfirmationRequired, ShoppingBagEmpty …), until the next try. */
  orderError?: CallCode | undefined;
  /** The order placed and waiting to be paid, and how. */
  orderID?: string | undefined;
  method?: TablePaymentMethod | undefined;
  /** A walk-in's place placed (create-gathering-order) and waiting to be paid (kept after a card's refusal). */
  placeOrderID?: string | undefined;
  /** How the place is paid, and with which saved card (BUY_PLACE). */
  placeMethod?: PlaceMethod | undefined;
  placeCardID?: string | undefined;
  /** The card's extra step (3-D Secure): the provider's page the browser goes to. */
  placeRedirectURL?: string | undefined;
  /** The gathering the member is buying a place at (its refusal is said beside it). */
  placeGatheringID?: string | undefined;
  /** Why buying a place was refused (OutOfStock, UserAlreadyJoinedTheEvent, GatheringClosed …), until the next try. */
  placeError?: CallCode | undefined;
};

export type GatheringEvent =
  | { type: 'CHANGE_CART'; change: CartChange }
  /**
   * Order and pay: `ageConfirmed` when the cart has spirits and the member confirmed they are 18 or over;
   * `delivery` to have it shipped to their address instead of picking it up at the venue.
   */
  | { type: 'PLACE_ORDER'; ageConfirmed: boolean; delivery: boolean; method: TablePaymentMethod }
  /** Back to the table after an order (paid or not: an unpaid one expires and gives its pours back). */
  | { type: 'ORDER_MORE' }
  | { type: 'LEAVE' }
  /** Not in a room: buy a place at a gathering going on (a walk-in), paid by FPS or with a saved card (`cardID`). */
  | { type: 'BUY_PLACE'; gatheringID: string; method: PlaceMethod; cardID?: string | undefined }
  /** The place is paid (the FPS popup is done): read again, and the member is in the room. */
  | { type: 'PLACE_PAID' }
  /** Back to the gatherings going on, the place left unpaid (it expires and gives its seat back). */
  | { type: 'BACK' }
  | { type: 'RETRY' };
