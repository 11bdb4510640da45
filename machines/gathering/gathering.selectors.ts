import type { SnapshotFrom } from 'xstate';
import type { gatheringMachine } from './gathering.machine.ts';
import type { CallCode, GatheringFacts } from './gathering.types.ts';

export type GatheringSnapshot = SnapshotFrom<typeof gatheringMachine>;

export const isLoading = (s: GatheringSnapshot): boolean => s.matches('loading');
export const loadFailed = (s: GatheringSnapshot): boolean => s.matches('loadFailed');
export const isNotIn = (s: GatheringSnapshot): boolean => s.matches('notInGathering');
/** In the room (the pour list and the cart show). */
export const isIn = (s: GatheringSnapshot): boolean => s.matches('inGathering');
export const hasLeft = (s: GatheringSnapshot): boolean => s.matches('left');
export const hasEnded = (s: GatheringSnapshot): boolean => s.matches('ended');
/** A call is on its way: the table's buttons wait. */
export const isBusy = (s: GatheringSnapshot): boolean => s.hasTag('busy');
export const isPlacingOrder = (s: GatheringSnapshot): boolean => s.matches({ inGathering: 'placingOrder' });
export const isLeaving = (s: GatheringSnapshot): boolean => s.matches('leaving');
export const gathering = (s: GatheringSnapshot): GatheringFacts | undefined => s.context.gathering;
/** The order placed and waiting to be paid (the FPS popup pays it). */
export const orderToPay = (s: GatheringSnapshot): string | undefined => (s.matches({ inGathering: 'paying' }) ? s.context.orderID : undefined);
export const cartError = (s: GatheringSnapshot): CallCode | undefined => s.context.cartError;
export const orderError = (s: GatheringSnapshot): CallCode | undefined => s.context.orderError;
