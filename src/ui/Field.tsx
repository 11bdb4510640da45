import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What ties a control to its label, hint and error (given by FieldFrame). */
export type ControlLinks = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/**
 * A labelled control with its hint and error next to it, the error announced to screen readers: the frame
 * Field and SelectField share. `control` renders the control with the links it is given.
 */
export function FieldFrame(props: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  control: (links: ControlLinks) => ReactNode;
}) {
  const { label, error, hint } = props;
  const id = useId();
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={!!error}>
      <label htmlFor={id}>{label}</label>
      {props.control({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its error next to it, announced to screen readers. */
export function Field(
  props: { label: ReactNode; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { label, error, hint, ...input } = props;
  return <FieldFrame label={label} error={error} hint={hint} control={(links) => <input {...links} {...input} />} />;
}

/** A form-level message (a failed call), announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
