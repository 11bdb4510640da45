/**
 * Web NFC (Chrome on Android): reading the shop's tags directly. Elsewhere `'NDEFReader' in window` is
 * false and the page offers no scan.
 */
interface NdefRecord {
  recordType: string;
  data?: DataView;
}
interface NdefReadingEvent extends Event {
  message: { records: NdefRecord[] };
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefReader;

export function webNfcSupported(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window;
}

/** The tag ID in an address of ours (…/nfc/{ID}), if it is one. */
export function tagIdOf(url: string): string | undefined {
  try {
    const path = new URL(url, window.location.origin).pathname;
    const match = path.match(/^\/nfc\/([^/]+)\/?$/);
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

/** The first URL record's address, decoded. */
function urlOf(event: NdefReadingEvent): string | undefined {
  for (const record of event.message.records) {
    if ((record.recordType === 'url' || record.recordType === 'absolute-url') && record.data) return new TextDecoder().decode(record.data);
  }
  return undefined;
}

export type ScanOutcome = { kind: 'tag'; ID: string } | { kind: 'notOurs' } | { kind: 'denied' } | { kind: 'failed' };

/**
 * Starts reading tags (the browser asks for permission the first time) until `signal` aborts; each tag read
 * calls `onRead`. Resolves once scanning has started; rejects as `denied` or `failed`.
 */
export async function scanTags(signal: AbortSignal, onRead: (outcome: ScanOutcome) => void): Promise<void> {
  const Reader = (window as unknown as { NDEFReader: NdefReaderConstructor }).NDEFReader;
  const reader = new Reader();
  reader.addEventListener('reading', (event) => {
    const url = urlOf(event as NdefReadingEvent);
    const ID = url ? tagIdOf(url) : undefined;
    onRead(ID ? { kind: 'tag', ID } : { kind: 'notOurs' });
  });
  reader.addEventListener('readingerror', () => onRead({ kind: 'failed' }));
  try {
    await reader.scan({ signal });
  } catch (error) {
    throw new ScanError(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'failed');
  }
}

export class ScanError extends Error {
  constructor(readonly kind: 'denied' | 'failed') {
    super(kind);
  }
}
