import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Business enquiries (issue 20; spec §3 B2B enquiry): what a company sent through the b2b_enquiry form. The
 * shop's team is mailed each one; this is the record of what came in.
 */
export const b2bEnquiries = pgTable(
  'b2b_enquiries',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    countryCallingCode: text('country_calling_code').notNull(),
    contactNumber: text('contact_number').notNull(),
    /** teaCollection, coffeeCollection, incenseCollection, curatedBoxSets, bespokeGiftSets or businessPartnerships. */
    enquiryType: text('enquiry_type').notNull(),
    message: text('message').notNull().default(''),
    /** The enquirer's language ('en' | 'zh'): their confirmation mail's. */
    language: text('language').notNull(),
    /** When they ticked the privacy consent (sending the form needs it). */
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Where staff are with it (issue 32): new, contacted (someone answered), closed (nothing more to do). */
    status: text('status', { enum: ['new', 'contacted', 'closed'] }).notNull().default('new'),
    /** Staff's own note on it (who answered, what was agreed); never shown to the enquirer. */
    staffNote: text('staff_note').notNull().default(''),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('b2b_enquiries_created_idx').on(t.createdAt),
    index('b2b_enquiries_status_idx').on(t.status, t.createdAt),
    check('b2b_enquiries_status_check', sql`${t.status} in ('new', 'contacted', 'closed')`),
  ],
);
