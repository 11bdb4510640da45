import type { SnapshotFrom } from 'xstate';
import type { paymentChoiceMachine } from './payment-choice.machine.ts';
import type { PaymentChoice, PaymentChoiceStep } from './payment-choice.types.ts';

export type PaymentChoiceSnapshot = SnapshotFrom<typeof paymentChoiceMachine>;

/** A call is running. */
export const isBusy = (s: PaymentChoiceSnapshot): boolean => s.hasTag('busy');

/** The step the state names with its `step:` tag; undefined once finished (the checkout keeps the choice). */
export function step(s: PaymentChoiceSnapshot): PaymentChoiceStep | undefined {
  if (s.status === 'done') return undefined;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as PaymentChoiceStep;
  throw new Error(`paymentChoice: state ${JSON.stringify(s.value)} names no step`);
}

/** The choice as it stands now (the method is the one asked for as soon as it is asked). */
export const choice = (s: PaymentChoiceSnapshot): PaymentChoice => ({ method: s.context.method, cards: s.context.cards, cardID: s.context.cardID, error: s.context.error });
export const isLoadingCards = (s: PaymentChoiceSnapshot): boolean => s.matches('loadingCards');
export const isAddingCard = (s: PaymentChoiceSnapshot): boolean => s.matches('addingCard');
/** The add-card form takes input (it is not sending the card): closing it cancels adding. */
export const isEditingCard = (s: PaymentChoiceSnapshot): boolean => s.matches({ addingCard: 'editing' });
