import { assign, fromPromise, setup } from 'xstate';
import type {
  BagChange,
  BagContext,
  BagEvent,
  BagFailure,
  BagInput,
  BagNotice,
  BagTag,
  CallResult,
  ChangeBagInput,
  ChangeOutcome,
  CouponApplyInput,
  CouponApplyOutput,
  CouponFailData,
  GetShoppingBagInput,
  GetShoppingBagOutput,
  ShoppingBag,
} from './bag.types.ts';
import { INVALID_COUPON, MAX_LINE_QUANTITY, NETWORK_ERROR } from './bag.types.ts';

/** Notices the server's answer reports: quantities it lowered, lines it took out (spec §8). */
function noticesOf(bag: ShoppingBag): BagNotice[] {
  return [
    ...bag.productList
      .filter((line) => line.SelectedQuantityUpdated)
      .map((line): BagNotice => ({
        kind: 'quantityReduced',
        item: { ProductID: line.ProductID, VarianceID: line.VarianceID, Name: line.Name, VarianceName: line.VarianceName },
        from: line.PreviousQuantity ?? line.SelectedQuantity,
        to: line.SelectedQuantity,
      })),
    ...bag.outOfStockList.map(({ Quantity, ...item }): BagNotice => ({ kind: 'removedOutOfStock', item, quantity: Quantity })),
    ...bag.stopSellList.map(({ Quantity, ...item }): BagNotice => ({ kind: 'removedStopSell', item, quantity: Quantity })),
  ];
}

