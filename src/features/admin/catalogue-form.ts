/**
 * What the back office's catalogue forms share (issue 32): amounts typed as decimals turned into minor units
 * exactly, whole numbers of units, the dot paths of the fields a schema or the server finds wrong, and the
 * words said at each such field.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import * as v from 'valibot';
import type { Bilingual } from '../../../contract/index.ts';
import { ApiError } from '../../api/client.ts';
import { formatNumber } from '../../ui/format.ts';

/** Most minor units a price may carry (contract MONEY_INPUT_MAX): 1,000,000.00. */
const MONEY_MAX_MINOR = 100_000_000;

/**
 * "128", "128.5", "1,280.00" → minor units (12800, 12850, 128000), read from the digits themselves so no
 * floating point rounding creeps in (0.29 * 100 is 28.999…). Undefined for anything else: a sign, a third
 * decimal, letters, or more than the shop takes.
 */
export function parseMoney(text: string): number | undefined {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = match[1]!.replace(/,/g, '');
  // Too many digits would lose precision as a number; the shop's maximum has 7 whole digits.
  if (whole.replace(/^0+/, '').length > 7) return undefined;
  const minor = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor <= MONEY_MAX_MINOR ? minor : undefined;
}

/** Minor units as the form shows them to edit: 12850 → "128.50" (no grouping, no sign). */
export const moneyText = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** "12", "-3", "+5" → a whole number; undefined for anything else (decimals, letters, empty). */
export function parseWhole(text: string): number | undefined {
  const match = /^([+-]?)(\d{1,9})$/.exec(text.trim());
  if (!match) return undefined;
  const n = Number(match[2]);
  return match[1] === '-' ? -n : n;
}

/** Form field errors by dot path ('Name.en', 'Variances.0.Price.HKD'): a path present is a field to fix. */
export type FieldErrors = Record<string, true>;

/** The dot paths a schema's check found wrong. */
export function issuePaths(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const paths: FieldErrors = {};
  for (const issue of issues) paths[v.getDotPath(issue) ?? ''] = true;
  return paths;
}

/**
 * The field a refused call names (400 InvalidParameter and the like carry `field`), as the form's path: a
 * picture's index ('Images.0', 'Photos.1.MediaID') is the pictures field. Undefined when the answer names none.
 */
export function serverField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const field = error.details.field;
  if (typeof field !== 'string' || !field) return undefined;
  return field.replace(/^Images\.\d+$/, 'Images').replace(/^Photos\.\d+\.MediaID$/, 'Photos');
}

/** The first field with an error, in the order the form lists them, to focus so the reader lands on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A name in the reader's language (Chinese for zh-Hant), English when that one is empty. The same function
 * until the language changes: screens make their table columns from it.
 */
export function useLocalName(): (name: Bilingual) => string {
  const { i18n } = useLingui();
  const { locale } = i18n;
  return useCallback((name: Bilingual) => (locale === 'zh-Hant' && name.zh ? name.zh : name.en), [locale]);
}

/**
 * The words said at a catalogue field that is wrong, by its path (a new product's variances as
 * 'Variances.<n>.…'; a variance's own form without the prefix). Every word names what to type, not what failed.
 */
export function useFieldWords(): (path: string) => string {
  const { t, i18n } = useLingui();
  const stockMax = formatNumber(1_000_000, i18n.locale);
  return (path) => {
    const inVariance = /^Variances\.\d+\./.test(path);
    const field = path.replace(/^(Variances|Photos)\.\d+\./, '');
    switch (field) {
      case 'ProductTypeID':
        return t`Choose the product type.`;
      case 'Name.en':
        return inVariance ? t`Enter the variance’s English name (at most 60 characters).` : t`Enter the English name (at most 120 characters).`;
      case 'Name.zh':
        return inVariance ? t`Enter the variance’s Chinese name (at most 60 characters).` : t`Enter the Chinese name (at most 120 characters).`;
      case 'Description.en':
      case 'Description.zh':
        return t`A description may have at most 5,000 characters.`;
      case 'Images':
        return t`Enter 1 to 10 pictures as artwork seeds such as leaf-120-3 (motif, hue 0–359, variant 0–9), separated by spaces or commas.`;
      case 'Photos':
        return t`Upload these pictures again: each must be a picture you uploaded here, at most once (8 at most).`;
      case 'Alt.en':
      case 'Alt.zh':
        return t`Alt text may have at most 200 characters.`;
      case 'Price.HKD':
        return t`Enter the price in HK$ as an amount such as 128 or 128.50 (at most 1,000,000.00).`;
      case 'Price.USD':
        return t`Enter the price in US$ as an amount such as 16 or 16.50 (at most 1,000,000.00).`;
      case 'Stock':
        return t`Enter the units in stock as a whole number from 0 to ${stockMax}.`;
      case 'Variances':
        return t`A product needs 1 to 20 variances.`;
      case 'Delta':
        return t`Enter a whole number of units other than 0: such as 12 received, or -3 gone (at most ${stockMax} either way).`;
      case 'Reason':
        return t`Say why the stock moves (at most 200 characters).`;
      default:
        return t`Check this field.`;
    }
  };
}
