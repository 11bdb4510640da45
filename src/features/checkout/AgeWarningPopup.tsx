import { Trans } from '@lingui/react/macro';
import { Popup } from '../../ui/Popup.tsx';

/** Spec §2 age warning, §5: alcohol is sold only to persons aged 18 or over (Hong Kong law). */
export function AgeWarningPopup(props: { onConfirm: () => void; onDecline: () => void; onBack: () => void }) {
  return (
    <Popup title={<Trans>Are you 18 or over?</Trans>} onClose={props.onBack} role="alertdialog">
      <p>
        <Trans>
          Your order contains alcohol. Under the law of Hong Kong, intoxicating liquor must not be sold or supplied to a minor in the
          course of business. Please confirm that you are 18 years of age or over.
        </Trans>
      </p>
      <div className="checkout-actions">
        <button type="button" className="button primary" onClick={props.onConfirm} autoFocus>
          <Trans>I am 18 or over</Trans>
        </button>
        <button type="button" className="button" onClick={props.onDecline}>
          <Trans>I am under 18</Trans>
        </button>
      </div>
    </Popup>
  );
}
