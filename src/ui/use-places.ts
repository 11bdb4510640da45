import { useQuery } from '@tanstack/react-query';
import type { City, Country } from '../../contract/index.ts';
import { useServices } from '../app/services.ts';
import { useBilingual } from './Bilingual.tsx';
import { placeQueries } from '../api/places.ts';

export function useCountries() {
  const { api } = useServices();
  return useQuery({ ...placeQueries.countries(api), meta: { handlesErrors: true } });
}

export function useCities(CountryID: string) {
  const { api } = useServices();
  return useQuery({ ...placeQueries.cities(api, CountryID), meta: { handlesErrors: true } });
}

export interface CallingCode {
  code: string;
  label: string;
}

/** One option per calling code, naming every country that shares it ("+1 Canada / United States"). */
export function useCallingCodes(): { codes: CallingCode[] } {
  const countries = useCountries();
  const name = useBilingual();
  const byCode = new Map<string, string[]>();
  for (const c of countries.data ?? []) {
    if (c.CountryCode) byCode.set(c.CountryCode, [...(byCode.get(c.CountryCode) ?? []), name(c.Name)]);
  }
  return { codes: [...byCode].map(([code, names]) => ({ code, label: `+${code} ${names.join(' / ')}` })) };
}

/** A country's name in the active language (its ID until the list has loaded). */
export function useCountryName(): (CountryID: string) => string {
  const countries = useCountries();
  const name = useBilingual();
  return (CountryID) => {
    const country = countries.data?.find((c: Country) => c.CountryID === CountryID);
    return country ? name(country.Name) : CountryID;
  };
}

/** Finds a stored city among a country's cities: addresses keep the CityID, older ones a name. */
export function findCity(cities: readonly City[] | undefined, city: string): City | undefined {
  return cities?.find((c) => c.CityID === city || c.Name.en === city || c.Name.zh === city);
}

/** The name of an address's city in the active language; free-text cities as typed. */
export function useCityName(CountryID: string, city: string): string {
  const cities = useCities(CountryID);
  const name = useBilingual();
  const found = findCity(cities.data, city);
  return found ? name(found.Name) : city;
}
