import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffCancelOrder, staffShipOrder, type StaffOrder } from '../../../contract/index.ts';
import { CancelReason, TrackingNumber } from '../../../contract/staff-fields.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { ADMIN_KEY } from './queries.ts';

/** After a change the lists are read afresh (the order's row, and the counts of what is left to pack). */
function useRefreshOrders() {
  const { queryClient } = useServices();
  return () => queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'orders'] });
}

/** Ship a paid parcel with the courier's tracking number, checked with the call's own schema before it is sent. */
export function ShipOrderDialog({ order, onClose, onShipped }: { order: StaffOrder; onClose: () => void; onShipped: (order: StaffOrder) => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const refresh = useRefreshOrders();
  const [tracking, setTracking] = useState('');
  const [invalid, setInvalid] = useState(false);
  const ship = useMutation({
    mutationFn: (TrackingNumber: string) => api.call(staffShipOrder, { OrderID: order.OrderID, TrackingNumber }),
    onSuccess: async ({ Order }) => {
      await refresh();
      onShipped(Order);
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(ship.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ship.isPending) return;
    const parsed = v.safeParse(TrackingNumber, tracking);
    setInvalid(!parsed.success);
    if (parsed.success) ship.mutate(parsed.output);
  };
  const reference = order.Reference;
  return (
    <Popup title={t`Ship order ${reference}`} description={t`The member is mailed and notified with the tracking number.`} onClose={onClose}>
      <form className="admin-dialog" onSubmit={submit} noValidate>
        <p>
          {order.Member.Name} · {order.Member.Email} · <Price amount={order.Total} currency={order.Currency} />
        </p>
        <Field
          label={<Trans>Tracking number</Trans>}
          value={tracking}
          maxLength={60}
          autoComplete="off"
          onChange={(e) => setTracking(e.target.value)}
          error={invalid ? t`Enter the courier’s tracking number (at most 60 characters).` : undefined}
        />
        {code && <FormError>{errorText(code, 'ship')}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button primary" disabled={ship.isPending} aria-busy={ship.isPending}>
            {ship.isPending ? <Trans>Shipping…</Trans> : <Trans>Mark as shipped</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}

/** Cancel an unpaid order (what it held goes back), with the reason kept in the audit log: asked to confirm. */
export function CancelOrderDialog({ order, onClose, onCancelled }: { order: StaffOrder; onClose: () => void; onCancelled: (order: StaffOrder) => void }) {
  const { api } = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const refresh = useRefreshOrders();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const cancel = useMutation({
    mutationFn: (Reason: string) => api.call(staffCancelOrder, { OrderID: order.OrderID, Reason }),
    onSuccess: async ({ Order }) => {
      await refresh();
      onCancelled(Order);
    },
    meta: { handlesErrors: true },
  });
  const code = errorCode(cancel.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (cancel.isPending) return;
    const parsed = v.safeParse(CancelReason, reason);
    setInvalid(!parsed.success);
    if (parsed.success) cancel.mutate(parsed.output);
  };
  const reference = order.Reference;
  return (
    <Popup
      role="alertdialog"
      title={t`Cancel order ${reference}?`}
      description={t`The order cannot be paid any more; its stock or seats go back. This cannot be undone.`}
      onClose={onClose}
    >
      <form className="admin-dialog" onSubmit={submit} noValidate>
        <Field
          label={<Trans>Reason</Trans>}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          error={invalid ? t`Say why the order is cancelled (at most 500 characters).` : undefined}
        />
        {code && <FormError>{errorText(code, 'cancel')}</FormError>}
        <div className="admin-dialog-actions">
          <button type="submit" className="button danger-text" disabled={cancel.isPending} aria-busy={cancel.isPending}>
            {cancel.isPending ? <Trans>Cancelling…</Trans> : <Trans>Cancel the order</Trans>}
          </button>
          <button type="button" className="button" onClick={onClose}>
            <Trans>Keep the order</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}
