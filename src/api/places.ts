import { queryOptions } from '@tanstack/react-query';
import { getCity, getCountry } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

const HOUR = 60 * 60_000;

/** Countries and cities: shared by the account's address forms and the checkout's address summaries. */
export const placeQueries = {
  /** Every country: calling codes for phones, and the InService ones for addresses. */
  countries: (api: ApiClient) =>
    queryOptions({
      queryKey: ['countries'],
      queryFn: ({ signal }) => api.call(getCountry, {}, { signal }).then((r) => r.countrylist),
      staleTime: HOUR,
    }),
  /** A country's cities (Hong Kong: its districts); empty when the country has none. */
  cities: (api: ApiClient, CountryID: string) =>
    queryOptions({
      queryKey: ['cities', CountryID],
      queryFn: ({ signal }) => api.call(getCity, { CountryID }, { signal }).then((r) => r.CityList),
      staleTime: HOUR,
      enabled: CountryID !== '',
    }),
};
