import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Field } from '../../ui/Field.tsx';
import { SelectField } from './account-ui.tsx';
import { useCallingCodes } from '../../ui/use-places.ts';

/** A calling code (countries' CountryCode) and a contact number, side by side. */
export function PhoneFields(props: {
  label: ReactNode;
  callingCode: string;
  phone: string;
  onCallingCode: (code: string) => void;
  onPhone: (phone: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { codes } = useCallingCodes();
  const known = codes.some((c) => c.code === props.callingCode);
  return (
    <div className="field-row account-phone">
      <SelectField
        label={<Trans>Country code</Trans>}
        value={props.callingCode}
        onChange={(e) => props.onCallingCode(e.target.value)}
        disabled={props.disabled}
        autoComplete="tel-country-code"
      >
        {!known && <option value={props.callingCode}>{`+${props.callingCode}`}</option>}
        {codes.map((c) => (
          <option key={c.code} value={c.code}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <Field
        label={props.label}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        value={props.phone}
        onChange={(e) => props.onPhone(e.target.value)}
        error={props.error}
        disabled={props.disabled}
      />
    </div>
  );
}
