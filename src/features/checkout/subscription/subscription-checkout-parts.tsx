import type { useFlow } from '../../../app/use-flow.ts';
import type { createSubscriptionCheckoutFlow } from './subscription-checkout.actors.ts';

/** What the subscription checkout's steps share (the screen and the steps loaded after it). */
export type SubscribeActor = ReturnType<typeof useFlow<ReturnType<typeof createSubscriptionCheckoutFlow>>>;
export { ErrorNote, useErrorText, type HeadingRef } from '../checkout-parts.tsx';
