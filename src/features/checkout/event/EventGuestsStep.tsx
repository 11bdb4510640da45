import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import * as join from '../../../../machines/event-join/event-join.selectors.ts';
import { Field } from '../../../ui/Field.tsx';
import type { HeadingRef, JoinActor } from './event-checkout-parts.tsx';

/** One form per guest slot (spec §4). A slot left blank is named later on the event record. */
export function GuestsStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const guests = useSelector(actor, join.guests);
  const problems = useSelector(actor, join.guestProblems);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'CONTINUE' });
  };
  const nameError = (p: (typeof problems)[number]) =>
    p?.name === 'missing'
      ? t`Enter the guest’s name, or clear the contact number to add this guest later.`
      : p?.name === 'tooLong'
        ? t`At most 80 characters.`
        : undefined;
  const contactError = (p: (typeof problems)[number]) =>
    p?.contact === 'missing'
      ? t`Enter the guest’s contact number, or clear the name to add this guest later.`
      : p?.contact === 'format'
        ? t`Incorrect contact number format`
        : undefined;
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Your guests</Trans>
      </h2>
      <p className="muted small">
        <Trans>
          Each guest gets a ticket. You can leave a guest blank and add their details later in your event record, until the session starts.
        </Trans>
      </p>
      <form className="form event-guests" onSubmit={submit} noValidate>
        {guests.map((g, i) => {
          const n = i + 1;
          return (
            <fieldset key={i} className="event-guest">
              <legend>
                <Trans>Guest {n}</Trans>
              </legend>
              <Field
                label={<Trans>Name</Trans>}
                value={g.name}
                autoComplete="off"
                maxLength={100}
                error={nameError(problems[i])}
                onChange={(e) =>
                  actor.send({
                    type: 'EDIT_GUEST',
                    index: i,
                    name: e.target.value,
                    contact: g.contact,
                  })
                }
              />
              <Field
                label={<Trans>Contact number</Trans>}
                value={g.contact}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                maxLength={30}
                error={contactError(problems[i])}
                onChange={(e) =>
                  actor.send({
                    type: 'EDIT_GUEST',
                    index: i,
                    name: g.name,
                    contact: e.target.value,
                  })
                }
              />
            </fieldset>
          );
        })}
        <div className="checkout-actions">
          <button type="submit" className="button primary wide">
            <Trans>Continue to payment</Trans>
          </button>
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'BACK' })}>
            <Trans>Change seats</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
