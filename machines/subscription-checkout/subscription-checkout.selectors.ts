import type { SnapshotFrom } from 'xstate';
import type { subscriptionCheckoutMachine } from './subscription-checkout.machine.ts';
import type {
  CouponError,
  SubscriptionCheckoutOutput,
  SubscriptionCheckoutStep,
  SubscriptionPlan,
  SubscriptionTotals,
} from './subscription-checkout.types.ts';
import { DELIVERY_ADDRESS_REQUIRED } from './subscription-checkout.types.ts';
import * as paymentStep from '../payment-step/payment-step.selectors.ts';

export type SubscriptionCheckoutSnapshot = SnapshotFrom<typeof subscriptionCheckoutMachine>;
export type { SubscriptionCheckoutStep };

/** The payment step, read through the checkout's child as every kind's is (machines/payment-step/payment-step.selectors.ts). */
export * from '../payment-step/payment-step.selectors.ts';

/** The step the state (or a running child) names; 'done' once finished. */
export const step = (s: SubscriptionCheckoutSnapshot): SubscriptionCheckoutStep => paymentStep.stepOf<SubscriptionCheckoutStep>(s, 'subscriptionCheckout');

export const plan = (s: SubscriptionCheckoutSnapshot): SubscriptionPlan | undefined => s.context.plan;

/** The selected delivery address (its index in the member's list). */
export const addressIndex = (s: SubscriptionCheckoutSnapshot): number | undefined => s.context.addressIndex;
export const canChooseAddress = (s: SubscriptionCheckoutSnapshot): boolean => s.matches('choosingAddress');
export const isSavingAddress = (s: SubscriptionCheckoutSnapshot): boolean => s.matches('savingAddress');
export const addressNotSaved = (s: SubscriptionCheckoutSnapshot): boolean => s.context.addressNotSaved;
/** The server refused the address (none selected, or outside the service range). */
export const addressRefused = (s: SubscriptionCheckoutSnapshot): boolean => s.context.error?.code === DELIVERY_ADDRESS_REQUIRED;
export const canContinue = (s: SubscriptionCheckoutSnapshot): boolean => s.can({ type: 'CONTINUE' });

export const totals = (s: SubscriptionCheckoutSnapshot): SubscriptionTotals | undefined => s.context.totals;
export const couponID = (s: SubscriptionCheckoutSnapshot): string | undefined => s.context.couponID;
export const couponError = (s: SubscriptionCheckoutSnapshot): CouponError | undefined => s.context.couponError;
export const canApplyCoupon = (s: SubscriptionCheckoutSnapshot): boolean => paymentStep.stepCan(s, { type: 'APPLY_COUPON', code: 'X' }) ?? false;
export const canRemoveCoupon = (s: SubscriptionCheckoutSnapshot): boolean => paymentStep.stepCan(s, { type: 'REMOVE_COUPON' }) ?? false;

/** A box holding spirits: the over-18 confirmation is asked before subscribing. */
export const needsAge = (s: SubscriptionCheckoutSnapshot): boolean => Boolean(s.context.plan?.IsAlcohol) && !paymentStep.hasOrder(s);

/** Back to the step before: the payment step's while it runs, else the kind's. */
export const canGoBack = (s: SubscriptionCheckoutSnapshot): boolean => paymentStep.stepCan(s, { type: 'BACK' }) ?? s.can({ type: 'BACK' });

/** The flow's result once done: where to go next. */
export const result = (s: SubscriptionCheckoutSnapshot): SubscriptionCheckoutOutput | undefined => (s.status === 'done' ? s.output : undefined);
