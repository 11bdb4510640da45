import { msg } from '@lingui/core/macro';
import { hongKongDateTime, weekdayOf } from '../../ui/event-dates.ts';

export const WATER_FLOW_WORDS = { gentle: msg`Gentle`, steady: msg`Steady`, fast: msg`Fast` } as const;
export const BODY_WORDS = { light: msg`Light`, medium: msg`Medium`, full: msg`Full` } as const;
export const AFTER_TASTE_WORDS = { short: msg`Short`, medium: msg`Medium`, long: msg`Long` } as const;
export const TIME_UNIT_WORDS = { sec: msg`sec`, min: msg`min`, hr: msg`hr` } as const;

/** When a card was written: "2026-11-25 (Wed) 14:05", Hong Kong time (spec §9). */
export function cardWhen(iso: string, locale: string): string {
  const at = hongKongDateTime(iso);
  if (!at) return '';
  const [date = '', time = ''] = at.split(' ');
  const weekday = weekdayOf(date, locale);
  return `${date}${weekday ? ` (${weekday})` : ''} ${time}`;
}
