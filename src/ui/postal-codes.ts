/** Spec §3: the postal code of an address where none applies. */
export const NO_POSTAL_CODE = '000000';

/**
 * Countries and territories without postal codes (ISO 3166-1 alpha-2, as CountryID): Hong Kong and
 * Macau among the places the shop delivers to. Their addresses are not asked for one and carry
 * NO_POSTAL_CODE (spec §3).
 */
const WITHOUT_POSTAL_CODES: ReadonlySet<string> = new Set([
  'AE', 'AG', 'AO', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BQ', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'CW', 'DJ',
  'DM', 'ER', 'FJ', 'GA', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'JM', 'KI', 'KM', 'KN', 'KP', 'LY', 'ML', 'MO', 'MR', 'MW',
  'NR', 'NU', 'QA', 'RW', 'SB', 'SC', 'SL', 'SO', 'SR', 'SS', 'ST', 'SX', 'SY', 'TD', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG',
  'VU', 'YE', 'ZW',
]);

/** Whether addresses in this country have a postal code to ask for. */
export const usesPostalCodes = (CountryID: string): boolean => !WITHOUT_POSTAL_CODES.has(CountryID);
