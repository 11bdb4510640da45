/** FPS QR payloads (server/services/payments/fps.ts): built, parsed back, checksummed, converted, drawn. */
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import {
  buildFpsPayload,
  crc16CcittFalse,
  formatCrc,
  formatHkdAmount,
  FpsPayloadError,
  parseAmountToCents,
  parseFpsPayload,
  parseTlv,
  renderFpsQr,
  toHkdCents,
  type FpsMerchant,
} from '../../server/services/payments/fps.ts';

/** CRC-16/CCITT-FALSE written the slow way, bit by bit, independently of the module's table. */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit--) {
      const inBit = (byte >> bit) & 1;
      const topBit = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (topBit ^ inBit) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const merchant: FpsMerchant = {
  proxy: { kind: 'fpsId', value: '1234567' },
  clearingCode: '004',
  name: 'Sip and Gather',
  city: 'Hong Kong',
  merchantCategoryCode: '5499',
};

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the catalogue check value 29B1 for "123456789"', () => {
    expect(referenceCrc('123456789')).toBe('29B1');
    expect(formatCrc(crc16CcittFalse('123456789'))).toBe('29B1');
  });

  it('agrees with the bitwise reference on other inputs, padded to 4 upper-case digits', () => {
    for (const text of ['', 'A', '00020101021226', 'hk.com.hkicl'.repeat(7)]) {
      expect(formatCrc(crc16CcittFalse(text))).toBe(referenceCrc(text));
    }
    expect(formatCrc(0x1a)).toBe('001A');
  });
});

describe('the FPS payload', () => {
  const payload = buildFpsPayload(merchant, { amountHkdCents: 123_450, reference: 'SG-20261101-0042' });

  it('is a TLV list in the EMVCo order, each field with its exact value', () => {
    expect(parseTlv(payload)).toEqual([
      { id: '00', value: '01' },
      { id: '01', value: '12' },
      { id: '26', value: '0012hk.com.hkicl' + '0103004' + '02071234567' },
      { id: '52', value: '5499' },
      { id: '53', value: '344' },
      { id: '54', value: '1234.50' },
      { id: '58', value: 'HK' },
      { id: '59', value: 'Sip and Gather' },
      { id: '60', value: 'Hong Kong' },
      { id: '62', value: '0516SG-20261101-0042' },
      { id: '63', value: payload.slice(-4) },
    ]);
    expect(payload.startsWith('000201010212')).toBe(true);
  });

  it('ends with a CRC over everything up to and including "6304", verified independently', () => {
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
    expect(payload.slice(-4)).toBe(referenceCrc(payload.slice(0, -4)));
  });

  it('parses back field by field', () => {
    expect(parseFpsPayload(payload)).toEqual({
      payloadFormat: '01',
      initiation: 'dynamic',
      account: { guid: 'hk.com.hkicl', clearingCode: '004', proxy: { kind: 'fpsId', value: '1234567' } },
      merchantCategoryCode: '5499',
      currency: '344',
      amount: '1234.50',
      amountCents: 123_450,
      country: 'HK',
      merchantName: 'Sip and Gather',
      city: 'Hong Kong',
      reference: 'SG-20261101-0042',
      billNumber: undefined,
      crc: referenceCrc(payload.slice(0, -4)),
    });
  });

  it('carries a mobile or e-mail proxy in its own sub-field, without a clearing code when none is set', () => {
    const mobile = buildFpsPayload({ ...merchant, clearingCode: undefined, proxy: { kind: 'mobile', value: '+852-91234567' } }, { amountHkdCents: 5, reference: 'R1' });
    const account = parseTlv(parseTlv(mobile).find((f) => f.id === '26')!.value);
    expect(account).toEqual([
      { id: '00', value: 'hk.com.hkicl' },
      { id: '03', value: '+852-91234567' },
    ]);
    expect(parseFpsPayload(mobile).amount).toBe('0.05');

    const email = buildFpsPayload({ ...merchant, proxy: { kind: 'email', value: 'pay@sipandgather.hk' } }, { amountHkdCents: 100, reference: 'R2' });
    expect(parseFpsPayload(email).account.proxy).toEqual({ kind: 'email', value: 'pay@sipandgather.hk' });
    expect(email.slice(-4)).toBe(referenceCrc(email.slice(0, -4)));
  });

  it('is refused when one character changes (the CRC no longer matches) or when it is cut short', () => {
    const tampered = payload.replace('1234.50', '1234.60');
    expect(() => parseFpsPayload(tampered)).toThrow(/CRC mismatch/);
    expect(() => parseFpsPayload(payload.slice(0, -2))).toThrow(FpsPayloadError);
    const rechecked = tampered.slice(0, -4) + referenceCrc(tampered.slice(0, -4));
    expect(parseFpsPayload(rechecked).amountCents).toBe(123_460);
  });

  it('refuses a merchant or reference the format cannot carry', () => {
    const request = { amountHkdCents: 100, reference: 'R' };
    expect(() => buildFpsPayload({ ...merchant, proxy: { kind: 'fpsId', value: '12AB567' } }, request)).toThrow(/FPS ID/);
    expect(() => buildFpsPayload({ ...merchant, proxy: { kind: 'mobile', value: '91234567' } }, request)).toThrow(/\+852/);
    expect(() => buildFpsPayload({ ...merchant, clearingCode: '4' }, request)).toThrow(/clearing code/);
    expect(() => buildFpsPayload({ ...merchant, name: 'x'.repeat(26) }, request)).toThrow(/name/);
    expect(() => buildFpsPayload({ ...merchant, city: '香港' }, request)).toThrow(/ASCII/);
    expect(() => buildFpsPayload(merchant, { amountHkdCents: 100, reference: 'R'.repeat(26) })).toThrow(/reference/);
    expect(() => buildFpsPayload(merchant, { amountHkdCents: 0, reference: 'R' })).toThrow(/amount/);
  });
});

