import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products, variances } from './catalogue.ts';
import { eventTickets, eventVariances } from './events.ts';
import { orders } from './orders.ts';

/**
 * Gatherings (issue 31; spec §7 Gatherings): one event session happening now, in its venue. Its host (an
 * e-mail the shop names for the session) opens and closes it; the people in the room are its attendees.
 */
export const gatherings = pgTable(
  'gatherings',
  {
    id: text('id').primaryKey(),
    /** The session it is: one gathering per session. */
    varianceId: text('variance_id')
      .notNull()
      .unique()
      .references(() => eventVariances.id, { onDelete: 'cascade' }),
    /** Lower-cased: the host proves it with a code mailed to it (admin-init). */
    hostEmail: text('host_email').notNull(),
    /** The member who opened it with the code mailed to hostEmail (admin-init): its host on this server. */
    hostUserId: text('host_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['Scheduled', 'Ongoing', 'Closed'] })
      .notNull()
      .default('Scheduled'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('gatherings_status_idx').on(t.status)],
);

/** Who is in the room: checked in by their ticket (or a walk-in's paid place); left when they quit. */
export const gatheringAttendees = pgTable(
  'gathering_attendees',
  {
    gatheringId: text('gathering_id')
      .notNull()
      .references(() => gatherings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id').references(() => eventTickets.id, { onDelete: 'set null' }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.gatheringId, t.userId] }), index('gathering_attendees_user_idx').on(t.userId)],
);

/**
 * Tonight's pour list: a product at the gathering's price, with a quantity the host set aside for the room,
 * apart from the online stock (the room cannot empty the web shop, nor the web the room).
 */
export const gatheringPours = pgTable(
  'gathering_pours',
  {
    gatheringId: text('gathering_id')
      .notNull()
      .references(() => gatherings.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** The variance a pour sells (its name and online price). */
    varianceId: text('variance_id')
      .notNull()
      .references(() => variances.id),
    priceHkd: integer('price_hkd').notNull(),
    priceUsd: integer('price_usd').notNull(),
    setAside: integer('set_aside').notNull(),
    remaining: integer('remaining').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gatheringId, t.productId] }),
    check('gathering_pours_remaining_within_set_aside', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.setAside}`),
    check('gathering_pours_prices_nonnegative', sql`${t.priceHkd} >= 0 and ${t.priceUsd} >= 0`),
  ],
);

/** A member's cart at a gathering: pours and quantities, until they order. */
export const gatheringCartItems = pgTable(
  'gathering_cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatheringId: text('gathering_id').notNull(),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gatheringId, t.productId] }),
    foreignKey({ columns: [t.gatheringId, t.productId], foreignColumns: [gatheringPours.gatheringId, gatheringPours.productId] }).onDelete('cascade'),
    check('gathering_cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A product order of the gathering kind: which gathering's pours it took, picked up at the venue. */
export const gatheringOrders = pgTable(
  'gathering_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gatheringId: text('gathering_id')
      .notNull()
      .references(() => gatherings.id, { onDelete: 'cascade' }),
  },
  (t) => [index('gathering_orders_gathering_idx').on(t.gatheringId)],
);
