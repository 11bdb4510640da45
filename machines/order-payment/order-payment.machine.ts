import { and, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  ConfirmCardPaymentInput,
  FoundOrder,
  ListOrdersOutput,
  ListOrdersRequest,
  OrderPaymentContext,
  OrderPaymentEvent,
  OrderPaymentInput,
  OrderPaymentOutcome,
  OrderPaymentOutput,
  OrderPaymentStatus,
  OrderPaymentTag,
  PayOrderInput,
  PaymentAnswer,
  PaymentCall,
  PlaceOrderRequest,
  ReadOrderInput,
  ReadOrderOutput,
} from './order-payment.types.ts';
import { NETWORK_ERROR, ORDER_NOT_PLACED, PAYMENT_ERRORS, PAYMENT_NOT_TAKEN } from './order-payment.types.ts';

/**
 * The order an attempt placed is told apart from earlier ones by the server's own record, not by
 * time: it is the newest listed order that was not listed just before placing. Both reads list the
 * same orders (the kind's listOrders request), so every earlier order the second read lists was in
 * the first (orders are never deleted; new ones only push old ones down), whatever order the
 * server's clocks gave them. Comparing creation times with the device's clock would need the two
 * clocks to agree.
 */
function orderPlacedSince(before: readonly string[] | undefined, result: CallResult<ListOrdersOutput>): FoundOrder | undefined {
  if (!result.ok) return undefined;
  // Placing is entered only from notingOrders, which notes them; none noted would count every order as new.
  const noted = new Set(before ?? []);
  return result.data.OrderList.find((o) => !noted.has(o.OrderID));
}

/** The answer held for the routing state: placeOrder, payOrder or confirmCardPayment. */
const heldAnswer = ({ context }: { context: OrderPaymentContext }): { result: PaymentAnswer } => ({
  result: context.answer?.result ?? { ok: false, code: NETWORK_ERROR },
});

