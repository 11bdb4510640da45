import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { ErrorCode } from '../../../../contract/index.ts';
import * as join from '../../../../machines/event-join/event-join.selectors.ts';
import { sessionWhen } from '../../../ui/event-dates.ts';
import { Price } from '../../../ui/Price.tsx';
import { SvipEarlyAccess } from '../../../ui/SvipEarlyAccess.tsx';
import type { HeadingRef, JoinActor } from './event-checkout-parts.tsx';

// The event checkout's session step (src/features/checkout/event/EventCheckoutScreen.tsx), a chunk of its own.

/** Choosing a session; says so in words when the one chosen filled up meanwhile. */
export function SessionStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const { t, i18n } = useLingui();
  const sessions = useSelector(actor, join.sessions);
  const svip = useSelector(actor, join.isSvip);
  const notice = useSelector(actor, join.sessionNotice);
  const name = useId();
  const gone = notice ? sessions.find((s) => s.VarianceID === notice.varianceID) : undefined;
  const goneWhen = gone ? sessionWhen(gone, i18n.locale) : '';
  const left = notice?.spacesLeft ?? 0;
  const wanted = notice?.seatsWanted ?? 0;
  return (
    <section className="checkout-section" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Choose a session</Trans>
      </h2>
      {notice && (
        <div className="notice warning" role="alert">
          {notice.code === ErrorCode.EventSaleClosed ? (
            <p>
              <Trans>The sale for the session on {goneWhen} has closed. Please choose another session.</Trans>
            </p>
          ) : left > 0 ? (
            <p>
              <Trans>
                The session on {goneWhen} filled up while you were choosing: only {left} of the {wanted} seats you wanted are left. Choose it again
                with fewer seats, or another session.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>The session on {goneWhen} sold out while you were choosing. Please choose another session.</Trans>
            </p>
          )}
        </div>
      )}
      {sessions.length === 0 ? (
        <p className="muted">
          <Trans>This event has no sessions coming up.</Trans>
        </p>
      ) : (
        <fieldset className="checkout-choices">
          <legend className="visually-hidden">{t`Sessions`}</legend>
          {sessions.map((s) => (
            <label key={s.VarianceID} className="checkout-choice" data-disabled={!s.open}>
              <input
                type="radio"
                name={name}
                disabled={!s.open}
                checked={false}
                onChange={() =>
                  actor.send({
                    type: 'SELECT_SESSION',
                    varianceID: s.VarianceID,
                  })
                }
              />
              <span className="checkout-choice-text">
                <span>{sessionWhen(s, i18n.locale)}</span>
                <span className="muted small">
                  <Price amount={s.PricePerPerson} currency={s.Currency} /> <Trans>per person</Trans>
                  {/* A session in its SVIP window says its state in its own block, as on the event page. */}
                  {!s.svipEarlyAccess && (
                    <>
                      {' · '}
                      {s.open ? <Plural value={s.SpacesLeft} one="# space left" other="# spaces left" /> : <Trans>Sold out</Trans>}
                    </>
                  )}
                </span>
                {s.svipEarlyAccess && <SvipEarlyAccess session={s} svip={svip} />}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'LEAVE' })}>
        <Trans>Back to the event</Trans>
      </button>
    </section>
  );
}
