import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import * as join from '../../../../machines/event-join/event-join.selectors.ts';
import type { EventJoinInput, EventJoinStep } from '../../../../machines/event-join/event-join.types.ts';
import type { PaymentStepName } from '../../../../machines/payment-step/payment-step.types.ts';
import * as sessionState from '../../../../machines/session/session.selectors.ts';
import { useServices } from '../../../app/services.ts';
import { useStore } from '../../../app/store.ts';
import { preloadable } from '../../../app/preloadable.tsx';
import { useFlow } from '../../../app/use-flow.ts';
import { contentLanguage } from '../../../i18n/i18n.ts';
import { useBilingual } from '../../../ui/Bilingual.tsx';
import { sessionWhen } from '../../../ui/event-dates.ts';
import { QuantityStepper } from '../../../ui/QuantityStepper.tsx';
import '../checkout.css';
import './event-checkout.css';
import type { HeadingRef, JoinActor } from './event-checkout-parts.tsx';
import { createEventJoinFlow, joinEvent } from './event-join.actors.ts';
import { CheckoutFrame, CheckoutPage } from '../CheckoutFrame.tsx';
import { preloadPaymentStep } from '../payment-step-chunk.ts';
import type { CreatePaymentStep } from '../payment-step.actors.ts';
import { eventOrderQuery } from '../../../api/order-queries.ts';

// The guests and payment steps (and with the payment step its popups and Radix Dialog) and what follows
// placing the booking are chunks of their
// own, fetched once the checkout shows, long before they are reached, so that /checkout_event's first
// load stays within its budget (issue 14, Fast), as the product checkout does with its popups.
const GuestsStep = preloadable(() => import('./EventGuestsStep.tsx').then((m) => m.GuestsStep));
const PaymentStep = preloadable(() =>
  import('./EventPaymentStep.tsx').then((m) => {
    m.prefetchPopups();
    return m.PaymentStep;
  }),
);

// The payment step's machines, which the flow needs to start: fetched as soon as this chunk runs (also when
// the router preloads it on a link's intent), not in its first load.
preloadPaymentStep().catch(() => {});

const AfterPlacing = preloadable(() => import('./EventCheckoutEnd.tsx').then((m) => m.AfterPlacing));
// Choosing a session too: the event page sends a session, so this shows only when the one chosen filled
// up or closed meanwhile (or a link named none).
const SessionStep = preloadable(() => import('./EventSessionStep.tsx').then((m) => m.SessionStep));
const StepFailed = preloadable(() => import('../StepFailed.tsx').then((m) => m.StepFailed));
// The summary shows once the total is worked out, after the seats: its totals' parts come meanwhile.
const JoinSummary = preloadable(() => import('./EventJoinSummary.tsx').then((m) => m.JoinSummary));

function prefetchSteps() {
  for (const step of [SessionStep, GuestsStep, PaymentStep, AfterPlacing, StepFailed, JoinSummary]) step.preload().catch(() => {});
}

/** Spec §2 checkout_event: session, seats and guests, coupon, summary, payment method, over-18 confirmation, place order. */
export function EventCheckoutScreen() {
  const search = useSearch({ from: '/checkout_event' });
  useEffect(prefetchSteps, []);
  return (
    <CheckoutPage
      className="event-checkout"
      title={<Trans>Join the event</Trans>}
      ready={search.orderID !== undefined || search.eventID !== undefined}
      missing={
        <section className="checkout-section">
          <p role="alert">
            <Trans>Choose an event and a session first.</Trans>
          </p>
          <Link to="/home" className="button primary">
            <Trans>See upcoming tastings</Trans>
          </Link>
        </section>
      }
      loading={<LoadingEvent />}
      flow={(visit, _member, createPaymentStep) => <JoinFlow key={visit} createPaymentStep={createPaymentStep} />}
    />
  );
}

function JoinFlow({ createPaymentStep }: { createPaymentStep: CreatePaymentStep }) {
  const services = useServices();
  const search = useSearch({ from: '/checkout_event' });
  const { locale, currency } = useStore(services.preferences);
  const [machine] = useState(() => createEventJoinFlow(services.api, createPaymentStep));
  const [input] = useState<EventJoinInput>(() => ({
    currency: currency ?? 'HKD',
    language: contentLanguage(locale),
    eventID: search.eventID ?? '',
    // The route waits for the member to load (requireLogin), so their status is known here.
    svip: sessionState.isSubscribed(services.session.getSnapshot()),
    varianceID: search.varianceID,
    seats: search.seats,
    resume: search.orderID ? { OrderID: search.orderID } : undefined,
  }));
  const actor = useFlow(machine, { input });
  const navigate = useNavigate();
  const eventID = useSelector(actor, (s) => s.context.eventID);
  return (
    <CheckoutFrame
      kind="event"
      actor={actor}
      view={join}
      quiet={['loading', 'totals']}
      // Leaving goes back to the event (home when none was named).
      leave={() => {
        if (eventID) void navigate({ to: '/event/$eventID', params: { eventID } });
        else void navigate({ to: '/home' });
      }}
      above={<SessionSummary actor={actor} orderID={search.orderID} />}
      summary={<JoinSummary actor={actor} />}
      ownStep={(step, heading) => <OwnStep step={step} actor={actor} headingRef={heading} />}
      payment={(heading) => <PaymentStep actor={actor} headingRef={heading} />}
      afterPlacing={(step, result, heading) => <AfterPlacing step={step} actor={actor} result={result} headingRef={heading} />}
    />
  );
}

