import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine.ts';
import type { CheckoutOutput, CheckoutStep, CouponError, OrderDetail } from './checkout.types.ts';
import * as paymentStep from '../payment-step/payment-step.selectors.ts';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The payment step, read through checkout's child as every kind's is (machines/payment-step/payment-step.selectors.ts). */
export * from '../payment-step/payment-step.selectors.ts';

/** Which part of the checkout page to show. */
export type { CheckoutStep };

/** The step the state (or a running child) names with its `step:` tag; 'done' once finished. */
export const step = (s: CheckoutSnapshot): CheckoutStep => paymentStep.stepOf<CheckoutStep>(s, 'checkout');

/** The order summary for the chosen address (subtotal, discount, shipping, taxes, total). */
export const totals = (s: CheckoutSnapshot): OrderDetail | undefined => s.context.bag?.orderDetail;
/** The coupon applied to the totals, if any. */
export const couponID = (s: CheckoutSnapshot): string | undefined => s.context.couponID;
/** A coupon the server refused (70600): its message is shown and it is no longer applied. */
export const couponError = (s: CheckoutSnapshot): CouponError | undefined => s.context.couponError;
export const addressIndex = (s: CheckoutSnapshot): number | undefined => s.context.addressIndex;
/** The picked address is being saved as the member's main one: the choices wait. */
export const isSavingAddress = (s: CheckoutSnapshot): boolean => s.matches('savingAddress');
/** The last picked address could not be saved as the main one. */
export const addressNotSaved = (s: CheckoutSnapshot): boolean => s.context.addressNotSaved === true;
/** The page's address choices take a pick now. */
export const canChooseAddress = (s: CheckoutSnapshot): boolean => s.matches('choosingAddress');
/** The address step can move on (an address is chosen). */
export const canContinue = (s: CheckoutSnapshot): boolean => s.can({ type: 'CONTINUE' });
/** "Change address" is offered: on the payment step until an order is placed (the age warning has its own close). */
export const canGoBack = (s: CheckoutSnapshot): boolean => paymentStep.stepCan(s, { type: 'BACK' }) ?? false;
/** Show the age warning (over-18 confirmation). */
export const needsAgeConfirmation = (s: CheckoutSnapshot): boolean => s.matches('confirmingAge');

/** The flow's result once done: where to go next (order confirmation, provider page, FPS popup, bag …). */
export const result = (s: CheckoutSnapshot): CheckoutOutput | undefined => (s.status === 'done' ? s.output : undefined);
