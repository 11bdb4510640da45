import { luhnValid } from '../../contract/card-number.ts';
/**
 * What the inspector may show of actors' snapshots and events: plain data (actor references, functions
 * and cycles made readable), with tokens, card data and passwords masked before anything leaves the
 * page that owns them.
 */

export const MASK = '•••';

/** Keys whose values are secrets wherever they appear. */
const SECRET_KEY =
  /pass(word|code|phrase)?$|token|secret|authori[sz]ation|cookie|^session$|cvc|cvv|csc|card_?(number|no)|^pan$|^card$|expiry|^exp_?(month|year)$|confirmation_?code|verification_?code|^otp$/i;
/** A JWT anywhere in a text (a bare token, or `Bearer …`). */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const DIGITS = /^\d[\d -]{11,22}\d$/;

/** A card number: 13 to 19 digits that pass the Luhn check (spaces and dashes allowed). */
export function isCardNumber(text: string): boolean {
  if (!DIGITS.test(text)) return false;
  const digits = text.replace(/[ -]/g, '');
  return digits.length >= 13 && digits.length <= 19 && luhnValid(digits);
}

function maskString(text: string): string {
  if (text.includes('eyJ')) text = text.replace(JWT, `${MASK} (JWT)`);
  if (isCardNumber(text)) return `${MASK} ${text.replace(/[ -]/g, '').slice(-4)}`;
  return text;
}

function maskSecret(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  if (typeof value === 'string' && isCardNumber(value)) return `${MASK} ${value.replace(/[ -]/g, '').slice(-4)}`;
  return MASK;
}

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/**
 * A structured-clone-safe copy of `value` with secrets masked: by key (passwords, tokens, card
 * fields, one-time codes), and by look (JWTs, card numbers) wherever they are.
 */
export function maskedCopy(value: unknown, key = '', seen = new WeakSet<object>(), depth = 0): unknown {
  if (key && SECRET_KEY.test(key)) return typeof value === 'object' && value !== null ? MASK : maskSecret(value);
  // Verification codes are 6 digits (error codes such as 70600 are not).
  if (key === 'code' && typeof value === 'string' && /^\d{6}$/.test(value)) return MASK;
  if (typeof value === 'string') return maskString(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return value;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object') return String(value);
  if (isActorRef(value)) return `[actor ${value.id}]`;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { error: value.name, message: maskString(value.message) };
  if (seen.has(value)) return '[cycle]';
  if (depth > 10) return '…';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => maskedCopy(item, '', seen, depth + 1));
    if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), maskedCopy(v, String(k), seen, depth + 1)]));
    if (value instanceof Set) return [...value].map((item) => maskedCopy(item, '', seen, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const copy = maskedCopy(v, k, seen, depth + 1);
      if (copy !== undefined) out[k] = copy;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