/** Adds notices not already shown (the same report twice is one notice). */
function withNotices(current: BagNotice[], added: BagNotice[]): BagNotice[] {
  const seen = new Set(current.map((n) => JSON.stringify(n)));
  const fresh = added.filter((n) => {
    const key = JSON.stringify(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return fresh.length ? [...current, ...fresh] : current;
}

/** The answer to an add or set, held for changeAnswered (the one state that handles both). */
const heldChange = ({ context }: { context: BagContext }): { result: CallResult<BagChange> } => ({
  result: context.changeAnswer ?? { ok: false, code: NETWORK_ERROR },
});

const isQuantity = (n: number, min: number) => Number.isInteger(n) && n >= min && n <= MAX_LINE_QUANTITY;

export const bagMachine = setup({
  types: {
    context: {} as BagContext,
    events: {} as BagEvent,
    input: {} as BagInput,
    tags: {} as BagTag,
  },
  actors: {
    /** getShoppingBag with coupon recovery: the app provides the coupon-totals machine around the call. */
    getShoppingBag: fromPromise<GetShoppingBagOutput, GetShoppingBagInput>(async () => {
      throw new Error('getShoppingBag not provided');
    }),
    addShoppingBag: fromPromise<CallResult<BagChange>, ChangeBagInput>(async () => {
      throw new Error('addShoppingBag not provided');
    }),
    setShoppingBag: fromPromise<CallResult<BagChange>, ChangeBagInput>(async () => {
      throw new Error('setShoppingBag not provided');
    }),
    couponApply: fromPromise<CallResult<CouponApplyOutput, CouponFailData>, CouponApplyInput>(async () => {
      throw new Error('couponApply not provided');
    }),
  },
  actions: {
    setCurrency: assign((_, params: { currency: BagContext['currency'] }) => ({ currency: params.currency })),
    startChange: assign((_, params: { change: 'add' | 'set'; varianceID: string; quantity: number }) => ({
      pendingChange: { change: params.change, VarianceID: params.varianceID, Quantity: params.quantity },
      failure: undefined,
    })),
    // Codes are case-insensitive (the server upper-cases them): keep the form the member will see.
    startCoupon: assign((_, params: { code: string }) => ({
      couponCode: params.code.trim().toUpperCase(),
      couponError: undefined,
      failure: undefined,
    })),
    removeCoupon: assign({ couponCode: undefined, couponError: undefined, failure: undefined }),
    clearCouponError: assign({ couponError: undefined }),
    clearFailure: assign({ failure: undefined }),
    dismissNotices: assign({ notices: [] }),
    storeBag: assign(({ context }, params: { result: GetShoppingBagOutput }) => {
      if (!params.result.ok) return {};
      const { totals, couponID, couponError } = params.result.data;
      return {
        bag: totals,
        couponCode: couponID,
        // A refusal from this read wins; otherwise the one couponApply just reported stays on screen.
        couponError: couponError ?? context.couponError,
        notices: withNotices(context.notices, noticesOf(totals)),
      };
    }),
    storeBagFailure: assign((_, params: { result: GetShoppingBagOutput }) => {
      if (params.result.ok) return {};
      const refused = params.result.data?.couponError;
      return {
        failure: { call: 'getShoppingBag', code: params.result.code, message: params.result.message } satisfies BagFailure,
        ...(refused ? { couponCode: undefined, couponError: refused } : {}),
      };
    }),
    holdChange: assign((_, params: { result: CallResult<BagChange> }) => ({ changeAnswer: params.result })),
    forgetChange: assign({ changeAnswer: undefined }),
    noteChange: assign(({ context }, params: { result: CallResult<BagChange> }) => {
      if (!params.result.ok) return {};
      const change = params.result.data;
      const kind = context.pendingChange?.change ?? 'add';
      const outcome: ChangeOutcome =
        change.Quantity < change.Requested
          ? { kind: 'cappedAtStock', change: kind, VarianceID: change.VarianceID, quantity: change.Quantity, requested: change.Requested }
          : { kind: 'changed', change: kind, VarianceID: change.VarianceID, quantity: change.Quantity };
      const capped: BagNotice[] =
        outcome.kind === 'cappedAtStock'
          ? [{ kind: 'cappedAtStock', VarianceID: outcome.VarianceID, quantity: outcome.quantity, requested: outcome.requested }]
          : [];
      return { lastChange: change, changeOutcome: outcome, pendingChange: undefined, notices: withNotices(context.notices, capped) };
    }),
    noteRefusal: assign(({ context }, params: { result: CallResult<BagChange> }) => {
      const pending = context.pendingChange;
      if (params.result.ok || !pending) return {};
      const call = pending.change === 'add' ? 'addShoppingBag' : 'setShoppingBag';
      return {
        pendingChange: undefined,
        changeOutcome: { kind: 'refused', change: pending.change, VarianceID: pending.VarianceID, code: params.result.code, message: params.result.message },
        failure: { call, code: params.result.code, message: params.result.message } satisfies BagFailure,
        notices: withNotices(context.notices, [
          { kind: 'addRefused', VarianceID: pending.VarianceID, change: pending.change, code: params.result.code, message: params.result.message },
        ]),
      };
    }),
    useCoupon: assign((_, params: { result: CallResult<CouponApplyOutput, CouponFailData> }) =>
      params.result.ok ? { couponCode: params.result.data.Coupon.CouponID, couponError: undefined } : {},
    ),
    dropCoupon: assign(({ context }, params: { result: CallResult<CouponApplyOutput, CouponFailData> }) =>
      params.result.ok
        ? {}
        : {
            couponCode: undefined,
            couponError: {
              couponID: context.couponCode ?? '',
              code: params.result.code,
              reason: params.result.data?.reason,
              message: params.result.message,
            },
          },
    ),
    /** The check did not answer: the bag keeps the coupon it had (the one its last read included). */
    restoreCoupon: assign(({ context }) => ({ couponCode: context.bag?.orderDetail.Coupon?.CouponID })),
    noteCouponFailure: assign(({ context }, params: { result: CallResult<CouponApplyOutput, CouponFailData> }) =>
      params.result.ok
        ? {}
        : {
            couponCode: context.bag?.orderDetail.Coupon?.CouponID,
            couponError: { couponID: context.couponCode ?? '', code: params.result.code, message: params.result.message },
            failure: { call: 'couponApply', code: params.result.code, message: params.result.message } satisfies BagFailure,
          },
    ),
    storeNetworkFailure: assign(({ context }, params: { call: BagFailure['call'] }) => {
      const pending = context.pendingChange;
      return {
        pendingChange: undefined,
        failure: { call: params.call, code: NETWORK_ERROR } satisfies BagFailure,
        ...(pending ? { changeOutcome: { kind: 'failed', change: pending.change, VarianceID: pending.VarianceID, code: NETWORK_ERROR } satisfies ChangeOutcome } : {}),
      };
    }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    couponRefused: (_, params: { result: CallResult<unknown, unknown> }) => !params.result.ok && params.result.code === INVALID_COUPON,
    /** The answer is priced in a currency the member has since left: read again. */
    answeredInOtherCurrency: ({ context }, params: { result: GetShoppingBagOutput }) =>
      params.result.ok && params.result.data.totals.orderDetail.Currency !== context.currency,
    currencyDiffers: ({ context }, params: { currency: BagContext['currency'] }) => params.currency !== context.currency,
    validAdd: (_, params: { varianceID: string; quantity: number }) => params.varianceID !== '' && isQuantity(params.quantity, 1),
    validSet: (_, params: { varianceID: string; quantity: number }) => params.varianceID !== '' && isQuantity(params.quantity, 0),
    hasCode: (_, params: { code: string }) => params.code.trim() !== '',
    hasCoupon: ({ context }) => context.couponCode !== undefined,
    hasCouponError: ({ context }) => context.couponError !== undefined,
    hasNotices: ({ context }) => context.notices.length > 0,
  },
}).createMachine({
  id: 'bag',
  description:
    "The member's shopping bag for the app session: read from the server at start and after every add, set or coupon change; a refused coupon (70600) is dropped, its message kept, and the bag read again.",
  context: ({ input }) => ({ currency: input.currency, couponCode: input.couponCode, notices: [] }),
  initial: 'loading',
  on: {
    CURRENCY_CHANGED: {
      guard: { type: 'currencyDiffers', params: ({ event }) => ({ currency: event.currency }) },
      actions: { type: 'setCurrency', params: ({ event }) => ({ currency: event.currency }) },
      description: 'While a call runs: remember the currency; an answer in the old one is read again.',
    },
    DISMISS_NOTICES: { guard: 'hasNotices', actions: 'dismissNotices' },
  },
  states: {
    loading: {
      description: 'First read of the bag (getShoppingBag with the coupon, if any).',
      tags: ['busy'],
      invoke: {
        id: 'getShoppingBag',
        src: 'getShoppingBag',
        input: ({ context }) => ({ couponID: context.couponCode, request: { Currency: context.currency } }),
        onDone: [
          {
            guard: { type: 'answeredInOtherCurrency', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshing',
            actions: { type: 'storeBag', params: ({ event }) => ({ result: event.output }) },
            description: 'The currency changed meanwhile: read again in the new one.',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: { type: 'storeBag', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'idle.failed',
            actions: { type: 'storeBagFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'The bag could not be read (a refused coupon is still dropped).',
          },
        ],
        onError: { target: 'idle.failed', actions: { type: 'storeNetworkFailure', params: { call: 'getShoppingBag' } } },
      },
    },
    idle: {
      description: 'The bag is on screen and takes changes. Nothing runs; changes are refused while a call runs.',
      initial: 'ready',
      on: {
        ADD: {
          guard: { type: 'validAdd', params: ({ event }) => ({ varianceID: event.varianceID, quantity: event.quantity }) },
          target: 'adding',
          actions: {
            type: 'startChange',
            params: ({ event }) => ({ change: 'add' as const, varianceID: event.varianceID, quantity: event.quantity }),
          },
          description: 'Spec §5: needs a variance and a quantity of 1 to 99.',
        },
        SET: {
          guard: { type: 'validSet', params: ({ event }) => ({ varianceID: event.varianceID, quantity: event.quantity }) },
          target: 'setting',
          actions: {
            type: 'startChange',
            params: ({ event }) => ({ change: 'set' as const, varianceID: event.varianceID, quantity: event.quantity }),
          },
          description: 'Spec §5: needs a variance and a quantity of 0 (remove) to 99.',
        },
        APPLY_COUPON: {
          guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
          target: 'applyingCoupon',
          actions: { type: 'startCoupon', params: ({ event }) => ({ code: event.code }) },
          description: 'Spec §5: an empty code does nothing. The new code replaces the applied one.',
        },
        REMOVE_COUPON: [
          { guard: 'hasCoupon', target: 'refreshing', actions: 'removeCoupon' },
          { guard: 'hasCouponError', actions: 'clearCouponError', description: 'No coupon applied: just hide the last refusal.' },
        ],
        CURRENCY_CHANGED: {
          guard: { type: 'currencyDiffers', params: ({ event }) => ({ currency: event.currency }) },
          target: 'refreshing',
          actions: { type: 'setCurrency', params: ({ event }) => ({ currency: event.currency }) },
          description: 'Prices and totals are in the bag currency: read the bag in the new one.',
        },
        REFRESH: { target: 'refreshing', actions: 'clearFailure', description: 'Read the bag again (also the retry after a failure).' },
      },
      states: {
        ready: { description: 'The bag as the server last answered it, with notices and coupon message, if any.' },
        failed: {
          description:
            'The last call failed (server unreachable, or the bag could not be read): the last bag, if any, stays on screen with the error and a retry (REFRESH).',
        },
      },
    },
    adding: {
      description: 'Adding units of a variance (addShoppingBag); stock may cap them. Answered in changeAnswered, as a set is.',
      tags: ['busy', 'mutating'],
      invoke: {
        id: 'addShoppingBag',
        src: 'addShoppingBag',
        input: ({ context }) => ({ VarianceID: context.pendingChange?.VarianceID ?? '', Quantity: context.pendingChange?.Quantity ?? 0 }),
        onDone: { target: 'changeAnswered', actions: { type: 'holdChange', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'idle.failed', actions: { type: 'storeNetworkFailure', params: { call: 'addShoppingBag' } } },
      },
    },
    setting: {
      description: "Setting a line's quantity (setShoppingBag); 0 removes the line, stock may cap it. Answered in changeAnswered, as an add is.",
      tags: ['busy', 'mutating'],
      invoke: {
        id: 'setShoppingBag',
        src: 'setShoppingBag',
        input: ({ context }) => ({ VarianceID: context.pendingChange?.VarianceID ?? '', Quantity: context.pendingChange?.Quantity ?? 0 }),
        onDone: { target: 'changeAnswered', actions: { type: 'holdChange', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'idle.failed', actions: { type: 'storeNetworkFailure', params: { call: 'setShoppingBag' } } },
      },
    },
    changeAnswered: {
      description: 'The answer to an add or a set, handled one way for both: what became of it is noted, and the bag is read again.',
      always: [
        {
          guard: { type: 'succeeded', params: heldChange },
          target: 'refreshing',
          actions: [{ type: 'noteChange', params: heldChange }, 'forgetChange'],
          description: 'Added or set (a notice says so when stock capped it); read the bag again.',
        },
        {
          target: 'refreshing',
          actions: [{ type: 'noteRefusal', params: heldChange }, 'forgetChange'],
          description: 'Refused (OutOfStock, StopSell …): a notice says why; read the bag again, it may have changed.',
        },
      ],
    },
    applyingCoupon: {
      description: 'Checking the coupon for this member and bag (coupon/apply).',
      tags: ['busy', 'mutating'],
      invoke: {
        id: 'couponApply',
        src: 'couponApply',
        input: ({ context }) => ({ CouponID: context.couponCode ?? '', Currency: context.currency }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshing',
            actions: { type: 'useCoupon', params: ({ event }) => ({ result: event.output }) },
            description: 'Valid: read the bag with it.',
          },
          {
            guard: { type: 'couponRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshing',
            actions: { type: 'dropCoupon', params: ({ event }) => ({ result: event.output }) },
            description: '70600: drop the coupon, keep its reason and message, and read the bag again without it.',
          },
          {
            target: 'idle.failed',
            actions: { type: 'noteCouponFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused otherwise (e.g. InvalidParameter): nothing changed; the bag keeps the coupon it had.',
          },
        ],
        onError: {
          target: 'idle.failed',
          actions: [{ type: 'storeNetworkFailure', params: { call: 'couponApply' } }, 'restoreCoupon'],
          description: 'The server could not be reached: nothing changed; the bag keeps the coupon it had.',
        },
      },
    },
    refreshing: {
      description: 'Reading the bag again after a change (getShoppingBag; a refused coupon is dropped and the bag read without it).',
      tags: ['busy'],
      invoke: {
        id: 'getShoppingBag',
        src: 'getShoppingBag',
        input: ({ context }) => ({ couponID: context.couponCode, request: { Currency: context.currency } }),
        onDone: [
          {
            guard: { type: 'answeredInOtherCurrency', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshing',
            reenter: true,
            actions: { type: 'storeBag', params: ({ event }) => ({ result: event.output }) },
            description: 'The currency changed meanwhile: read again in the new one.',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: { type: 'storeBag', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'idle.failed',
            actions: { type: 'storeBagFailure', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'idle.failed', actions: { type: 'storeNetworkFailure', params: { call: 'getShoppingBag' } } },
      },
    },
  },
});
