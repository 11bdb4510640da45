import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { GuestContact, GuestName, updateEventGuest, type EventTicket } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { Field, FormError } from '../../ui/Field.tsx';

/**
 * The event record's guest details form (src/features/events/EventRecordScreen.tsx), in a chunk of its own
 * with the contract's checks: the record shows without it (DESIGN §10).
 */
/** update-event-guest: a guest's name and contact number, checked as the contract checks them. */
export function GuestForm({ ticket, varianceID, onDone }: { ticket: EventTicket; varianceID: string; onDone: () => void }) {
  const { api, queryClient } = useServices();
  const { t, i18n } = useLingui();
  const formId = useId();
  const [name, setName] = useState(ticket.HolderName);
  const [contact, setContact] = useState(ticket.ContactNumber);
  const [shown, setShown] = useState(false);
  const nameError = !v.safeParse(GuestName, name).success ? t`Enter the guest's name (at most 80 characters).` : undefined;
  const contactError = !v.safeParse(GuestContact, contact).success ? t`Incorrect contact number format` : undefined;
  const save = useMutation({
    mutationFn: () => api.call(updateEventGuest, { TicketID: ticket.TicketID, Name: name.trim(), Contact: contact.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['member', 'eventRecord', varianceID] });
      onDone();
    },
    meta: { handlesErrors: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (nameError || contactError) return;
    save.mutate();
  };
  const failure = errorCode(save.error);
  return (
    <form className="form guest-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h4 id={`${formId}-title`} className="visually-hidden">
        <Trans>Guest details</Trans>
      </h4>
      <Field label={<Trans>Guest's name</Trans>} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={80} error={shown ? nameError : undefined} />
      <Field
        label={<Trans>Contact number</Trans>}
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        type="tel"
        autoComplete="off"
        hint={<Trans>For example +852 9123 4567</Trans>}
        error={shown ? contactError : undefined}
      />
      {failure && <FormError>{i18n._(messageFor(failure))}</FormError>}
      <div className="guest-form-actions">
        <button type="submit" className="button small primary" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save guest</Trans>}
        </button>
        <button type="button" className="link-button" onClick={onDone} disabled={save.isPending}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
