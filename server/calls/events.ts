import * as contract from '../../contract/events.ts';
import { notFound } from '../http/errors.ts';
import { eventDetail, searchEvents, upcomingEvents } from '../services/events/catalogue.ts';
import { implement } from './handler.ts';

/** Tasting events, the public side (spec §7 Events): an event's page, the event search, the home page's. */
export const eventHandlers = implement(contract, {
  async getEventDetail({ body, deps: { db, clock } }) {
    const detail = await eventDetail(db, clock.now(), body.EventID, body.Currency);
    if (!detail) throw notFound('Event');
    return { eventDetail: detail };
  },

  async SearchAndFilterEvent({ body, deps: { db, clock } }) {
    return searchEvents(db, clock.now(), body);
  },

  async getUpcomingEvents({ body, deps: { db, clock } }) {
    return { EventList: await upcomingEvents(db, clock.now(), body.Currency, body.Size) };
  },
});
