import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with its error next to it, announced to screen readers. */
export function Field(
  props: { label: ReactNode; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { label, error, hint, ...input } = props;
  const id = useId();
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={!!error}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={!!error} aria-describedby={describedBy || undefined} {...input} />
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

/** A form-level message (a failed call), announced when it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
