import { queryOptions } from '@tanstack/react-query';
import { checkUsername, getCity, getCountry } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

const HOUR = 60 * 60_000;

/** queryOptions factories for the account popup's reference data and username checks. */
export const accountQueries = {
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
  /**
   * Whether a username is free. The signal is passed on, so a check superseded by newer typing
   * (its query no longer observed) is aborted.
   */
  usernameAvailable: (api: ApiClient, name: string) =>
    queryOptions({
      queryKey: ['usernameAvailable', name.toLowerCase()],
      queryFn: ({ signal }) => api.call(checkUsername, { name }, { signal }).then((r) => r.available),
      staleTime: 10_000,
      retry: false,
      meta: { handlesErrors: true },
    }),
};
