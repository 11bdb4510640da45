import type { Currency } from '../../contract/index.ts';
import type { Locale } from '../i18n/i18n.ts';

const MINOR_UNITS: Record<Currency, number> = { HKD: 2, USD: 2 };

/**
 * Each currency's sign, the same in every language: "$" alone reads as either dollar in an HKD/USD
 * shop (English writes USD as "$"), so both are always named.
 */
export const CURRENCY_SIGNS: Record<Currency, string> = { HKD: 'HK$', USD: 'US$' };

/**
 * How each of the shop's languages writes a number: both as Intl.NumberFormat does ("1,234.5", "-HK$1,234.50").
 * Written out rather than asked of Intl (issue 30): the first Intl.NumberFormat a page makes loads the number data,
 * some 40 ms of a phone's main thread, which prices made part of the first render of every page of cards (a plural's
 * "#" still asks Intl, through Lingui, where a page shows one).
 */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  'zh-Hant': { group: ',', decimal: '.' },
};

/** Whole units and fraction digits of |value| at `fractionDigits` decimals, rounded half away from zero as Intl does. */
function digitsOf(value: number, fractionDigits: number, locale: string) {
  const { group, decimal } = SEPARATORS[locale as Locale] ?? SEPARATORS.en;
  const scale = 10 ** fractionDigits;
  const scaled = Math.round(Math.abs(value) * scale);
  return {
    negative: value < 0 && scaled > 0,
    whole: String(Math.floor(scaled / scale)).replace(/\B(?=(\d{3})+$)/g, group),
    fraction: String(scaled % scale).padStart(fractionDigits, '0'),
    decimal,
  };
}

/** A number in the reader's locale, grouped by thousands, with at most `maxFractionDigits` decimals (1,234 or 3.5). */
export function formatNumber(value: number, locale: string, maxFractionDigits = 0): string {
  const { negative, whole, fraction, decimal } = digitsOf(value, maxFractionDigits, locale);
  const shown = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${shown ? decimal + shown : ''}`;
}

/** Formats integer minor units in the active locale (spec: money is integer minor units), as "US$42.00" or "HK$168.00". */
export function formatMoney(minor: number, currency: Currency, locale: string): string {
  const digits = MINOR_UNITS[currency];
  const { negative, whole, fraction, decimal } = digitsOf(minor / 10 ** digits, digits, locale);
  return `${negative ? '-' : ''}${CURRENCY_SIGNS[currency]}${whole}${decimal}${fraction}`;
}

/** Spec §9: dates as yyyy-MM-dd. */
export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}
