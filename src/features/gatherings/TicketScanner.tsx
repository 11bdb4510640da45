import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

/** What a ticket's QR or link carries: its link (…/activate_ticket/{id}) or the id itself. */
export function ticketIdOf(text: string): string {
  const trimmed = text.trim();
  const match = trimmed.match(/\/activate_ticket\/([^/?#\s]+)/);
  return match ? decodeURIComponent(match[1]!) : trimmed;
}

/** How often the camera's picture is looked at for a QR code. */
const SCAN_EVERY_MS = 300;

type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
const detectorClass = () => (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;

/**
 * A ticket by its QR (the phone's camera, through the browser's BarcodeDetector where it has one) or by its
 * link or id typed in. `onTicket` gets the ticket's id.
 */
export function TicketScanner({ busy, onTicket }: { busy: boolean; onTicket: (ticketID: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [scanning, setScanning] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const canScan = detectorClass() !== undefined;

  useEffect(() => {
    const Detector = detectorClass();
    if (!scanning || !Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const [code] = await detector.detect(video.current).catch(() => []);
      if (code?.rawValue) {
        setScanning(false);
        onTicket(ticketIdOf(code.rawValue));
        return;
      }
      timer = setTimeout(() => void look(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setCameraFailed(true);
        setScanning(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, onTicket]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!typed.trim()) return;
    onTicket(ticketIdOf(typed));
    setTyped('');
  };

  return (
    <div className="ticket-scanner">
      {canScan && (
        <button type="button" className="button primary wide" disabled={busy} onClick={() => setScanning((s) => !s)}>
          {scanning ? <Trans>Stop the camera</Trans> : <Trans>Scan a ticket</Trans>}
        </button>
      )}
      {scanning && <video ref={video} className="scanner-video" muted playsInline aria-label={t`Camera`} />}
      {cameraFailed && (
        <p className="muted">
          <Trans>The camera could not be opened: type the ticket’s code instead.</Trans>
        </p>
      )}
      <form className="ticket-form" onSubmit={submit}>
        <label htmlFor={id}>
          <Trans>Ticket link or code</Trans>
        </label>
        <input id={id} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="button" disabled={busy}>
          <Trans>Check in</Trans>
        </button>
      </form>
    </div>
  );
}
