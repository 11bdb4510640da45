import { assertEvent, assign, forwardTo, fromPromise, sendTo, setup } from 'xstate';
import type {
  CallResult,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutOutcome,
  CheckoutOutput,
  CheckoutTag,
  GetProductOrderInput,
  GetProductOrderOutput,
  GetShoppingBagInput,
  GetShoppingBagOutput,
  OrderPaymentError,
  OrderPaymentInput,
  OrderPaymentLogic,
  OrderPaymentOutput,
  PaymentChoiceInput,
  PaymentChoiceLogic,
  PaymentChoiceOutput,
  PlaceOrderFailData,
  UserUpdateInfoInput,
  UserUpdateInfoOutput,
} from './checkout.types.ts';
import { BAG_ERRORS, INVALID_COUPON, NETWORK_ERROR } from './checkout.types.ts';

/**
 * How many of the member's newest orders the paying flow notes just before placing, and reads again
 * when placing's answer is lost (the order placed is the newest one not listed before; see
 * machines/order-payment). The shop keeps one unpaid product order per member, so the newest few
 * are enough.
 */
const ORDERS_COMPARED = 5;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutput,
    tags: {} as CheckoutTag,
  },
  actors: {
    getShoppingBag: fromPromise<GetShoppingBagOutput, GetShoppingBagInput>(async () => {
      throw new Error('getShoppingBag not provided');
    }),
    // Choosing how to pay, shared by every checkout (machines/payment-choice), provided with its calls; declared by its type.
    paymentChoice: fromPromise<PaymentChoiceOutput, PaymentChoiceInput>(async () => {
      throw new Error('paymentChoice not provided');
    }) as unknown as PaymentChoiceLogic,
    userUpdateInfo: fromPromise<CallResult<UserUpdateInfoOutput>, UserUpdateInfoInput>(async () => {
      throw new Error('userUpdateInfo not provided');
    }),
    getProductOrder: fromPromise<CallResult<GetProductOrderOutput>, GetProductOrderInput>(async () => {
      throw new Error('getProductOrder not provided');
    }),
    // The paying flow every order kind shares (machines/order-payment), provided with the product's calls.
    // A machine, declared by its type: this file imports only its own folder, so it opens as-is in the visualizer.
    orderPayment: fromPromise<OrderPaymentOutput, OrderPaymentInput>(async () => {
      throw new Error('orderPayment not provided');
    }) as unknown as OrderPaymentLogic,
  },
  actions: {
    storeBag: assign(({ context }, params: { result: GetShoppingBagOutput }) =>
      params.result.ok
        ? {
            bag: params.result.data.totals,
            couponID: params.result.data.couponID,
            // A coupon refused earlier (e.g. when placing) stays on show after the re-read.
            couponError: params.result.data.couponError ?? context.couponError,
            error: undefined,
          }
        : {},
    ),
    storeBagFailure: assign((_, params: { result: GetShoppingBagOutput }) =>
      params.result.ok
        ? {}
        : {
            error: { code: params.result.code, message: params.result.message },
            // A coupon refused on the way stays dropped even when the second read failed.
            ...(params.result.data?.couponError ? { couponID: undefined, couponError: params.result.data.couponError } : {}),
          },
    ),
    storeBagEmpty: assign({ error: { code: 'ShoppingBagEmpty' } }),
    chooseAddress: assign((_, params: { index: number }) => ({ addressIndex: params.index, error: undefined })),
    noteAddressNotSaved: assign({ addressNotSaved: true }),
    forgetAddressNotSaved: assign({ addressNotSaved: false }),
    confirmAge: assign({ ageConfirmed: true }),
    /** How the member now pays, as choosing it ended (with why the change failed, if it did). */
    storeChoice: assign((_, params: { output: PaymentChoiceOutput }) => ({
      method: params.output.method,
      cards: params.output.cards,
      cardID: params.output.cardID,
      error: params.output.error,
    })),
    storeFailure: assign(({ context }, params: { result: CallResult<unknown, PlaceOrderFailData> }) =>
      params.result.ok
        ? {}
        : { error: { code: params.result.code, message: params.result.message }, orderID: params.result.data?.OrderID ?? context.orderID },
    ),
    dropCoupon: assign(({ context }, params: { error: OrderPaymentError | undefined }) => ({
      couponID: undefined,
      couponError: params.error ? { couponID: context.couponID ?? '', code: params.error.code, message: params.error.message } : undefined,
    })),
    /**
     * Where the paying flow left the order: it is the order paid from now on; the card's extra step, once
     * asked about, is behind; an outcome other than `unpaid` (back to the payment step) is the checkout's.
     */
    storeOrderPayment: assign(({ context }, params: { output: OrderPaymentOutput }) => ({
      orderID: params.output.OrderID ?? context.orderID,
      payment: params.output.payment,
      error: params.output.error,
      paymentID: undefined,
      outcome: params.output.outcome === 'unpaid' ? undefined : params.output.outcome,
    })),
    /** Nothing to keep: a new snapshot, so that what reads a child (choosing, paying) through this flow (the page's selectors) reads it again. */
    followChild: assign({}),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
    finish: assign((_, params: { outcome: CheckoutOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    bagIsEmpty: (_, params: { result: GetShoppingBagOutput }) => params.result.ok && params.result.data.totals.productList.length === 0,
    hasAddress: ({ context }) => context.addressIndex !== undefined,
    needsAgeConfirmation: ({ context }) => Boolean(context.bag?.HasAlcohol) && !context.ageConfirmed,
    payingByCard: ({ context }) => context.method === 'CreditCard',
    readyToPlace: ({ context }) => context.orderID === undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    readyToPay: ({ context }) => context.orderID !== undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    noOrderYet: ({ context }) => context.orderID === undefined,
    hasOrder: ({ context }) => context.orderID !== undefined,
    resumingCard: ({ context }) => context.orderID !== undefined && context.method === 'CreditCard' && context.paymentID !== undefined,
    resuming: ({ context }) => context.orderID !== undefined,
    orderPayable: (_, params: { result: CallResult<GetProductOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    orderIs: (_, params: { result: CallResult<GetProductOrderOutput>; status: GetProductOrderOutput['Order']['PaymentStatus'] }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    /** Paying has an outcome (anything but `unpaid`, which is back to the payment step). */
    paymentEnded: (_, params: { output: OrderPaymentOutput }) => params.output.outcome !== 'unpaid',
    /** Only placing the order reprices it with the coupon and holds the bag's stock. */
    placingRefused: (_, params: { output: OrderPaymentOutput; codes: readonly string[] }) =>
      params.output.refusedBy === 'placeOrder' && params.codes.includes(params.output.error?.code ?? ''),
  },
}).createMachine({
  id: 'checkout',
  description:
    'Product checkout: delivery address, the over-18 confirmation when the bag holds alcohol, the payment method (saved card, new card, Alipay, FPS), placing the order and paying it.',
  context: ({ input }) => ({
    currency: input.currency,
    language: input.language,
    couponID: input.couponID?.trim() || undefined,
    addressIndex: input.addressIndex,
    ageConfirmed: false,
    orderID: input.resume?.OrderID,
    method: input.resume?.PaymentMethod,
    paymentID: input.resume?.PaymentID,
  }),
  initial: 'starting',
  output: ({ context }) => ({
    outcome: context.outcome ?? 'backToBag',
    OrderID: context.orderID,
    RedirectURL: context.outcome === 'redirect' ? context.payment?.RedirectURL : undefined,
    ErrorCode: context.outcome === 'failed' ? context.error?.code : undefined,
  }),
  states: {
    starting: {
      description: 'A fresh checkout reads the bag; back from the card’s extra step the flow picks up that payment; with an order placed before, it pays that order.',
      tags: ['step:loading'],
      always: [
        { guard: 'resumingCard', target: 'payingOrder', description: 'Back from the card’s extra confirmation: the paying flow asks for its outcome.' },
        { guard: 'resuming', target: 'readingOrder', description: 'Paying an order placed before (after a failed payment, or left unpaid).' },
        { target: 'loadingBag' },
      ],
    },
    loadingBag: {
      description: 'Reading the bag and its totals for the chosen address (getShoppingBag; a refused coupon is dropped and the bag read again).',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'getShoppingBag',
        src: 'getShoppingBag',
        input: ({ context }) => ({ couponID: context.couponID, request: { Currency: context.currency } }),
        onDone: [
          {
            guard: { type: 'bagIsEmpty', params: ({ event }) => ({ result: event.output }) },
            target: 'bagProblem',
            actions: [{ type: 'storeBag', params: ({ event }) => ({ result: event.output }) }, 'storeBagEmpty'],
            description: 'Nothing left to order (ShoppingBagEmpty).',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'choosingAddress',
            actions: { type: 'storeBag', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed', actions: { type: 'storeBagFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    readingOrder: {
      description: 'Reading the order placed before (get-product-order): an unpaid one goes to the payment step, with its method chosen.',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'getProductOrder',
        src: 'getProductOrder',
        input: ({ context }) => ({ orderID: context.orderID ?? '' }),
        onDone: [
          {
            guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) },
            target: 'done',
            actions: { type: 'finish', params: { outcome: 'confirmed' } },
          },
          { guard: { type: 'orderPayable', params: ({ event }) => ({ result: event.output }) }, target: 'payingAgain' },
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
      always: [{ guard: 'payingByCard', target: '#checkout.payment.changing' }, { target: 'payment' }],
    },
    loadFailed: {
      description: 'The bag (or the order placed before) could not be read; the member can try again.',
      tags: ['step:loadFailed'],
      on: {
        RETRY: [
          { guard: 'hasOrder', target: 'readingOrder', actions: 'clearError' },
          { target: 'loadingBag', actions: 'clearError' },
        ],
        BACK_TO_BAG: 'returnedToBag',
      },
    },
    choosingAddress: {
      description: 'The delivery address step, with the order summary for that address.',
      tags: ['step:address'],
      exit: 'forgetAddressNotSaved',
      on: {
        PICK_ADDRESS: {
          target: 'savingAddress',
          description: 'The member picks an address: it becomes their main one, which the totals are for.',
        },
        CHOOSE_ADDRESS: {
          target: 'loadingBag',
          actions: { type: 'chooseAddress', params: ({ event }) => ({ index: event.index }) },
          description: 'The main address is another one (saved here, or added or edited in the address popup): shipping and taxes depend on the delivery country, so read the totals again.',
        },
        CONTINUE: { guard: 'hasAddress', target: 'checkingAge' },
        BACK_TO_BAG: 'returnedToBag',
      },
    },
    savingAddress: {
      description: 'Making the picked address the member’s main delivery address (user-update-info).',
      tags: ['step:address'],
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
            target: 'loadingBag',
            actions: {
              type: 'chooseAddress',
              params: ({ event }) => ({ index: event.output.ok ? event.output.data.userDetailInfo.mainDeliveryAddressIndex : 0 }),
            },
            description: 'Saved: shipping and taxes depend on the delivery country, so read the totals again.',
          },
          { target: 'choosingAddress', actions: 'noteAddressNotSaved', description: 'Not saved: the address stays as it was, and the page says so.' },
        ],
        onError: { target: 'choosingAddress', actions: 'noteAddressNotSaved' },
      },
    },
    checkingAge: {
      description: 'Alcohol in the bag needs the over-18 confirmation (spec §5) before payment.',
      tags: ['step:address'],
      always: [{ guard: 'needsAgeConfirmation', target: 'confirmingAge' }, { target: 'payment' }],
    },
    confirmingAge: {
      description: 'The age warning: the member confirms they are 18 or over (Hong Kong law).',
      tags: ['step:age'],
      on: {
        CONFIRM_AGE: { target: 'payment', actions: 'confirmAge' },
        DECLINE_AGE: {
          target: 'returnedToBag',
          description: 'Not confirmed: alcohol cannot be sold, so back to the bag to take it out.',
        },
        BACK: 'choosingAddress',
      },
    },
    payment: {
      description: 'Choosing how to pay: a saved card (or a new one), Alipay or FPS.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The payment method list. Placing the order needs a method, and a card when paying by card.',
          tags: ['step:payment'],
          on: {
            SELECT_METHOD: 'changing',
            SELECT_CARD: 'changing',
            ADD_CARD: { guard: 'payingByCard', target: 'changing' },
            PLACE_ORDER: [
              { guard: 'readyToPlace', target: '#checkout.payingOrder', actions: 'clearError' },
              {
                guard: 'readyToPay',
                target: '#checkout.payingOrder',
                actions: 'clearError',
                description: 'The order was placed by an earlier attempt: pay that order.',
              },
            ],
            BACK: { guard: 'noOrderYet', target: '#checkout.choosingAddress' },
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
        'From Place order to an outcome, the one paying flow every order kind shares (orderPayment): it notes the member’s orders, places the order (checkout) or pays the one placed before (create-product-payment), follows the payment’s answer, looks the order up when an answer is lost, and reads it while the provider decides.',
      tags: ['step:placing'],
      invoke: {
        id: 'orderPayment',
        src: 'orderPayment',
        input: ({ context }) => {
          const payWith = { PaymentMethod: context.method ?? 'CreditCard', CardID: context.method === 'CreditCard' ? context.cardID : undefined, CouponID: context.couponID };
          return {
            kind: 'product' as const,
            payWith,
            listOrders: { Size: ORDERS_COMPARED },
            place: context.orderID === undefined ? { Language: context.language, Currency: context.currency, ...payWith, AgeConfirmed: context.ageConfirmed } : undefined,
            orderID: context.orderID,
            paymentID: context.paymentID,
          };
        },
        onDone: [
          {
            guard: { type: 'placingRefused', params: ({ event }) => ({ output: event.output, codes: [INVALID_COUPON] }) },
            target: 'refreshingTotals',
            actions: [
              { type: 'dropCoupon', params: ({ event }) => ({ error: event.output.error }) },
              { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
            ],
            description: 'Placing answered 70600: the coupon no longer applies. Drop it, keep its message, and show the new totals.',
          },
          {
            guard: { type: 'placingRefused', params: ({ event }) => ({ output: event.output, codes: BAG_ERRORS }) },
            target: 'bagProblem',
            actions: { type: 'storeOrderPayment', params: ({ event }) => ({ output: event.output }) },
            description: 'Placing found the bag changed (OutOfStock, ShoppingBagEmpty).',
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
              'Nothing paid: another refusal (e.g. the order was cancelled meanwhile), the orders not noted, or a lost answer’s look-up found the order not placed, or placed and not paid. Back to the payment step with the reason.',
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
    refreshingTotals: {
      description: 'Reading the totals again without the refused coupon, then back to the payment step.',
      tags: ['busy', 'step:payment'],
      invoke: {
        id: 'getShoppingBag',
        src: 'getShoppingBag',
        input: ({ context }) => ({ couponID: context.couponID, request: { Currency: context.currency } }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'payment',
            actions: { type: 'storeBag', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'payment', actions: { type: 'storeBagFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'payment', actions: 'storeNetworkError' },
      },
    },
    bagProblem: {
      description: 'The bag changed under the checkout (OutOfStock, ShoppingBagEmpty): the server’s message, and back to the bag.',
      tags: ['step:bagProblem'],
      on: { BACK_TO_BAG: 'returnedToBag' },
    },
    done: {
      type: 'final',
      description:
        'Where paying (or the order placed before) ended: paid (the confirmation page), the provider’s page (Alipay, the card’s extra step; the flow resumes when it comes back), the FPS QR popup, still processing (the order page shows the result), failed (payment_fail offers another try on the same order), or cancelled and its stock released.',
    },
    returnedToBag: {
      type: 'final',
      description: 'Back to the bag, nothing ordered.',
      entry: { type: 'finish', params: { outcome: 'backToBag' } },
    },
  },
});
