import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import { paymentMessage, serverDetail } from '../../api/payment-messages.ts';
import { CardForm } from '../../ui/CardForm.tsx';
import type { createCheckoutFlow } from './checkout.actors.ts';

type CheckoutActor = ActorRefFrom<ReturnType<typeof createCheckoutFlow>>;

/** The checkout's add-card step: the card is tokenised, saved to the member, and selected. */
export function AddCardForm({ actor }: { actor: CheckoutActor }) {
  const { i18n } = useLingui();
  const busy = useSelector(actor, checkoutState.isBusy);
  const error = useSelector(actor, checkoutState.error);
  const shown = error ? i18n._(paymentMessage(error.code)) : undefined;
  const detail = error && shown ? serverDetail(error, shown) : undefined;
  return (
    <CardForm
      busy={busy}
      error={shown && (detail ? `${shown} ${detail}` : shown)}
      submitLabel={<Trans>Save card</Trans>}
      onSubmit={(card) => actor.send({ type: 'SUBMIT_CARD', ...card })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    />
  );
}
