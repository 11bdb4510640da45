import { and, assign, forwardTo, fromPromise, sendTo, setup } from 'xstate';
import type {
  CallResult,
  EventCalculateInput,
  EventCalculateOutput,
  EventJoinContext,
  EventJoinEvent,
  EventJoinInput,
  EventJoinOutcome,
  EventJoinOutput,
  EventJoinTag,
  FlowCode,
  GetEventDetailInput,
  GetEventDetailOutput,
  GetEventOrderInput,
  GetEventOrderOutput,
  ListUserEventRecordInput,
  ListUserEventRecordOutput,
  OrderPaymentError,
  OrderPaymentInput,
  OrderPaymentLogic,
  OrderPaymentOutput,
  OrderPaymentStatus,
  PaymentChoiceInput,
  PaymentChoiceLogic,
  PaymentChoiceOutput,
} from './event-join.types.ts';
import { INVALID_COUPON, NETWORK_ERROR, SESSION_GONE_ERRORS } from './event-join.types.ts';
import { guestInfo, guestProblem, guestSlots, maxSeats, resizeGuests, sessionOpen } from './event-join.guests.ts';


const session = (c: EventJoinContext) => c.event?.Variances.find((v) => v.VarianceID === c.varianceID);
const slotsOf = (c: EventJoinContext) => guestSlots(c.seats, Boolean(c.varianceID && c.joined?.includes(c.varianceID)));

