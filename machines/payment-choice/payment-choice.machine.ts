import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  AddCreditCardInput,
  AddCreditCardOutput,
  AddPaymentMethodInput,
  AddPaymentMethodOutput,
  CallResult,
  Empty,
  GetPaymentMethodOutput,
  PaymentChoiceContext,
  PaymentChoiceEvent,
  PaymentChoiceInput,
  PaymentChoiceOutput,
  PaymentChoiceRequest,
  PaymentChoiceTag,
  PaymentMethod,
} from './payment-choice.types.ts';
import { NETWORK_ERROR } from './payment-choice.types.ts';

/** The member's request that started choosing; any other event (paying an order again by card) asks for the card method's cards. */
const requestOf = ({ choice, request }: PaymentChoiceInput): PaymentChoiceRequest =>
  request.type === 'SELECT_METHOD' || request.type === 'SELECT_CARD' || request.type === 'ADD_CARD'
    ? (request as PaymentChoiceRequest)
    : { type: 'SELECT_METHOD', method: choice.method ?? 'CreditCard' };

export const paymentChoiceMachine = setup({
  types: {
    context: {} as PaymentChoiceContext,
    events: {} as PaymentChoiceEvent,
    input: {} as PaymentChoiceInput,
    output: {} as PaymentChoiceOutput,
    tags: {} as PaymentChoiceTag,
  },
  actors: {
    getPaymentMehtod: fromPromise<CallResult<GetPaymentMethodOutput>, Empty>(async () => {
      throw new Error('getPaymentMehtod not provided');
    }),
    addCreditCard: fromPromise<CallResult<AddCreditCardOutput>, AddCreditCardInput>(async () => {
      throw new Error('addCreditCard not provided');
    }),
    addPaymentMehtod: fromPromise<CallResult<AddPaymentMethodOutput>, AddPaymentMethodInput>(async () => {
      throw new Error('addPaymentMehtod not provided');
    }),
  },
  actions: {
    selectMethod: assign(({ context }) => (context.request.type === 'SELECT_METHOD' ? { method: context.request.method, error: undefined } : {})),
    selectCard: assign(({ context }) => (context.request.type === 'SELECT_CARD' ? { cardID: context.request.cardID, error: undefined } : {})),
    /** A card asked for before the saved cards are read: paying by card, that card to keep if it is among them. */
    selectCardToCheck: assign(({ context }) =>
      context.request.type === 'SELECT_CARD' ? { method: 'CreditCard' as const, cardID: context.request.cardID, error: undefined } : {},
    ),
    storeCards: assign(({ context }, params: { result: CallResult<GetPaymentMethodOutput> }) => {
      if (!params.result.ok) return {};
      const cards = params.result.data.PaymentMethodList;
      return { cards, cardID: cards.some((c) => c.id === context.cardID) ? context.cardID : cards[0]?.id, error: undefined };
    }),
    storeNewPaymentMethod: assign((_, params: { result: CallResult<AddCreditCardOutput> }) => ({
      newPaymentMethodID: params.result.ok ? params.result.data.PaymentMethodID : undefined,
    })),
    addSavedCard: assign(({ context }, params: { result: CallResult<AddPaymentMethodOutput> }) => {
      if (!params.result.ok) return {};
      const card = params.result.data.PaymentMethod;
      return { cards: [...(context.cards ?? []).filter((c) => c.id !== card.id), card], cardID: card.id, newPaymentMethodID: undefined, error: undefined };
    }),
    storeFailure: assign((_, params: { result: CallResult<unknown> }) => (params.result.ok ? {} : { error: { code: params.result.code, message: params.result.message } })),
    storeNetworkError: assign({ error: { code: NETWORK_ERROR } }),
    clearError: assign({ error: undefined }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    asksMethod: ({ context }, params: { method?: PaymentMethod }) =>
      context.request.type === 'SELECT_METHOD' && (params.method === undefined || context.request.method === params.method),
    asksKnownCard: ({ context }) => context.request.type === 'SELECT_CARD' && Boolean(context.cards?.some((c) => c.id === (context.request as { cardID: string }).cardID)),
    asksCardBeforeCardsRead: ({ context }) => context.request.type === 'SELECT_CARD' && context.cards === undefined,
    asksNewCard: ({ context }) => context.request.type === 'ADD_CARD' && context.method === 'CreditCard',
  },
}).createMachine({
  id: 'paymentChoice',
  description:
    'One change to how the member pays, for every checkout: a method (the card method reads the saved cards), a saved card (before the cards are read, the one remembered from the last payment: checked against them), or a new card (tokenised, then saved to the member and selected). Ends with the choice as it now stands.',
  context: ({ input }) => ({
    method: input.choice.method,
    cards: input.choice.cards,
    cardID: input.choice.cardID,
    error: input.choice.error,
    request: requestOf(input),
  }),
  initial: 'starting',
  output: ({ context }) => ({ method: context.method, cards: context.cards, cardID: context.cardID, error: context.error }),
  states: {
    starting: {
      description: 'What the member asked for decides the way: a method, a card, or the add-card form.',
      tags: ['step:payment'],
      always: [
        {
          guard: { type: 'asksMethod', params: { method: 'CreditCard' } },
          target: 'loadingCards',
          actions: 'selectMethod',
          description: 'Card: read the saved cards to choose from.',
        },
        { guard: { type: 'asksMethod', params: {} }, target: 'chosen', actions: 'selectMethod' },
        { guard: 'asksKnownCard', target: 'chosen', actions: 'selectCard' },
        {
          guard: 'asksCardBeforeCardsRead',
          target: 'loadingCards',
          actions: 'selectCardToCheck',
          description:
            'A card asked for before the saved cards are read (the one the member paid with last time on this device): pay by card and read them; the card stays chosen only if it is still saved.',
        },
        { guard: 'asksNewCard', target: 'addingCard', actions: 'clearError' },
        { target: 'chosen', description: 'A card the member does not have (among the cards read), or a new card while not paying by card: nothing changes.' },
      ],
    },
    loadingCards: {
      description: 'Reading the saved cards (getPaymentMehtod); the first one is selected unless the one chosen is among them.',
      tags: ['busy', 'step:payment'],
      invoke: {
        id: 'getPaymentMehtod',
        src: 'getPaymentMehtod',
        input: () => ({}),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'chosen',
            actions: { type: 'storeCards', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'chosen', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'chosen', actions: 'storeNetworkError' },
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
            CANCEL: { target: '#paymentChoice.chosen', actions: 'clearError' },
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
              { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
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
                target: '#paymentChoice.chosen',
                actions: { type: 'addSavedCard', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: { target: 'editing', actions: 'storeNetworkError' },
          },
        },
      },
    },
    chosen: {
      type: 'final',
      description: 'The choice as it now stands (with why the change failed, if it did): the checkout keeps it.',
    },
  },
});
