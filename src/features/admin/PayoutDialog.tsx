import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { StaffRefund } from '../../../contract/index.ts';
import { BankReference } from '../../../contract/staff-fields.ts';
import * as payout from '../../../machines/refund-payout/refund-payout.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { useMethodName } from '../../ui/order-words.ts';
import { useAdminErrorText } from './admin-words.ts';
import { createRefundPayoutFlow } from './refund-payout.actors.ts';

/** Paying one refund out (machines/refund-payout): confirm, paying, paid or failed with a retry. */
export function PayoutDialog({ refund, onClose }: { refund: StaffRefund; onClose: () => void }) {
  const services = useServices();
  const { t } = useLingui();
  const methodName = useMethodName();
  const errorText = useAdminErrorText();
  const machine = useMemo(() => createRefundPayoutFlow(services), [services]);
  const flow = useFlow(machine, { input: { RefundID: refund.RefundID, PaymentMethod: refund.PaymentMethod } });
  const confirming = useSelector(flow, payout.isConfirming);
  const paying = useSelector(flow, payout.isPaying);
  const failed = useSelector(flow, payout.isFailed);
  const cancelled = useSelector(flow, payout.isCancelled);
  const byTransfer = useSelector(flow, payout.needsBankReference);
  const error = useSelector(flow, payout.error);
  const paid = useSelector(flow, payout.paid);
  const [reference, setReference] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (cancelled) onClose();
  }, [cancelled, onClose]);

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!byTransfer) return flow.send({ type: 'CONFIRM' });
    // The call's own schema: trimmed, not empty, at most 100 characters.
    const parsed = v.safeParse(BankReference, reference);
    setInvalid(!parsed.success);
    if (parsed.success) flow.send({ type: 'CONFIRM', bankReference: parsed.output });
  };
  const close = () => (confirming || failed ? flow.send({ type: 'CANCEL' }) : onClose());
  const order = refund.Reference || refund.OrderID;
  const method = refund.PaymentMethod ? methodName(refund.PaymentMethod) : '';
  const bankReference = paid?.BankReference;
  const providerRefund = paid?.ProviderRefundID;
  // A failure the bank reference form answers (MissingParameter) shows under the field instead.
  const shownError = error && !(confirming && error === 'MissingParameter') ? errorText(error, 'pay') : undefined;

  return (
    <Popup role="alertdialog" title={t`Pay out the refund of order ${order}`} onClose={close}>
      <div className="admin-dialog">
        <p>
          <Trans>
            Amount: <Price amount={refund.Amount} currency={refund.Currency} />
          </Trans>
          <br />
          {refund.PaymentMethod ? (
            byTransfer ? (
              <Trans>It goes back by a bank transfer you make; record its reference here.</Trans>
            ) : (
              <Trans>It goes back through the payment provider, to the {method} it came from.</Trans>
            )
          ) : byTransfer ? (
            <Trans>It came by FPS: it goes back by a bank transfer you make; record its reference here.</Trans>
          ) : (
            <Trans>It goes back the way it was paid.</Trans>
          )}
        </p>
        {paid ? (
          <>
            <p role="status">
              {bankReference ? (
                <Trans>Paid out. Bank transfer reference: {bankReference}.</Trans>
              ) : providerRefund ? (
                <Trans>Paid out. The provider’s refund: {providerRefund}.</Trans>
              ) : (
                <Trans>Paid out.</Trans>
              )}
            </p>
            <div className="admin-dialog-actions">
              <button type="button" className="button primary" onClick={onClose}>
                <Trans>Done</Trans>
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={confirm} noValidate>
            {byTransfer && (
              <Field
                label={<Trans>Bank transfer reference</Trans>}
                value={reference}
                maxLength={100}
                autoComplete="off"
                disabled={!confirming}
                onChange={(e) => setReference(e.target.value)}
                error={invalid || (confirming && error === 'MissingParameter') ? t`Enter the bank transfer’s reference (at most 100 characters).` : undefined}
              />
            )}
            {shownError && <FormError>{shownError}</FormError>}
            <div className="admin-dialog-actions">
              {failed ? (
                <button type="button" className="button primary" onClick={() => flow.send({ type: 'RETRY' })}>
                  <Trans>Try again</Trans>
                </button>
              ) : (
                <button type="submit" className="button primary" aria-disabled={paying} aria-busy={paying}>
                  {paying ? <Trans>Paying out…</Trans> : <Trans>Pay out</Trans>}
                </button>
              )}
              <button type="button" className="button" onClick={close}>
                <Trans>Close</Trans>
              </button>
            </div>
          </form>
        )}
      </div>
    </Popup>
  );
}
