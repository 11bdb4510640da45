/**
 * Choosing how to pay, for every checkout (products, events, subscriptions): one change to the method
 * and card the member pays with. Picking a method (the card method reads the saved cards), picking a
 * saved card, or adding a card (tokenised, then saved to the member and selected). The checkout starts it
 * with what is chosen so far and the member's request, and keeps what it ends with.
 */
export type { CallResult } from '../shared/call-result.ts';
import type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode, FlowCode } from '../shared/codes.ts';
import type { FlowCode } from '../shared/codes.ts';

/** Spec §9: credit card (through the card provider), Alipay, FPS QR. */
export type PaymentMethod = 'CreditCard' | 'Alipay' | 'FPS';
/** Spec §3 "Selected payment card". */
export type SavedCard = { id: string; brand: string; last4: string; expMonth: number; expYear: number };

// ---- Payment methods (spec §7 "Payment methods", names as the spec spells them).
/** getPaymentMehtod: the member's saved cards. */
export type GetPaymentMethodOutput = { PaymentMethodList: SavedCard[] };
/**
 * addCreditCard {number, exp_month, exp_year, cvc} (test only, spec §7): tokenises the card. With
 * Stripe configured the app provides Stripe.js's createPaymentMethod here instead; either way the
 * answer is the payment method to save.
 */
export type AddCreditCardInput = { number: string; exp_month: number; exp_year: number; cvc: string };
export type AddCreditCardOutput = { PaymentMethodID: string };
/** addPaymentMehtod {PaymentMethodID}: saves it to the member; answers the saved card. */
export type AddPaymentMethodInput = { PaymentMethodID: string };
export type AddPaymentMethodOutput = { PaymentMethod: SavedCard };
export type Empty = Record<string, never>;

export type PaymentChoiceError = { code: FlowCode; message?: string | undefined };

/** How the member pays: the method, the saved cards once read, the card when paying by card, and why the last change failed. */
export type PaymentChoice = {
  method?: PaymentMethod | undefined;
  cards?: SavedCard[] | undefined;
  cardID?: string | undefined;
  error?: PaymentChoiceError | undefined;
};

/** What the member asked for: the checkout passes on the event its page sent. */
export type PaymentChoiceRequest = { type: 'SELECT_METHOD'; method: PaymentMethod } | { type: 'SELECT_CARD'; cardID: string } | { type: 'ADD_CARD' };

/**
 * What is chosen so far (a checkout passes its whole context: the choice's fields are read from it) and the
 * event that started choosing; any event but a request (paying an order again by card) asks for the card
 * method, its cards read.
 */
export type PaymentChoiceInput = { choice: PaymentChoice; request: PaymentChoiceRequest | { type: string } };
export type PaymentChoiceOutput = PaymentChoice;

export type PaymentChoiceContext = PaymentChoice & {
  request: PaymentChoiceRequest;
  /** Between tokenising a new card and saving it to the member. */
  newPaymentMethodID?: string | undefined;
};

/** The add-card form's events (the checkout forwards them while the form is open). */
export type PaymentChoiceEvent = { type: 'SUBMIT_CARD'; number: string; expMonth: number; expYear: number; cvc: string } | { type: 'CANCEL' };

/** The part of the checkout page each state is: tags `step:<name>`. */
export type PaymentChoiceStep = 'payment' | 'addCard';
export type PaymentChoiceTag = 'busy' | `step:${PaymentChoiceStep}`;

export type GetPaymentMethodResult = CallResult<GetPaymentMethodOutput>;
