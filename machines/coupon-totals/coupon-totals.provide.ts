import { fromPromise, type PromiseActorLogic } from 'xstate';
import { couponTotalsMachine } from './coupon-totals.machine.ts';
import type {
  CalculateTotalsInput,
  CallResult,
  CouponFailData,
  CouponRefusalReason,
  CouponTotalsInput,
  CouponTotalsOutput,
} from './coupon-totals.types.ts';

/**
 * The coupon-totals machine around one totals call, ready to be provided as the totals actor of a
 * bag, event or subscription machine (e.g. `getShoppingBag`, `EventCalculate`). Those machines
 * declare that actor as a promise from {couponID, request} to CouponTotalsOutput, which is exactly
 * how this child behaves to its parent: it takes that input and ends with that output (its final
 * state's output arrives as `xstate.done.actor.<id>`), so it is typed as such.
 */
export function withCouponRecovery<T, TRequest>(
  calculate: (input: CalculateTotalsInput<TRequest>) => Promise<CallResult<T, CouponFailData>>,
): PromiseActorLogic<CouponTotalsOutput<T>, CouponTotalsInput<TRequest>> {
  const logic = couponTotalsMachine.provide({
    actors: { calculateTotals: fromPromise(({ input }) => calculate(input as CalculateTotalsInput<TRequest>)) },
  });
  return logic as unknown as PromiseActorLogic<CouponTotalsOutput<T>, CouponTotalsInput<TRequest>>;
}

/** Every refusal reason (a record, so a reason added to the type must be added here too). */
export const COUPON_REFUSAL_REASONS: Readonly<Record<CouponRefusalReason, true>> = {
  NotFound: true,
  NotYetValid: true,
  Expired: true,
  MinSpend: true,
  UsedUp: true,
  MemberLimit: true,
  TooManyAttempts: true,
  NotApplicable: true,
  EmptyBag: true,
  Disabled: true,
  WrongOrderKind: true,
};

/**
 * The `failData` for the app's asCallResult on a totals or coupon call: a 70600 answer names why the
 * coupon was refused in its `reason` field.
 */
export function couponFailData(details: Record<string, unknown>): CouponFailData | undefined {
  const reason = details.reason;
  return typeof reason === 'string' && Object.hasOwn(COUPON_REFUSAL_REASONS, reason) ? { reason: reason as CouponRefusalReason } : undefined;
}
