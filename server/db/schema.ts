/**
 * The database schema, one file per domain under schema/ (drizzle-kit reads that folder: see
 * drizzle.config.ts). This index re-exports them all, so `from '…/db/schema.ts'` finds any table; a new
 * area adds its own file there and one line here.
 */
export * from './schema/accounts.ts';
export * from './schema/catalogue.ts';
export * from './schema/content.ts';
export * from './schema/jobs.ts';
export * from './schema/mail.ts';
export * from './schema/media.ts';
export * from './schema/notifications.ts';
export * from './schema/orders.ts';
export * from './schema/payments-sandbox.ts';
export * from './schema/places.ts';
export * from './schema/pricing.ts';
export * from './schema/search.ts';
export * from './schema/settings.ts';
export * from './schema/shopping.ts';
export * from './schema/surveys.ts';
export * from './schema/events.ts';
export * from './schema/taste.ts';
export * from './schema/event-surveys.ts';
export * from './schema/subscriptions.ts';
export * from './schema/b2b.ts';
export * from './schema/nfc.ts';
export * from './schema/newsletter.ts';
export * from './schema/inspiration.ts';
export * from './schema/invites.ts';
export * from './schema/gatherings.ts';
export * from './schema/staff.ts';
