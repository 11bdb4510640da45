import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { MAX_LINE_QUANTITY } from '../../machines/bag/bag.types.ts';
import './stepper.css';

/**
 * A quantity from 1 up to what is left: − and + buttons around a labelled number field (native
 * controls, so keyboards and screen readers work as usual). One stepper for the bag page and "Add to
 * bag". `max` is the variance's stock when it is counted (spec §3 "last {count} left"); the stepper
 * stops there and says so ("Only 3 left"), and a larger typed number is brought down to it.
 *
 * `live`: each valid typed number is passed on at once (a form sends the value later). Otherwise a
 * typed number is passed on with Enter or on leaving the field, since each change is a call (the bag).
 */
export function QuantityStepper(props: {
  value: number;
  onChange: (quantity: number) => void;
  /** The product the quantity is of, in the controls' names ("Quantity of Anxi Tieguanyin"). */
  name?: string | undefined;
  /** The field's own name where it counts something else ("Number of seats"); `name` is then not used in it. */
  label?: string | undefined;
  max?: number | undefined;
  disabled?: boolean | undefined;
  live?: boolean | undefined;
  /** Says why the stepper stops at `max`; "Only {max} left" unless given. */
  limitNote?: ReactNode;
  className?: string | undefined;
}) {
  const { value, onChange, name, disabled, live } = props;
  const { t } = useLingui();
  const noteId = useId();
  const limit = Math.max(1, Math.min(props.max ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY));
  const [draft, setDraft] = useState(String(value));
  // A new value from outside replaces the draft during the render (React's pattern for state that follows a prop):
  // an effect did it after every mount too, a second render of each stepper on a page's first load (issue 30).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(String(value));
  }

  const clamp = (n: number) => Math.min(limit, Math.max(1, Math.trunc(n)));
  const parse = (text: string): number | undefined => {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) && n >= 1 ? clamp(n) : undefined;
  };
  const pass = (next: number) => {
    if (next !== value) onChange(next);
    setDraft(String(next));
  };
  const commit = () => {
    const next = parse(draft);
    if (next === undefined) setDraft(String(value));
    else pass(next);
  };

  const label = props.label ?? (name ? t`Quantity of ${name}` : t`Quantity`);
  // The stepper stops at stock (not at the bag's own limit): say so.
  const atStock = props.max !== undefined && props.max < MAX_LINE_QUANTITY && value >= limit;
  const left = limit;
  return (
    <div className={`stepper-field ${props.className ?? ''}`}>
      <div className="stepper" role="group" aria-label={label}>
        <button
          type="button"
          className="stepper-button"
          disabled={disabled || value <= 1}
          onClick={() => pass(clamp(value - 1))}
          aria-label={name ? t`Decrease quantity of ${name}` : t`Decrease quantity`}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            if (!live) return;
            const next = parse(e.target.value);
            if (next !== undefined) pass(next);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !live) commit();
          }}
          aria-label={label}
          aria-describedby={atStock ? noteId : undefined}
          className="stepper-input"
        />
        <button
          type="button"
          className="stepper-button"
          disabled={disabled || value >= limit}
          onClick={() => pass(clamp(value + 1))}
          aria-label={name ? t`Increase quantity of ${name}` : t`Increase quantity`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <span id={noteId} className="stepper-note" role="status">
        {atStock && (props.limitNote ?? <Trans>Only {left} left</Trans>)}
      </span>
    </div>
  );
}
