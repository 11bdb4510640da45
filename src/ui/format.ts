import type { Currency } from '../../contract/index.ts';

const MINOR_UNITS: Record<Currency, number> = { HKD: 2, USD: 2 };

/** Formats integer minor units in the active locale (spec: money is integer minor units). */
export function formatMoney(minor: number, currency: Currency, locale: string): string {
  const digits = MINOR_UNITS[currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** Spec §9: dates as yyyy-MM-dd. */
export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}
