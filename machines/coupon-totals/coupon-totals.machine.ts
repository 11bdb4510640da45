import { assign, fromPromise, setup } from 'xstate';
import type {
  CalculateTotalsInput,
  CallResult,
  CouponFailData,
  CouponTotalsContext,
  CouponTotalsInput,
  CouponTotalsOutput,
} from './coupon-totals.types.ts';
import { INVALID_COUPON, NETWORK_ERROR } from './coupon-totals.types.ts';

/**
 * Spec §4 "On coupon error 70600 the coupon is dropped, the message kept, and the bag refreshed
 * again. The same holds for event and subscription totals." Written once: the bag, event and
 * subscription machines invoke this machine as their totals actor, each with its own totals call
 * provided as `calculateTotals` (getShoppingBag, EventCalculate, subscription-calculate).
 */
export const couponTotalsMachine = setup({
  types: {
    context: {} as CouponTotalsContext,
    input: {} as CouponTotalsInput,
    output: {} as CouponTotalsOutput<unknown>,
  },
  actors: {
    calculateTotals: fromPromise<CallResult<unknown, CouponFailData>, CalculateTotalsInput>(async () => {
      throw new Error('calculateTotals not provided');
    }),
  },
  actions: {
    storeResult: assign((_, params: { result: CallResult<unknown, CouponFailData> }) => ({ result: params.result })),
    dropCoupon: assign(({ context }, params: { result: CallResult<unknown, CouponFailData> }) => ({
      couponID: undefined,
      couponError: params.result.ok
        ? undefined
        : {
            couponID: context.couponID ?? '',
            code: params.result.code,
            reason: params.result.data?.reason,
            message: params.result.message,
          },
    })),
    storeNetworkError: assign({ result: { ok: false, code: NETWORK_ERROR } as CallResult<unknown, CouponFailData> }),
  },
  guards: {
    hasCoupon: ({ context }) => Boolean(context.couponID),
    succeeded: (_, params: { result: CallResult<unknown, CouponFailData> }) => params.result.ok,
    couponRefused: (_, params: { result: CallResult<unknown, CouponFailData> }) =>
      !params.result.ok && params.result.code === INVALID_COUPON,
  },
}).createMachine({
  id: 'couponTotals',
  description:
    'Totals with a coupon: asks for them with the coupon and, when the server refuses it (70600), drops the coupon, keeps the refusal and asks again without it.',
  context: ({ input }) => ({ request: input.request, couponID: input.couponID?.trim() || undefined }),
  initial: 'choosing',
  output: ({ context }): CouponTotalsOutput<unknown> => {
    const result = context.result ?? { ok: false, code: NETWORK_ERROR };
    const couponError = context.couponError;
    if (result.ok) return { ok: true, data: { totals: result.data, couponID: context.couponID, couponError } };
    return { ok: false, code: result.code, message: result.message, data: { couponError } };
  },
  states: {
    choosing: {
      description: 'With a coupon to try, ask with it; without one, ask plainly.',
      always: [{ guard: 'hasCoupon', target: 'withCoupon' }, { target: 'withoutCoupon' }],
    },
    withCoupon: {
      description: 'Asking for the totals with the coupon.',
      invoke: {
        id: 'calculateTotals',
        src: 'calculateTotals',
        input: ({ context }) => ({ couponID: context.couponID, request: context.request }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'couponRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'withoutCoupon',
            actions: { type: 'dropCoupon', params: ({ event }) => ({ result: event.output }) },
            description: '70600: the coupon is invalid here. Drop it, keep its reason and message, ask again without it.',
          },
          {
            target: 'done',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
            description: 'Any other refusal: the totals could not be had; the caller decides.',
          },
        ],
        onError: { target: 'done', actions: 'storeNetworkError' },
      },
    },
    withoutCoupon: {
      description: 'Asking for the totals without a coupon (none was given, or it was refused).',
      invoke: {
        id: 'calculateTotals',
        src: 'calculateTotals',
        input: ({ context }) => ({ request: context.request }),
        onDone: { target: 'done', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'done', actions: 'storeNetworkError' },
      },
    },
    done: {
      type: 'final',
      description: 'The output holds the totals (or the failure) and the refused coupon, if any.',
    },
  },
});
