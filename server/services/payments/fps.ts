/**
 * Hong Kong FPS "merchant-presented" QR codes (HKMA Common QR Code Specification, built on EMVCo
 * MPM): the payload a banking app scans, its parser, the HKD amount it carries, and its picture.
 *
 * A payload is a list of TLV data objects: two-digit ID, two-digit length, value. Templates (26, 62)
 * hold TLV lists themselves. The last object is the CRC (ID 63, length 04): CRC-16/CCITT-FALSE over
 * the whole payload up to and including "6304", written as 4 upper-case hex digits.
 */
import { renderSVG, encode } from 'uqr';
import { minorDigits } from '../money.ts';

/** The GUID that marks template 26 as HKICL's Faster Payment System. */
export const FPS_GUID = 'hk.com.hkicl';
/** ISO 4217 numeric code of the Hong Kong dollar. */
export const HKD_NUMERIC = '344';

/** Top-level data object IDs used here (EMVCo MPM). */
export const FpsId = {
  payloadFormat: '00',
  initiation: '01',
  fpsAccount: '26',
  merchantCategory: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  city: '60',
  additionalData: '62',
  crc: '63',
} as const;

/** Sub-IDs of template 26 (HKICL): the GUID, then one proxy saying whose account receives the money. */
export const FpsAccountId = { guid: '00', clearingCode: '01', fpsId: '02', mobile: '03', email: '04' } as const;
/** Sub-IDs of template 62 (EMVCo additional data) used here. */
export const AdditionalDataId = { billNumber: '01', referenceLabel: '05' } as const;

/**
 * Who receives the transfer: an FPS ID (7 to 9 digits), a mobile number (+852-XXXXXXXX) or an
 * e-mail registered with FPS.
 */
export type FpsProxy = { kind: 'fpsId'; value: string } | { kind: 'mobile'; value: string } | { kind: 'email'; value: string };

export interface FpsMerchant {
  proxy: FpsProxy;
  /** The receiving bank's 3-digit clearing code; optional in the HKICL template. */
  clearingCode?: string | undefined;
  /** Shown by the payer's banking app (at most 25 characters). */
  name: string;
  /** At most 15 characters. */
  city: string;
  /** ISO 18245 merchant category code, 4 digits ('0000' when not applicable). */
  merchantCategoryCode: string;
}

export interface FpsRequest {
  /** The HKD amount in cents. */
  amountHkdCents: number;
  /** The order reference the payer's bank sends back with the transfer (reference label, at most 25 characters). */
  reference: string;
}

/** A payload or its parts broke a rule of the format. */
export class FpsPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FpsPayloadError';
  }
}

// ---------------------------------------------------------------------------------------------
// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR.

const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
})();

