import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  AddCreditCardInput,
  AddCreditCardOutput,
  AddPaymentMethodInput,
  AddPaymentMethodOutput,
  CallResult,
  CheckoutCallInput,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutOutcome,
  CheckoutOutput,
  CheckoutPaymentAnswer,
  CheckoutTag,
  CreateProductPaymentInput,
  Empty,
  GetPaymentMethodOutput,
  GetProductOrderInput,
  GetProductOrderOutput,
  GetShoppingBagInput,
  GetShoppingBagOutput,
  ListUserProductOrderInput,
  ListUserProductOrderOutput,
  OrderPaymentStatus,
  PaymentStart,
  PlaceOrderFailData,
  ProductCreditcardPaymentInput,
  UserUpdateInfoInput,
  UserUpdateInfoOutput,
} from './checkout.types.ts';
import { BAG_ERRORS, INVALID_COUPON, NETWORK_ERROR, ORDER_NOT_PLACED, PAYMENT_ERRORS, PAYMENT_NOT_TAKEN } from './checkout.types.ts';

type PlaceResult = CallResult<PaymentStart, PlaceOrderFailData>;
type FoundOrder = { OrderID: string; PaymentStatus: OrderPaymentStatus };

/**
 * How many of the member's newest orders are noted just before placing, and read again when
 * placing's answer is lost. The order an attempt placed is told apart from earlier ones by the
 * server's own record, not by time: it is the newest listed order that was not listed just before.
 * Both reads take the same number of newest orders, so every earlier order the second read lists
 * was in the first (orders are never deleted; new ones only push old ones down), whatever order
 * the server's clocks gave them. Comparing the order's creation time with when the checkout started
 * would need the device's clock to agree with the server's, and a margin for skew would take an
 * order placed a minute before (a failed attempt, another tab) for this one. (An order another tab
 * places in the same seconds would count as this attempt's; the shop keeps one unpaid product order
 * per member, so the newest is the one that stands.)
 */
const ORDERS_COMPARED = 5;

/** The order placed since the orders were noted: the newest listed order that was not listed then. */
function orderPlacedSince(before: readonly string[] | undefined, result: CallResult<ListUserProductOrderOutput>): FoundOrder | undefined {
  if (!result.ok) return undefined;
  // Placing is entered only from notingOrders, which notes them; none noted would count every order as new.
  const noted = new Set(before ?? []);
  return result.data.OrderList.find((o) => !noted.has(o.OrderID));
}

