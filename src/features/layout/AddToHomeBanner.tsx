import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

const DISMISSED_KEY = 'sg.addToHomeDismissed';

/** Suggests adding the shop to the phone's home screen, until dismissed. */
export function AddToHomeBanner() {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  const { t } = useLingui();
  if (dismissed) return null;
  return (
    <aside className="add-to-home" aria-label={t`Add to home screen`}>
      <p>
        <Trans>Add Sip &amp; Gather to your home screen: open your browser's menu and choose "Add to Home Screen".</Trans>
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Dismiss`}
        onClick={() => {
          localStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
