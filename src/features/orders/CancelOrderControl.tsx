import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

/**
 * "Cancel order", asked once more before it is done ("Yes, cancel order" / "Keep order"): My orders, the
 * unpaid orders of every kind and an order's record cancel the same way. `label` names the order for a
 * screen reader where several are listed.
 */
export function CancelOrderControl({ pending, onCancel, label, small = false }: { pending: boolean; onCancel: () => void; label?: string; small?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const buttonClass = small ? 'button small' : 'button';
  return confirming ? (
    <span role="group" aria-label={label} className="orders-confirm">
      <button type="button" className={buttonClass} disabled={pending} onClick={onCancel}>
        <Trans>Yes, cancel order</Trans>
      </button>
      <button type="button" className="link-button" disabled={pending} onClick={() => setConfirming(false)}>
        <Trans>Keep order</Trans>
      </button>
    </span>
  ) : (
    <button type="button" className={buttonClass} onClick={() => setConfirming(true)}>
      <Trans>Cancel order</Trans>
    </button>
  );
}
