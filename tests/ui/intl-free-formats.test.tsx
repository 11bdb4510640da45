/**
 * What the shop writes without Intl for its two languages (issue 30: the first Intl formatter a page makes loads
 * ICU's data, 40–80 ms of the main thread), checked to be what Intl writes: event weekdays and Hong Kong times
 * (src/ui/event-dates.ts).
 */
import { describe, expect, it } from 'vitest';
import { hongKongDateTime, sessionWhen, weekdayOf } from '../../src/ui/event-dates.ts';

const LOCALES = ['en', 'zh-Hant'] as const;

describe('event dates', () => {
  it('names each weekday as Intl does, in both languages, and asks Intl for any other', () => {
    for (const locale of [...LOCALES, 'fr']) {
      const intl = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
      for (let d = 0; d < 14; d++) {
        const date = new Date(Date.UTC(2026, 11, 27 + d)).toISOString().slice(0, 10);
        expect(weekdayOf(date, locale), `${date} ${locale}`).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
      }
    }
    expect(sessionWhen({ Date: '2026-12-05', TimeSlot: '19:00–21:00' }, 'zh-Hant')).toBe('2026-12-05 (週六) 19:00–21:00');
    expect(weekdayOf('not a date', 'en')).toBe('');
  });

  it("writes an instant in Hong Kong's time as Intl does, across days, months and years", () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Hong_Kong',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const written = (at: Date) => {
      const part = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
    };
    // Every 97 minutes and 13 seconds from 2025 to 2028: every hour of the day, month ends, a leap day.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 11, 31); t += (97 * 60 + 13) * 1000) {
      const at = new Date(t);
      expect(hongKongDateTime(at.toISOString()), at.toISOString()).toBe(written(at));
    }
    expect(hongKongDateTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00');
    expect(hongKongDateTime('nonsense')).toBe('');
  });
});
