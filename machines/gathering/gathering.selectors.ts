import type { SnapshotFrom } from 'xstate';
import type { gatheringMachine } from './gathering.machine.ts';
import type { CallCode, GatheringFacts, PlaceMethod, TablePaymentMethod } from './gathering.types.ts';

export type GatheringSnapshot = SnapshotFrom<typeof gatheringMachine>;

export const isLoading = (s: GatheringSnapshot): boolean => s.matches('loading');
export const loadFailed = (s: GatheringSnapshot): boolean => s.matches('loadFailed');
export const isNotIn = (s: GatheringSnapshot): boolean => s.matches('notInGathering');
/** Out of the room, the gatherings going on show: also while buying a place there and paying it. */
export const isOutside = (s: GatheringSnapshot): boolean =>
  s.matches('notInGathering') || s.matches('buyingPlace') || s.matches('payingPlaceByCard') || s.matches('confirmingCard') || s.matches('placeToPay');
/** In the room (the pour list and the cart show). */
export const isIn = (s: GatheringSnapshot): boolean => s.matches('inGathering');
export const hasLeft = (s: GatheringSnapshot): boolean => s.matches('left');
export const hasEnded = (s: GatheringSnapshot): boolean => s.matches('ended');
/** A call is on its way: the table's buttons wait. */
export const isBusy = (s: GatheringSnapshot): boolean => s.hasTag('busy');
export const isPlacingOrder = (s: GatheringSnapshot): boolean => s.matches({ inGathering: 'placingOrder' });
/** Buying a walk-in's place (create-gathering-order on its way). */
export const isBuyingPlace = (s: GatheringSnapshot): boolean => s.matches('buyingPlace');
/** Paying the walk-in's place with the saved card chosen (create-gathering-payment on its way). */
export const isPayingPlaceByCard = (s: GatheringSnapshot): boolean => s.matches('payingPlaceByCard');
/** The card asks for an extra step: the provider's page the browser goes to (it comes back to Tonight). */
export const cardStepURL = (s: GatheringSnapshot): string | undefined => (s.matches('confirmingCard') ? s.context.placeRedirectURL : undefined);
/** How the place is (or was last tried to be) paid: FPS or a saved card. */
export const placeMethod = (s: GatheringSnapshot): PlaceMethod | undefined => s.context.placeMethod;
/** The walk-in's place placed and waiting for the FPS popup to pay it: its order id. */
export const placeToPay = (s: GatheringSnapshot): string | undefined => (s.matches('placeToPay') ? s.context.placeOrderID : undefined);
/** The gathering the member is buying (or last tried to buy) a place at. */
export const placeGathering = (s: GatheringSnapshot): string | undefined => s.context.placeGatheringID;
/** Why buying a place was refused, until the next try. */
export const placeError = (s: GatheringSnapshot): CallCode | undefined => s.context.placeError;
export const isLeaving = (s: GatheringSnapshot): boolean => s.matches('leaving');
export const gathering = (s: GatheringSnapshot): GatheringFacts | undefined => s.context.gathering;
/** The order placed and waiting to be paid. */
export const orderToPay = (s: GatheringSnapshot): string | undefined => (s.matches({ inGathering: 'paying' }) ? s.context.orderID : undefined);
/** How it is paid: FPS's QR popup here, or the shared payment step (the product checkout with the order). */
export const payMethod = (s: GatheringSnapshot): TablePaymentMethod | undefined => s.context.method;
export const cartError = (s: GatheringSnapshot): CallCode | undefined => s.context.cartError;
export const orderError = (s: GatheringSnapshot): CallCode | undefined => s.context.orderError;
