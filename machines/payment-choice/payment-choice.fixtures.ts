import type { paymentChoiceMachine } from './payment-choice.machine.ts';
import type { PaymentChoice, PaymentChoiceContext, SavedCard } from './payment-choice.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const visa: SavedCard = { id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 };
export const mastercard: SavedCard = { id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 2, expYear: 2032 };
export const newCard: SavedCard = { id: 'pm_new', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 };

const byCard = { method: 'CreditCard' as const, cards: [visa, mastercard], cardID: 'pm_visa' };

/**
 * How choosing ends, for a checkout's model (this flow's own model says how it gets there): a card of
 * two, none saved, the cards unread, another method; `extra` (the checkout's own ends) go before the
 * last (FPS).
 */
export function choiceEnds(...extra: PaymentChoice[]): [PaymentChoice, ...PaymentChoice[]] {
  return [
    byCard,
    { ...byCard, cardID: 'pm_mc' },
    { method: 'CreditCard', cards: [], cardID: undefined },
    { method: 'CreditCard', cards: undefined, cardID: undefined, error: { code: 'StripeError' } },
    ...extra,
    { method: 'FPS' },
  ];
}

/** What `npm run paths`, the tests and the flow atlas drive the paymentChoiceMachine with. */
export const fixtures: FlowFixtures<typeof paymentChoiceMachine> = {
  inputs: [
    { choice: {}, request: { type: 'SELECT_METHOD', method: 'CreditCard' } },
    { choice: { ...byCard, cardID: 'pm_mc' }, request: { type: 'SELECT_METHOD', method: 'CreditCard' } },
    { choice: { ...byCard, error: { code: 'OrderNotPlaced' } }, request: { type: 'SELECT_METHOD', method: 'FPS' } },
    { choice: byCard, request: { type: 'SELECT_CARD', cardID: 'pm_mc' } },
    { choice: { ...byCard, error: { code: 'PaymentFail' } }, request: { type: 'SELECT_CARD', cardID: 'pm_unknown' } },
    // The card remembered from the last payment, asked for before the cards are read: kept if still saved, else the first.
    { choice: {}, request: { type: 'SELECT_CARD', cardID: 'pm_mc' } },
    { choice: {}, request: { type: 'SELECT_CARD', cardID: 'pm_removed' } },
    { choice: byCard, request: { type: 'ADD_CARD' } },
    { choice: { method: 'Alipay' }, request: { type: 'ADD_CARD' } },
  ],
  describeInput: (input) => `${input.request.type} ${JSON.stringify({ ...input.request, type: undefined })} with ${input.choice.method ?? 'no method'}`,
  events: {
    SUBMIT_CARD: [{ type: 'SUBMIT_CARD', number: '4242 4242 4242 4242', expMonth: 4, expYear: 2031, cvc: '123' }],
    CANCEL: [{ type: 'CANCEL' }],
  },
  actors: {
    getPaymentMehtod: {
      done: [{ ok: true, data: { PaymentMethodList: [visa, mastercard] } }, { ok: true, data: { PaymentMethodList: [] } }, { ok: false, code: 'StripeError' }],
      error: new Error('network down'),
    },
    addCreditCard: {
      done: [{ ok: true, data: { PaymentMethodID: 'pm_new' } }, { ok: false, code: 'PaymentFail', message: 'Your card number is incorrect.' }],
      error: new Error('network down'),
    },
    addPaymentMehtod: {
      done: [{ ok: true, data: { PaymentMethod: newCard } }, { ok: false, code: 'StripeError' }],
      error: new Error('network down'),
    },
  },
  abstraction: (s) => {
    const c = s.context as PaymentChoiceContext;
    return { method: c.method, cards: c.cards?.length, card: c.cardID, error: c.error?.code, adding: c.newPaymentMethodID !== undefined };
  },
};
