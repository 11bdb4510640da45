import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productTypes } from './catalogue.ts';
import { orders } from './orders.ts';

/** PostgreSQL full-text document; written only by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What an event keyword search matches, as products' does (catalogue.ts): English title (A), host, venue
 * and district (B), description (C), stemmed; the Chinese texts as character grams (cjk_grams, migration 0007).
 */
const eventSearchDocument = sql`setweight(to_tsvector('english'::regconfig, "title_en"), 'A')
  || setweight(to_tsvector('english'::regconfig, "host_name_en" || ' ' || "venue_en" || ' ' || "district_en"), 'B')
  || setweight(to_tsvector('english'::regconfig, "description_en"), 'C')
  || strip(to_tsvector('simple'::regconfig, cjk_grams("title_zh" || ' ' || "host_name_zh" || ' ' || "venue_zh" || ' ' || "district_zh" || ' ' || "description_zh")))`;

/** Tasting events (spec §3 Event): what is tasted (a product type), who hosts it, where. Sessions are event_variances. */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    typeId: text('type_id')
      .notNull()
      .references(() => productTypes.id),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    hostNameEn: text('host_name_en').notNull(),
    hostNameZh: text('host_name_zh').notNull(),
    hostBioEn: text('host_bio_en').notNull(),
    hostBioZh: text('host_bio_zh').notNull(),
    venueEn: text('venue_en').notNull(),
    venueZh: text('venue_zh').notNull(),
    addressEn: text('address_en').notNull(),
    addressZh: text('address_zh').notNull(),
    districtEn: text('district_en').notNull(),
    districtZh: text('district_zh').notNull(),
    mapUrl: text('map_url').notNull(),
    /** An artwork seed (rendered under /media/art/, as product images are). */
    image: text('image').notNull(),
    remarkEn: text('remark_en').notNull().default(''),
    remarkZh: text('remark_zh').notNull().default(''),
    /** Hidden from listings and its page (a draft or withdrawn event); its bookings stay. */
    published: boolean('published').notNull().default(true),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(eventSearchDocument),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('events_search_idx').using('gin', t.searchVector), index('events_type_idx').on(t.typeId)],
);

/**
 * One dated session of an event (spec: "variance (date)"). seats_left is the hold: placing an order takes
 * seats with a conditional update that never goes below zero (the check makes a bug fail, not oversell).
 */
export const eventVariances = pgTable(
  'event_variances',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    capacity: integer('capacity').notNull(),
    seatsLeft: integer('seats_left').notNull(),
    priceHkd: integer('price_hkd').notNull(),
    priceUsd: integer('price_usd').notNull(),
    saleOpensAt: timestamp('sale_opens_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The SVIP early-access window (issue 18, spec §1 "exclusive and top-priority events"): from this
     * instant until sale_opens_at only Subscribed members (users.subscribed) may buy seats. Null: none.
     */
    svipSaleOpensAt: timestamp('svip_sale_opens_at', { withTimezone: true, mode: 'date' }),
    /** The sale closes at the latest when the session starts. */
    saleClosesAt: timestamp('sale_closes_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The member holding the host role who runs this session (issue 32); null: none named yet. */
    hostUserId: text('host_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * scheduled, or cancelled by staff (issue 32: staff-cancel-session). Cancelling moves it once, with a
     * conditional update, so the paid seats' refunds are recorded once however many presses arrive.
     */
    status: text('status', { enum: ['scheduled', 'cancelled'] }).notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('event_variances_event_idx').on(t.eventId, t.startsAt),
    index('event_variances_starts_idx').on(t.startsAt),
    check('event_variances_seats_within_capacity', sql`${t.seatsLeft} >= 0 and ${t.seatsLeft} <= ${t.capacity}`),
    check('event_variances_prices_nonnegative', sql`${t.priceHkd} >= 0 and ${t.priceUsd} >= 0`),
    check('event_variances_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('event_variances_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    index('event_variances_host_idx').on(t.hostUserId, t.startsAt),
  ],
);

/** What an event order bought: seats of one session (the order row has the totals and payment). */
export const eventBookings = pgTable(
  'event_bookings',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => eventVariances.id),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    seats: integer('seats').notNull(),
    pricePerPerson: integer('price_per_person').notNull(),
    /** One of the seats is the member's own (they had not joined the session when they booked). */
    includesOwnSeat: boolean('includes_own_seat').notNull(),
  },
  (t) => [index('event_bookings_user_variance_idx').on(t.userId, t.varianceId), index('event_bookings_variance_idx').on(t.varianceId)],
);

/**
 * One ticket per seat of a booking. The id is unguessable: activate_ticket/{id} is a guest's proof. A
 * guest's ticket is taken by the member who activates it (activated_by); valid while its order is Paid.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => eventBookings.orderId, { onDelete: 'cascade' }),
    varianceId: text('variance_id')
      .notNull()
      .references(() => eventVariances.id),
    seatNumber: integer('seat_number').notNull(),
    isOwner: boolean('is_owner').notNull(),
    holderName: text('holder_name').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    activatedBy: text('activated_by').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('event_tickets_order_seat').on(t.orderId, t.seatNumber),
    index('event_tickets_activated_idx').on(t.activatedBy, t.varianceId),
  ],
);
