import { Trans, useLingui } from '@lingui/react/macro';
import type { Country } from '../../../contract/index.ts';
import { Field } from '../../ui/Field.tsx';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { SelectField, useMessage } from './account-ui.tsx';
import type { AddressDraft, AddressProblems } from './address-draft.ts';
import { usesPostalCodes } from '../../ui/validation.ts';
import { PhoneFields } from '../../ui/PhoneFields.tsx';
import { findCity, useCities, useCountries } from '../../ui/use-places.ts';

/**
 * The fields every address has (delivery and billing): name, phone, country within the service
 * range, city or district, address lines and, where the country has them, postal code.
 */
export function AddressFields(props: {
  draft: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  /** Problems to show (empty until the member first tries to save). */
  problems: AddressProblems;
  disabled?: boolean;
}) {
  const { draft, disabled } = props;
  const { t } = useLingui();
  const text = useMessage();
  const name = useBilingual();
  const countries = useCountries();
  const cities = useCities(draft.CountryID);
  const set = (changes: Partial<AddressDraft>) => props.onChange({ ...draft, ...changes });
  const inService = (countries.data ?? []).filter((c) => c.InService);
  const current = countries.data?.find((c) => c.CountryID === draft.CountryID);

  const chooseCountry = (CountryID: string) => {
    const country = countries.data?.find((c: Country) => c.CountryID === CountryID);
    set({
      CountryID,
      city: '',
      // A new phone number most likely belongs to the country it is delivered to.
      ...(country?.CountryCode && !draft.phone ? { countryCallingCode: country.CountryCode } : {}),
    });
  };

  const cityList = cities.data ?? [];
  // Hong Kong's "cities" are its districts.
  const cityLabel = draft.CountryID === 'HK' ? <Trans>District</Trans> : <Trans>City</Trans>;
  const chosenCity = findCity(cityList, draft.city);

  return (
    <>
      <div className="field-row">
        <Field
          label={<Trans>First name</Trans>}
          autoComplete="given-name"
          maxLength={100}
          value={draft.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
          error={text(props.problems.firstName)}
          disabled={disabled}
        />
        <Field
          label={<Trans>Last name</Trans>}
          autoComplete="family-name"
          maxLength={100}
          value={draft.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
          error={text(props.problems.lastName)}
          disabled={disabled}
        />
      </div>
      <PhoneFields
        label={<Trans>Contact number</Trans>}
        callingCode={draft.countryCallingCode}
        phone={draft.phone}
        onCallingCode={(countryCallingCode) => set({ countryCallingCode })}
        onPhone={(phone) => set({ phone })}
        error={text(props.problems.phone)}
        disabled={disabled}
      />
      <SelectField
        label={<Trans>Country or region</Trans>}
        autoComplete="country"
        value={draft.CountryID}
        onChange={(e) => chooseCountry(e.target.value)}
        error={text(props.problems.CountryID) ?? (countries.isError ? t`Could not load the list of countries.` : undefined)}
        hint={<Trans>We deliver to the places listed here.</Trans>}
        disabled={disabled}
      >
        {!current && <option value={draft.CountryID}>{countries.isPending ? t`Loading…` : draft.CountryID}</option>}
        {current && !current.InService && (
          <option value={current.CountryID} disabled>
            {name(current.Name)}
          </option>
        )}
        {inService.map((c) => (
          <option key={c.CountryID} value={c.CountryID}>
            {name(c.Name)}
          </option>
        ))}
      </SelectField>
      {cities.isPending && draft.CountryID ? (
        <SelectField label={cityLabel} value="" disabled>
          <option value="">{t`Loading…`}</option>
        </SelectField>
      ) : cityList.length > 0 ? (
        <SelectField
          label={cityLabel}
          value={chosenCity?.CityID ?? draft.city}
          onChange={(e) => set({ city: e.target.value })}
          error={text(props.problems.city)}
          disabled={disabled}
        >
          <option value="">{t`Choose…`}</option>
          {!chosenCity && draft.city && <option value={draft.city}>{draft.city}</option>}
          {cityList.map((c) => (
            <option key={c.CityID} value={c.CityID}>
              {name(c.Name)}
            </option>
          ))}
        </SelectField>
      ) : (
        <Field
          label={cityLabel}
          autoComplete="address-level2"
          maxLength={100}
          value={draft.city}
          onChange={(e) => set({ city: e.target.value })}
          error={text(props.problems.city)}
          disabled={disabled}
        />
      )}
      <Field
        label={<Trans>Address line 1</Trans>}
        autoComplete="address-line1"
        maxLength={200}
        value={draft.address1}
        onChange={(e) => set({ address1: e.target.value })}
        error={text(props.problems.address1)}
        disabled={disabled}
      />
      <Field
        label={<Trans>Address line 2 (optional)</Trans>}
        autoComplete="address-line2"
        maxLength={200}
        value={draft.address2}
        onChange={(e) => set({ address2: e.target.value })}
        disabled={disabled}
      />
      {/* Spec §3: where there are no postal codes (Hong Kong) none is asked; the address carries 000000. */}
      {usesPostalCodes(draft.CountryID) && (
        <Field
          label={<Trans>Postal code</Trans>}
          autoComplete="postal-code"
          maxLength={10}
          value={draft.postalCode}
          onChange={(e) => set({ postalCode: e.target.value })}
          error={text(props.problems.postalCode)}
          disabled={disabled}
        />
      )}
    </>
  );
}
