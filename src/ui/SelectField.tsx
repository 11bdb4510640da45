import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A labelled select with its error next to it (the select twin of ui/Field). */
export function SelectField(
  props: { label: ReactNode; error?: string | undefined; hint?: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>,
) {
  const { label, error, hint, children, ...select } = props;
  const id = useId();
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" data-invalid={!!error}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={!!error} aria-describedby={describedBy} {...select}>
        {children}
      </select>
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
