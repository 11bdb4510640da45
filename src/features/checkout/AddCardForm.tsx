import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import type { FlowCode } from '../../../machines/shared/codes.ts';
import { paymentMessage, serverDetail } from '../../api/payment-messages.ts';
import { CardForm, type CardDetails } from '../../ui/CardForm.tsx';
import type { createCheckoutFlow } from './checkout.actors.ts';

type CheckoutActor = ActorRefFrom<ReturnType<typeof createCheckoutFlow>>;

/** The checkout's add-card step: the card is tokenised, saved to the member, and selected. */
export function AddCardForm({ actor }: { actor: CheckoutActor }) {
  const busy = useSelector(actor, checkoutState.isBusy);
  const error = useSelector(actor, checkoutState.error);
  return (
    <AddCardFields
      busy={busy}
      error={error}
      onSubmit={(card) => actor.send({ type: 'SUBMIT_CARD', ...card })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    />
  );
}

/** The add-card form of any checkout flow (product or event): why the last try was refused, in words. */
export function AddCardFields(props: {
  busy: boolean;
  error: { code: FlowCode; message?: string | undefined } | undefined;
  onSubmit: (card: CardDetails) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const { error } = props;
  const shown = error ? i18n._(paymentMessage(error.code)) : undefined;
  const detail = error && shown ? serverDetail(error, shown) : undefined;
  return (
    <CardForm
      busy={props.busy}
      error={shown && (detail ? `${shown} ${detail}` : shown)}
      submitLabel={<Trans>Save card</Trans>}
      onSubmit={props.onSubmit}
      onCancel={props.onCancel}
    />
  );
}