describe('amounts', () => {
  it('are written with two decimals', () => {
    expect(formatHkdAmount(1)).toBe('0.01');
    expect(formatHkdAmount(10)).toBe('0.10');
    expect(formatHkdAmount(100)).toBe('1.00');
    expect(formatHkdAmount(123_456)).toBe('1234.56');
    expect(formatHkdAmount(999_999_999_999)).toBe('9999999999.99');
    expect(() => formatHkdAmount(9_999_999_999_999)).toThrow(/13 characters/);
    expect(() => formatHkdAmount(12.5)).toThrow();
    expect(() => formatHkdAmount(-1)).toThrow();
  });

  it('read back to cents', () => {
    expect(parseAmountToCents('1234.56')).toBe(123_456);
    expect(parseAmountToCents('12.5')).toBe(1250);
    expect(parseAmountToCents('7')).toBe(700);
    expect(() => parseAmountToCents('1.234')).toThrow();
    expect(() => parseAmountToCents('1,00')).toThrow();
  });
});

describe('conversion to HKD', () => {
  const rates = { USD: '7.8' };

  it('keeps HKD as it is', () => {
    expect(toHkdCents(12_345, 'HKD', rates)).toBe(12_345);
  });

  it('multiplies by the configured rate exactly', () => {
    expect(toHkdCents(1000, 'USD', rates)).toBe(7800);
    expect(toHkdCents(123_456_789, 'USD', rates)).toBe(962_962_954); // 962 962 954.2
    // 0.1 × 3 is not 0.3 in floating point; here it is.
    expect(toHkdCents(3, 'USD', { USD: '0.1' })).toBe(0); // 0.3 cents
    expect(toHkdCents(30, 'USD', { USD: '0.1' })).toBe(3);
  });

  it('rounds half up to the cent', () => {
    expect(toHkdCents(1, 'USD', { USD: '7.5' })).toBe(8); // 7.5 → 8
    expect(toHkdCents(1, 'USD', { USD: '7.49' })).toBe(7); // 7.49 → 7
    expect(toHkdCents(2, 'USD', { USD: '7.825' })).toBe(16); // 15.65 → 16
    expect(toHkdCents(3, 'USD', { USD: '7.85' })).toBe(24); // 23.55 → 24
    expect(toHkdCents(1, 'USD', { USD: '7.8249' })).toBe(8); // 7.8249 → 8
    expect(toHkdCents(999, 'USD', { USD: '7.83005' })).toBe(7822); // 7822.21995 → 7822
  });

  it('refuses a currency without a rate, or a rate that is not a positive decimal', () => {
    expect(() => toHkdCents(100, 'EUR', rates)).toThrow(/no HKD rate/);
    expect(() => toHkdCents(100, 'USD', { USD: '-7.8' })).toThrow(/not a positive decimal/);
    expect(() => toHkdCents(100, 'USD', { USD: '0' })).toThrow(/zero/);
    expect(() => toHkdCents(1.5, 'USD', rates)).toThrow(RangeError);
  });
});

describe('the QR picture', () => {
  const payload = buildFpsPayload(merchant, { amountHkdCents: 58_800, reference: 'SG-20261101-0042' });

  it('is an SVG with one square per dark module of the payload’s QR matrix', () => {
    const { svg, modules } = renderFpsQr(payload, 8);
    const matrix = encode(payload, { ecc: 'M', border: 4 });
    expect(modules).toBe(matrix.size);
    expect(modules).toBe(17 + 4 * matrix.version + 2 * 4);
    expect(svg).toContain(`viewBox="0 0 ${modules * 8} ${modules * 8}"`);

    const squares = [...svg.matchAll(/M(\d+),(\d+)h8v8h-8z/g)].map((m) => [Number(m[2]) / 8, Number(m[1]) / 8] as const);
    const dark = matrix.data.flatMap((row, r) => row.flatMap((on, c) => (on ? [[r, c] as const] : [])));
    expect(squares).toEqual(dark);
    // The quiet zone stays light all round.
    expect(squares.every(([r, c]) => r >= 4 && c >= 4 && r < modules - 4 && c < modules - 4)).toBe(true);
  });

  it('grows with the payload', () => {
    const longer = buildFpsPayload({ ...merchant, proxy: { kind: 'email', value: 'payments.department@sipandgather.hk' } }, {
      amountHkdCents: 58_800,
      reference: 'SG-20261101-0042-LONGREF',
    });
    expect(renderFpsQr(longer).modules).toBeGreaterThan(renderFpsQr(payload).modules);
  });
});
