import { Trans, useLingui } from '@lingui/react/macro';
import type { FlowCode } from '../../machines/shared/codes.ts';
import { paymentMessage, serverDetail } from '../api/payment-messages.ts';
import { CardForm, type CardDetails } from './CardForm.tsx';

/** The add-card form of every checkout flow (product or event) and of the wallet: why the last try was refused, in words. */
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
