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

/** create-product-order {product: {gatheringID}}, paid by FPS (the app adds the language and currency). */
export type CreateProductOrderInput = { gatheringID: string; ageConfirmed: boolean };
export type CreateProductOrderOutput = { Order: { OrderID: string } };

/** quit-ongoing-gathering {gatheringID}. */
export type QuitGatheringInput = { gatheringID: string };

export type GatheringContext = {
  gathering?: GatheringFacts | undefined;
  /** Why the last cart change was refused (OutOfStock …), until the next change. */
  cartError?: CallCode | undefined;
  /** Why the order was refused (OutOfStock, AgeConfirmationRequired, ShoppingBagEmpty …), until the next try. */
  orderError?: CallCode | undefined;
  /** The order placed and waiting to be paid. */
  orderID?: string | undefined;
};

export type GatheringEvent =
  | { type: 'CHANGE_CART'; change: CartChange }
  /** Order and pay: `ageConfirmed` when the cart has spirits and the member confirmed they are 18 or over. */
  | { type: 'PLACE_ORDER'; ageConfirmed: boolean }
  /** Back to the table after an order (paid or not: an unpaid one expires and gives its pours back). */
  | { type: 'ORDER_MORE' }
  | { type: 'LEAVE' }
  | { type: 'RETRY' };
