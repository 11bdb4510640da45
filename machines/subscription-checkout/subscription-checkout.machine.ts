import { and, assertEvent, assign, forwardTo, fromPromise, sendTo, setup } from 'xstate';
import type {
  CallResult,
  CreateSubscriptionInput,
  GetSubscriptionOrderInput,
  GetSubscriptionOrderOutput,
  GetSubscriptionPlanInput,
  GetSubscriptionPlanOutput,
  OrderPaymentError,
  OrderPaymentInput,
  OrderPaymentLogic,
  OrderPaymentOutput,
  OrderPaymentStatus,
  PaymentChoiceInput,
  PaymentChoiceLogic,
  PaymentChoiceOutput,
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
    // Choosing how to pay, shared by every checkout (machines/payment-choice), provided with its calls; declared by its type.
    paymentChoice: fromPromise<PaymentChoiceOutput, PaymentChoiceInput>(async () => {
      throw new Error('paymentChoice not provided');
    }) as unknown as PaymentChoiceLogic,
    getSubscriptionOrder: fromPromise<CallResult<GetSubscriptionOrderOutput>, GetSubscriptionOrderInput>(async () => {
      throw new Error('getSubscriptionOrder not provided');
    }),
    // The paying flow every order kind shares (machines/order-payment), provided with the subscription's calls.
    // A machine, declared by its type: this file imports only its own folder, so it opens as-is in the visualizer.
    orderPayment: fromPromise<OrderPaymentOutput, OrderPaymentInput>(async () => {
      throw new Error('orderPayment not provided');
    }) as unknown as OrderPaymentLogic,
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
    applyCoupon: assign((_, params: { code: string }) => ({ couponID: params.code.trim(), couponError: undefined, error: undefined })),
    removeCoupon: assign({ couponID: undefined, couponError: undefined }),
    dropCoupon: assign(({ context }, params: { error: OrderPaymentError | undefined }) => ({
      couponID: undefined,
      couponError: params.error ? { couponID: context.couponID ?? '', code: params.error.code, message: params.error.message } : undefined,
    })),
    confirmAge: assign((_, params: { confirmed: boolean }) => ({ ageConfirmed: params.confirmed })),
    /** How the member now pays, as choosing it ended (with why the change failed, if it did). */
    storeChoice: assign((_, params: { output: PaymentChoiceOutput }) => ({
      method: params.output.method,
      cards: params.output.cards,
      cardID: params.output.cardID,
      error: params.output.error,
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
    /** Where the paying flow left the order: it is the order paid from now on. */
    storeOrderPayment: assign(({ context }, params: { output: OrderPaymentOutput }) => ({
      orderID: params.output.OrderID ?? context.orderID,
      payment: params.output.payment,
      error: params.output.error,
      outcome: params.output.outcome === 'unpaid' ? undefined : params.output.outcome === 'confirmed' ? 'subscribed' : params.output.outcome,
    })),
    /** Placing refused the delivery address (none, or outside the service range): back to choosing one, with the reason. */
    storeAddressRefused: assign((_, params: { error: OrderPaymentError | undefined }) => ({ error: params.error, totals: undefined })),
    /** Nothing to keep: a new snapshot, so that what reads a child (choosing, paying) through this flow (the page's selectors) reads it again. */
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
    /** A code typed, and no order placed yet (a placed order keeps its coupon). */
    couponGiven: ({ context }, params: { code: string }) => context.orderID === undefined && params.code.trim() !== '',
    hasCoupon: ({ context }) => context.couponID !== undefined,
    noOrderYet: ({ context }) => context.orderID === undefined,
    hasOrder: ({ context }) => context.orderID !== undefined,
    payingByCard: ({ context }) => context.method === 'CreditCard',
    /** Totals for the address, a method (and a card when paying by card), and the over-18 confirmation for a box holding spirits. */
    readyToPlace: ({ context }) =>
      context.orderID === undefined &&
      context.totals !== undefined &&
      context.method !== undefined &&
      (context.method !== 'CreditCard' || context.cardID !== undefined) &&
      (!context.plan?.IsAlcohol || context.ageConfirmed),
    readyToPay: ({ context }) => context.orderID !== undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    orderIs: (_, params: { result: CallResult<GetSubscriptionOrderOutput>; status: OrderPaymentStatus }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    orderPayable: (_, params: { result: CallResult<GetSubscriptionOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    /** Paying has an outcome (anything but `unpaid`, which is back to the payment step). */
    paymentEnded: (_, params: { output: OrderPaymentOutput }) => params.output.outcome !== 'unpaid',
    /** Placing or paying refused with one of these codes. */
    answerRefused: (_, params: { output: OrderPaymentOutput; codes: readonly string[] }) =>
      params.output.refusedBy !== undefined && params.codes.includes(params.output.error?.code ?? ''),
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
            target: 'payingAgain',
            actions: { type: 'storeResumedOrder', params: ({ event }) => ({ result: event.output }) },
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
    payingAgain: {
      description: 'Paying the order again starts from its method; a card payment first reads the saved cards.',
      tags: ['step:loading'],
      always: [{ guard: 'payingByCard', target: '#subscriptionCheckout.payment.changing' }, { target: 'payment' }],
    },
    payment: {
      description: 'The totals, the coupon, the over-18 confirmation for a box holding spirits, and how to pay: a saved card (renewals charge it), a new one, Alipay or FPS.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The payment step. Subscribing needs a method, a card when paying by card, and the over-18 confirmation for a box holding spirits.',
          tags: ['step:payment'],
          on: {
            APPLY_COUPON: {
              guard: { type: 'couponGiven', params: ({ event }) => ({ code: event.code }) },
              target: '#subscriptionCheckout.calculating',
              actions: { type: 'applyCoupon', params: ({ event }) => ({ code: event.code }) },
              description: 'An empty code does nothing (spec §5); a code is tried with the totals.',
            },
            REMOVE_COUPON: { guard: and(['noOrderYet', 'hasCoupon']), target: '#subscriptionCheckout.calculating', actions: 'removeCoupon' },
            CONFIRM_AGE: { actions: { type: 'confirmAge', params: ({ event }) => ({ confirmed: event.confirmed }) } },
            SELECT_METHOD: 'changing',
            SELECT_CARD: 'changing',
            ADD_CARD: { guard: 'payingByCard', target: 'changing' },
            PLACE_ORDER: [
              { guard: 'readyToPlace', target: '#subscriptionCheckout.payingOrder', actions: 'clearError' },
              { guard: 'readyToPay', target: '#subscriptionCheckout.payingOrder', actions: 'clearError', description: 'The order was placed by an earlier attempt (or is a cycle waiting for payment): pay that order.' },
            ],
            BACK: { guard: 'noOrderYet', target: '#subscriptionCheckout.choosingAddress', actions: 'clearError' },
            LEAVE: '#subscriptionCheckout.left',
          },
        },
        changing: {
          description:
            'Choosing how to pay (paymentChoice, shared by every checkout): a method (the card method reads the saved cards), a saved card, or a new card through the add-card form. Paying an order again by card starts here too, reading the cards.',
          tags: ['step:payment'],
          invoke: {
            id: 'paymentChoice',
            src: 'paymentChoice',
            input: ({ context, event }) => ({ choice: context, request: event }),
            onDone: { target: 'choosing', actions: { type: 'storeChoice', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'choosing', actions: 'storeNetworkError' },
            onSnapshot: { actions: 'followChild', description: 'Choosing moved on (cards read, the add-card form): the page follows.' },
          },
          on: {
            SUBMIT_CARD: { actions: forwardTo('paymentChoice'), description: 'The add-card form is choosing’s.' },
            CANCEL: { actions: forwardTo('paymentChoice') },
          },
        },
      },
    },
    payingOrder: {
      description:
        'From Subscribe to an outcome, the one paying flow every order kind shares (orderPayment): it notes the member’s subscription orders, places the first cycle’s order (create-subscription) or pays the one waiting (create-subscription-payment), follows the payment’s answer, looks the order up when an answer is lost, and reads it (get-subscription-order) while the provider decides.',
      tags: ['step:placing'],
      invoke: {
        id: 'orderPayment',
        src: 'orderPayment',
        input: ({ context }) => {
          const card = context.method === 'CreditCard' ? context.cardID : undefined;
          const place: CreateSubscriptionInput | undefined =
            context.orderID === undefined
              ? {
                  Language: context.language,
                  Currency: context.currency,
                  PaymentMethod: context.method ?? 'CreditCard',
                  SubscriptionID: context.subscriptionID ?? '',
                  PaymentMethodID: card,
                  CouponID: context.couponID,
                  AgeConfirmed: context.ageConfirmed,
                }
              : undefined;
          return {
            kind: 'subscription' as const,
            payWith: { PaymentMethod: context.method ?? 'CreditCard', CardID: card },
            listOrders: {},
            place,
            orderID: context.orderID,
          };
        },
        onDone: [
          {
            guard: { type: 'answerRefused', params: ({ event }) => ({ output: event.output, codes: [INVALID_COUPON] }) },
            target: 'calculating',
            actions: { type: 'dropCoupon', params: ({ event }) => ({ error: event.output.error }) },
            description: 'Placing answered 70600: drop the coupon, keep its message, and read the totals again.',
          },
          {
            guard: { type: 'answerRefused', params: ({ event }) => ({ output: event.output, codes: [DELIVERY_ADDRESS_REQUIRED] }) },
            target: 'choosingAddress',
            actions: { type: 'storeAddressRefused', params: ({ event }) => ({ error: event.output.error }) },
            description: 'The selected address went (or is outside the service range) while the member was paying: nothing placed. Choose one again.',
          },
          {
            guard: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
            description: 'Paying ended (paid, the provider’s page, the FPS popup, still processing, failed, cancelled): its outcome is the checkout’s.',
          },
          {
            target: 'payment',
            actions: { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
            description:
              'Nothing paid: another refusal (the box out of stock, already subscribed, the card refused), the orders not noted, or a lost answer’s look-up found the order not placed, or placed and not paid. Back to the payment step with the reason.',
          },
        ],
        onError: { target: 'payment', actions: 'storeNetworkError', description: 'The paying flow itself failed (not an answer of the server): back to the payment step.' },
        onSnapshot: {
          actions: 'followChild',
          description: 'The paying flow moved on (placing, checking, paying): the page, which reads it through this flow, follows.',
        },
      },
      on: {
        RETRY: {
          actions: sendTo('orderPayment', { type: 'RETRY' }),
          description: 'The look-up after a lost answer failed too, and the member looks again: the paying flow does.',
        },
      },
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
