import { Trans, useLingui } from '@lingui/react/macro';
import type { ErrorCode } from '../../contract/index.ts';
import { messageFor } from '../api/error-messages.ts';
import { useState } from 'react';
import { NativePopup } from './NativePopup.tsx';
import { popupFrame } from './popup-frame.ts';

/**
 * The central error popup of spec §8: Error Code, Reason, Dismiss. It needs no chunk: its frame is the
 * native `<dialog>` one until the popups' Radix frame has loaded (src/ui/popup-frame.ts).
 */
export function ErrorPopup(props: { code: ErrorCode; reason: string; onClose: () => void }) {
  const { i18n } = useLingui();
  // The frame it opened in, kept while it is open.
  const [Frame] = useState(() => popupFrame() ?? NativePopup);
  return (
    <Frame title={<Trans>Something went wrong</Trans>} onClose={props.onClose} role="alertdialog">
      <p className="error-message">{i18n._(messageFor(props.code))}</p>
      <dl className="error-details">
        <dt>
          <Trans>Error Code</Trans>
        </dt>
        <dd>{props.code}</dd>
        <dt>
          <Trans>Reason</Trans>
        </dt>
        <dd>{props.reason || i18n._(messageFor(props.code))}</dd>
      </dl>
      <button type="button" className="button primary" onClick={props.onClose} autoFocus>
        <Trans>Dismiss</Trans>
      </button>
    </Frame>
  );
}
