/**
 * Builds (issue 30): Lingui writes a plural's count (`#`) through `new Intl.NumberFormat(locale)`, and the first
 * Intl formatter a page makes loads ICU's data: 17–40 ms of a phone's main thread on the first screen that says
 * "3 items". English and Traditional Chinese write a whole number the same way (digits grouped by threes with
 * commas), so for those two, with no format asked, the count is written here; anything else still goes to Intl.
 *
 * The patch is a text replacement in @lingui/core's build: when a Lingui update changes that line the build
 * fails, rather than quietly making formatters again.
 */
import type { Plugin } from 'vite';

const FORMATTER_LINE = '() => new Intl.NumberFormat(_locales, format)';

const PLAIN_NUMBER_FORMAT = `
function sgPlainNumberFormat(locales, format) {
  return format === undefined && /^(en|zh-Hant)$/.test(locales[0])
    ? { format: (value) => (Number.isSafeInteger(value) ? String(value).replace(/\\B(?=(\\d{3})+$)/g, ",") : new Intl.NumberFormat(locales).format(value)) }
    : new Intl.NumberFormat(locales, format);
}
`;

/** @lingui/core's build with its number formatter replaced; throws when the line it replaces is not there once. */
export function patchLinguiNumbers(code: string): string {
  const at = code.indexOf(FORMATTER_LINE);
  if (at < 0 || code.indexOf(FORMATTER_LINE, at + 1) >= 0) {
    throw new Error(`lingui-plain-numbers: expected "${FORMATTER_LINE}" once in @lingui/core; Lingui changed, look again`);
  }
  return code.replace(FORMATTER_LINE, '() => sgPlainNumberFormat(_locales, format)') + PLAIN_NUMBER_FORMAT;
}

export const isLinguiCore = (id: string) => /[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/.test(id.split('?')[0]!);

export function linguiPlainNumbers(): Plugin {
  return {
    name: 'sg:lingui-plain-numbers',
    enforce: 'pre',
    // Dev serves dependencies pre-bundled, past the transform hooks: there Lingui keeps Intl, which writes the same.
    apply: 'build',
    transform(code, id) {
      if (!isLinguiCore(id)) return null;
      return { code: patchLinguiNumbers(code), map: null };
    },
  };
}
