import * as v from 'valibot';
import { Bilingual, Currency, Id, defineCall, noBody } from './define.ts';

export const Country = v.object({
  CountryID: v.string(),
  Alpha2: v.string(),
  Alpha3: v.string(),
  Numeric: v.string(),
  /** International calling code without "+", e.g. "852". */
  CountryCode: v.string(),
  Currency: v.string(),
  Name: Bilingual,
  /** Whether the shop delivers there (spec §5: country must be within the service range). */
  InService: v.boolean(),
});
export type Country = v.InferOutput<typeof Country>;

export const City = v.object({ CityID: v.string(), CountryID: v.string(), Name: Bilingual });
export type City = v.InferOutput<typeof City>;

export const getCountry = defineCall({
  name: 'getCountry',
  method: 'POST',
  auth: 'public',
  body: v.object({ CountryID: v.optional(Id) }),
  response: v.object({ countrylist: v.array(Country) }),
});

export const getCity = defineCall({
  name: 'getCity',
  method: 'POST',
  auth: 'public',
  body: v.object({ CountryID: Id }),
  response: v.object({ CityList: v.array(City) }),
});

export const getCurrency = defineCall({
  name: 'getCurrency',
  method: 'POST',
  auth: 'public',
  body: noBody,
  response: v.object({
    Currency,
    /** Alpha-2 country of the client IP, when known. */
    Country: v.optional(v.string()),
  }),
});

export const getVersion = defineCall({
  name: 'getVersion',
  method: 'POST',
  auth: 'public',
  body: noBody,
  response: v.object({ informationResult: v.object({ OnesipVersionID: v.string() }) }),
});