export const eventJoinMachine = setup({
  types: {
    context: {} as EventJoinContext,
    events: {} as EventJoinEvent,
    input: {} as EventJoinInput,
    output: {} as EventJoinOutput,
    tags: {} as EventJoinTag,
  },
  actors: {
    getEventDetail: fromPromise<CallResult<GetEventDetailOutput>, GetEventDetailInput>(async () => {
      throw new Error('getEventDetail not provided');
    }),
    listUserEventRecord: fromPromise<CallResult<ListUserEventRecordOutput>, ListUserEventRecordInput>(async () => {
      throw new Error('listUserEventRecord not provided');
    }),
    EventCalculate: fromPromise<EventCalculateOutput, EventCalculateInput>(async () => {
      throw new Error('EventCalculate not provided');
    }),
    // Choosing how to pay, shared by every checkout (machines/payment-choice), provided with its calls; declared by its type.
    paymentChoice: fromPromise<PaymentChoiceOutput, PaymentChoiceInput>(async () => {
      throw new Error('paymentChoice not provided');
    }) as unknown as PaymentChoiceLogic,
    getEventOrder: fromPromise<CallResult<GetEventOrderOutput>, GetEventOrderInput>(async () => {
      throw new Error('getEventOrder not provided');
    }),
    // The paying flow every order kind shares (machines/order-payment), provided with the event's calls.
    // A machine, declared by its type: this file imports only its own folder, so it opens as-is in the visualizer.
    orderPayment: fromPromise<OrderPaymentOutput, OrderPaymentInput>(async () => {
      throw new Error('orderPayment not provided');
    }) as unknown as OrderPaymentLogic,
  },
  actions: {
    storeEvent: assign(({ context }, params: { result: CallResult<GetEventDetailOutput> }) => {
      if (!params.result.ok) return {};
      const event = params.result.data.eventDetail;
      const chosen = event.Variances.find((v) => v.VarianceID === context.varianceID);
      const max = maxSeats(chosen);
      // Seats wanted stay as they are until a session that takes them is chosen.
      return { event, seats: max > 0 ? Math.min(context.seats, max) : context.seats, error: undefined };
    }),
    storeJoined: assign((_, params: { result: CallResult<ListUserEventRecordOutput> }) =>
      params.result.ok ? { joined: params.result.data.RecordList.map((r) => r.VarianceID), error: undefined } : {},
    ),
    chooseSession: assign(({ context }, params: { varianceID: string }) => {
      const chosen = context.event?.Variances.find((v) => v.VarianceID === params.varianceID);
      const seats = Math.max(1, Math.min(context.seats, maxSeats(chosen)));
      const next = { ...context, varianceID: params.varianceID, seats };
      return { varianceID: params.varianceID, seats, guests: resizeGuests(context.guests, slotsOf(next)), sessionNotice: undefined, error: undefined };
    }),
    /** The picked session cannot take the seats (full, or not on sale): the member chooses again. */
    forgetSession: assign({ varianceID: undefined }),
    setSeats: assign(({ context }, params: { seats: number }) => {
      const next = { ...context, seats: params.seats };
      return { seats: params.seats, guests: resizeGuests(context.guests, slotsOf(next)), totals: undefined };
    }),
    editGuest: assign(({ context }, params: { index: number; name: string; contact: string }) => ({
      guests: context.guests.map((g, i) => (i === params.index ? { name: params.name, contact: params.contact } : g)),
    })),
    checkGuests: assign({ guestsChecked: true }),
    storeTotals: assign(({ context }, params: { result: EventCalculateOutput }) =>
      params.result.ok
        ? {
            totals: params.result.data.totals,
            couponID: params.result.data.couponID,
            couponError: params.result.data.couponError ?? context.couponError,
            error: undefined,
          }
        : {},
    ),
    storeTotalsFailure: assign((_, params: { result: EventCalculateOutput }) =>
      params.result.ok
        ? {}
        : {
            error: { code: params.result.code, message: params.result.message },
            ...(params.result.data?.couponError ? { couponID: undefined, couponError: params.result.data.couponError } : {}),
          },
    ),
    /** The session filled up (or its sale closed) meanwhile: remember what was wanted, for the words. */
    noteSessionGone: assign(({ context }, params: { code: FlowCode | undefined }) => ({
      // Only a session-gone code leads here (the sessionGone and answerRefused guards).
      sessionNotice: { varianceID: context.varianceID ?? '', code: SESSION_GONE_ERRORS.find((gone) => gone === params.code) ?? 'OutOfStock', spacesLeft: 0, seatsWanted: context.seats },
      totals: undefined,
    })),
    /** With the fresh event: how many spaces the session has now. */
    settleSessionNotice: assign(({ context }) =>
      context.sessionNotice
        ? { sessionNotice: { ...context.sessionNotice, spacesLeft: session(context)?.SpacesLeft ?? 0 }, varianceID: undefined }
        : { varianceID: undefined },
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
    /** Paying an order placed before: its session, seats and totals come from the order itself. */
    storeResumedOrder: assign((_, params: { result: CallResult<GetEventOrderOutput> }) => {
      if (!params.result.ok) return {};
      const o = params.result.data.Order;
      return {
        eventID: o.Session.EventID,
        varianceID: o.Session.VarianceID,
        seats: o.NumberOfSeat,
        method: o.PaymentMethod,
        totals: { orderDetail: o.orderDetail, SpacesLeft: 0, GuestSlots: 0 },
        // The age was confirmed when the order was placed.
        ageConfirmed: true,
        error: undefined,
      };
    }),
    /** Where the paying flow left the order: it is the order paid from now on. */
    storeOrderPayment: assign(({ context }, params: { output: OrderPaymentOutput }) => ({
      orderID: params.output.OrderID ?? context.orderID,
      payment: params.output.payment,
      error: params.output.error,
      outcome: params.output.outcome === 'unpaid' ? undefined : params.output.outcome,
    })),
    /** Nothing to keep: a new snapshot, so that what reads a child (choosing, paying) through this flow (the page's selectors) reads it again. */
    followChild: assign({}),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
    finish: assign((_, params: { outcome: EventJoinOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown, unknown> }) => params.result.ok,
    resuming: ({ context }) => context.orderID !== undefined,
    /** The session the event page picked still takes the seats picked there. */
    pickedSessionOpen: ({ context }) => sessionOpen(session(context), context.svip) && context.seats <= maxSeats(session(context)),
    sessionOpen: ({ context }, params: { varianceID: string }) => sessionOpen(
        context.event?.Variances.find((v) => v.VarianceID === params.varianceID),
        context.svip,
      ),
    seatsAllowed: ({ context }, params: { seats: number }) => Number.isInteger(params.seats) && params.seats >= 1 && params.seats <= maxSeats(session(context)),
    hasGuestSlots: ({ context }) => slotsOf(context) > 0,
    knownGuest: ({ context }, params: { index: number }) => params.index >= 0 && params.index < context.guests.length,
    guestsValid: ({ context }) => context.guests.every((g) => guestProblem(g) === undefined),
    sessionGone: (_, params: { result: CallResult<unknown, unknown> }) =>
      !params.result.ok && (SESSION_GONE_ERRORS as readonly string[]).includes(params.result.code),
    /** A code typed, and no order placed yet (a placed order keeps its coupon). */
    couponGiven: ({ context }, params: { code: string }) => context.orderID === undefined && params.code.trim() !== '',
    hasCoupon: ({ context }) => context.couponID !== undefined,
    noOrderYet: ({ context }) => context.orderID === undefined,
    hasOrder: ({ context }) => context.orderID !== undefined,
    payingByCard: ({ context }) => context.method === 'CreditCard',
    /** A method (and a card when paying by card), and the over-18 confirmation for a spirits tasting. */
    readyToPlace: ({ context }) =>
      context.orderID === undefined &&
      context.totals !== undefined &&
      context.method !== undefined &&
      (context.method !== 'CreditCard' || context.cardID !== undefined) &&
      (!context.event?.IsAlcohol || context.ageConfirmed),
    readyToPay: ({ context }) => context.orderID !== undefined && context.method !== undefined && (context.method !== 'CreditCard' || context.cardID !== undefined),
    orderIs: (_, params: { result: CallResult<GetEventOrderOutput>; status: OrderPaymentStatus }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    orderPayable: (_, params: { result: CallResult<GetEventOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    /** Paying has an outcome (anything but `unpaid`, which is back to the payment step). */
    paymentEnded: (_, params: { output: OrderPaymentOutput }) => params.output.outcome !== 'unpaid',
    /** Placing or paying refused with one of these codes. */
    answerRefused: (_, params: { output: OrderPaymentOutput; codes: readonly string[] }) =>
      params.output.refusedBy !== undefined && params.codes.includes(params.output.error?.code ?? ''),
  },
}).createMachine({
  id: 'eventJoin',
  description:
    'Event seats and guests: choose a session, the number of seats, the guests’ names and contact numbers, the totals with a coupon, the over-18 confirmation for a spirits tasting, the payment method (saved card, new card, Alipay, FPS), placing the event order and paying it.',
  context: ({ input }) => ({
    currency: input.currency,
    language: input.language,
    eventID: input.eventID,
    svip: input.svip,
    varianceID: input.varianceID,
    seats: Math.max(1, Math.floor(input.seats ?? 1)),
    guests: [],
    guestsChecked: false,
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
      description: 'A fresh join reads the event; paying an order placed before (from payment_fail) reads that order.',
      tags: ['step:loading'],
      always: [{ guard: 'resuming', target: 'readingOrder' }, { target: 'loadingEvent' }],
    },
    loadingEvent: {
      description: 'Reading the event and its sessions with their spaces left (getEventDetail).',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'getEventDetail',
        src: 'getEventDetail',
        input: ({ context }) => ({ EventID: context.eventID, Currency: context.currency }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'loadingJoined',
            actions: { type: 'storeEvent', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    loadingJoined: {
      description: 'Reading the sessions the member already joined (list-user-event-record): their own seat there is taken, so every seat bought is a guest’s (spec §4).',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'listUserEventRecord',
        src: 'listUserEventRecord',
        input: () => ({ Tab: 'joined' as const }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'routingSession',
            actions: { type: 'storeJoined', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    routingSession: {
      description: 'The session picked on the event page goes straight to the seats if it still takes them; otherwise the member chooses.',
      tags: ['step:loading'],
      always: [
        {
          guard: 'pickedSessionOpen',
          target: 'choosingSeats',
          actions: { type: 'chooseSession', params: ({ context }) => ({ varianceID: context.varianceID ?? '' }) },
        },
        { target: 'choosingSession', actions: 'forgetSession', description: 'None picked, or it is full or not on sale any more.' },
      ],
    },
    loadFailed: {
      description: 'The event (or the order being paid) could not be read; the member can try again or go back.',
      tags: ['step:loadFailed'],
      on: {
        RETRY: { target: 'starting', actions: 'clearError' },
        LEAVE: 'left',
      },
    },
    choosingSession: {
      description: 'The event’s sessions with date, time slot, price per person and spaces left; sold-out ones cannot be picked. Says so when the session chosen filled up meanwhile.',
      tags: ['step:session'],
      on: {
        SELECT_SESSION: {
          guard: { type: 'sessionOpen', params: ({ event }) => ({ varianceID: event.varianceID }) },
          target: 'choosingSeats',
          actions: { type: 'chooseSession', params: ({ event }) => ({ varianceID: event.varianceID }) },
        },
        LEAVE: 'left',
      },
    },
    choosingSeats: {
      description: 'How many seats: 1 up to the session’s spaces left, at most 10 per order.',
      tags: ['step:seats'],
      on: {
        SET_SEATS: {
          guard: { type: 'seatsAllowed', params: ({ event }) => ({ seats: event.seats }) },
          actions: { type: 'setSeats', params: ({ event }) => ({ seats: event.seats }) },
        },
        CONTINUE: [
          { guard: 'hasGuestSlots', target: 'enteringGuests' },
          { target: 'calculating', description: 'One seat, the member’s own: no guests to name.' },
        ],
        BACK: 'choosingSession',
        LEAVE: 'left',
      },
    },
    enteringGuests: {
      description:
        'One form per guest slot (spec §4: the seats, minus the member’s own unless they already joined the session). A slot may be left blank and named later on the event record; a slot begun needs a name and a valid contact number.',
      tags: ['step:guests'],
      on: {
        EDIT_GUEST: {
          guard: { type: 'knownGuest', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'editGuest', params: ({ event }) => ({ index: event.index, name: event.name, contact: event.contact }) },
        },
        CONTINUE: [
          { guard: 'guestsValid', target: 'calculating', actions: 'checkGuests' },
          { actions: 'checkGuests', description: 'A guest begun is incomplete or its contact number is wrong: every problem is shown.' },
        ],
        BACK: 'choosingSeats',
        LEAVE: 'left',
      },
    },
    calculating: {
      description: 'Reading the totals for the seats (EventCalculate; a refused coupon, 70600, is dropped with its message kept, and the totals read again).',
      tags: ['busy', 'step:totals'],
      invoke: {
        id: 'EventCalculate',
        src: 'EventCalculate',
        input: ({ context }) => ({
          couponID: context.couponID,
          request: { VarianceID: context.varianceID ?? '', NumberOfSeat: context.seats, Currency: context.currency },
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'payment',
            actions: { type: 'storeTotals', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'sessionGone', params: ({ event }) => ({ result: event.output }) },
            target: 'refreshingEvent',
            actions: { type: 'noteSessionGone', params: ({ event }) => ({ code: event.output.ok ? undefined : event.output.code }) },
            description: 'Fewer spaces left than seats chosen (OutOfStock), or the sale closed: read the sessions again and choose.',
          },
          { target: 'totalsFailed', actions: { type: 'storeTotalsFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'totalsFailed', actions: 'storeNetworkError' },
      },
    },
    totalsFailed: {
      description: 'The totals could not be read; the member can try again or change the seats.',
      tags: ['step:totalsFailed'],
      on: {
        RETRY: { target: 'calculating', actions: 'clearError' },
        BACK: { target: 'choosingSeats', actions: 'clearError' },
        LEAVE: 'left',
      },
    },
    refreshingEvent: {
      description: 'The session chosen filled up meanwhile: reading the sessions again for their fresh spaces left.',
      tags: ['busy', 'step:session'],
      invoke: {
        id: 'getEventDetail',
        src: 'getEventDetail',
        input: ({ context }) => ({ EventID: context.eventID, Currency: context.currency }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'choosingSession',
            actions: [{ type: 'storeEvent', params: ({ event }) => ({ result: event.output }) }, 'settleSessionNotice'],
          },
          { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    readingOrder: {
      description: 'Paying an order placed before: reading it (get-event-order); an unpaid one goes to the payment step with its method.',
      tags: ['busy', 'step:loading'],
      invoke: {
        id: 'getEventOrder',
        src: 'getEventOrder',
        input: ({ context }) => ({ orderID: context.orderID ?? '' }),
        onDone: [
          {
            guard: { type: 'orderIs', params: ({ event }) => ({ result: event.output, status: 'Paid' }) },
            target: 'done',
            actions: { type: 'finish', params: { outcome: 'confirmed' } },
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
            description: 'Cancelled, or expired unpaid (its seats given back): nothing to pay.',
          },
          { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'storeNetworkError' },
      },
    },
    payingAgain: {
      description: 'Paying the order again starts from its method; a card payment first reads the saved cards.',
      tags: ['step:loading'],
      always: [{ guard: 'payingByCard', target: '#eventJoin.payment.changing' }, { target: 'payment' }],
    },
    payment: {
      description: 'The totals, the coupon, the over-18 confirmation for a spirits tasting, and how to pay: a saved card (or a new one), Alipay or FPS.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The payment step. Placing the order needs a method, a card when paying by card, and the over-18 confirmation for a spirits tasting.',
          tags: ['step:payment'],
          on: {
            APPLY_COUPON: {
              guard: { type: 'couponGiven', params: ({ event }) => ({ code: event.code }) },
              target: '#eventJoin.calculating',
              actions: { type: 'applyCoupon', params: ({ event }) => ({ code: event.code }) },
              description: 'An empty code does nothing (spec §5); a code is tried with the totals.',
            },
            REMOVE_COUPON: { guard: and(['noOrderYet', 'hasCoupon']), target: '#eventJoin.calculating', actions: 'removeCoupon' },
            CONFIRM_AGE: { actions: { type: 'confirmAge', params: ({ event }) => ({ confirmed: event.confirmed }) } },
            SELECT_METHOD: 'changing',
            SELECT_CARD: 'changing',
            ADD_CARD: { guard: 'payingByCard', target: 'changing' },
            PLACE_ORDER: [
              { guard: 'readyToPlace', target: '#eventJoin.payingOrder', actions: 'clearError' },
              { guard: 'readyToPay', target: '#eventJoin.payingOrder', actions: 'clearError', description: 'The order was placed by an earlier attempt: pay that order.' },
            ],
            BACK: [
              { guard: and(['noOrderYet', 'hasGuestSlots']), target: '#eventJoin.enteringGuests', actions: 'clearError' },
              { guard: 'noOrderYet', target: '#eventJoin.choosingSeats', actions: 'clearError' },
            ],
            LEAVE: '#eventJoin.left',
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
        'From Place order to an outcome, the one paying flow every order kind shares (orderPayment): it notes the member’s orders for the session, places the event order (newEventCheckOut) or pays the one placed before (create-event-payment), follows the payment’s answer, looks the order up when an answer is lost, and reads it while the provider decides.',
      tags: ['step:placing'],
      invoke: {
        id: 'orderPayment',
        src: 'orderPayment',
        input: ({ context }) => {
          const payWith = { PaymentMethod: context.method ?? 'CreditCard', CardID: context.method === 'CreditCard' ? context.cardID : undefined };
          return {
            kind: 'event' as const,
            payWith,
            listOrders: { VarianceID: context.varianceID ?? '' },
            place:
              context.orderID === undefined
                ? {
                    Language: context.language,
                    Currency: context.currency,
                    VarianceID: context.varianceID ?? '',
                    NumberOfSeat: context.seats,
                    GuestInfo: guestInfo(context.guests),
                    ...payWith,
                    CouponID: context.couponID,
                    AgeConfirmed: context.ageConfirmed,
                  }
                : undefined,
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
            guard: { type: 'answerRefused', params: ({ event }) => ({ output: event.output, codes: SESSION_GONE_ERRORS }) },
            target: 'refreshingEvent',
            actions: { type: 'noteSessionGone', params: ({ event }) => ({ code: event.output.error?.code }) },
            description: 'The session filled up (OutOfStock) or its sale closed while the member was paying: nothing placed. Choose again.',
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
              'Nothing paid: another refusal, the orders not noted, or a lost answer’s look-up found the order not placed, or placed and not paid. Back to the payment step with the reason.',
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
        'Where paying (or the order placed before) ended: paid (the confirmation follows, with the tickets), the provider’s page (Alipay, the card’s extra step; it comes back to the order’s confirmation page), the FPS QR popup (reading get-event-order), still processing (the confirmation page shows the result), failed (payment_fail offers to pay the order again), or cancelled (or expired unpaid) and its seats given back.',
    },
    left: {
      type: 'final',
      description: 'The member left the checkout: back to the event page, nothing ordered.',
      entry: { type: 'finish', params: { outcome: 'left' } },
    },
  },
});
