import { asc, eq } from 'drizzle-orm';
import * as contract from '../../contract/reference.ts';
import { cities, countries } from '../db/schema.ts';
import { defaultCurrencyFor } from '../services/geo.ts';
import { implement } from './handler.ts';

export const referenceHandlers = implement(contract, {
  async getCountry({ body, deps: { db } }) {
    const rows = await db
      .select()
      .from(countries)
      .where(body.CountryID ? eq(countries.id, body.CountryID) : undefined)
      .orderBy(asc(countries.sort), asc(countries.nameEn));
    return {
      countrylist: rows.map((c) => ({
        CountryID: c.id,
        Alpha2: c.alpha2,
        Alpha3: c.alpha3,
        Numeric: c.numeric,
        CountryCode: c.callingCode,
        Currency: c.currency,
        Name: { en: c.nameEn, zh: c.nameZh },
        InService: c.inService,
      })),
    };
  },

  async getCity({ body, deps: { db } }) {
    const rows = await db
      .select()
      .from(cities)
      .where(eq(cities.countryId, body.CountryID))
      .orderBy(asc(cities.sort), asc(cities.nameEn));
    return {
      CityList: rows.map((c) => ({ CityID: c.id, CountryID: c.countryId, Name: { en: c.nameEn, zh: c.nameZh } })),
    };
  },

  async getCurrency({ clientIp, deps: { geo } }) {
    const country = geo.countryOf(clientIp);
    return { Currency: defaultCurrencyFor(country), ...(country ? { Country: country } : {}) };
  },

  async getVersion({ deps: { config } }) {
    return { informationResult: { OnesipVersionID: config.version } };
  },
});
