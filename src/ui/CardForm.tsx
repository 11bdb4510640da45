import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { luhnValid } from '../../contract/card-number.ts';
import { formatExpiryInput, parseExpiry } from './card-expiry.ts';
import './card-form.css';
import { Field, FormError } from './Field.tsx';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The card number as typed, digits only (spaces allowed while typing). */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');


/**
 * Card number, expiry and CVC, checked as far as the browser can (length, Luhn, a future expiry)
 * before the provider sees them. Used by checkout's add-card step and the wallet.
 */
export function CardForm(props: {
  busy: boolean;
  /** Why the last try was refused, in words. */
  error?: string | undefined;
  submitLabel: ReactNode;
  onSubmit: (card: CardDetails) => void;
  onCancel?: () => void;
  now?: () => Date;
}) {
  const { t } = useLingui();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState(false);
  const digits = digitsOf(number);
  const parsed = parseExpiry(expiry);
  const now = (props.now ?? (() => new Date()))();
  const expired = parsed !== undefined && (parsed.year < now.getFullYear() || (parsed.year === now.getFullYear() && parsed.month < now.getMonth() + 1));
  const problems = {
    number: !digits
      ? t`This field is required`
      : !/^\d{12,19}$/.test(digits) || !luhnValid(digits)
        ? t`Your card number is incorrect.`
        : undefined,
    expiry: !expiry.trim() ? t`This field is required` : !parsed ? t`Enter the expiry as MM/YY` : expired ? t`This card has expired.` : undefined,
    cvc: !cvc ? t`This field is required` : !/^\d{3,4}$/.test(cvc) ? t`Enter the 3 or 4 digits on the back of the card` : undefined,
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problems.number || problems.expiry || problems.cvc || !parsed) return;
    props.onSubmit({ number: digits, expMonth: parsed.month, expYear: parsed.year, cvc });
  };
  return (
    <form className="form card-form" onSubmit={submit} noValidate aria-busy={props.busy} aria-label={t`Card details`}>
      <Field
        label={<Trans>Card number</Trans>}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        disabled={props.busy}
        error={touched ? problems.number : undefined}
      />
      <div className="card-form-row">
        <Field
          label={<Trans>Expiry (MM/YY)</Trans>}
          value={expiry}
          onChange={(e) => setExpiry((previous) => formatExpiryInput(e.target.value, previous))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={9}
          disabled={props.busy}
          error={touched ? problems.expiry : undefined}
        />
        <Field
          label={<Trans>CVC</Trans>}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.trim())}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          disabled={props.busy}
          error={touched ? problems.cvc : undefined}
        />
      </div>
      {props.error && <FormError>{props.error}</FormError>}
      <div className="card-form-actions">
        {props.onCancel && (
          <button type="button" className="button" disabled={props.busy} onClick={props.onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
        <button type="submit" className="button primary" disabled={props.busy}>
          {props.busy ? <Trans>Saving card…</Trans> : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
