/**
 * The card expiry as people type it (issue 29): a phone's numeric keypad has no slash, so "1229" must do,
 * and so must "12/29", "12 / 2029" and "122029". The slash is put in as they type.
 */

/** "MM/YY", "MM/YYYY", "MMYY" or "MMYYYY" (spaces allowed) → month and four-digit year. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const typed = value.replace(/\s/g, '');
  const match = typed.match(/^(\d{1,2})\/(\d{2}|\d{4})$/) ?? typed.match(/^(\d{2})(\d{2}|\d{4})$/);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/**
 * The field's text after a keystroke: digits grouped as MM/YY(YY), the slash added once the month is
 * typed ("4" → "04/": no month starts with 4) and not put back while the person deletes it.
 */
export function formatExpiryInput(next: string, previous: string): string {
  const digits = next.replace(/\D/g, '').slice(0, 6);
  const deleting = next.length < previous.length;
  if (digits.length === 0) return '';
  if (digits.length === 1) return !deleting && digits >= '2' ? `0${digits}/` : digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
