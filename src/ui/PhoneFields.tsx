import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Field } from './Field.tsx';
import { SelectField } from './SelectField.tsx';
import { useCallingCodes } from './use-places.ts';

/**
 * A calling code (countries' CountryCode) and a contact number, side by side: the account's phone and
 * addresses, and the business enquiry form.
 */
export function PhoneFields(props: {
  label: ReactNode;
  callingCode: string;
  phone: string;
  onCallingCode: (code: string) => void;
  onPhone: (phone: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
}) {
  const { codes } = useCallingCodes();
  const known = codes.some((c) => c.code === props.callingCode);
  return (
    <div className="field-row phone-fields">
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
        onBlur={props.onBlur}
        error={props.error}
        disabled={props.disabled}
        required={props.required}
      />
    </div>
  );
}
