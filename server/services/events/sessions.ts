/**
 * What the event calls share about a session: its Hong Kong date and time slot, where its sale stands,
 * and the session as orders and records show it (EventSession).
 */
import type { SessionSaleStatus } from '../../../contract/events.ts';
import type { EventSession } from '../../../contract/event-orders.ts';
import type { events, eventVariances } from '../../db/schema.ts';
import { artworkUrl } from '../artwork.ts';

export type EventRow = typeof events.$inferSelect;
export type EventVarianceRow = typeof eventVariances.$inferSelect;

/** Events are held in Hong Kong: their dates and times are read there, whoever asks. */
const HONG_KONG = 'Asia/Hong_Kong';

const dateParts = new Intl.DateTimeFormat('en-CA', { timeZone: HONG_KONG, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeParts = new Intl.DateTimeFormat('en-GB', { timeZone: HONG_KONG, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** yyyy-MM-dd in Hong Kong. */
export const hongKongDate = (at: Date) => dateParts.format(at);
/** "19:00–21:00" in Hong Kong. */
export const timeSlotOf = (session: Pick<EventVarianceRow, 'startsAt' | 'endsAt'>) => `${timeParts.format(session.startsAt)}–${timeParts.format(session.endsAt)}`;

/** Where a session's sale stands now. A started session is Past whatever its seats. */
export function saleStatusOf(session: Pick<EventVarianceRow, 'startsAt' | 'saleOpensAt' | 'saleClosesAt' | 'seatsLeft'>, now: Date): SessionSaleStatus {
  if (session.startsAt <= now) return 'Past';
  if (session.saleClosesAt <= now) return 'Closed';
  if (session.saleOpensAt > now) return 'NotOpen';
  return session.seatsLeft > 0 ? 'OnSale' : 'SoldOut';
}

/**
 * The session's SVIP early-access window is open now (issue 18): it has one, it has opened, the public
 * sale has not opened yet and the session can still be sold. Its SaleStatus stays NotOpen meanwhile.
 */
export function svipWindowOpen(session: Pick<EventVarianceRow, 'startsAt' | 'saleOpensAt' | 'saleClosesAt' | 'svipSaleOpensAt'>, now: Date): boolean {
  return (
    session.svipSaleOpensAt !== null &&
    session.svipSaleOpensAt <= now &&
    session.saleOpensAt > now &&
    session.saleClosesAt > now &&
    session.startsAt > now
  );
}

export const locationOf = (event: EventRow) => ({
  Name: { en: event.venueEn, zh: event.venueZh },
  Address: { en: event.addressEn, zh: event.addressZh },
  District: { en: event.districtEn, zh: event.districtZh },
  MapURL: event.mapUrl,
});

export function sessionOf(event: EventRow, session: EventVarianceRow, isAlcohol: boolean): EventSession {
  return {
    EventID: event.id,
    VarianceID: session.id,
    Title: { en: event.titleEn, zh: event.titleZh },
    Image: artworkUrl(event.image),
    Date: hongKongDate(session.startsAt),
    TimeSlot: timeSlotOf(session),
    StartAt: session.startsAt.toISOString(),
    EndAt: session.endsAt.toISOString(),
    Location: locationOf(event),
    Host: { en: event.hostNameEn, zh: event.hostNameZh },
    IsAlcohol: isAlcohol,
  };
}
