/**
 * Event dates and times (spec §9: yyyy-MM-dd; events are held in Hong Kong, so in Hong Kong time).
 *
 * Written out for the shop's two languages rather than asked of Intl (issue 30): the first Intl.DateTimeFormat
 * a page makes loads the date data, 40–80 ms of a phone's main thread, in the middle of rendering the home's
 * tastings, the member's next tasting or an event page. Other locales still ask Intl. Checked against Intl in
 * tests/ui/intl-free-formats.test.tsx.
 */

/** Hong Kong keeps UTC+8 all year (no daylight saving since 1979). */
const HONG_KONG_OFFSET_MS = 8 * 3_600_000;
const SHORT_WEEKDAYS: Record<string, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  'zh-Hant': ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
};
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The weekday of a yyyy-MM-dd date in the active locale ("Sat", "週六"). */
export function weekdayOf(date: string, locale: string): string {
  // The date is already Hong Kong's: read it as a UTC day so no zone moves it.
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return '';
  const names = SHORT_WEEKDAYS[locale];
  if (names) return names[day.getUTCDay()]!;
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  return format.format(day);
}

/** "2026-12-05 (Sat) 19:00–21:00": a session's day and time slot. */
export function sessionWhen(session: { Date: string; TimeSlot: string }, locale: string): string {
  const weekday = weekdayOf(session.Date, locale);
  return `${session.Date}${weekday ? ` (${weekday})` : ''} ${session.TimeSlot}`;
}

/** An instant as "2026-12-01 10:00" in Hong Kong time. */
export function hongKongDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  // The instant moved by Hong Kong's offset reads, in UTC, as Hong Kong's wall clock (to the minute).
  return new Date(at.getTime() + HONG_KONG_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
