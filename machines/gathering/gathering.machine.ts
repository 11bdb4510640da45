import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  ChangeCartInput,
  CreateGatheringOrderInput,
  CreateGatheringOrderOutput,
  CreateProductOrderInput,
  CreateProductOrderOutput,
  Empty,
  GatheringContext,
  GatheringEvent,
  OngoingGatheringOutput,
  PayPlaceByCardInput,
  PayPlaceByCardOutput,
  PlaceMethod,
  QuitGatheringInput,
  TablePaymentMethod,
} from './gathering.types.ts';
import { NETWORK_ERROR } from './gathering.types.ts';

/** Answers that mean the member is no longer at a gathering going on: the room view gives way. */
const OUT_OF_ROOM: ReadonlySet<string> = new Set(['GatheringClosed', 'NotInGathering']);

export const gatheringMachine = setup({
  types: {
    context: {} as GatheringContext,
    events: {} as GatheringEvent,
  },
  actors: {
    getUserOngoingGathering: fromPromise<CallResult<OngoingGatheringOutput>, void>(async () => {
      throw new Error('getUserOngoingGathering not provided');
    }),
    changeCart: fromPromise<CallResult<Empty>, ChangeCartInput>(async () => {
      throw new Error('changeCart not provided');
    }),
    createProductOrder: fromPromise<CallResult<CreateProductOrderOutput>, CreateProductOrderInput>(async () => {
      throw new Error('createProductOrder not provided');
    }),
    quitOngoingGathering: fromPromise<CallResult<Empty>, QuitGatheringInput>(async () => {
      throw new Error('quitOngoingGathering not provided');
    }),
    createGatheringOrder: fromPromise<CallResult<CreateGatheringOrderOutput>, CreateGatheringOrderInput>(async () => {
      throw new Error('createGatheringOrder not provided');
    }),
    payPlaceByCard: fromPromise<CallResult<PayPlaceByCardOutput>, PayPlaceByCardInput>(async () => {
      throw new Error('payPlaceByCard not provided');
    }),
  },
  actions: {
    rememberGathering: assign((_, params: { result: CallResult<OngoingGatheringOutput> }) => ({
      gathering: params.result.ok ? params.result.data.Gathering : undefined,
    })),
    rememberCartError: assign((_, params: { result: CallResult<unknown> }) => ({ cartError: params.result.ok ? undefined : params.result.code })),
    rememberCartNetworkError: assign({ cartError: NETWORK_ERROR }),
    rememberOrderError: assign((_, params: { result: CallResult<unknown> }) => ({ orderError: params.result.ok ? undefined : params.result.code })),
    rememberOrderNetworkError: assign({ orderError: NETWORK_ERROR }),
    chooseMethod: assign((_, params: { method: TablePaymentMethod }) => ({ method: params.method })),
    rememberOrder: assign((_, params: { result: CallResult<CreateProductOrderOutput> }) => ({
      orderID: params.result.ok ? params.result.data.Order.OrderID : undefined,
      orderError: undefined,
      cartError: undefined,
    })),
    clearErrors: assign({ cartError: undefined, orderError: undefined }),
    forgetOrder: assign({ orderID: undefined, method: undefined }),
    rememberPlace: assign((_, params: { result: CallResult<CreateGatheringOrderOutput> }) => ({
      placeOrderID: params.result.ok ? params.result.data.Order.OrderID : undefined,
      placeGatheringID: params.result.ok ? params.result.data.Order.GatheringID : undefined,
      placeError: undefined,
    })),
    rememberPlaceError: assign((_, params: { result: CallResult<unknown> }) => ({ placeError: params.result.ok ? undefined : params.result.code })),
    rememberPlaceNetworkError: assign({ placeError: NETWORK_ERROR }),
    clearPlaceError: assign({ placeError: undefined }),
    choosePlace: assign((_, params: { gatheringID: string; method: PlaceMethod; cardID: string | undefined }) => ({
      placeGatheringID: params.gatheringID,
      placeMethod: params.method,
      placeCardID: params.method === 'CreditCard' ? params.cardID : undefined,
    })),
    rememberCardStep: assign((_, params: { result: CallResult<PayPlaceByCardOutput> }) => ({
      placeRedirectURL: params.result.ok ? params.result.data.RedirectURL : undefined,
    })),
    forgetPlace: assign({ placeOrderID: undefined, placeGatheringID: undefined, placeMethod: undefined, placeCardID: undefined, placeRedirectURL: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    inOne: (_, params: { result: CallResult<OngoingGatheringOutput> }) => params.result.ok && params.result.data.Gathering?.IAmIn === true,
    outOfRoom: (_, params: { result: CallResult<unknown> }) => !params.result.ok && OUT_OF_ROOM.has(params.result.code),
    placedForCard: (_, params: { result: CallResult<unknown>; method: PlaceMethod | undefined }) => params.result.ok && params.method === 'CreditCard',
    cardNeedsStep: (_, params: { result: CallResult<PayPlaceByCardOutput> }) =>
      params.result.ok && params.result.data.PaymentStatus === 'requires_action' && Boolean(params.result.data.RedirectURL),
  },
}).createMachine({
  id: 'gathering',
  description:
    'Tonight (issue 31): the member at a gathering going on. In the room they fill a cart from tonight’s pour list, order it (create-product-order) to pick up or to be delivered and pay (FPS here, a card or Alipay on the shared payment step), or leave; out of it, the page says how to get in.',
  context: {},
  initial: 'loading',
  states: {
    loading: {
      description: 'Which gathering the member is in now (get-user-ongoing-gathering).',
      invoke: {
        id: 'getUserOngoingGathering',
        src: 'getUserOngoingGathering',
        onDone: [
          {
            guard: { type: 'inOne', params: ({ event }) => ({ result: event.output }) },
            target: 'inGathering',
            actions: { type: 'rememberGathering', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'notInGathering',
            actions: { type: 'rememberGathering', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'loadFailed', description: 'Refused (a session ended …): said, with Try again.' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'Tonight could not be read: Try again.',
      on: { RETRY: 'loading' },
    },
    notInGathering: {
      description: 'Not checked in anywhere: the gatherings going on now, and how to get in (a ticket at the door, or a place bought there and then).',
      on: {
        RETRY: { target: 'loading', description: 'Checked in meanwhile: read again.' },
        BUY_PLACE: {
          target: 'buyingPlace',
          actions: [
            'clearPlaceError',
            { type: 'choosePlace', params: ({ event }) => ({ gatheringID: event.gatheringID, method: event.method, cardID: event.cardID }) },
          ],
        },
      },
    },
    buyingPlace: {
      description:
        'Placing a walk-in’s place at a gathering going on (create-gathering-order, to be paid by FPS or with a saved card): one seat held while it is paid. Asked again while it is unpaid, the server answers the same order.',
      tags: ['busy'],
      invoke: {
        id: 'createGatheringOrder',
        src: 'createGatheringOrder',
        input: ({ event }) => {
          assertEvent(event, 'BUY_PLACE');
          return { gatheringID: event.gatheringID, method: event.method };
        },
        onDone: [
          {
            guard: { type: 'placedForCard', params: ({ context, event }) => ({ result: event.output, method: context.placeMethod }) },
            target: 'payingPlaceByCard',
            actions: { type: 'rememberPlace', params: ({ event }) => ({ result: event.output }) },
            description: 'Placed, to be paid with the saved card chosen: paid there and then.',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'placeToPay',
            actions: { type: 'rememberPlace', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'notInGathering',
            actions: { type: 'rememberPlaceError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (OutOfStock: no seat left, UserAlreadyJoinedTheEvent, GatheringClosed …): said beside the button.',
          },
        ],
        onError: { target: 'notInGathering', actions: 'rememberPlaceNetworkError', description: 'No answer: the place may or may not be held; trying again answers the same order.' },
      },
    },
    payingPlaceByCard: {
      description: 'Paying the place with the saved card chosen (create-gathering-payment); paid, the member is checked in.',
      tags: ['busy'],
      invoke: {
        id: 'payPlaceByCard',
        src: 'payPlaceByCard',
        input: ({ context }) => ({ gatheringID: context.placeGatheringID!, cardID: context.placeCardID! }),
        onDone: [
          {
            guard: { type: 'cardNeedsStep', params: ({ event }) => ({ result: event.output }) },
            target: 'confirmingCard',
            actions: { type: 'rememberCardStep', params: ({ event }) => ({ result: event.output }) },
            description: 'The card asks for an extra step (requires_action, with the provider’s page).',
          },
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'loading',
            actions: 'forgetPlace',
            description: 'Paid (succeeded), or the card’s answer still on its way (processing, pending): read again; once in, the table opens.',
          },
          {
            target: 'notInGathering',
            actions: { type: 'rememberPlaceError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (PaymentFail, StripeError …): said beside the button; the unpaid place is kept, and buying again pays the same order.',
          },
        ],
        onError: { target: 'notInGathering', actions: 'rememberPlaceNetworkError', description: 'No answer: the card may or may not be charged; buying again pays the same order (or is refused as a place already theirs: “I have checked in” reads again).' },
      },
    },
    confirmingCard: {
      description:
        'The card asks for an extra step (3-D Secure): the browser goes to the provider’s page (RedirectURL), which comes back to Tonight (the kind’s confirmPath), where it is read again.',
      tags: ['busy'],
      on: {
        RETRY: { target: 'loading', actions: 'forgetPlace', description: 'The step did not open, or the member says they are in: read again.' },
      },
    },
    placeToPay: {
      description: 'The place is placed: the FPS popup pays it (create-gathering-payment); paid, the member is checked in.',
      on: {
        PLACE_PAID: { target: 'loading', actions: 'forgetPlace', description: 'Paid (the popup is done): read again, and the member is in the room.' },
        RETRY: { target: 'loading', actions: 'forgetPlace' },
        BACK: { target: 'notInGathering', actions: 'forgetPlace', description: 'Not now: the unpaid place expires and gives its seat back.' },
      },
    },
    inGathering: {
      description: 'In the room: tonight’s pours and the member’s cart.',
      initial: 'atTable',
      states: {
        atTable: {
          description: 'Choosing: add pours, change quantities, order, or leave.',
          on: {
            CHANGE_CART: { target: 'changingCart', actions: 'clearErrors' },
            PLACE_ORDER: {
              target: 'placingOrder',
              actions: ['clearErrors', { type: 'chooseMethod', params: ({ event }) => ({ method: event.method }) }],
            },
            LEAVE: { target: '#gathering.leaving', actions: 'clearErrors' },
          },
        },
        changingCart: {
          description: 'A cart change on its way (add-user-shopping-cart, update-user-shopping-cart-quantity); one at a time.',
          tags: ['busy'],
          invoke: {
            id: 'changeCart',
            src: 'changeCart',
            input: ({ context, event }) => {
              assertEvent(event, 'CHANGE_CART');
              return { gatheringID: context.gathering!.GatheringID, change: event.change };
            },
            onDone: [
              { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'atTable' },
              {
                guard: { type: 'outOfRoom', params: ({ event }) => ({ result: event.output }) },
                target: '#gathering.ended',
                description: 'The gathering closed, or the member is no longer in it.',
              },
              {
                target: 'atTable',
                actions: { type: 'rememberCartError', params: ({ event }) => ({ result: event.output }) },
                description: 'Refused (OutOfStock: not that many left tonight …): said beside the cart.',
              },
            ],
            onError: { target: 'atTable', actions: 'rememberCartNetworkError' },
          },
        },
        placingOrder: {
          description: 'Placing the order from the cart (create-product-order), picked up or delivered: the pours are held while it is paid.',
          tags: ['busy'],
          invoke: {
            id: 'createProductOrder',
            src: 'createProductOrder',
            input: ({ context, event }) => {
              assertEvent(event, 'PLACE_ORDER');
              return { gatheringID: context.gathering!.GatheringID, ageConfirmed: event.ageConfirmed, delivery: event.delivery, method: event.method };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'paying',
                actions: { type: 'rememberOrder', params: ({ event }) => ({ result: event.output }) },
              },
              { guard: { type: 'outOfRoom', params: ({ event }) => ({ result: event.output }) }, target: '#gathering.ended' },
              {
                target: 'atTable',
                actions: { type: 'rememberOrderError', params: ({ event }) => ({ result: event.output }) },
                description: 'Refused (OutOfStock, AgeConfirmationRequired, ShoppingBagEmpty, DeliveryAddressRequired …): said beside the Order button.',
              },
            ],
            onError: { target: 'atTable', actions: 'rememberOrderNetworkError', description: 'No answer: the order may or may not be placed; My orders shows it.' },
          },
        },
        paying: {
          description:
            'The order is placed and the cart is empty: by FPS its QR popup pays it here; by card or Alipay the shared payment step pays it (the product checkout, with the order).',
          on: { ORDER_MORE: { target: 'atTable', actions: 'forgetOrder' }, LEAVE: { target: '#gathering.leaving', actions: 'forgetOrder' } },
        },
      },
    },
    leaving: {
      description: 'Leaving the room (quit-ongoing-gathering); the orders stay the member’s.',
      tags: ['busy'],
      invoke: {
        id: 'quitOngoingGathering',
        src: 'quitOngoingGathering',
        input: ({ context }) => ({ gatheringID: context.gathering!.GatheringID }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) }, target: 'left' },
          { target: 'inGathering', actions: { type: 'rememberOrderError', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'inGathering', actions: 'rememberOrderNetworkError' },
      },
    },
    left: {
      description: 'The member left: a goodbye, and the way to their orders.',
      on: { RETRY: 'loading' },
    },
    ended: {
      description: 'The gathering is over for the member (closed, or they are no longer checked in).',
      on: { RETRY: 'loading' },
    },
  },
});
