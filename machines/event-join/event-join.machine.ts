import { assign, fromPromise, setup } from 'xstate';
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
  OrderPaymentStatus,
  PaymentStepEnd,
  PaymentStepInput,
  PaymentStepLogic,
  PaymentStepOutput,
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
    getEventOrder: fromPromise<CallResult<GetEventOrderOutput>, GetEventOrderInput>(async () => {
      throw new Error('getEventOrder not provided');
    }),
    // The payment step every kind shares (machines/payment-step), provided with its children and the event's calls.
    // A machine, declared by its type: this file imports only its own folder, so it opens as-is in the visualizer.
    paymentStep: fromPromise<PaymentStepOutput, PaymentStepInput>(async () => {
      throw new Error('paymentStep not provided');
    }) as unknown as PaymentStepLogic,
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
      // Only a session-gone code leads here (the sessionGone and stepRefused guards).
      sessionNotice: { varianceID: context.varianceID ?? '', code: SESSION_GONE_ERRORS.find((gone) => gone === params.code) ?? 'OutOfStock', spacesLeft: 0, seatsWanted: context.seats },
      totals: undefined,
    })),
    /** With the fresh event: how many spaces the session has now. */
    settleSessionNotice: assign(({ context }) =>
      context.sessionNotice
        ? { sessionNotice: { ...context.sessionNotice, spacesLeft: session(context)?.SpacesLeft ?? 0 }, varianceID: undefined }
        : { varianceID: undefined },
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
    /** How the payment step left paying and the age confirmation (kept for its next visit and the join's output); paying's outcome, when it ended, is the join's. */
    storePaymentStep: assign((_, params: { output: PaymentStepOutput }) => ({
      ...params.output.paying,
      stepEnd: params.output.end,
      ageConfirmed: params.output.ageConfirmed,
      outcome: params.output.end.how === 'paymentEnded' ? params.output.end.outcome : undefined,
    })),
    /** Nothing to keep: a new snapshot, so that what reads the payment step through this flow (the page's selectors) reads it again. */
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
    orderIs: (_, params: { result: CallResult<GetEventOrderOutput>; status: OrderPaymentStatus }) =>
      params.result.ok && params.result.data.Order.PaymentStatus === params.status,
    orderPayable: (_, params: { result: CallResult<GetEventOrderOutput> }) =>
      params.result.ok && (params.result.data.Order.PaymentStatus === 'WaitForPayment' || params.result.data.Order.PaymentStatus === 'PaymentFailed'),
    /** The payment step ended this way. */
    stepEnded: ({ context }, params: { how: PaymentStepEnd['how'] }) => context.stepEnd?.how === params.how,
    /** Back from the payment step, to the guests when there are any to name. */
    backToGuests: ({ context }) => context.stepEnd?.how === 'back' && slotsOf(context) > 0,
    /** The payment step ended with one of these refusals. */
    stepRefused: ({ context }, params: { codes: readonly string[] }) => context.stepEnd?.how === 'refused' && params.codes.includes(context.stepEnd.code),
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
            target: 'payment',
            actions: { type: 'storeResumedOrder', params: ({ event }) => ({ result: event.output }) },
            description: 'Unpaid: the payment step pays it, from its method (by card, the saved cards read first).',
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
    payment: {
      description:
        'The totals and the payment step every kind shares (paymentStep): the coupon, the over-18 confirmation for a spirits tasting, how to pay (a saved card, a new card, Alipay, FPS), placing the event order or paying the one placed before, looking again after a lost answer.',
      tags: ['step:payment'],
      invoke: {
        id: 'paymentStep',
        src: 'paymentStep',
        input: ({ context }) => ({
          paying: context,
          order: {
            kind: 'event' as const,
            place: {
              Language: context.language,
              Currency: context.currency,
              VarianceID: context.varianceID ?? '',
              NumberOfSeat: context.seats,
              GuestInfo: guestInfo(context.guests),
              CouponID: context.couponID,
            },
            placeCardAs: 'CardID' as const,
            listOrders: { VarianceID: context.varianceID ?? '' },
          },
          couponID: context.couponID,
          askAge: Boolean(context.event?.IsAlcohol),
          ageConfirmed: context.ageConfirmed,
          kindRefusals: { codes: [INVALID_COUPON, ...SESSION_GONE_ERRORS], calls: ['placeOrder' as const, 'payOrder' as const] },
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
      description: 'Where the payment step’s end leads: the totals again, the sessions, the guests or seats, out, or the join’s end.',
      tags: ['step:payment'],
      always: [
        {
          guard: { type: 'stepRefused', params: { codes: [INVALID_COUPON] } },
          target: 'calculating',
          actions: 'dropCoupon',
          description: 'Placing answered 70600: drop the coupon, keep its message, and read the totals again.',
        },
        {
          guard: { type: 'stepRefused', params: { codes: SESSION_GONE_ERRORS } },
          target: 'refreshingEvent',
          actions: { type: 'noteSessionGone', params: ({ context }) => ({ code: context.error?.code }) },
          description: 'The session filled up (OutOfStock) or its sale closed while the member was paying: nothing placed. Choose again.',
        },
        { guard: { type: 'stepEnded', params: { how: 'couponChanged' } }, target: 'calculating', actions: 'changeCoupon', description: 'A coupon applied or removed: the totals with it.' },
        { guard: 'backToGuests', target: 'enteringGuests', actions: 'clearError' },
        { guard: { type: 'stepEnded', params: { how: 'back' } }, target: 'choosingSeats', actions: 'clearError', description: 'One seat, the member’s own: no guests to go back to.' },
        { guard: { type: 'stepEnded', params: { how: 'left' } }, target: 'left' },
        { target: 'done', description: 'Paying ended (paid, the provider’s page, the FPS popup, still processing, failed, cancelled): its outcome is the join’s.' },
      ],
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
