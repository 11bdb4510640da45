import type { SnapshotFrom } from 'xstate';
import type { paymentChoiceMachine } from './payment-choice.machine.ts';
import type { PaymentChoice, PaymentChoiceError, PaymentChoiceStep } from './payment-choice.types.ts';

export type PaymentChoiceSnapshot = SnapshotFrom<typeof paymentChoiceMachine>;
/** Choosing as a checkout reads it: undefined when it is not running (or, unprovided as in a model's own paths, a placeholder). */
type Choosing = PaymentChoiceSnapshot | undefined;

/** The snapshot of a checkout's child `paymentChoice` while it runs. */
export function of(child: { getSnapshot: () => unknown } | undefined): Choosing {
  const snapshot = child?.getSnapshot();
  return typeof snapshot === 'object' && snapshot !== null && 'tags' in snapshot ? (snapshot as PaymentChoiceSnapshot) : undefined;
}

/** A call is running. */
export const isBusy = (s: Choosing): boolean => s?.hasTag('busy') === true;

/** The step the state names with its `step:` tag; undefined once finished (the checkout keeps the choice) or not running. */
export function step(s: Choosing): PaymentChoiceStep | undefined {
  if (s === undefined || s.status === 'done') return undefined;
  for (const tag of s.tags) if (tag.startsWith('step:')) return tag.slice('step:'.length) as PaymentChoiceStep;
  throw new Error(`paymentChoice: state ${JSON.stringify(s.value)} names no step`);
}

/** The choice as it stands now (the method is the one asked for as soon as it is asked). */
export const choice = (s: PaymentChoiceSnapshot): PaymentChoice => s.context;
export const isLoadingCards = (s: Choosing): boolean => s?.matches('loadingCards') === true;
export const isAddingCard = (s: Choosing): boolean => s?.matches('addingCard') === true;
/** The add-card form takes input (it is not sending the card): closing it cancels adding. */
export const isEditingCard = (s: Choosing): boolean => s?.matches({ addingCard: 'editing' }) === true;

/** Why the last try to add a card was refused, while the card is not being sent again (the wallet's form). */
export const addCardError = (s: Choosing): PaymentChoiceError | undefined => (s === undefined || isBusy(s) ? undefined : s.context.error);
