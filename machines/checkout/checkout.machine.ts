import { assertEvent, assign, fromPromise, setup } from 'xstate';
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
  PaymentStepEnd,
  PaymentStepInput,
  PaymentStepLogic,
  PaymentStepOutput,
  PlaceOrderFailData,
  UserUpdateInfoInput,
  UserUpdateInfoOutput,
} from './checkout.types.ts';
import { BAG_ERRORS, INVALID_COUPON, NETWORK_ERROR } from './checkout.types.ts';

/**
 * How many of the member's newest orders the payment step notes just before placing, and reads again
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
    userUpdateInfo: fromPromise<CallResult<UserUpdateInfoOutput>, UserUpdateInfoInput>(async () => {
      throw new Error('userUpdateInfo not provided');
    }),
    getProductOrder: fromPromise<CallResult<GetProductOrderOutput>, GetProductOrderInput>(async () => {
      throw new Error('getProductOrder not provided');
    }),
    // The payment step every kind shares (machines/payment-step), provided with its children and the product's calls.
    // A machine, declared by its type: this file imports only its own folder, so it opens as-is in the visualizer.
    paymentStep: fromPromise<PaymentStepOutput, PaymentStepInput>(async () => {
      throw new Error('paymentStep not provided');
    }) as unknown as PaymentStepLogic,
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
    storeFailure: assign(({ context }, params: { result: CallResult<unknown, PlaceOrderFailData> }) =>
      params.result.ok
        ? {}
        : { error: { code: params.result.code, message: params.result.message }, orderID: params.result.data?.OrderID ?? context.orderID },
    ),
    /** Placing refused the coupon (70600, kept in error): drop it, keep its message for display. */
    dropCoupon: assign(({ context }) => ({
      couponID: undefined,
      couponError: context.error ? { couponID: context.couponID ?? '', code: context.error.code, message: context.error.message } : undefined,
    })),
    /**
     * How the payment step left paying (kept for its next visit and the checkout's output); the card's extra
     * step, once asked about, is behind; paying's outcome, when it ended, is the checkout's.
     */
    storePaymentStep: assign((_, params: { output: PaymentStepOutput }) => ({
      ...params.output.paying,
      stepEnd: params.output.end,
      paymentID: undefined,
      outcome: params.output.end.how === 'paymentEnded' ? params.output.end.outcome : undefined,
    })),
    /** Nothing to keep: a new snapshot, so that what reads the payment step through this flow (the page's selectors) reads it again. */
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
    hasOrder: ({ context }) => context.orderID !== undefined,
    resumingCard: ({ context }) => context.orderID !== undefined && context.method === 'CreditCard' && context.paymentID !== undefined,
    resuming: ({ context }) => context.orderID !== undefined,
    orderPayable: (_, params: { result: CallResult<GetProductOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    orderIs: (_, params: { result: CallResult<GetProductOrderOutput>; status: GetProductOrderOutput['Order']['PaymentStatus'] }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    /** The payment step ended this way. */
    stepEnded: ({ context }, params: { how: PaymentStepEnd['how'] }) => context.stepEnd?.how === params.how,
    /** The payment step ended with one of these refusals. */
    stepRefused: ({ context }, params: { codes: readonly string[] }) => context.stepEnd?.how === 'refused' && params.codes.includes(context.stepEnd.code),
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
        { guard: 'resumingCard', target: 'payment', description: 'Back from the card’s extra confirmation: the payment step asks for its outcome.' },
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
          {
            guard: { type: 'orderPayable', params: ({ event }) => ({ result: event.output }) },
            target: 'payment',
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
      description:
        'The payment step every kind shares (paymentStep): how to pay (a saved card, a new card, Alipay, FPS), placing the order or paying the one placed before, looking again after a lost answer. It ends with paying’s outcome, a refusal of placing this checkout handles (the coupon, the bag), or back to the address.',
      tags: ['step:payment'],
      invoke: {
        id: 'paymentStep',
        src: 'paymentStep',
        input: ({ context }) => ({
          paying: context,
          paymentID: context.paymentID,
          order: {
            kind: 'product' as const,
            place: { Language: context.language, Currency: context.currency, CouponID: context.couponID },
            placeCardAs: 'CardID' as const,
            payCouponID: context.couponID,
            listOrders: { Size: ORDERS_COMPARED },
          },
          couponID: context.couponID,
          // Confirmed on the checkout's own step, before payment.
          askAge: false,
          ageConfirmed: context.ageConfirmed,
          // Only placing reprices the order with the coupon and holds the bag's stock.
          kindRefusals: { codes: [INVALID_COUPON, ...BAG_ERRORS], calls: ['placeOrder' as const] },
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
      description: 'Where the payment step’s end leads: the new totals, the bag, the address, or the checkout’s end.',
      tags: ['step:payment'],
      always: [
        {
          guard: { type: 'stepRefused', params: { codes: [INVALID_COUPON] } },
          target: 'refreshingTotals',
          actions: 'dropCoupon',
          description: 'Placing answered 70600: the coupon no longer applies. Drop it, keep its message, and show the new totals.',
        },
        { guard: { type: 'stepRefused', params: { codes: BAG_ERRORS } }, target: 'bagProblem', description: 'Placing found the bag changed (OutOfStock, ShoppingBagEmpty).' },
        { guard: { type: 'stepEnded', params: { how: 'back' } }, target: 'choosingAddress' },
        { target: 'done', description: 'Paying ended (paid, the provider’s page, the FPS popup, still processing, failed, cancelled): its outcome is the checkout’s.' },
      ],
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
