import { Trans } from '@lingui/react/macro';
import type { Address } from '../../contract/index.ts';
import { NO_POSTAL_CODE } from './validation.ts';
import { useCityName, useCountryName } from './use-places.ts';

/** An address as it would be written on a parcel. */
export function AddressSummary(props: { address: Address }) {
  const { address } = props;
  const countryName = useCountryName();
  const city = useCityName(address.CountryID, address.city);
  return (
    <address className="account-address">
      <span className="account-address-name">
        {address.firstName} {address.lastName}
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
      {address.postalCode === NO_POSTAL_CODE && (
        <span className="muted small">
          <Trans>No postal code</Trans>
        </span>
      )}
    </address>
  );
}
