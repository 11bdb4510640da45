/**
 * Spec §4 guest slots and the guest form rules, shared by the machine, its selectors and the screen.
 * The rules are contract/event-orders.ts GuestName and GuestContact written without valibot (the
 * machine opens as-is in the Stately visualizer); tests/machines/event-join.test.ts proves they agree.
 */
import type { EventSession, GuestForm, GuestInfo, GuestProblem } from './event-join.types.ts';
import { MAX_SEATS_PER_ORDER } from './event-join.types.ts';

const CONTACT = /^\+?[\d\s()-]{6,20}$/;
const NAME_MAX = 80;

/** Spec §4: guest slots equal the seats, minus one (the member's own seat) unless the member already joined that session. */
export function guestSlots(seats: number, alreadyJoined: boolean): number {
  return Math.max(0, alreadyJoined ? seats : seats - 1);
}

/** Most seats the member may pick for a session: its spaces left, at most MAX_SEATS_PER_ORDER. */
export function maxSeats(session: EventSession | undefined): number {
  return session ? Math.max(0, Math.min(MAX_SEATS_PER_ORDER, session.SpacesLeft)) : 0;
}

/** In its SVIP early-access window (issue 18): not on sale to everyone yet, open to SVIPs (Subscribed members). */
export const svipEarlyAccess = (session: EventSession): boolean => session.SaleStatus === 'NotOpen' && session.SvipEarlyAccess === true;

/**
 * A session takes this member's seats now: on sale, or in its SVIP early-access window for an SVIP (the server
 * refuses anyone else there with EventSaleClosed), with a space left.
 */
export const sessionOpen = (session: EventSession | undefined, svip: boolean): boolean =>
  session !== undefined && (session.SaleStatus === 'OnSale' || (svip && svipEarlyAccess(session))) && session.SpacesLeft > 0;

/** Both fields empty: the guest is named later, on the event record page. */
export const isBlank = (g: GuestForm): boolean => g.name.trim() === '' && g.contact.trim() === '';

/**
 * What is wrong with one guest slot. A slot may be left blank (named later, as update-event-guest
 * allows until the session starts); a slot begun must have both a name and a valid contact number.
 */
export function guestProblem(g: GuestForm): GuestProblem | undefined {
  if (isBlank(g)) return undefined;
  const name = g.name.trim();
  const contact = g.contact.trim();
  const problem: GuestProblem = {
    name: name === '' ? 'missing' : name.length > NAME_MAX ? 'tooLong' : undefined,
    contact: contact === '' ? 'missing' : CONTACT.test(contact) ? undefined : 'format',
  };
  return problem.name || problem.contact ? problem : undefined;
}

/** The named guests as newEventCheckOut takes them (blank slots are left out: named later). */
export function guestInfo(guests: readonly GuestForm[]): GuestInfo[] {
  return guests.filter((g) => !isBlank(g)).map((g) => ({ Name: g.name.trim(), Contact: g.contact.trim() }));
}

/** The guest forms for `slots` slots, keeping what was typed in the ones that remain. */
export function resizeGuests(guests: readonly GuestForm[], slots: number): GuestForm[] {
  return Array.from({ length: slots }, (_, i) => guests[i] ?? { name: '', contact: '' });
}
