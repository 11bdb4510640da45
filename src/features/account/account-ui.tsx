import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { errorCode } from '../../api/error-code.ts';
import { NETWORK_ERROR, type CallCode } from '../../../machines/shared/codes.ts';
import { messageFor } from '../../api/error-messages.ts';
import { FormError } from '../../ui/Field.tsx';

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
}

function FieldNotes(props: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {props.hint && (
        <p id={`${props.id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}

/** The select twin of ui/Field (moved to src/ui for the business enquiry form). */
export { SelectField } from '../../ui/SelectField.tsx';

/** A labelled textarea with its error next to it. */
export function TextAreaField(
  props: { label: ReactNode; error?: string | undefined; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>,
) {
  const { label, error, hint, ...textarea } = props;
  const id = useId();
  return (
    <div className="field" data-invalid={!!error}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={!!error} aria-describedby={describedBy(id, error, hint)} {...textarea} />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField(props: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <label className="account-check">
      <input type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)} />
      <span>{props.label}</span>
    </label>
  );
}

/** Words for a failed save: a section's own wording for some codes, else the shared catalogue. */
export function failureMessage(error: unknown, own: Partial<Record<CallCode, MessageDescriptor>> = {}): MessageDescriptor {
  return codeMessage(errorCode(error) ?? NETWORK_ERROR, own);
}

/** Words for a failed step's code (a flow's error): a section's own wording for some codes, else the shared catalogue. */
export function codeMessage(code: CallCode, own: Partial<Record<CallCode, MessageDescriptor>> = {}): MessageDescriptor {
  return own[code] ?? messageFor(code);
}

/**
 * The outcome of a section's last save: "Saved" in a polite live region that is always present
 * (so screen readers announce it), or the failure in words.
 */
export function SaveStatus(props: { saved: boolean; error?: string | undefined }) {
  return (
    <>
      <p className="account-status" role="status">
        {props.saved ? <Trans>Saved</Trans> : null}
      </p>
      {props.error && <FormError>{props.error}</FormError>}
    </>
  );
}

/** Turns a message descriptor into text, or undefined. */
export function useMessage() {
  const { i18n } = useLingui();
  return (descriptor: MessageDescriptor | undefined) => (descriptor ? i18n._(descriptor) : undefined);
}
