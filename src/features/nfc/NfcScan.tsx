import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ScanError, scanTags, webNfcSupported, type ScanOutcome } from './web-nfc.ts';

type ScanState = { kind: 'idle' } | { kind: 'scanning' } | { kind: 'notOurs' } | { kind: 'denied' } | { kind: 'failed' };

/**
 * "Scan a tag": reads the shop's tags with Web NFC (Chrome on Android) and opens the tag's page. Not shown
 * where the browser cannot read tags (there, the phone opens the tag's address by itself).
 */
export function NfcScan() {
  const navigate = useNavigate();
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const scanning = useRef<AbortController | null>(null);
  useEffect(() => () => scanning.current?.abort(), []);
  if (!webNfcSupported()) return null;

  const stop = () => {
    scanning.current?.abort();
    scanning.current = null;
  };
  const start = async () => {
    stop();
    const controller = new AbortController();
    scanning.current = controller;
    setState({ kind: 'scanning' });
    const onRead = (outcome: ScanOutcome) => {
      if (outcome.kind === 'tag') {
        stop();
        setState({ kind: 'idle' });
        void navigate({ to: '/nfc/$ID', params: { ID: outcome.ID } });
      } else setState({ kind: outcome.kind });
    };
    try {
      await scanTags(controller.signal, onRead);
    } catch (error) {
      if (controller.signal.aborted) return;
      stop();
      setState({ kind: error instanceof ScanError ? error.kind : 'failed' });
    }
  };

  return (
    <section className="nfc-scan" aria-labelledby="nfc-scan-title">
      <h2 id="nfc-scan-title">
        <Trans>Scan another tag</Trans>
      </h2>
      {state.kind === 'scanning' ? (
        <>
          <p role="status">
            <Trans>Hold the top of your phone to the tag on the tin or bottle…</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              stop();
              setState({ kind: 'idle' });
            }}
          >
            <Trans>Stop scanning</Trans>
          </button>
        </>
      ) : (
        <>
          {state.kind !== 'idle' && (
            <p role="alert" className="nfc-scan-problem">
              {state.kind === 'notOurs' ? (
                <Trans>That tag is not one of Sip & Gather's. Try the tag on the lid or label.</Trans>
              ) : state.kind === 'denied' ? (
                <Trans>The browser was not allowed to use NFC. Allow it in the site settings, then try again.</Trans>
              ) : (
                <Trans>The tag could not be read. Turn NFC on in your phone's settings and try again.</Trans>
              )}
            </p>
          )}
          <button type="button" className="button" onClick={() => void start()}>
            <Trans>Scan a tag</Trans>
          </button>
        </>
      )}
    </section>
  );
}
