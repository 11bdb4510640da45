import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './Field.tsx';

/** A labelled select with its error next to it (the select twin of ui/Field). */
export function SelectField(
  props: { label: ReactNode; error?: string | undefined; hint?: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>,
) {
  const { label, error, hint, children, ...select } = props;
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      control={(links) => (
        <select {...links} {...select}>
          {children}
        </select>
      )}
    />
  );
}
