import { and, assign, forwardTo, fromPromise, sendTo, setup } from 'xstate';
import type {
  OrderPaymentInput,
  OrderPaymentLogic,
  OrderPaymentOutput,
  PaymentChoiceInput,
  PaymentChoiceLogic,
  PaymentChoiceOutput,
  PaymentStepContext,
  PaymentStepEnd,
  PaymentStepEvent,
  PaymentStepExtraEvent,
  PaymentStepInput,
  PaymentStepOutput,
  PaymentStepTag,
} from './payment-step.types.ts';
import { NETWORK_ERROR } from './payment-step.types.ts';

export const paymentStepMachine = setup({
  types: {
    context: {} as PaymentStepContext,
    events: {} as PaymentStepEvent | PaymentStepExtraEvent,
    input: {} as PaymentStepInput,
    output: {} as PaymentStepOutput,
    tags: {} as PaymentStepTag,
  },
  actors: {
    // Both children are machines of their own folders, declared by their type (this file imports only its own folder,
    // so it opens as-is in the visualizer) and provided by each kind's actors module with the kind's calls.
    paymentChoice: fromPromise<PaymentChoiceOutput, PaymentChoiceInput>(async () => {
      throw new Error('paymentChoice not provided');
    }) as unknown as PaymentChoiceLogic,
    orderPayment: fromPromise<OrderPaymentOutput, OrderPaymentInput>(async () => {
      throw new Error('orderPayment not provided');
    }) as unknown as OrderPaymentLogic,
  },
  actions: {
    /** How the member now pays, as choosing it ended (with why the change failed, if it did). */
    storeChoice: assign((_, params: { output: PaymentChoiceOutput }) => ({
      method: params.output.method,
      cards: params.output.cards,
      cardID: params.output.cardID,
      error: params.output.error,
    })),
    /** Where paying left the order: it is the order paid from now on; the card's extra step, once asked about, is behind. */
    storeOrderPayment: assign(({ context }, params: { output: OrderPaymentOutput }) => ({
      orderID: params.output.OrderID ?? context.orderID,
      payment: params.output.payment,
      error: params.output.error,
      paymentID: undefined,
    })),
    /** Paying ended with an outcome, or with a refusal the kind handles. */
    endPaying: assign((_, params: { output: OrderPaymentOutput }) => ({
      end:
        params.output.outcome === 'unpaid'
          ? { how: 'refused' as const, code: params.output.error?.code ?? NETWORK_ERROR }
          : { how: 'paymentEnded' as const, outcome: params.output.outcome },
    })),
    endStep: assign((_, params: { end: PaymentStepEnd }) => ({ end: params.end })),
    confirmAge: assign((_, params: { confirmed: boolean }) => ({ ageConfirmed: params.confirmed })),
    /** Nothing to keep: a new snapshot, so that what reads a child (choosing, paying) through this step (the page's selectors) reads it again. */
    followChild: assign({}),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    resumingCard: ({ context }) => context.orderID !== undefined && context.paymentID !== undefined,
    payingAgainByCard: ({ context }) => context.orderID !== undefined && context.method === 'CreditCard' && context.cards === undefined,
    payingByCard: ({ context }) => context.method === 'CreditCard',
    /** A method, a card when paying by card, and the over-18 confirmation where the step asks for it. */
    readyToPlace: ({ context }) =>
      context.orderID === undefined &&
      context.method !== undefined &&
      (context.method !== 'CreditCard' || context.cardID !== undefined) &&
      (!context.askAge || context.ageConfirmed),
    readyToPay: ({ context }) => context.orderID !== undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    noOrderYet: ({ context }) => context.orderID === undefined,
    hasCoupon: ({ context }) => context.couponID !== undefined,
    /** A code typed, and no order placed yet (a placed order keeps its coupon). */
    couponGiven: ({ context }, params: { code: string }) => context.orderID === undefined && params.code.trim() !== '',
    /** Placing (or paying, where the kind says so) refused with one of the kind's codes. */
    refusedForKind: ({ context }, params: { output: OrderPaymentOutput }) => {
      const { refusedBy, error } = params.output;
      return refusedBy !== undefined && error !== undefined && context.kindRefusals.calls.includes(refusedBy) && context.kindRefusals.codes.includes(error.code);
    },
    /** Paying has an outcome (anything but `unpaid`, which is back to choosing). */
    paymentEnded: (_, params: { output: OrderPaymentOutput }) => params.output.outcome !== 'unpaid',
  },
}).createMachine({
  id: 'paymentStep',
  description:
    'The payment step every kind’s checkout invokes (products, events, subscriptions): how to pay (a saved card, a new card, Alipay, FPS), the over-18 confirmation where the kind asks it here, placing the order or paying the one placed before, looking again after a lost answer. Ends with paying’s outcome, a refusal the kind handles (its codes), or the member going back, leaving or changing the coupon.',
  context: ({ input }) => ({
    method: input.paying.method,
    cards: input.paying.cards,
    cardID: input.paying.cardID,
    orderID: input.paying.orderID,
    payment: input.paying.payment,
    error: input.paying.error,
    paymentID: input.paymentID,
    order: input.order,
    couponID: input.couponID,
    askAge: input.askAge,
    ageConfirmed: input.ageConfirmed,
    kindRefusals: input.kindRefusals,
  }),
  initial: 'starting',
  output: ({ context }) => ({
    paying: { method: context.method, cards: context.cards, cardID: context.cardID, orderID: context.orderID, payment: context.payment, error: context.error },
    ageConfirmed: context.ageConfirmed,
    // Every way into `ended` sets how; back is what a step stopped without one would be.
    end: context.end ?? { how: 'back' },
  }),
  states: {
    starting: {
      description: 'Where the step starts: choosing, or, with an order placed before, reading the cards to pay it by card, or asking for the outcome of the card’s extra step.',
      tags: ['step:payment'],
      always: [
        { guard: 'resumingCard', target: 'paying', description: 'Back from the card’s extra confirmation: the paying flow asks for its outcome.' },
        { guard: 'payingAgainByCard', target: 'changing', description: 'Paying an order placed before by card: its saved cards are read first.' },
        { target: 'choosing' },
      ],
    },
    choosing: {
      description:
        'The payment method and card, and Place order: placing needs a method, a card when paying by card, and the over-18 confirmation where the step asks for it.',
      tags: ['step:payment'],
      on: {
        SELECT_METHOD: 'changing',
        SELECT_CARD: 'changing',
        ADD_CARD: { guard: 'payingByCard', target: 'changing' },
        PLACE_ORDER: [
          { guard: 'readyToPlace', target: 'paying', actions: 'clearError' },
          { guard: 'readyToPay', target: 'paying', actions: 'clearError', description: 'The order was placed by an earlier attempt: pay that order.' },
        ],
        CONFIRM_AGE: { actions: { type: 'confirmAge', params: ({ event }) => ({ confirmed: event.confirmed }) } },
        APPLY_COUPON: {
          guard: { type: 'couponGiven', params: ({ event }) => ({ code: event.code }) },
          target: 'ended',
          actions: { type: 'endStep', params: ({ event }) => ({ end: { how: 'couponChanged', couponID: event.code.trim() } }) },
          description: 'An empty code does nothing (spec §5); a code ends the step: the kind reads its totals with it.',
        },
        REMOVE_COUPON: {
          guard: and(['noOrderYet', 'hasCoupon']),
          target: 'ended',
          actions: { type: 'endStep', params: { end: { how: 'couponChanged', couponID: undefined } } },
        },
        BACK: {
          guard: 'noOrderYet',
          target: 'ended',
          actions: { type: 'endStep', params: { end: { how: 'back' } } },
          description: 'Back to the kind’s step before; an order placed stays to be paid.',
        },
        LEAVE: { target: 'ended', actions: { type: 'endStep', params: { end: { how: 'left' } } } },
      },
    },
    changing: {
      description:
        'Choosing how to pay (paymentChoice): a method (the card method reads the saved cards), a saved card, or a new card through the add-card form. Paying an order again by card starts here too, reading the cards.',
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
    paying: {
      description:
        'From Place order to an outcome (orderPayment): it notes the member’s orders, places the kind’s order or pays the one placed before, follows the payment’s answer, looks the order up when an answer is lost, and reads it while the provider decides.',
      tags: ['step:placing'],
      invoke: {
        id: 'orderPayment',
        src: 'orderPayment',
        input: ({ context }) => {
          const PaymentMethod = context.method ?? 'CreditCard';
          const card = context.method === 'CreditCard' ? context.cardID : undefined;
          const { order } = context;
          return {
            kind: order.kind,
            payWith: { PaymentMethod, CardID: card, ...(order.payCouponID === undefined ? {} : { CouponID: order.payCouponID }) },
            listOrders: order.listOrders,
            place: context.orderID === undefined ? { ...order.place, PaymentMethod, [order.placeCardAs]: card, AgeConfirmed: context.ageConfirmed } : undefined,
            orderID: context.orderID,
            paymentID: context.paymentID,
          };
        },
        onDone: [
          {
            guard: { type: 'refusedForKind', params: ({ event }) => ({ output: event.output }) },
            target: 'ended',
            actions: [
              { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
              { type: 'endPaying', params: ({ event }) => ({ output: event.output }) },
            ],
            description: 'A refusal the kind handles (a coupon no longer valid, the bag or session changed, the address refused): the step ends with it.',
          },
          {
            guard: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) },
            target: 'ended',
            actions: [
              { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
              { type: 'endPaying', params: ({ event }) => ({ output: event.output }) },
            ],
            description: 'Paying ended (paid, the provider’s page, the FPS popup, still processing, failed, cancelled): its outcome is the kind’s.',
          },
          {
            target: 'choosing',
            actions: { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
            description:
              'Nothing paid: another refusal, the orders not noted, or a lost answer’s look-up found the order not placed, or placed and not paid. Back to choosing with the reason.',
          },
        ],
        onError: { target: 'choosing', actions: 'storeNetworkError', description: 'The paying flow itself failed (not an answer of the server): back to choosing.' },
        onSnapshot: {
          actions: 'followChild',
          description: 'The paying flow moved on (placing, checking, paying): the page, which reads it through this step, follows.',
        },
      },
      on: {
        RETRY: {
          actions: sendTo('orderPayment', { type: 'RETRY' }),
          description: 'The look-up after a lost answer failed too, and the member looks again: the paying flow does.',
        },
      },
    },
    ended: {
      type: 'final',
      description: 'How the step ended, for the kind: paying’s outcome, a refusal of its own, back, left, or the coupon changed.',
    },
  },
});
