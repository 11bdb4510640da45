/** Event dates and times (spec §9: yyyy-MM-dd; events are held in Hong Kong, so in Hong Kong time). */

const HONG_KONG = 'Asia/Hong_Kong';
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
const instantFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: HONG_KONG,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The weekday of a yyyy-MM-dd date in the active locale ("Sat", "週六"). */
export function weekdayOf(date: string, locale: string): string {
  let format = weekdayFormats.get(locale);
  if (!format) {
    // The date is already Hong Kong's: read it as a UTC day so no zone moves it.
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? '' : format.format(day);
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
  const part = Object.fromEntries(instantFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