/** CRC-16/CCITT-FALSE of the text's UTF-8 bytes. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc;
}

/** The CRC as a payload writes it: 4 upper-case hex digits. */
export function formatCrc(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// ---------------------------------------------------------------------------------------------
// TLV

/** Printable ASCII: EMVCo's "ans" character set, which every field here uses. */
const ANS = /^[\x20-\x7e]*$/;

function tlv(id: string, value: string): string {
  if (!ANS.test(value)) throw new FpsPayloadError(`field ${id}: only printable ASCII is allowed`);
  if (value.length === 0) throw new FpsPayloadError(`field ${id}: empty`);
  if (value.length > 99) throw new FpsPayloadError(`field ${id}: longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface TlvField {
  id: string;
  value: string;
}

/** Splits a TLV list; throws on a truncated or malformed one. */
export function parseTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new FpsPayloadError(`malformed data object at ${at}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new FpsPayloadError(`field ${id} is cut short`);
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Amounts

/** Cents as EMVCo writes an amount: digits, a dot, exactly two decimals ("1234.50"). */
export function formatHkdAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new FpsPayloadError('the amount must be a positive whole number of cents');
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  if (text.length > 13) throw new FpsPayloadError('the amount is longer than 13 characters');
  return text;
}

/** Reads an EMVCo amount back into cents ("12.5" and "12.50" are both 1250). */
export function parseAmountToCents(text: string): number {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) throw new FpsPayloadError(`amount "${text}" is not a decimal with at most two places`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * HKD per one unit of each other currency, as decimal text (e.g. { USD: '7.8' }), so the rate is
 * used exactly and never as a binary float.
 */
export type HkdRates = Readonly<Record<string, string>>;

/**
 * Converts an amount in minor units to HKD cents at the configured rate. Integer arithmetic
 * throughout; the result is rounded half up to the nearest cent (USD 12.345… HKD → 12.35).
 */
export function toHkdCents(amountMinor: number, currency: string, rates: HkdRates): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('amount must be a non-negative whole number of minor units');
  if (currency === 'HKD') return amountMinor;
  const rate = rates[currency];
  if (rate === undefined) throw new RangeError(`no HKD rate configured for ${currency}`);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`HKD rate for ${currency} is not a positive decimal: "${rate}"`);
  const decimals = match[2] ?? '';
  const rateNumerator = BigInt(match[1]! + decimals);
  if (rateNumerator === 0n) throw new RangeError(`HKD rate for ${currency} is zero`);
  // hkdCents = amountMinor / 10^src × rate × 10^2, with rate = numerator / 10^decimals.
  const numerator = BigInt(amountMinor) * rateNumerator * 10n ** BigInt(minorDigits('HKD'));
  const denominator = 10n ** BigInt(minorDigits(currency) + decimals.length);
  const result = (numerator * 2n + denominator) / (denominator * 2n);
  return Number(result);
}

// ---------------------------------------------------------------------------------------------
// Payload

function checkMerchant(merchant: FpsMerchant): void {
  const { proxy } = merchant;
  if (proxy.kind === 'fpsId' && !/^\d{7,9}$/.test(proxy.value)) throw new FpsPayloadError('an FPS ID has 7 to 9 digits');
  if (proxy.kind === 'mobile' && !/^\+852-\d{8}$/.test(proxy.value)) throw new FpsPayloadError('a mobile proxy is written +852-XXXXXXXX');
  if (proxy.kind === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(proxy.value)) throw new FpsPayloadError('the e-mail proxy is not an address');
  if (merchant.clearingCode !== undefined && !/^\d{3}$/.test(merchant.clearingCode)) throw new FpsPayloadError('a clearing code has 3 digits');
  if (merchant.name.length > 25) throw new FpsPayloadError('the merchant name is longer than 25 characters');
  if (merchant.city.length > 15) throw new FpsPayloadError('the merchant city is longer than 15 characters');
  if (!/^\d{4}$/.test(merchant.merchantCategoryCode)) throw new FpsPayloadError('a merchant category code has 4 digits');
}

const PROXY_SUB_ID = { fpsId: FpsAccountId.fpsId, mobile: FpsAccountId.mobile, email: FpsAccountId.email } as const;

/**
 * The dynamic (one payment, fixed amount) FPS payload for one order: payload format "01", initiation
 * "12", the HKICL account template, MCC, currency 344, the amount, HK, name, city, the order reference
 * as reference label, and the CRC.
 */
export function buildFpsPayload(merchant: FpsMerchant, request: FpsRequest): string {
  checkMerchant(merchant);
  if (request.reference.length > 25) throw new FpsPayloadError('the reference label is longer than 25 characters');
  const account =
    tlv(FpsAccountId.guid, FPS_GUID) +
    (merchant.clearingCode ? tlv(FpsAccountId.clearingCode, merchant.clearingCode) : '') +
    tlv(PROXY_SUB_ID[merchant.proxy.kind], merchant.proxy.value);
  const body =
    tlv(FpsId.payloadFormat, '01') +
    tlv(FpsId.initiation, '12') +
    tlv(FpsId.fpsAccount, account) +
    tlv(FpsId.merchantCategory, merchant.merchantCategoryCode) +
    tlv(FpsId.currency, HKD_NUMERIC) +
    tlv(FpsId.amount, formatHkdAmount(request.amountHkdCents)) +
    tlv(FpsId.country, 'HK') +
    tlv(FpsId.merchantName, merchant.name) +
    tlv(FpsId.city, merchant.city) +
    tlv(FpsId.additionalData, tlv(AdditionalDataId.referenceLabel, request.reference)) +
    `${FpsId.crc}04`;
  return body + formatCrc(crc16CcittFalse(body));
}

export interface ParsedFpsPayload {
  payloadFormat: string;
  initiation: 'static' | 'dynamic';
  account: {
    guid: string;
    clearingCode?: string | undefined;
    proxy: FpsProxy;
  };
  merchantCategoryCode: string;
  currency: string;
  /** The amount as written ("123.45"); absent in a static code without an amount. */
  amount?: string | undefined;
  amountCents?: number | undefined;
  country: string;
  merchantName: string;
  city: string;
  reference?: string | undefined;
  billNumber?: string | undefined;
  /** The CRC as written (4 upper-case hex digits); it has been checked. */
  crc: string;
}

function one(fields: TlvField[], id: string, where: string): string {
  const found = fields.filter((f) => f.id === id);
  if (found.length !== 1) throw new FpsPayloadError(`${where}: expected exactly one field ${id}, found ${found.length}`);
  return found[0]!.value;
}

function optional(fields: TlvField[], id: string): string | undefined {
  return fields.find((f) => f.id === id)?.value;
}

/** Reads an FPS payload back, checking its structure and CRC. Throws FpsPayloadError when either is wrong. */
export function parseFpsPayload(payload: string): ParsedFpsPayload {
  const fields = parseTlv(payload);
  const last = fields.at(-1);
  if (!last || last.id !== FpsId.crc || last.value.length !== 4) throw new FpsPayloadError('the payload does not end with a CRC (6304….)');
  if (fields[0]?.id !== FpsId.payloadFormat) throw new FpsPayloadError('the payload does not start with the payload format indicator');
  const expected = formatCrc(crc16CcittFalse(payload.slice(0, -4)));
  if (last.value !== expected) throw new FpsPayloadError(`CRC mismatch: payload says ${last.value}, content gives ${expected}`);

  const accountFields = parseTlv(one(fields, FpsId.fpsAccount, 'payload'));
  const guid = one(accountFields, FpsAccountId.guid, 'template 26');
  if (guid.toLowerCase() !== FPS_GUID) throw new FpsPayloadError(`template 26 is not FPS (GUID ${guid})`);
  const proxies = (['fpsId', 'mobile', 'email'] as const).flatMap((kind) => {
    const value = optional(accountFields, PROXY_SUB_ID[kind]);
    return value === undefined ? [] : [{ kind, value }];
  });
  if (proxies.length !== 1) throw new FpsPayloadError(`template 26 must name exactly one proxy, found ${proxies.length}`);

  const initiation = one(fields, FpsId.initiation, 'payload');
  if (initiation !== '11' && initiation !== '12') throw new FpsPayloadError(`unknown point of initiation ${initiation}`);
  const amount = optional(fields, FpsId.amount);
  const additional = optional(fields, FpsId.additionalData);
  const additionalFields = additional === undefined ? [] : parseTlv(additional);
  return {
    payloadFormat: one(fields, FpsId.payloadFormat, 'payload'),
    initiation: initiation === '12' ? 'dynamic' : 'static',
    account: { guid, clearingCode: optional(accountFields, FpsAccountId.clearingCode), proxy: proxies[0]! },
    merchantCategoryCode: one(fields, FpsId.merchantCategory, 'payload'),
    currency: one(fields, FpsId.currency, 'payload'),
    amount,
    amountCents: amount === undefined ? undefined : parseAmountToCents(amount),
    country: one(fields, FpsId.country, 'payload'),
    merchantName: one(fields, FpsId.merchantName, 'payload'),
    city: one(fields, FpsId.city, 'payload'),
    reference: optional(additionalFields, AdditionalDataId.referenceLabel),
    billNumber: optional(additionalFields, AdditionalDataId.billNumber),
    crc: last.value,
  };
}

// ---------------------------------------------------------------------------------------------
// Picture

export interface FpsQrImage {
  /** A standalone SVG document. */
  svg: string;
  /** Modules per side, quiet zone included. */
  modules: number;
}

/** The quiet zone the QR specification asks for, in modules. */
const QUIET_ZONE = 4;

/**
 * The payload as a QR code picture. Error correction M (15 %) survives a screen's glare and a
 * smudged phone camera; the 4-module quiet zone is the one the QR standard requires.
 */
export function renderFpsQr(payload: string, pixelsPerModule = 8): FpsQrImage {
  const options = { ecc: 'M', border: QUIET_ZONE, pixelSize: pixelsPerModule } as const;
  const { size } = encode(payload, options);
  return { svg: renderSVG(payload, options), modules: size };
}
