/**
 * "3 minutes ago" … "2 years ago" (spec §9: relative-time texts from seconds up to years), in the active
 * locale through Intl.RelativeTimeFormat. Under a minute reads "now".
 */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

export function relativeTime(iso: string, now: number, locale: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === 'second') {
      const value = Math.round(seconds / size);
      // Within ten seconds: "now".
      if (unit === 'second' && abs < 10) return format.format(0, 'second');
      return format.format(value === 0 ? (seconds < 0 ? -1 : 1) : value, unit);
    }
  }
  return format.format(0, 'second');
}