export const orderPaymentMachine = setup({
  types: {
    context: {} as OrderPaymentContext,
    events: {} as OrderPaymentEvent,
    input: {} as OrderPaymentInput,
    output: {} as OrderPaymentOutput,
    tags: {} as OrderPaymentTag,
  },
  actors: {
    listOrders: fromPromise<CallResult<ListOrdersOutput>, ListOrdersRequest>(async () => {
      throw new Error('listOrders not provided');
    }),
    placeOrder: fromPromise<PaymentAnswer, PlaceOrderRequest>(async () => {
      throw new Error('placeOrder not provided');
    }),
    payOrder: fromPromise<PaymentAnswer, PayOrderInput>(async () => {
      throw new Error('payOrder not provided');
    }),
    confirmCardPayment: fromPromise<PaymentAnswer, ConfirmCardPaymentInput>(async () => {
      throw new Error('confirmCardPayment not provided');
    }),
    readOrder: fromPromise<CallResult<ReadOrderOutput>, ReadOrderInput>(async () => {
      throw new Error('readOrder not provided');
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
    noteOrdersBefore: assign((_, params: { result: CallResult<ListOrdersOutput> }) => ({
      ordersBefore: params.result.ok ? params.result.data.OrderList.map((o) => o.OrderID) : undefined,
    })),
    holdAnswer: assign((_, params: { call: PaymentCall; result: PaymentAnswer }) => ({ answer: params })),
    forgetAnswer: assign({ answer: undefined }),
    storePayment: assign((_, params: { result: PaymentAnswer }) =>
      params.result.ok ? { payment: params.result.data, orderID: params.result.data.OrderID, error: undefined } : {},
    ),
    storeFailure: assign(({ context }, params: { result: CallResult<unknown, { OrderID?: string | undefined }> }) =>
      params.result.ok ? {} : { error: { code: params.result.code, message: params.result.message }, orderID: params.result.data?.OrderID ?? context.orderID },
    ),
    noteRefusedBy: assign(({ context }) => ({ refusedBy: context.answer?.call === 'placeOrder' ? ('placeOrder' as const) : ('payOrder' as const) })),
    /** The order looked up after a lost answer, held for routingFoundOrder; it is the order paid from now on. */
    holdFoundOrder: assign((_, params: { order: FoundOrder | undefined }) => (params.order ? { foundOrder: params.order, orderID: params.order.OrderID } : {})),
    forgetFoundOrder: assign({ foundOrder: undefined }),
    noteNotPlaced: assign({ error: { code: ORDER_NOT_PLACED } }),
    notePaymentNotTaken: assign({ error: { code: PAYMENT_NOT_TAKEN } }),
    storeOrderFailure: assign({ error: { code: 'PaymentFail' } }),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    finish: assign((_, params: { outcome: OrderPaymentOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    hasOrder: ({ context }) => context.orderID !== undefined,
    confirmingCard: ({ context }) => context.orderID !== undefined && context.paymentID !== undefined,
    paid: (_, params: { result: PaymentAnswer }) => params.result.ok && params.result.data.PaymentStatus === 'succeeded',
    fpsPlaced: ({ context }, params: { result: PaymentAnswer }) => params.result.ok && context.payWith.PaymentMethod === 'FPS',
    mustRedirect: (_, params: { result: PaymentAnswer }) =>
      params.result.ok && params.result.data.PaymentStatus === 'requires_action' && Boolean(params.result.data.RedirectURL),
    paymentRefused: (_, params: { result: CallResult<unknown, unknown> }) =>
      !params.result.ok && (PAYMENT_ERRORS as readonly string[]).includes(params.result.code),
    answeredBy: ({ context }, params: { call: PaymentCall }) => context.answer?.call === params.call,
    orderIs: (_, params: { result: CallResult<ReadOrderOutput>; status: OrderPaymentStatus }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    /** No answer came back: the actor reported the connection dropped (a value rather than a rejection). */
    answerLost: (_, params: { result: CallResult<unknown, unknown> }) => !params.result.ok && params.result.code === NETWORK_ERROR,
    placedByThisAttempt: ({ context }, params: { result: CallResult<ListOrdersOutput> }) => orderPlacedSince(context.ordersBefore, params.result) !== undefined,
    foundOrderIs: ({ context }, params: { status: OrderPaymentStatus }) => context.foundOrder?.PaymentStatus === params.status,
    payingByFps: ({ context }) => context.payWith.PaymentMethod === 'FPS',
    payingByAlipay: ({ context }) => context.payWith.PaymentMethod === 'Alipay',
  },
}).createMachine({
  id: 'orderPayment',
  description:
    'Paying an order of any kind, from Place order to an outcome: noting the member’s orders, placing (or paying an order placed before), routing the payment’s answer, finding the order when an answer is lost, and reading it while the provider decides.',
  context: ({ input }) => ({
    kind: input.kind,
    payWith: input.payWith,
    listOrders: input.listOrders,
    place: input.place,
    orderID: input.orderID,
    paymentID: input.paymentID,
  }),
  initial: 'starting',
  output: ({ context }) => ({
    outcome: context.outcome ?? 'unpaid',
    OrderID: context.orderID,
    payment: context.payment,
    error: context.error,
    refusedBy: context.refusedBy,
  }),
  states: {
    starting: {
      description: 'A new order is placed (its orders noted first); an order placed before is paid; back from the card’s extra step, that payment’s outcome is asked for.',
      tags: ['step:placing'],
      always: [
        { guard: 'confirmingCard', target: 'confirmingCard', description: 'Back from the card’s extra confirmation: ask for its outcome.' },
        { guard: 'hasOrder', target: 'startingPayment', description: 'The order was placed by an earlier attempt: pay that order.' },
        { target: 'notingOrders' },
      ],
    },
    notingOrders: {
      description:
        'Just before placing: noting the member’s orders (listOrders), so that if placing’s answer is lost, the order it placed can be told from earlier ones by the server’s own record.',
      tags: ['busy', 'step:placing'],
      invoke: {
        id: 'listOrders',
        src: 'listOrders',
        input: ({ context }) => context.listOrders,
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'placing',
            actions: { type: 'noteOrdersBefore', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'unpaid',
            actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused: nothing is placed, and the reason is shown.',
          },
        ],
        onError: {
          target: 'unpaid',
          actions: 'storeNetworkError',
          description: 'Unreachable: nothing is placed (without the orders noted, a lost answer could not be checked); the member can try again.',
        },
      },
    },
    placing: {
      description: 'Placing the order and starting its payment (placeOrder: the kind’s call, checkout or newEventCheckOut). Stock or seats are held from here.',
      tags: ['busy', 'step:placing'],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => context.place ?? {},
        onDone: {
          target: 'routingPaymentAnswer',
          actions: { type: 'holdAnswer', params: ({ event }) => ({ call: 'placeOrder' as const, result: event.output }) },
        },
        onError: {
          target: 'lostAnswer',
          description: 'No answer (the connection dropped): the order may be placed, and even paid. Find out rather than say it failed.',
        },
      },
    },
    startingPayment: {
      description: 'Paying the order an earlier attempt placed, with the method chosen now (payOrder: create-product-payment or create-event-payment).',
      tags: ['busy', 'step:placing'],
      invoke: {
        id: 'payOrder',
        src: 'payOrder',
        input: ({ context }) => ({ ...context.payWith, OrderID: context.orderID ?? '' }),
        onDone: {
          target: 'routingPaymentAnswer',
          actions: { type: 'holdAnswer', params: ({ event }) => ({ call: 'payOrder' as const, result: event.output }) },
        },
        onError: { target: 'lostAnswer', description: 'No answer (the connection dropped): the payment may have been taken. Read the order.' },
      },
    },
    confirmingCard: {
      description: 'Back from the card’s extra confirmation: reading the card payment’s outcome (confirmCardPayment: product-creditcard-payment).',
      tags: ['busy', 'step:paying'],
      invoke: {
        id: 'confirmCardPayment',
        src: 'confirmCardPayment',
        input: ({ context }) => ({ OrderID: context.orderID ?? '', Payload: context.paymentID ?? '', OrderType: context.kind }),
        onDone: {
          target: 'routingPaymentAnswer',
          actions: { type: 'holdAnswer', params: ({ event }) => ({ call: 'confirmCardPayment' as const, result: event.output }) },
        },
        onError: { target: 'lostAnswer', description: 'No answer (the connection dropped): the order’s status decides.' },
      },
    },
    routingPaymentAnswer: {
      description: 'Where the answer of placing the order or paying it (placeOrder, payOrder, confirmCardPayment) leads: one routing for the three calls.',
      tags: ['step:placing'],
      always: [
        {
          guard: { type: 'answerLost', params: heldAnswer },
          target: 'lostAnswer',
          actions: 'forgetAnswer',
          description: 'No answer came back (the connection dropped): not a refusal. Look the order up.',
        },
        { guard: { type: 'paid', params: heldAnswer }, target: 'confirmed', actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'] },
        {
          guard: { type: 'fpsPlaced', params: heldAnswer },
          target: 'fpsHandoff',
          actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'],
          description: 'Placed for FPS: the QR popup takes over.',
        },
        {
          guard: { type: 'mustRedirect', params: heldAnswer },
          target: 'redirecting',
          actions: [{ type: 'storePayment', params: heldAnswer }, 'forgetAnswer'],
          description: 'Alipay’s page, or the issuer asks for another step.',
        },
        { guard: { type: 'paymentRefused', params: heldAnswer }, target: 'failed', actions: [{ type: 'storeFailure', params: heldAnswer }, 'forgetAnswer'] },
        {
          guard: { type: 'answeredBy', params: { call: 'confirmCardPayment' } },
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
          target: 'unpaid',
          actions: [{ type: 'storeFailure', params: heldAnswer }, 'noteRefusedBy', 'forgetAnswer'],
          description: 'Any other refusal (a coupon no longer valid, the stock or seats gone, the order cancelled meanwhile): the kind decides where it leads.',
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
              { guard: 'hasOrder', target: 'readingOrder', description: 'Paying a known order (payOrder, confirmCardPayment): read it.' },
              { target: 'findingOrder', description: 'Placing: the order’s id was in the lost answer, so find the order.' },
            ],
          },
        },
        findingOrder: {
          description: 'Did placing place an order? The member’s orders (listOrders), compared with those noted just before placing: an order not among those is this attempt’s.',
          tags: ['busy', 'step:checking'],
          invoke: {
            id: 'listOrders',
            src: 'listOrders',
            input: ({ context }) => context.listOrders,
            onDone: [
              {
                guard: { type: 'placedByThisAttempt', params: ({ event }) => ({ result: event.output }) },
                target: 'routingFoundOrder',
                actions: { type: 'holdFoundOrder', params: ({ context, event }) => ({ order: orderPlacedSince(context.ordersBefore, event.output) }) },
              },
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: '#orderPayment.unpaid',
                actions: 'noteNotPlaced',
                description: 'No new order: nothing was placed and nothing charged. The member can place the order again.',
              },
              { target: 'lookupFailed' },
            ],
            onError: { target: 'lookupFailed' },
          },
        },
        readingOrder: {
          description: 'Reading the order being paid (readOrder): where its payment stands.',
          tags: ['busy', 'step:checking'],
          invoke: {
            id: 'readOrder',
            src: 'readOrder',
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
              target: '#orderPayment.confirmed',
              actions: 'forgetFoundOrder',
              description: 'Placed and paid: the answer was lost, not the order. The confirmation follows.',
            },
            {
              guard: and([{ type: 'foundOrderIs', params: { status: 'WaitForPayment' as const } }, 'payingByFps']),
              target: '#orderPayment.fpsHandoff',
              actions: 'forgetFoundOrder',
              description: 'Placed for FPS: the QR popup shows the order’s QR.',
            },
            {
              guard: and([{ type: 'foundOrderIs', params: { status: 'WaitForPayment' as const } }, 'payingByAlipay']),
              target: '#orderPayment.unpaid',
              actions: ['forgetFoundOrder', 'notePaymentNotTaken'],
              description: 'Alipay waits for the member on its page, whose address was in the lost answer: nothing was paid. Pay the order again.',
            },
            {
              guard: { type: 'foundOrderIs', params: { status: 'WaitForPayment' } },
              target: '#orderPayment.startingPayment',
              actions: 'forgetFoundOrder',
              description:
                'The card payment is undecided, or waits for the card’s extra step, whose page was in the lost answer: ask for the order’s payment again with the same card (the provider answers with the same payment, never a second charge), whose answer leads on.',
            },
            {
              guard: { type: 'foundOrderIs', params: { status: 'PaymentFailed' } },
              target: '#orderPayment.unpaid',
              actions: ['forgetFoundOrder', 'notePaymentNotTaken'],
              description: 'The payment did not go through and nothing was charged: back to choosing how to pay that order.',
            },
            {
              target: '#orderPayment.failed',
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
    polling: {
      description: 'Waiting for the payment result, which reaches the server by webhook: reading the order every few seconds.',
      tags: ['busy', 'step:paying'],
      initial: 'fetching',
      after: { pollDeadline: { target: 'stillProcessing', description: 'No answer in time: the order page will show it.' } },
      states: {
        fetching: {
          description: 'Reading the order (readOrder).',
          invoke: {
            id: 'readOrder',
            src: 'readOrder',
            input: ({ context }) => ({ orderID: context.orderID ?? '' }),
            onDone: [
              { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) }, target: '#orderPayment.confirmed' },
              {
                guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'PaymentFailed' }) },
                target: '#orderPayment.failed',
                actions: 'storeOrderFailure',
              },
              { guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Cancelled' }) }, target: '#orderPayment.cancelled' },
              {
                guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Expired' }) },
                target: '#orderPayment.cancelled',
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
    confirmed: {
      type: 'final',
      description: 'Paid: the order’s confirmation follows.',
      entry: { type: 'finish', params: { outcome: 'confirmed' } },
    },
    redirecting: {
      type: 'final',
      description: 'The browser goes to the provider’s page (Alipay, or the card’s extra confirmation); the kind’s flow resumes when it comes back.',
      entry: { type: 'finish', params: { outcome: 'redirect' } },
    },
    fpsHandoff: {
      type: 'final',
      description: 'Placed for FPS: the FPS QR popup (fpsPayment) takes over.',
      entry: { type: 'finish', params: { outcome: 'fps' } },
    },
    failed: {
      type: 'final',
      description: 'The payment did not go through (PaymentFail, StripeError, AlipayError), or the order can no longer be paid: payment_fail says so.',
      entry: { type: 'finish', params: { outcome: 'failed' } },
    },
    stillProcessing: {
      type: 'final',
      description: 'The provider has not answered yet: the order page will show the result when it comes.',
      entry: { type: 'finish', params: { outcome: 'processing' } },
    },
    cancelled: {
      type: 'final',
      description: 'The order is cancelled (or expired unpaid) and what it held is given back.',
      entry: { type: 'finish', params: { outcome: 'cancelled' } },
    },
    unpaid: {
      type: 'final',
      description:
        'Nothing paid: back to choosing how to pay, with the reason (a refusal, the orders not noted, or what looking up a lost answer found: not placed, or placed but not paid).',
      entry: { type: 'finish', params: { outcome: 'unpaid' } },
    },
  },
});