/** The session being booked: title, date with weekday and time slot (Hong Kong time), venue. */
function SessionSummary({ actor, orderID }: { actor: JoinActor; orderID: string | undefined }) {
  const { api } = useServices();
  const { i18n } = useLingui();
  const pick = useBilingual();
  const event = useSelector(actor, joinEvent);
  const session = useSelector(actor, join.session);
  // Paying an order again: the order says which session it is.
  const order = useQuery({
    ...eventOrderQuery(api, orderID ?? '', false),
    enabled: orderID !== undefined && !event,
  });
  const title = event?.Title ?? order.data?.Session.Title;
  const when = session ?? order.data?.Session;
  const place = event?.Location ?? order.data?.Session.Location;
  const image = event?.Image ?? order.data?.Session.Image;
  if (!title) return null;
  return (
    <section className="checkout-section event-session-summary" aria-label={pick(title)}>
      {image && <img src={image} alt="" width={96} height={96} className="event-session-image" />}
      <div className="event-session-text">
        <p className="event-session-title">{pick(title)}</p>
        {when && <p className="event-session-when">{sessionWhen(when, i18n.locale)}</p>}
        {place && (
          <p className="muted small">
            {pick(place.Name)} · {pick(place.Address)}
          </p>
        )}
        {(event?.IsAlcohol || order.data?.Session.IsAlcohol) && (
          <p className="badge checkout-alcohol">
            <Trans>18 or over only</Trans>
          </p>
        )}
      </div>
    </section>
  );
}

/** The first step, and the page while the payment step's chunk loads. */
function LoadingEvent() {
  return (
    <p className="muted" role="status">
      <Trans>Loading the event…</Trans>
    </p>
  );
}

/** The event checkout's own steps: loading the event, the session, the seats, the guests, working out the total. */
function OwnStep(props: { step: Exclude<EventJoinStep, PaymentStepName | 'done'>; actor: JoinActor; headingRef: HeadingRef }) {
  const { step, actor, headingRef: heading } = props;
  const error = useSelector(actor, join.error);
  switch (step) {
    case 'loading':
      return <LoadingEvent />;
    case 'loadFailed':
      return (
        <StepFailed
          title={<Trans>The event could not be loaded</Trans>}
          error={error}
          headingRef={heading}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: <Trans>Back to the event</Trans>, onClick: () => actor.send({ type: 'LEAVE' }) }}
        />
      );
    case 'session':
      return <SessionStep actor={actor} headingRef={heading} />;
    case 'seats':
      return <SeatsStep actor={actor} headingRef={heading} />;
    case 'guests':
      return <GuestsStep actor={actor} headingRef={heading} />;
    case 'totals':
      return (
        <p className="muted" role="status">
          <Trans>Working out your total…</Trans>
        </p>
      );
    case 'totalsFailed':
      return (
        <StepFailed
          title={<Trans>Your total could not be worked out</Trans>}
          error={error}
          headingRef={heading}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: <Trans>Change seats</Trans>, onClick: () => actor.send({ type: 'BACK' }) }}
        />
      );
  }
}

function SeatsStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const seats = useSelector(actor, join.seats);
  const max = useSelector(actor, join.maxSeats);
  const slots = useSelector(actor, join.guestSlotCount);
  const joined = useSelector(actor, join.alreadyJoined);
  const id = useId();
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Number of seats</Trans>
      </h2>
      <QuantityStepper
        value={seats}
        max={max}
        live
        label={t`Number of seats`}
        onChange={(n) => actor.send({ type: 'SET_SEATS', seats: n })}
        limitNote={<Plural value={max} one="Only # seat can be booked" other="Up to # seats can be booked" />}
      />
      <p className="muted small" aria-live="polite">
        {joined ? (
          <Plural
            value={slots}
            one="You already have a seat at this session: this # seat is for a guest."
            other="You already have a seat at this session: these # seats are for guests."
          />
        ) : slots === 0 ? (
          <Trans>One seat: yours.</Trans>
        ) : (
          <Plural value={slots} one="Your seat and # guest." other="Your seat and # guests." />
        )}
      </p>
      <div className="checkout-actions">
        <button type="button" className="button primary wide" onClick={() => actor.send({ type: 'CONTINUE' })}>
          {slots > 0 ? <Trans>Continue to guests</Trans> : <Trans>Continue</Trans>}
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'BACK' })}>
          <Trans>Change session</Trans>
        </button>
      </div>
    </section>
  );
}
