import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  GetSubscriptionOrderInput,
  GetSubscriptionOrderOutput,
  GetSubscriptionPlanInput,
  GetSubscriptionPlanOutput,
  OrderPaymentStatus,
  PaymentStepEnd,
  PaymentStepInput,
  PaymentStepLogic,
  PaymentStepOutput,
  SubscriptionCalculateInput,
  SubscriptionCalculateOutput,
  SubscriptionCheckoutContext,
  SubscriptionCheckoutEvent,
  SubscriptionCheckoutInput,
  SubscriptionCheckoutOutcome,
  SubscriptionCheckoutOutput,
  SubscriptionCheckoutTag,
  UserUpdateInfoInput,
  UserUpdateInfoOutput,
} from './subscription-checkout.types.ts';
import { DELIVERY_ADDRESS_REQUIRED, INVALID_COUPON, NETWORK_ERROR } from './subscription-checkout.types.ts';

export const subscriptionCheckoutMachine = setup({
  types: {
    context: {} as SubscriptionCheckoutContext,
    events: {} as SubscriptionCheckoutEvent,
    input: {} as SubscriptionCheckoutInput,
    output: {} as SubscriptionCheckoutOutput,
    tags: {} as SubscriptionCheckoutTag,
  },
  actors: {
    getSubscriptionPlan: fromPromise<CallResult<GetSubscriptionPlanOutput>, GetSubscriptionPlanInput>(async () => {
      throw new Error('getSubscriptionPlan not provided');
    }),
    userUpdateInfo: fromPromise<CallResult<UserUpdateInfoOutput>, UserUpdateInfoInput>(async () => {
      throw new Error('userUpdateInfo not provided');
    }),
    subscriptionCalculate: fromPromise<SubscriptionCalculateOutput, SubscriptionCalculateInput>(async () => {
      throw new Error('subscriptionCalculate not provided');
    }),
    getSubscriptionOrder: fromPromise<CallResult<GetSubscriptionOrderOutput>, GetSubscriptionOrderInput>(async () => {
      throw new Error('getSubscriptionOrder not provided');
    }),
    // The payment step every kind shares (machines/payment-step), provided with its children and the subscription's calls.
    // A machine, declared by its type: this file imports only its own folder, so it opens as-is in the visualizer.
    paymentStep: fromPromise<PaymentStepOutput, PaymentStepInput>(async () => {
      throw new Error('paymentStep not provided');
    }) as unknown as PaymentStepLogic,
  },
  actions: {
    storePlan: assign(({ context }, params: { result: CallResult<GetSubscriptionPlanOutput> }) => {
      if (!params.result.ok) return {};
      const plan = params.result.data.PlanList.find((p) => p.SubscriptionID === context.subscriptionID);
      return plan ? { plan, error: undefined } : { plan: undefined, error: { code: 'ObjectNotFound' } };
    }),
    chooseAddress: assign((_, params: { index: number }) => ({ addressIndex: params.index, totals: undefined, error: undefined })),
    noteAddressNotSaved: assign({ addressNotSaved: true }),
    forgetAddressNotSaved: assign({ addressNotSaved: false }),
    storeTotals: assign(({ context }, params: { result: SubscriptionCalculateOutput }) =>
      params.result.ok
        ? {
            totals: params.result.data.totals,
            couponID: params.result.data.couponID,
            couponError: params.result.data.couponError ?? context.couponError,
            error: undefined,
          }
        : {},
    ),
    storeTotalsFailure: assign((_, params: { result: SubscriptionCalculateOutput }) =>
      params.result.ok
        ? {}
        : {
            totals: undefined,
            error: { code: params.result.code, message: params.result.message },
            ...(params.result.data?.couponError ? { couponID: undefined, couponError: params.result.data.couponError } : {}),
          },
    ),
    /** The payment step ended with a coupon applied (its code) or removed: the totals are read with it. */
    changeCoupon: assign(({ context }) =>
      context.stepEnd?.how === 'couponChanged' ? { couponID: context.stepEnd.couponID, couponError: undefined, error: undefined } : {},
    ),
    /** Placing refused the coupon (70600, kept in error): drop it, keep its message for display. */
    dropCoupon: assign(({ context }) => ({
      couponID: undefined,
      couponError: context.error ? { couponID: context.couponID ?? '', code: context.error.code, message: context.error.message } : undefined,
    })),
    storeFailure: assign(({ context }, params: { result: CallResult<unknown, { OrderID?: string | undefined }> }) =>
      params.result.ok ? {} : { error: { code: params.result.code, message: params.result.message }, orderID: params.result.data?.OrderID ?? context.orderID },
    ),
    /** Paying an order waiting for payment: its plan, method and totals come from the order itself. */
    storeResumedOrder: assign((_, params: { result: CallResult<GetSubscriptionOrderOutput> }) => {
      if (!params.result.ok) return {};
      const o = params.result.data.Order;
      return {
        subscriptionID: o.Plan.SubscriptionID,
        plan: o.Plan,
        method: o.PaymentMethod,
        totals: { total: o.orderDetail.Total, discount: o.orderDetail.Discount, Currency: o.orderDetail.Currency, orderDetail: o.orderDetail },
        // The age was confirmed when the subscription was taken.
        ageConfirmed: true,
        error: undefined,
      };
    }),
    /** How the payment step left paying and the age confirmation (kept for its next visit and the checkout's output); paid is subscribed. */
    storePaymentStep: assign((_, params: { output: PaymentStepOutput }) => {
      const { end } = params.output;
      return {
        ...params.output.paying,
      stepEnd: params.output.end,
        ageConfirmed: params.output.ageConfirmed,
        outcome: end.how !== 'paymentEnded' ? undefined : end.outcome === 'confirmed' ? 'subscribed' : end.outcome,
      };
    }),
    /** Placing refused the delivery address (none, or outside the service range): its totals go with it. */
    forgetTotals: assign({ totals: undefined }),
    /** Nothing to keep: a new snapshot, so that what reads the payment step through this flow (the page's selectors) reads it again. */
    followChild: assign({}),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
    finish: assign((_, params: { outcome: SubscriptionCheckoutOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    resuming: ({ context }) => context.orderID !== undefined,
    planFound: ({ context }, params: { result: CallResult<GetSubscriptionPlanOutput> }) =>
      params.result.ok && params.result.data.PlanList.some((p) => p.SubscriptionID === context.subscriptionID),
    hasAddress: ({ context }) => context.addressIndex !== undefined,
    validIndex: (_, params: { index: number }) => Number.isInteger(params.index) && params.index >= 0,
    addressRefused: (_, params: { result: CallResult<unknown, unknown> }) => !params.result.ok && params.result.code === DELIVERY_ADDRESS_REQUIRED,
    orderIs: (_, params: { result: CallResult<GetSubscriptionOrderOutput>; status: OrderPaymentStatus }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    orderPayable: (_, params: { result: CallResult<GetSubscriptionOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    /** The payment step ended this way. */
    stepEnded: ({ context }, params: { how: PaymentStepEnd['how'] }) => context.stepEnd?.how === params.how,
    /** The payment step ended with one of these refusals. */
    stepRefused: ({ context }, params: { codes: readonly string[] }) => context.stepEnd?.how === 'refused' && params.codes.includes(context.stepEnd.code),
  },
}).createMachine({
  id: 'subscriptionCheckout',
  description:
    'Subscribing to a box set: the plan, the delivery address (the totals need one, spec §5), the totals with a coupon, the over-18 confirmation for a box holding spirits, the payment method (saved card, new card, Alipay, FPS), placing the first cycle’s order and paying it.',
  context: ({ input }) => ({
    currency: input.currency,
    language: input.language,
    subscriptionID: input.subscriptionID,
    addressIndex: input.addressIndex,
    addressNotSaved: false,
    ageConfirmed: false,
    orderID: input.resume?.OrderID,
  }),
  initial: 'starting',
  output: ({ context }) => ({
    outcome: context.outcome ?? 'left',
    OrderID: context.orderID,
    RedirectURL: context.outcome === 'redirect' ? context.payment?.RedirectURL : undefined,
    ErrorCode: context.outcome === 'failed' ? context.error?.code : undefined,
  }),
  states: {
    starting: {
      description: 'A fresh checkout reads the plans; paying an order waiting for payment (from the record or payment_fail) reads that order.',
      tags: ['step:loading'],
      always: [{ guard: 'resuming', target: 'readingOrder' }, { target: 'loadingPlan' }],
    },
    loadingPlan: {
      description: 'Reading the plans on offer in the currency (getSubscriptionPlan) and keeping the one chosen.',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'getSubscriptionPlan',
        src: 'getSubscriptionPlan',
        input: ({ context }) => ({ Currency: context.currency }),
        onDone: [
          {
            guard: { type: 'planFound', params: ({ event }) => ({ result: event.output }) },
            target: 'choosingAddress',
            actions: { type: 'storePlan', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'loadFailed',
            actions: { type: 'storePlan', params: ({ event }) => ({ result: event.output }) },
            description: 'The plan chosen is not on offer (any more): nothing to subscribe to.',
          },
          { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    loadFailed: {
      description: 'The plan (or the order being paid) could not be read; the member can try again or go back to the plans.',
      tags: ['step:loadFailed'],
      on: {
        RETRY: { target: 'starting', actions: 'clearError' },
        LEAVE: 'left',
      },
    },
    choosingAddress: {
      description:
        'Where the boxes go: the member’s delivery addresses, the selected one marked. The totals need one (spec §5); says why when the last one was refused (outside the service range).',
      tags: ['step:address'],
      exit: 'forgetAddressNotSaved',
      on: {
        PICK_ADDRESS: {
          guard: { type: 'validIndex', params: ({ event }) => ({ index: event.index }) },
          target: 'savingAddress',
          description: 'The member picks an address: it becomes their selected one, which the totals are for.',
        },
        CHOOSE_ADDRESS: {
          guard: { type: 'validIndex', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'chooseAddress', params: ({ event }) => ({ index: event.index }) },
          description: 'The selected address is another one (added or edited in the address popup).',
        },
        CONTINUE: { guard: 'hasAddress', target: 'calculating', actions: 'clearError' },
        LEAVE: 'left',
      },
    },
    savingAddress: {
      description: 'Making the picked address the member’s selected delivery address (user-update-info).',
      tags: ['busy', 'step:address'],
      invoke: {
        id: 'userUpdateInfo',
        src: 'userUpdateInfo',
        input: ({ event }) => {
          assertEvent(event, 'PICK_ADDRESS');
          return { mainDeliveryAddressIndex: event.index };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'choosingAddress',
            actions: {
              type: 'chooseAddress',
              params: ({ event }) => ({ index: event.output.ok ? event.output.data.userDetailInfo.mainDeliveryAddressIndex : 0 }),
            },
          },
          { target: 'choosingAddress', actions: 'noteAddressNotSaved', description: 'Not saved: the address stays as it was, and the page says so.' },
        ],
        onError: { target: 'choosingAddress', actions: 'noteAddressNotSaved' },
      },
    },
    calculating: {
      description:
        'Reading what a cycle costs delivered to the selected address (subscription-calculate; a refused coupon, 70600, is dropped with its message kept, and the totals read again).',
      tags: ['busy', 'step:totals'],
      invoke: {
        id: 'subscriptionCalculate',
        src: 'subscriptionCalculate',
        input: ({ context }) => ({
          couponID: context.couponID,
          request: { SubscriptionID: context.subscriptionID ?? '', Language: context.language, Currency: context.currency },
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'payment',
            actions: { type: 'storeTotals', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'addressRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'choosingAddress',
            actions: { type: 'storeTotalsFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'DeliveryAddressRequired: no selected address on the server, or one outside the service range. Choose another.',
          },
          { target: 'totalsFailed', actions: { type: 'storeTotalsFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'totalsFailed', actions: 'storeNetworkError' },
      },
    },
    totalsFailed: {
      description: 'The totals could not be read; the member can try again or change the address.',
      tags: ['step:totalsFailed'],
      on: {
        RETRY: { target: 'calculating', actions: 'clearError' },
        BACK: { target: 'choosingAddress', actions: 'clearError' },
        LEAVE: 'left',
      },
    },
    readingOrder: {
      description: 'Paying an order waiting for payment: reading it (get-subscription-order); an unpaid one goes to the payment step with its method.',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'getSubscriptionOrder',
        src: 'getSubscriptionOrder',
        input: ({ context }) => ({ RecordID: context.orderID ?? '' }),
        onDone: [
          {
            guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) },
            target: 'done',
            actions: { type: 'finish', params: { outcome: 'subscribed' } },
          },
          {
            guard: { type: 'orderPayable', params: ({ event }) => ({ result: event.output }) },
            target: 'payment',
            actions: { type: 'storeResumedOrder', params: ({ event }) => ({ result: event.output }) },
            description: 'Unpaid: the payment step pays it, from its method (by card, the saved cards read first).',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: { type: 'finish', params: { outcome: 'cancelled' } },
            description: 'Cancelled, or expired unpaid: nothing to pay.',
          },
          { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    payment: {
      description:
        'The totals and the payment step every kind shares (paymentStep): the coupon, the over-18 confirmation for a box holding spirits, how to pay (a saved card, which renewals charge, a new one, Alipay, FPS), placing the first cycle’s order (create-subscription) or paying the one waiting, looking again after a lost answer.',
      tags: ['step:payment'],
      invoke: {
        id: 'paymentStep',
        src: 'paymentStep',
        input: ({ context }) => ({
          paying: context,
          order: {
            kind: 'subscription' as const,
            place: { Language: context.language, Currency: context.currency, SubscriptionID: context.subscriptionID ?? '', CouponID: context.couponID },
            // create-subscription names the card renewals charge PaymentMethodID.
            placeCardAs: 'PaymentMethodID' as const,
            listOrders: {},
          },
          couponID: context.couponID,
          askAge: Boolean(context.plan?.IsAlcohol),
          ageConfirmed: context.ageConfirmed,
          kindRefusals: { codes: [INVALID_COUPON, DELIVERY_ADDRESS_REQUIRED], calls: ['placeOrder' as const, 'payOrder' as const] },
        }),
        onDone: {
          target: 'afterPaymentStep',
          actions: { type: 'storePaymentStep', params: ({ event }) => ({ output: event.output }) },
          description: 'How paying stands is kept for the step’s next visit and the output; where the end leads is decided next.',
        },
        onError: { target: 'loadFailed', actions: 'storeNetworkError', description: 'The payment step itself failed (not an answer of the server): the member tries again.' },
        onSnapshot: { actions: 'followChild', description: 'The payment step moved on (choosing, placing, paying): the page, which reads it through this flow, follows.' },
      },
    },
    afterPaymentStep: {
      description: 'Where the payment step’s end leads: the totals again, the address, out, or the checkout’s end.',
      tags: ['step:payment'],
      always: [
        {
          guard: { type: 'stepRefused', params: { codes: [INVALID_COUPON] } },
          target: 'calculating',
          actions: 'dropCoupon',
          description: 'Placing answered 70600: drop the coupon, keep its message, and read the totals again.',
        },
        {
          guard: { type: 'stepRefused', params: { codes: [DELIVERY_ADDRESS_REQUIRED] } },
          target: 'choosingAddress',
          actions: 'forgetTotals',
          description: 'The selected address went (or is outside the service range) while the member was paying: nothing placed. Choose one again.',
        },
        { guard: { type: 'stepEnded', params: { how: 'couponChanged' } }, target: 'calculating', actions: 'changeCoupon', description: 'A coupon applied or removed: the totals with it.' },
        { guard: { type: 'stepEnded', params: { how: 'back' } }, target: 'choosingAddress', actions: 'clearError' },
        { guard: { type: 'stepEnded', params: { how: 'left' } }, target: 'left' },
        { target: 'done', description: 'Paying ended (paid, the provider’s page, the FPS popup, still processing, failed, cancelled): its outcome is the checkout’s.' },
      ],
    },
    done: {
      type: 'final',
      description:
        'Where paying (or the order waiting for payment) ended: paid and the subscription started (its confirmation follows), the provider’s page (Alipay, the card’s extra step; it comes back to the subscription’s confirmation page), the FPS QR popup (reading get-subscription-order), still processing (the confirmation page shows the result), failed (payment_fail offers to pay the order again), or cancelled (or expired unpaid): nothing to pay.',
    },
    left: {
      type: 'final',
      description: 'The member left the checkout: back to the plans, nothing ordered.',
      entry: { type: 'finish', params: { outcome: 'left' } },
    },
  },
});
