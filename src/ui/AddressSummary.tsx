import { Trans, useLingui } from '@lingui/react/macro';
import type { Address } from '../../contract/index.ts';
import { personName } from '../../contract/person-name.ts';
import { contentLanguage, type Locale } from '../i18n/i18n.ts';
import { NO_POSTAL_CODE, usesPostalCodes } from './postal-codes.ts';
import { useCityName, useCountryName } from './use-places.ts';
import './address-summary.css';

/** An address as it would be written on a parcel, one part a line (its styles come with it, wherever it shows). */
export function AddressSummary(props: { address: Address }) {
  const { address } = props;
  const { i18n } = useLingui();
  const countryName = useCountryName();
  const city = useCityName(address.CountryID, address.city);
  return (
    <address className="address-summary">
      <span className="address-summary-name">
        {personName(address.firstName, address.lastName, contentLanguage(i18n.locale as Locale))}
      </span>
      <span>
        +{address.countryCallingCode} {address.phone}
      </span>
      <span>{address.address1}</span>
      {address.address2 && <span>{address.address2}</span>}
      <span>{[address.district, city].filter(Boolean).join(', ')}</span>
      <span>
        {countryName(address.CountryID)}
        {address.postalCode && address.postalCode !== NO_POSTAL_CODE ? ` ${address.postalCode}` : null}
      </span>
      {/* Said only where a postal code was to be expected (Hong Kong has none: nothing to say). */}
      {address.postalCode === NO_POSTAL_CODE && usesPostalCodes(address.CountryID) && (
        <span className="muted small">
          <Trans>No postal code</Trans>
        </span>
      )}
    </address>
  );
}
