import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { StaffSession } from '../../../contract/index.ts';
import { SessionCancelReason } from '../../../contract/staff-session-fields.ts';
import * as cancel from '../../../machines/session-cancel/session-cancel.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { createSessionCancelFlow } from './session-cancel.actors.ts';
import { useSessionErrorText } from './sessions-words.ts';

/** Cancelling one session (machines/session-cancel): confirm with a reason, cancelling, cancelled or failed with a retry. */
export function SessionCancelDialog({ session, eventName, onClose }: { session: StaffSession; eventName: string; onClose: () => void }) {
  const services = useServices();
  const { t } = useLingui();
  const errorText = useSessionErrorText();
  const machine = useMemo(() => createSessionCancelFlow(services), [services]);
  const flow = useFlow(machine, { input: { SessionID: session.SessionID } });
  const confirming = useSelector(flow, cancel.isConfirming);
  const cancelling = useSelector(flow, cancel.isCancelling);
  const failed = useSelector(flow, cancel.isFailed);
  const closed = useSelector(flow, cancel.isClosed);
  const done = useSelector(flow, cancel.cancelled);
  const refunds = useSelector(flow, cancel.refundCount);
  const error = useSelector(flow, cancel.error);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (closed) onClose();
  }, [closed, onClose]);

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    // The call's own schema: trimmed, not empty, at most 500 characters.
    const parsed = v.safeParse(SessionCancelReason, reason);
    setInvalid(!parsed.success);
    if (parsed.success) flow.send({ type: 'CONFIRM', reason: parsed.output });
  };
  const close = () => (confirming || failed ? flow.send({ type: 'CANCEL' }) : onClose());
  const when = hongKongDateTime(session.StartAt);
  const sold = session.SeatsSold;
  // A refused reason shows under the field instead.
  const reasonError = invalid || (confirming && (error === 'InvalidParameter' || error === 'MissingParameter'));
  const shownError = error && !reasonError ? errorText(error, 'cancel') : undefined;

  return (
    <Popup role="alertdialog" title={t`Cancel the session of ${eventName} on ${when}?`} onClose={close}>
      <div className="admin-dialog">
        {done ? (
          <>
            <p role="status">
              {refunds === 0
                ? t`Session cancelled. No paid booking needed a refund.`
                : plural(refunds, {
                    one: 'Session cancelled. # refund request was recorded.',
                    other: 'Session cancelled. # refund requests were recorded.',
                  })}
            </p>
            {refunds > 0 && (
              <p>
                <Trans>
                  Refunds are paid out on the{' '}
                  <Link to="/admin/{-$section}" params={{ section: 'refunds' }}>
                    Refunds page
                  </Link>
                  .
                </Trans>
              </p>
            )}
            <div className="admin-dialog-actions">
              <button type="button" className="button primary" onClick={onClose}>
                <Trans>Done</Trans>
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={confirm} noValidate>
            <p>
              {sold > 0
                ? plural(sold, {
                    one: 'Its sale stops and its unpaid orders are cancelled. # seat is sold: each booker is mailed and each paid booking gets a refund request. This cannot be undone.',
                    other: 'Its sale stops and its unpaid orders are cancelled. # seats are sold: each booker is mailed and each paid booking gets a refund request. This cannot be undone.',
                  })
                : t`Its sale stops and its unpaid orders are cancelled. No seat is sold yet. This cannot be undone.`}
            </p>
            <Field
              label={<Trans>Reason</Trans>}
              value={reason}
              maxLength={500}
              disabled={!confirming}
              onChange={(e) => setReason(e.target.value)}
              error={reasonError ? t`Say why the session is cancelled (at most 500 characters).` : undefined}
            />
            {shownError && <FormError>{shownError}</FormError>}
            <div className="admin-dialog-actions">
              {failed ? (
                <button type="button" className="button danger-text" onClick={() => flow.send({ type: 'RETRY' })}>
                  <Trans>Try again</Trans>
                </button>
              ) : (
                <button type="submit" className="button danger-text" aria-disabled={cancelling} aria-busy={cancelling}>
                  {cancelling ? <Trans>Cancelling…</Trans> : <Trans>Cancel the session</Trans>}
                </button>
              )}
              <button type="button" className="button" onClick={close}>
                <Trans>Keep the session</Trans>
              </button>
            </div>
          </form>
        )}
      </div>
    </Popup>
  );
}
