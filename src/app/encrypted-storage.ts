/**
 * Spec §9: the id cookie "encrypts stored local state". Values kept in localStorage are sealed with
 * AES-GCM under a key derived (HKDF-SHA-256) from the id cookie, so what a page leaves on the device
 * reads as noise without that browser's cookie, and a value from another cookie (cleared, expired)
 * is dropped instead of misread. Each write has a fresh 96-bit IV.
 */

/** Where sealed values go: `localStorage` in the browser. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface EncryptedStorage {
  /** The value under `key`, or undefined when there is none or it cannot be opened (it is then removed). */
  read<T>(key: string): Promise<T | undefined>;
  write(key: string, value: unknown): Promise<void>;
  remove(key: string): void;
}

const SALT = 'sip-and-gather/local-state/v1';
const encoder = new TextEncoder();

/** In slices: a string built a byte at a time took some 65 ms of a phone's main thread for one kept answer (issue 30). */
const toBase64 = (bytes: Uint8Array): string => {
  const slices: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) slices.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  return btoa(slices.join(''));
};
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The AES-GCM key of a cookie id, for one purpose (`info`), not extractable. */
export async function deriveStorageKey(secret: string, purpose: string, subtle: SubtleCrypto = crypto.subtle): Promise<CryptoKey> {
  const base = await subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(SALT), info: encoder.encode(purpose) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export function encryptedStorage(options: {
  /** The id cookie's value (src/app/cookie-id.ts). */
  secret: string;
  /** What the values are for; a different purpose gives a different key. */
  purpose: string;
  storage?: KeyValueStorage;
  crypto?: Crypto;
}): EncryptedStorage {
  const storage = options.storage ?? localStorage;
  const webCrypto = options.crypto ?? crypto;
  let key: Promise<CryptoKey> | undefined;
  const keyOnce = () => (key ??= deriveStorageKey(options.secret, options.purpose, webCrypto.subtle));

  return {
    async read<T>(name: string): Promise<T | undefined> {
      const raw = storage.getItem(name);
      if (raw === null) return undefined;
      try {
        const sealed = JSON.parse(raw) as { v?: unknown; iv?: unknown; data?: unknown };
        if (sealed.v !== 1 || typeof sealed.iv !== 'string' || typeof sealed.data !== 'string') throw new Error('not sealed by us');
        // The key's name is bound as additional data, so a value moved to another name does not open.
        const plain = await webCrypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: encoder.encode(name) },
          await keyOnce(),
          fromBase64(sealed.data),
        );
        return JSON.parse(new TextDecoder().decode(plain)) as T;
      } catch {
        storage.removeItem(name);
        return undefined;
      }
    },
    async write(name, value) {
      const iv = webCrypto.getRandomValues(new Uint8Array(12));
      const data = await webCrypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
        await keyOnce(),
        encoder.encode(JSON.stringify(value)),
      );
      storage.setItem(name, JSON.stringify({ v: 1, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) }));
    },
    remove(name) {
      storage.removeItem(name);
    },
  };
}