/** The answer held for the routing state: checkout, create-product-payment or product-creditcard-payment. */
const heldAnswer = ({ context }: { context: CheckoutContext }): { result: PlaceResult } => ({
  result: context.answer?.result ?? { ok: false, code: NETWORK_ERROR },
});

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
    getPaymentMehtod: fromPromise<CallResult<GetPaymentMethodOutput>, Empty>(async () => {
      throw new Error('getPaymentMehtod not provided');
    }),
    addCreditCard: fromPromise<CallResult<AddCreditCardOutput>, AddCreditCardInput>(async () => {
      throw new Error('addCreditCard not provided');
    }),
    addPaymentMehtod: fromPromise<CallResult<AddPaymentMethodOutput>, AddPaymentMethodInput>(async () => {
      throw new Error('addPaymentMehtod not provided');
    }),
    checkout: fromPromise<PlaceResult, CheckoutCallInput>(async () => {
      throw new Error('checkout not provided');
    }),
    createProductPayment: fromPromise<PlaceResult, CreateProductPaymentInput>(async () => {
      throw new Error('createProductPayment not provided');
    }),
    productCreditcardPayment: fromPromise<PlaceResult, ProductCreditcardPaymentInput>(async () => {
      throw new Error('productCreditcardPayment not provided');
    }),
    userUpdateInfo: fromPromise<CallResult<UserUpdateInfoOutput>, UserUpdateInfoInput>(async () => {
      throw new Error('userUpdateInfo not provided');
    }),
    getProductOrder: fromPromise<CallResult<GetProductOrderOutput>, GetProductOrderInput>(async () => {
      throw new Error('getProductOrder not provided');
    }),
    listUserProductOrder: fromPromise<CallResult<ListUserProductOrderOutput>, ListUserProductOrderInput>(async () => {
      throw new Error('listUserProductOrder not provided');
    }),
  },
  delays: {
    /** Between two reads of the order while the provider decides. */
    pollInterval: 2_000,
    /** How long to keep reading before leaving the answer to the order page. */
    pollDeadline: 60_000,
    /** After an answer was lost: a moment for a request the server is still working on to finish before the order is looked up. */
    answerLostSettle: 3_000,
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
    selectMethod: assign((_, params: { method: CheckoutContext['method'] }) => ({ method: params.method, error: undefined })),
    storeCards: assign(({ context }, params: { result: CallResult<GetPaymentMethodOutput> }) => {
      if (!params.result.ok) return {};
      const cards = params.result.data.PaymentMethodList;
      const kept = cards.some((c) => c.id === context.cardID) ? context.cardID : cards[0]?.id;
      return { cards, cardID: kept, error: undefined };
    }),
    selectCard: assign((_, params: { cardID: string }) => ({ cardID: params.cardID, error: undefined })),
    storeNewPaymentMethod: assign((_, params: { result: CallResult<AddCreditCardOutput> }) => ({
      newPaymentMethodID: params.result.ok ? params.result.data.PaymentMethodID : undefined,
    })),
    addSavedCard: assign(({ context }, params: { result: CallResult<AddPaymentMethodOutput> }) => {
      if (!params.result.ok) return {};
      const card = params.result.data.PaymentMethod;
      return { cards: [...(context.cards ?? []).filter((c) => c.id !== card.id), card], cardID: card.id, newPaymentMethodID: undefined, error: undefined };
    }),
    storePayment: assign((_, params: { result: PlaceResult }) =>
      params.result.ok ? { payment: params.result.data, orderID: params.result.data.OrderID, error: undefined } : {},
    ),
    storeFailure: assign(({ context }, params: { result: CallResult<unknown, PlaceOrderFailData> }) =>
      params.result.ok
        ? {}
        : { error: { code: params.result.code, message: params.result.message }, orderID: params.result.data?.OrderID ?? context.orderID },
    ),
    dropCoupon: assign(({ context }, params: { result: CallResult<unknown, PlaceOrderFailData> }) => ({
      couponID: undefined,
      couponError: params.result.ok
        ? undefined
        : { couponID: context.couponID ?? '', code: params.result.code, message: params.result.message },
    })),
    holdAnswer: assign((_, params: CheckoutPaymentAnswer) => ({ answer: params })),
    forgetAnswer: assign({ answer: undefined }),
    noteOrdersBefore: assign((_, params: { result: CallResult<ListUserProductOrderOutput> }) => ({
      ordersBefore: params.result.ok ? params.result.data.OrderList.map((o) => o.OrderID) : undefined,
    })),
    /** The order looked up after a lost answer, held for routingFoundOrder; it is the order paid from now on. */
    holdFoundOrder: assign((_, params: { order: FoundOrder | undefined }) => (params.order ? { foundOrder: params.order, orderID: params.order.OrderID } : {})),
    forgetFoundOrder: assign({ foundOrder: undefined }),
    noteNotPlaced: assign({ error: { code: ORDER_NOT_PLACED } }),
    notePaymentNotTaken: assign({ error: { code: PAYMENT_NOT_TAKEN } }),
    storeOrderFailure: assign({ error: { code: 'PaymentFail' } }),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
    finish: assign((_, params: { outcome: CheckoutOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    bagIsEmpty: (_, params: { result: GetShoppingBagOutput }) => params.result.ok && params.result.data.totals.productList.length === 0,
    hasAddress: ({ context }) => context.addressIndex !== undefined,
    needsAgeConfirmation: ({ context }) => Boolean(context.bag?.HasAlcohol) && !context.ageConfirmed,
    isCard: (_, params: { method: CheckoutContext['method'] }) => params.method === 'CreditCard',
    payingByCard: ({ context }) => context.method === 'CreditCard',
    knownCard: ({ context }, params: { cardID: string }) => Boolean(context.cards?.some((c) => c.id === params.cardID)),
    readyToPlace: ({ context }) => context.orderID === undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    readyToPay: ({ context }) => context.orderID !== undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    noOrderYet: ({ context }) => context.orderID === undefined,
    hasOrder: ({ context }) => context.orderID !== undefined,
    resumingCard: ({ context }) => context.orderID !== undefined && context.method === 'CreditCard' && context.paymentID !== undefined,
    resuming: ({ context }) => context.orderID !== undefined,
    paid: (_, params: { result: PlaceResult }) => params.result.ok && params.result.data.PaymentStatus === 'succeeded',
    fpsPlaced: ({ context }, params: { result: PlaceResult }) => params.result.ok && context.method === 'FPS',
    mustRedirect: (_, params: { result: PlaceResult }) =>
      params.result.ok && params.result.data.PaymentStatus === 'requires_action' && Boolean(params.result.data.RedirectURL),
    paymentRefused: (_, params: { result: CallResult<unknown, unknown> }) =>
      !params.result.ok && (PAYMENT_ERRORS as readonly string[]).includes(params.result.code),
    answeredBy: ({ context }, params: { call: CheckoutPaymentAnswer['call'] }) => context.answer?.call === params.call,
    /** Only placing the order reprices it with the coupon and holds the bag's stock. */
    placingRefusedCoupon: ({ context }) => {
      const result = context.answer?.call === 'checkout' ? context.answer.result : undefined;
      return result !== undefined && !result.ok && result.code === INVALID_COUPON;
    },
    placingFoundBagChanged: ({ context }) => {
      const result = context.answer?.call === 'checkout' ? context.answer.result : undefined;
      return result !== undefined && !result.ok && (BAG_ERRORS as readonly string[]).includes(result.code);
    },
    orderPayable: (_, params: { result: CallResult<GetProductOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    orderIs: (_, params: { result: CallResult<GetProductOrderOutput>; status: GetProductOrderOutput['Order']['PaymentStatus'] }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    /** No answer came back: the actor reported the connection dropped (a value rather than a rejection). */
    answerLost: (_, params: { result: CallResult<unknown, unknown> }) => !params.result.ok && params.result.code === NETWORK_ERROR,
    placedByThisAttempt: ({ context }, params: { result: CallResult<ListUserProductOrderOutput> }) =>
      orderPlacedSince(context.ordersBefore, params.result) !== undefined,
    foundOrderIs: ({ context }, params: { status: OrderPaymentStatus }) => context.foundOrder?.PaymentStatus === params.status,
    payingByFps: ({ context }) => context.method === 'FPS',
    payingByAlipay: ({ context }) => context.method === 'Alipay',
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
        { guard: 'resumingCard', target: 'confirmingCard', description: 'Back from the card’s extra confirmation: ask for its outcome.' },
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
          { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) }, target: 'confirmed' },
          { guard: { type: 'orderPayable', params: ({ event }) => ({ result: event.output }) }, target: 'payingAgain' },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'cancelled',
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
      always: [{ guard: 'payingByCard', target: '#checkout.payment.loadingCards' }, { target: 'payment' }],
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
            SELECT_METHOD: [
              {
                guard: { type: 'isCard', params: ({ event }) => ({ method: event.method }) },
                target: 'loadingCards',
                actions: { type: 'selectMethod', params: ({ event }) => ({ method: event.method }) },
                description: 'Card: read the saved cards to choose from.',
              },
              { actions: { type: 'selectMethod', params: ({ event }) => ({ method: event.method }) } },
            ],
            SELECT_CARD: {
              guard: { type: 'knownCard', params: ({ event }) => ({ cardID: event.cardID }) },
              actions: { type: 'selectCard', params: ({ event }) => ({ cardID: event.cardID }) },
            },
            ADD_CARD: { guard: 'payingByCard', target: 'addingCard', actions: 'clearError' },
            PLACE_ORDER: [
              { guard: 'readyToPlace', target: '#checkout.notingOrders', actions: 'clearError' },
              {
                guard: 'readyToPay',
                target: '#checkout.startingPayment',
                actions: 'clearError',
                description: 'The order was placed by an earlier attempt: pay that order.',
              },
            ],
            BACK: { guard: 'noOrderYet', target: '#checkout.choosingAddress' },
          },
        },
        loadingCards: {
          description: 'Reading the saved cards (getPaymentMehtod).',
          tags: ['busy', 'step:payment'],
          invoke: {
            id: 'getPaymentMehtod',
            src: 'getPaymentMehtod',
            input: () => ({}),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'choosing',
                actions: { type: 'storeCards', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'choosing', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: 'choosing', actions: 'storeNetworkError' },
          },
        },
        addingCard: {
          description: 'The add-card form: the card is tokenised, then saved to the member and selected.',
          tags: ['step:addCard'],
          initial: 'editing',
          states: {
            editing: {
              description: 'Card number, expiry and CVC; shows why the last try was refused.',
              on: {
                SUBMIT_CARD: 'tokenizing',
                CANCEL: { target: '#checkout.payment.choosing', actions: 'clearError' },
              },
            },
            tokenizing: {
              description: 'Tokenising the card (addCreditCard in the sandbox; Stripe.js when Stripe is configured).',
              tags: ['busy'],
              invoke: {
                id: 'addCreditCard',
                src: 'addCreditCard',
                input: ({ event }) => {
                  assertEvent(event, 'SUBMIT_CARD');
                  return { number: event.number, exp_month: event.expMonth, exp_year: event.expYear, cvc: event.cvc };
                },
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: 'attaching',
                    actions: { type: 'storeNewPaymentMethod', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    target: 'editing',
                    actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) },
                    description: 'Refused (incorrect number, expired card, declined …): back to the form with the reason.',
                  },
                ],
                onError: { target: 'editing', actions: 'storeNetworkError' },
              },
            },
            attaching: {
              description: 'Saving the card to the member (addPaymentMehtod).',
              tags: ['busy'],
              invoke: {
                id: 'addPaymentMehtod',
                src: 'addPaymentMehtod',
                input: ({ context }) => ({ PaymentMethodID: context.newPaymentMethodID ?? '' }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                    target: '#checkout.payment.choosing',
                    actions: { type: 'addSavedCard', params: ({ event }) => ({ result: event.output }) },
                    description: 'Saved: it joins the list, selected.',
                  },
                  { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
                ],
                onError: { target: 'editing', actions: 'storeNetworkError' },
              },
            },
          },
        },
      },
    },
    notingOrders: {
      description:
        'Just before placing: noting the member’s newest orders (list-user-product-order), so that if placing’s answer is lost, the order it placed can be told from earlier ones by the server’s own record.',
      tags: ['busy', 'step:placing'],
      invoke: {
        id: 'listUserProductOrder',
        src: 'listUserProductOrder',
        input: () => ({ Size: ORDERS_COMPARED }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'placing',
            actions: { type: 'noteOrdersBefore', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'payment',
            actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused: nothing is placed, and the reason is shown.',
          },
        ],
        onError: {
          target: 'payment',
          actions: 'storeNetworkError',
          description: 'Unreachable: nothing is placed (without the orders noted, a lost answer could not be checked); the member can try again.',
        },
      },
    },
    placing: {
      description: 'Placing the order and starting its payment (checkout). Stock is held from here.',
      tags: ['busy', 'step:placing'],
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({
          Language: context.language,
          Currency: context.currency,
          PaymentMethod: context.method ?? 'CreditCard',
          CardID: context.method === 'CreditCard' ? context.cardID : undefined,
          CouponID: context.couponID,
          AgeConfirmed: context.ageConfirmed,
        }),
        onDone: {
          target: 'routingPaymentAnswer',
          actions: { type: 'holdAnswer', params: ({ event }) => ({ call: 'checkout' as const, result: event.output }) },
        },
        onError: {
          target: 'lostAnswer',
          description: 'No answer (the connection dropped): the order may be placed, and even paid. Find out rather than say it failed.',
        },
      },
    },
    startingPayment: {
      description: 'Paying the order an earlier attempt placed, with the method chosen now (create-product-payment).',
      tags: ['busy', 'step:placing'],
      invoke: {
        id: 'createProductPayment',
        src: 'createProductPayment',
        input: ({ context }) => ({
          OrderID: context.orderID ?? '',
          PaymentMethod: context.method ?? 'CreditCard',
          CardID: context.method === 'CreditCard' ? context.cardID : undefined,
          CouponID: context.couponID,
        }),
        onDone: {
          target: 'routingPaymentAnswer',
          actions: { type: 'holdAnswer', params: ({ event }) => ({ call: 'createProductPayment' as const, result: event.output }) },
        },
        onError: { target: 'lostAnswer', description: 'No answer (the connection dropped): the payment may have been taken. Read the order.' },
      },
    },
    routingPaymentAnswer: {
      description:
        'Where the answer of placing the order or paying it (checkout, create-product-payment, product-creditcard-payment) leads: one routing for the three calls.',
      tags: ['step:placing'],
      always: [
        {
          guard: { type: 'answerLost', params: heldAnswer },
          target: 'lostAnswer',
          actions: 'forgetAnswer',
          description: 'No answer came back (the connection dropped): not a refusal. Look the order up.',
        },
        {
          guard: { type: 'paid', params: heldAnswer },
          target: 'confirmed',
          actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'],
        },
        {
          guard: { type: 'fpsPlaced', params: heldAnswer },
          target: 'fpsHandoff',
          actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'],
        },
        {
          guard: { type: 'mustRedirect', params: heldAnswer },
          target: 'redirecting',
          actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'],
          description: 'Alipay’s page, or the issuer asks for another step.',
        },
        {
          guard: { type: 'paymentRefused', params: heldAnswer },
          target: 'failed',
          actions: [{ type: 'storeFailure', params: heldAnswer }, 'forgetAnswer'],
        },
        {
          guard: { type: 'answeredBy', params: { call: 'productCreditcardPayment' } },
          target: 'polling',
          actions: 'forgetAnswer',
          description: 'Back from the card’s extra step, still processing or no clear answer: the order’s status decides.',
        },
        {
          guard: { type: 'succeeded', params: heldAnswer },
          target: 'polling',
          actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'],
          description: 'Placed or paid; the provider is still deciding.',
        },
        {
          guard: 'placingRefusedCoupon',
          target: 'refreshingTotals',
          actions: [
            { type: 'dropCoupon', params: heldAnswer },
            { type: 'storeFailure', params: heldAnswer },
            'forgetAnswer',
          ],
          description: 'Placing answered 70600: the coupon no longer applies. Drop it, keep its message, and show the new totals.',
        },
        {
          guard: 'placingFoundBagChanged',
          target: 'bagProblem',
          actions: [{ type: 'storeFailure', params: heldAnswer }, 'forgetAnswer'],
          description: 'Placing found the bag changed (OutOfStock, ShoppingBagEmpty).',
        },
        {
          target: 'payment',
          actions: [{ type: 'storeFailure', params: heldAnswer }, 'forgetAnswer'],
          description: 'Any other refusal (e.g. the order was cancelled meanwhile): back to the payment step with the reason.',
        },
      ],
    },
    lostAnswer: {
      description:
        'The answer to placing or paying never came (the connection dropped), yet the server may have placed the order and even taken the payment. The order is looked up and the flow goes where it actually stands; nothing is placed or paid again blindly.',
      initial: 'settling',
      states: {
        settling: {
          description: 'A short pause, so that a request the server is still working on can finish before the order is looked up.',
          tags: ['busy', 'step:checking'],
          after: {
            answerLostSettle: [
              {
                guard: 'hasOrder',
                target: 'readingOrder',
                description: 'Paying a known order (create-product-payment, product-creditcard-payment): read it.',
              },
              { target: 'findingOrder', description: 'Placing (checkout): the order’s id was in the lost answer, so find the order.' },
            ],
          },
        },
        findingOrder: {
          description:
            'Did placing place an order? The member’s newest orders (list-user-product-order), compared with those noted just before placing: an order not among those is this attempt’s.',
          tags: ['busy', 'step:checking'],
          invoke: {
            id: 'listUserProductOrder',
            src: 'listUserProductOrder',
            input: () => ({ Size: ORDERS_COMPARED }),
            onDone: [
              {
                guard: { type: 'placedByThisAttempt', params: ({ event }) => ({ result: event.output }) },
                target: 'routingFoundOrder',
                actions: { type: 'holdFoundOrder', params: ({ context, event }) => ({ order: orderPlacedSince(context.ordersBefore, event.output) }) },
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#checkout.payment',
                actions: 'noteNotPlaced',
                description: 'No new order: nothing was placed and nothing charged. The bag is as it was; the member can place the order again.',
              },
              { target: 'lookupFailed' },
            ],
            onError: { target: 'lookupFailed' },
          },
        },
        readingOrder: {
          description: 'Reading the order being paid (get-product-order): where its payment stands.',
          tags: ['busy', 'step:checking'],
          invoke: {
            id: 'getProductOrder',
            src: 'getProductOrder',
            input: ({ context }) => ({ orderID: context.orderID ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'routingFoundOrder',
                actions: { type: 'holdFoundOrder', params: ({ event }) => ({ order: event.output.ok ? event.output.data.Order : undefined }) },
              },
              { target: 'lookupFailed' },
            ],
            onError: { target: 'lookupFailed' },
          },
        },
        routingFoundOrder: {
          description: 'Where the order looked up leads, by its payment status.',
          tags: ['step:checking'],
          always: [
            {
              guard: { type: 'foundOrderIs', params: { status: 'Paid' } },
              target: '#checkout.confirmed',
              actions: 'forgetFoundOrder',
              description: 'Placed and paid: the answer was lost, not the order. The confirmation follows.',
            },
            {
              guard: and([{ type: 'foundOrderIs', params: { status: 'WaitForPayment' as const } }, 'payingByFps']),
              target: '#checkout.fpsHandoff',
              actions: 'forgetFoundOrder',
              description: 'Placed for FPS: the QR popup shows the order’s QR.',
            },
            {
              guard: and([{ type: 'foundOrderIs', params: { status: 'WaitForPayment' as const } }, 'payingByAlipay']),
              target: '#checkout.payment',
              actions: ['forgetFoundOrder', 'notePaymentNotTaken'],
              description:
                'Alipay waits for the member on its page, whose address was in the lost answer: nothing was paid. Pay the order again.',
            },
            {
              guard: { type: 'foundOrderIs', params: { status: 'WaitForPayment' } },
              target: '#checkout.startingPayment',
              actions: 'forgetFoundOrder',
              description:
                'The card payment is undecided, or waits for the card’s extra step, whose page was in the lost answer: ask for the order’s payment again with the same card (create-product-payment; the provider answers with the same payment, never a second charge), whose answer leads on.',
            },
            {
              guard: { type: 'foundOrderIs', params: { status: 'PaymentFailed' } },
              target: '#checkout.payment',
              actions: ['forgetFoundOrder', 'notePaymentNotTaken'],
              description: 'The payment did not go through and nothing was charged: back to choosing how to pay that order.',
            },
            {
              target: '#checkout.failed',
              actions: ['forgetFoundOrder', 'storeOrderFailure'],
              description: 'Cancelled, or expired unpaid: it can no longer be paid (payment_fail).',
            },
          ],
        },
        lookupFailed: {
          description:
            'The look-up failed too (still offline): whether the order went through is not known. The member can look again; placing or paying again is not offered until it is known.',
          tags: ['step:unconfirmed'],
          on: {
            RETRY: [
              { guard: 'hasOrder', target: 'readingOrder', description: 'Read the order being paid again.' },
              { target: 'findingOrder', description: 'Look for the order again (never place it again).' },
            ],
          },
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
    confirmingCard: {
      description: 'Back from the card’s extra confirmation: reading the card payment’s outcome (product-creditcard-payment).',
      tags: ['busy', 'step:paying'],
      invoke: {
        id: 'productCreditcardPayment',
        src: 'productCreditcardPayment',
        input: ({ context }) => ({ OrderID: context.orderID ?? '', Payload: context.paymentID ?? '', OrderType: 'product' as const }),
        onDone: {
          target: 'routingPaymentAnswer',
          actions: { type: 'holdAnswer', params: ({ event }) => ({ call: 'productCreditcardPayment' as const, result: event.output }) },
        },
        onError: { target: 'lostAnswer', description: 'No answer (the connection dropped): the order’s status decides.' },
      },
    },
    polling: {
      description: 'Waiting for the payment result, which reaches the server by webhook: reading the order every few seconds.',
      tags: ['busy', 'step:paying'],
      initial: 'fetching',
      after: { pollDeadline: { target: 'stillProcessing', description: 'No answer in time: the order page will show it.' } },
      states: {
        fetching: {
          description: 'Reading the order (get-product-order).',
          invoke: {
            id: 'getProductOrder',
            src: 'getProductOrder',
            input: ({ context }) => ({ orderID: context.orderID ?? '' }),
            onDone: [
              { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) }, target: '#checkout.confirmed' },
              {
                guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'PaymentFailed' }) },
                target: '#checkout.failed',
                actions: 'storeOrderFailure',
              },
              { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Cancelled' }) }, target: '#checkout.cancelled' },
              {
                guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Expired' }) },
                target: '#checkout.cancelled',
                description: 'The payment window ended unpaid: the server cancelled the order.',
              },
              { target: 'waiting', description: 'Still waiting for payment, or the read failed: read again shortly.' },
            ],
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          description: 'A pause before reading the order again.',
          after: { pollInterval: 'fetching' },
        },
      },
    },
    failed: {
      type: 'final',
      description:
        'The payment did not go through (PaymentFail, StripeError, AlipayError): the payment_fail page says so and offers another try on the same order.',
      entry: { type: 'finish', params: { outcome: 'failed' } },
    },
    bagProblem: {
      description: 'The bag changed under the checkout (OutOfStock, ShoppingBagEmpty): the server’s message, and back to the bag.',
      tags: ['step:bagProblem'],
      on: { BACK_TO_BAG: 'returnedToBag' },
    },
    redirecting: {
      type: 'final',
      description: 'The browser goes to the provider’s page (Alipay, or the card’s extra confirmation); the flow resumes when it comes back.',
      entry: { type: 'finish', params: { outcome: 'redirect' } },
    },
    fpsHandoff: {
      type: 'final',
      description: 'Placed for FPS: the FPS QR popup (fpsPayment) takes over.',
      entry: { type: 'finish', params: { outcome: 'fps' } },
    },
    confirmed: {
      type: 'final',
      description: 'Paid: the order confirmation page follows.',
      entry: { type: 'finish', params: { outcome: 'confirmed' } },
    },
    stillProcessing: {
      type: 'final',
      description: 'The provider has not answered yet: the order page will show the result when it comes.',
      entry: { type: 'finish', params: { outcome: 'processing' } },
    },
    cancelled: {
      type: 'final',
      description: 'The order is cancelled and its stock released.',
      entry: { type: 'finish', params: { outcome: 'cancelled' } },
    },
    returnedToBag: {
      type: 'final',
      description: 'Back to the bag, nothing ordered.',
      entry: { type: 'finish', params: { outcome: 'backToBag' } },
    },
  },
});
