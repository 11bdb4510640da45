/**
 * Audit fixtures (tests/api/staff-audit-coverage.test.ts) for events, their sessions and the pour lists of their
 * gatherings: each change made as tests/api/staff-event-catalogue.test.ts, staff-events.test.ts and
 * staff-gatherings.test.ts make it. Each fixture makes an event and session of its own, so no other fixture's moves
 * in time (a job run a month on) close what it changes.
 */
import {
  closeGathering,
  staffCancelSession,
  staffCreateEvent,
  staffCreateSession,
  staffRemovePour,
  staffSavePour,
  staffUpdateEvent,
  staffUpdateSession,
  type CallBodyInput,
  type StaffSession,
} from '../../contract/index.ts';
import { CANCEL_SESSION_ACTION } from '../../server/services/staff/event-cancel.ts';
import { CREATE_EVENT_ACTION, UPDATE_EVENT_ACTION } from '../../server/services/staff/event-catalogue.ts';
import { CREATE_SESSION_ACTION, UPDATE_SESSION_ACTION } from '../../server/services/staff/events.ts';
import { CLOSE_GATHERING_ACTION } from '../../server/services/gatherings/host.ts';
import { CREATE_POUR_ACTION, REMOVE_POUR_ACTION } from '../../server/services/staff/gathering-pours.ts';
import { DAY, HOUR, type AuditFixture, type AuditShop } from './audit-fixtures.ts';
import { auth } from './shop.ts';

/** Seeded teas a pour may sell, with a variance of each. */
const POURS = {
  save: { ProductID: 'tea-da-hong-pao', VarianceID: 'tea-da-hong-pao-50g' },
  remove: { ProductID: 'tea-jasmine-pearls', VarianceID: 'tea-jasmine-pearls-50g' },
};

const eventBody = (word: string): CallBodyInput<typeof staffCreateEvent> => ({
  ProductTypeID: 'tea',
  Title: { en: `${word} Oolong Evening`, zh: `${word}烏龍之夜` },
  Description: { en: 'Three roasts side by side.', zh: '三種焙火並排品嚐。' },
  Host: { Name: { en: 'Mei Chan', zh: '陳美' }, Bio: { en: 'Roasts oolong.', zh: '焙製烏龍。' } },
  Location: {
    Name: { en: 'Leaf Room', zh: '葉室' },
    Address: { en: '2 Tea Lane, Sheung Wan', zh: '上環茶巷2號' },
    District: { en: 'Sheung Wan', zh: '上環' },
    MapURL: 'https://maps.example/leaf-room',
  },
  Image: 'teapot-28-3',
});

const newEvent = async (shop: AuditShop) => (await shop.t.call(staffCreateEvent, eventBody(shop.fresh()), auth(shop.staff))).Event.EventID;

const iso = (ms: number) => new Date(ms).toISOString();
/** A session of `EventID` a week away (19:00–21:00 in Hong Kong), on sale since yesterday. */
const sessionBody = (shop: AuditShop, EventID: string): CallBodyInput<typeof staffCreateSession> => ({
  EventID,
  StartAt: iso(shop.clock.now + 7 * DAY + 6 * HOUR),
  EndAt: iso(shop.clock.now + 7 * DAY + 8 * HOUR),
  Capacity: 10,
  Price: { HKD: 38000, USD: 4900 },
  SaleOpensAt: iso(shop.clock.now - DAY),
});

/** A session of an event of its own; hosted by the shop's host (and so with its gathering) when asked. */
async function newSession(shop: AuditShop, hosted = false): Promise<StaffSession> {
  const body = { ...sessionBody(shop, await newEvent(shop)), ...(hosted ? { HostUserID: shop.host.userId } : {}) };
  return (await shop.t.call(staffCreateSession, body, auth(shop.staff))).Session;
}

/** The gathering of a new hosted session (scheduled: its pour list may change). */
async function newGathering(shop: AuditShop): Promise<string> {
  const { GatheringID } = await newSession(shop, true);
  if (!GatheringID) throw new Error('a hosted session has no gathering');
  return GatheringID;
}

export const eventFixtures: Record<string, AuditFixture> = {
  [staffCreateEvent.name]: async (shop) => ({
    by: shop.staff,
    change: async () => {
      const { Event } = await shop.t.call(staffCreateEvent, eventBody(shop.fresh()), auth(shop.staff));
      return [{ action: CREATE_EVENT_ACTION, target: `event:${Event.EventID}` }];
    },
  }),

  [staffUpdateEvent.name]: async (shop) => {
    const EventID = await newEvent(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateEvent, { EventID, Published: false }, auth(shop.staff));
        return [{ action: UPDATE_EVENT_ACTION, target: `event:${EventID}` }];
      },
    };
  },

  [staffCreateSession.name]: async (shop) => {
    const EventID = await newEvent(shop);
    return {
      by: shop.staff,
      change: async () => {
        const { Session } = await shop.t.call(staffCreateSession, sessionBody(shop, EventID), auth(shop.staff));
        return [{ action: CREATE_SESSION_ACTION, target: `session:${Session.SessionID}` }];
      },
    };
  },

  [staffUpdateSession.name]: async (shop) => {
    const { SessionID } = await newSession(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffUpdateSession, { SessionID, Capacity: 12 }, auth(shop.staff));
        return [{ action: UPDATE_SESSION_ACTION, target: `session:${SessionID}` }];
      },
    };
  },

  [staffCancelSession.name]: async (shop) => {
    const { SessionID } = await newSession(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffCancelSession, { SessionID, Reason: 'The host is unwell' }, auth(shop.staff));
        return [{ action: CANCEL_SESSION_ACTION, target: `session:${SessionID}` }];
      },
    };
  },

  [staffSavePour.name]: async (shop) => {
    const GatheringID = await newGathering(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffSavePour, { GatheringID, ...POURS.save, Price: { HKD: 20000, USD: 2600 }, SetAside: 4 }, auth(shop.staff));
        return [{ action: CREATE_POUR_ACTION, target: `pour:${GatheringID}/${POURS.save.ProductID}` }];
      },
    };
  },

  [staffRemovePour.name]: async (shop) => {
    const GatheringID = await newGathering(shop);
    await shop.t.call(staffSavePour, { GatheringID, ...POURS.remove, Price: { HKD: 18000, USD: 2300 }, SetAside: 6 }, auth(shop.staff));
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(staffRemovePour, { GatheringID, ProductID: POURS.remove.ProductID }, auth(shop.staff));
        return [{ action: REMOVE_POUR_ACTION, target: `pour:${GatheringID}/${POURS.remove.ProductID}` }];
      },
    };
  },

  [closeGathering.name]: async (shop) => {
    const GatheringID = await newGathering(shop);
    return {
      by: shop.staff,
      change: async () => {
        await shop.t.call(closeGathering, { gatheringID: GatheringID }, auth(shop.staff));
        return [{ action: CLOSE_GATHERING_ACTION, target: `gathering:${GatheringID}` }];
      },
    };
  },
};
