import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: text('id').primaryKey(),
  alpha2: text('alpha2').notNull().unique(),
  alpha3: text('alpha3').notNull(),
  numeric: text('numeric').notNull(),
  callingCode: text('calling_code').notNull(),
  currency: text('currency').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  inService: boolean('in_service').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const cities = pgTable(
  'cities',
  {
    id: text('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('cities_country_idx').on(t.countryId)],
);
