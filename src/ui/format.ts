import type { Currency } from '../../contract/index.ts';

const MINOR_UNITS: Record<Currency, number> = { HKD: 2, USD: 2 };

/**
 * Each currency's sign, the same in every language: "$" alone reads as either dollar in an HKD/USD
 * shop (English writes USD as "$"), so both are always named.
 */
export const CURRENCY_SIGNS: Record<Currency, string> = { HKD: 'HK$', USD: 'US$' };

/**
 * One formatter per locale and currency: making an Intl.NumberFormat costs far more than using one, and a
 * page of cards formats dozens of prices while it first renders (issue 14, Fast).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: Currency, locale: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = MINOR_UNITS[currency];
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, format);
  }
  return format;
}

/** Formats integer minor units in the active locale (spec: money is integer minor units), as "US$42.00" or "HK$168.00". */
export function formatMoney(minor: number, currency: Currency, locale: string): string {
  return moneyFormat(currency, locale)
    .formatToParts(minor / 10 ** MINOR_UNITS[currency])
    .map((part) => (part.type === 'currency' ? CURRENCY_SIGNS[currency] : part.value))
    .join('');
}

/** Spec §9: dates as yyyy-MM-dd. */
export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}
