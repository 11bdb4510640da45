/**
 * What the shop writes without Intl for its two languages (issue 30: the first Intl formatter a page makes loads
 * ICU's data, 40–80 ms of the main thread), checked to be what Intl writes: event weekdays and Hong Kong times
 * (src/ui/event-dates.ts), and the counts of Lingui's plurals (build/lingui-plain-numbers.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { patchLinguiNumbers } from '../../build/lingui-plain-numbers.ts';
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

describe("Lingui's plural counts (build/lingui-plain-numbers.ts)", () => {
  const dist = path.join(process.cwd(), 'node_modules/@lingui/core/dist');
  const patchedFile = path.join(dist, `sg-plain-numbers-${process.pid}.mjs`);
  afterAll(() => rmSync(patchedFile, { force: true }));

  it('writes whole numbers as Intl does in both languages without making a formatter, and asks Intl for the rest', async () => {
    writeFileSync(patchedFile, patchLinguiNumbers(readFileSync(path.join(dist, 'index.mjs'), 'utf8')));
    const { setupI18n } = (await import(/* @vite-ignore */ pathToFileURL(patchedFile).href)) as typeof import('@lingui/core');
    const counts = [0, 1, 7, 999, 1000, 12345, 1234567, -4321, 2 ** 40];
    for (const locale of LOCALES) {
      const i18n = setupI18n({ locale, messages: { [locale]: { items: '{count, plural, one {# item} other {# items}}' } } });
      // Lingui keeps its formatters: the first count of each language is the one that would make one.
      const made = vi.spyOn(Intl, 'NumberFormat');
      for (const count of counts) i18n._('items', { count });
      expect(made, locale).not.toHaveBeenCalled();
      made.mockRestore();
      for (const count of counts) {
        const digits = count.toLocaleString(locale);
        expect(i18n.number(count), `${locale} ${count}`).toBe(digits);
        expect(i18n._('items', { count })).toBe(`${digits} ${count === 1 && locale === 'en' ? 'item' : 'items'}`);
      }
      expect(i18n.number(1234.5678)).toBe(new Intl.NumberFormat(locale).format(1234.5678));
      expect(i18n.number(1234, { style: 'percent' })).toBe(new Intl.NumberFormat(locale, { style: 'percent' }).format(1234));
    }
    const fr = setupI18n({ locale: 'fr', messages: { fr: {} } });
    expect(fr.number(1234567)).toBe(new Intl.NumberFormat('fr').format(1234567));
  });

  it('fails the build when Lingui no longer has the line it replaces', () => {
    expect(() => patchLinguiNumbers('function number() {}')).toThrow(/Lingui changed/);
  });
});
