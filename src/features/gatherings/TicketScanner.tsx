import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

/** What a ticket's QR or link carries: its link (…/activate_ticket/{id}) or the id itself. */
export function ticketIdOf(text: string): string {
  const trimmed = text.trim();
  const match = trimmed.match(/\/activate_ticket\/([^/?#\s]+)/);
  return match ? decodeURIComponent(match[1]!) : trimmed;
}

/** How often the camera's picture is looked at for a QR code (by the browser's BarcodeDetector). */
const SCAN_EVERY_MS = 300;
/** With jsQR instead: about 5 frames a second, each decoded on the page's own thread. */
const JS_SCAN_EVERY_MS = 200;

type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
const detectorClass = () => (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
const hasCamera = () => typeof globalThis.navigator?.mediaDevices?.getUserMedia === 'function';

/** Reads the QR in the video's picture now, if there is one. */
type QrReader = { read: (video: HTMLVideoElement) => Promise<string | undefined>; everyMs: number };

/** The browser's BarcodeDetector where it has one; jsQR otherwise, its chunk loaded only now (qr-frames.ts). */
async function qrReader(): Promise<QrReader> {
  const Detector = detectorClass();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return { read: (video) => detector.detect(video).then(([code]) => code?.rawValue || undefined), everyMs: SCAN_EVERY_MS };
  }
  const { createFrameReader } = await import('./qr-frames.ts');
  const readFrame = createFrameReader();
  return { read: async (video) => readFrame(video), everyMs: JS_SCAN_EVERY_MS };
}

/**
 * A ticket by its QR (the phone's camera, read by the browser's BarcodeDetector, or by jsQR where there is
 * none) or by its link or id typed in. `onTicket` gets the ticket's id.
 */
export function TicketScanner({ busy, onTicket }: { busy: boolean; onTicket: (ticketID: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [scanning, setScanning] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const canScan = detectorClass() !== undefined || hasCamera();

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stopCamera = () => stream?.getTracks().forEach((track) => track.stop());
    const look = async (reader: QrReader) => {
      if (stopped || !video.current) return;
      // A frame that fails to read is as one without a QR: the next one is looked at.
      const text = await reader.read(video.current).catch(() => undefined);
      if (stopped) return;
      if (text) {
        setScanning(false);
        onTicket(ticketIdOf(text));
        return;
      }
      timer = setTimeout(() => void look(reader), reader.everyMs);
    };
    // The decoder loads while the member allows the camera, not after.
    const reader = qrReader();
    reader.catch(() => undefined);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        // Stopped while the camera was being allowed: the cleanup had no stream to stop yet.
        if (stopped || !video.current) return stopCamera();
        video.current.srcObject = s;
        await video.current.play();
        void look(await reader);
      })
      .catch(() => {
        if (stopped) return;
        setCameraFailed(true);
        setScanning(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera();
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
