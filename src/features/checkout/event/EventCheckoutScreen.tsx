import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as join from '../../../../machines/event-join/event-join.selectors.ts';
import type { EventJoinInput, PaymentMethod } from '../../../../machines/event-join/event-join.types.ts';
import { paymentMessage, serverDetail } from '../../../api/payment-messages.ts';
import { useServices } from '../../../app/services.ts';
import { useStore } from '../../../app/store.ts';
import { useFlow } from '../../../app/use-flow.ts';
import { contentLanguage } from '../../../i18n/i18n.ts';
import { useBilingual } from '../../../ui/Bilingual.tsx';
import { sessionWhen } from '../../../ui/event-dates.ts';
import { Field } from '../../../ui/Field.tsx';
import { useMethodName } from '../../../ui/OrderDetails.tsx';
import { OrderTotals } from '../../../ui/OrderTotals.tsx';
import { Price } from '../../../ui/Price.tsx';
import { QuantityStepper } from '../../../ui/QuantityStepper.tsx';
import { useCardName } from '../../../ui/SavedCardLabel.tsx';
import { CardSelection, type CardChoice } from '../CardSelectionPopup.tsx';
import { PaymentMethodPopup } from '../PaymentMethodPopup.tsx';
import '../checkout.css';
import './event-checkout.css';
import { createEventJoinFlow, joinEvent, joinTotals } from './event-join.actors.ts';
import { eventOrderQuery } from './event-order-query.ts';

type JoinActor = ReturnType<typeof useFlow<ReturnType<typeof createEventJoinFlow>>>;
type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

/** Spec §2 checkout_event: session, seats and guests, coupon, summary, payment method, over-18 confirmation, place order. */
export function EventCheckoutScreen() {
  const search = useSearch({ from: '/checkout_event' });
  // Each visit is a checkout of its own.
  const visit = useRouterState({
    select: (s) => s.location.state.__TSR_key ?? s.location.href,
  });
  const known = search.orderID !== undefined || search.eventID !== undefined;
  return (
    <div className="page checkout-page event-checkout">
      <header className="page-head">
        <h1>
          <Trans>Join the event</Trans>
        </h1>
      </header>
      {known ? (
        <JoinFlow key={visit} />
      ) : (
        <section className="checkout-section">
          <p role="alert">
            <Trans>Choose an event and a session first.</Trans>
          </p>
          <Link to="/home" className="button primary">
            <Trans>See upcoming tastings</Trans>
          </Link>
        </section>
      )}
    </div>
  );
}

function JoinFlow() {
  const services = useServices();
  const search = useSearch({ from: '/checkout_event' });
  const { locale, currency } = useStore(services.preferences);
  const [machine] = useState(() => createEventJoinFlow(services.api));
  const [input] = useState<EventJoinInput>(() => ({
    currency: currency ?? 'HKD',
    language: contentLanguage(locale),
    eventID: search.eventID ?? '',
    varianceID: search.varianceID,
    seats: search.seats,
    resume: search.orderID ? { OrderID: search.orderID } : undefined,
  }));
  const actor = useFlow(machine, { input });
  useOutcome(actor);
  const busy = useSelector(actor, join.isBusy);
  return (
    <div className="checkout-layout" aria-busy={busy}>
      <div className="checkout-main">
        <SessionSummary actor={actor} orderID={search.orderID} />
        <StepPanel actor={actor} />
      </div>
      <aside className="checkout-side">
        <JoinSummary actor={actor} />
      </aside>
    </div>
  );
}

/** Where a finished join goes: the booking's confirmation, the provider's page, the FPS QR popup, payment_fail, the event page. */
function useOutcome(actor: JoinActor) {
  const { popups } = useServices();
  const navigate = useNavigate();
  const result = useSelector(actor, join.result);
  const eventID = useSelector(actor, (s) => s.context.eventID);
  useEffect(() => {
    if (!result) return;
    const orderID = result.OrderID;
    switch (result.outcome) {
      case 'confirmed':
      case 'processing':
        if (orderID)
          void navigate({
            to: '/order_event_confirm/$orderID',
            params: { orderID },
            replace: true,
          });
        break;
      case 'redirect':
        if (result.RedirectURL) window.location.assign(result.RedirectURL);
        break;
      case 'fps':
        if (orderID) popups.open('fpsPayment', { orderID, kind: 'event' });
        break;
      case 'failed':
        void navigate({
          to: '/payment_fail',
          search: { orderID, code: result.ErrorCode },
          replace: true,
        });
        break;
      case 'left':
        if (eventID) void navigate({ to: '/event/$eventID', params: { eventID } });
        else void navigate({ to: '/home' });
        break;
      case 'cancelled':
        break;
    }
  }, [result, navigate, popups, eventID]);
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

function StepPanel({ actor }: { actor: JoinActor }) {
  const step = useSelector(actor, join.step);
  const result = useSelector(actor, join.result);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step starts with its heading: focus moves there so keyboard and screen reader users follow.
  const settled = useRef(false);
  useEffect(() => {
    if (step === 'loading' || step === 'totals') return;
    if (settled.current) heading.current?.focus();
    settled.current = true;
  }, [step]);

  switch (step) {
    case 'loading':
      return (
        <p className="muted" role="status">
          <Trans>Loading the event…</Trans>
        </p>
      );
    case 'loadFailed':
      return <LoadFailed actor={actor} headingRef={heading} />;
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
      return <TotalsFailed actor={actor} headingRef={heading} />;
    case 'payment':
    case 'addCard':
    case 'placing':
      return <PaymentStep actor={actor} headingRef={heading} />;
    case 'checking':
      return (
        <section className="checkout-section">
          <h2 ref={heading} tabIndex={-1} className="checkout-title">
            <Trans>Checking your booking</Trans>
          </h2>
          <p role="status">
            <Trans>The connection dropped before the shop answered. We are checking whether your booking went through…</Trans>
          </p>
        </section>
      );
    case 'unconfirmed':
      return (
        <section className="checkout-section">
          <h2 ref={heading} tabIndex={-1} className="checkout-title">
            <Trans>We could not confirm your booking</Trans>
          </h2>
          <p className="form-error" role="alert">
            <Trans>The connection dropped and we could not check whether your booking was placed. We will not place it again until we know.</Trans>
          </p>
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Check again</Trans>
          </button>
        </section>
      );
    case 'paying':
      return (
        <section className="checkout-section">
          <h2 ref={heading} tabIndex={-1} className="checkout-title">
            <Trans>Confirming your payment</Trans>
          </h2>
          <p role="status">
            <Trans>We are waiting for the payment provider. This page updates by itself.</Trans>
          </p>
        </section>
      );
    case 'done':
      return <Finished outcome={result?.outcome} orderID={result?.OrderID} headingRef={heading} />;
  }
}

function useErrorText() {
  const { i18n } = useLingui();
  return (error: { code: string; message?: string | undefined } | undefined) => {
    if (!error) return undefined;
    const shown = i18n._(paymentMessage(error.code));
    return { shown, detail: serverDetail(error, shown) };
  };
}

function ErrorNote({ error }: { error: { code: string; message?: string | undefined } | undefined }) {
  const text = useErrorText()(error);
  if (!text) return null;
  return (
    <div className="form-error checkout-error" role="alert">
      <p>{text.shown}</p>
      {text.detail && <p className="small">{text.detail}</p>}
    </div>
  );
}

function LoadFailed({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const error = useSelector(actor, join.error);
  return (
    <section className="checkout-section">
      <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>The event could not be loaded</Trans>
      </h2>
      <ErrorNote error={error} />
      <div className="checkout-actions">
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'LEAVE' })}>
          <Trans>Back to the event</Trans>
        </button>
      </div>
    </section>
  );
}

/** Choosing a session; says so in words when the one chosen filled up meanwhile. */
function SessionStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const { t, i18n } = useLingui();
  const sessions = useSelector(actor, join.sessions);
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
          {notice.code === 'EventSaleClosed' ? (
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
                  <Price amount={s.PricePerPerson} currency={s.Currency} /> <Trans>per person</Trans> ·{' '}
                  {s.open ? <Plural value={s.SpacesLeft} one="# space left" other="# spaces left" /> : <Trans>Sold out</Trans>}
                </span>
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

/** One form per guest slot (spec §4). A slot left blank is named later on the event record. */
function GuestsStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
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

function TotalsFailed({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const error = useSelector(actor, join.error);
  return (
    <section className="checkout-section">
      <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Your total could not be worked out</Trans>
      </h2>
      <ErrorNote error={error} />
      <div className="checkout-actions">
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'BACK' })}>
          <Trans>Change seats</Trans>
        </button>
      </div>
    </section>
  );
}

function CouponField({ actor }: { actor: JoinActor }) {
  const { t } = useLingui();
  const applied = useSelector(actor, join.couponID);
  const canApply = useSelector(actor, join.canApplyCoupon);
  const canRemove = useSelector(actor, join.canRemoveCoupon);
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) actor.send({ type: 'APPLY_COUPON', code });
  };
  if (applied)
    return (
      <div className="checkout-row">
        <p className="checkout-value">
          <Trans>Coupon {applied} applied</Trans>
        </p>
        {canRemove && (
          <button type="button" className="button small" onClick={() => actor.send({ type: 'REMOVE_COUPON' })}>
            <Trans>Remove</Trans>
          </button>
        )}
      </div>
    );
  return (
    <form className="event-coupon" onSubmit={submit}>
      <Field
        label={<Trans>Coupon code</Trans>}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        maxLength={40}
        disabled={!canApply}
      />
      <button type="submit" className="button small" disabled={!canApply || !code.trim()} aria-label={t`Apply coupon`}>
        <Trans>Apply</Trans>
      </button>
    </form>
  );
}

/** Totals, coupon, the over-18 confirmation for a spirits tasting, how to pay, place the order. */
function PaymentStep({ actor, headingRef }: { actor: JoinActor; headingRef: HeadingRef }) {
  const { t } = useLingui();
  const method = useSelector(actor, join.paymentMethod);
  const card = useSelector(actor, join.selectedCard);
  const step = useSelector(actor, join.step);
  const canPlace = useSelector(actor, join.canPlaceOrder);
  const canBack = useSelector(actor, join.canGoBack);
  const hasOrder = useSelector(actor, join.hasOrder);
  const needsAge = useSelector(actor, join.needsAge);
  const ageConfirmed = useSelector(actor, join.ageConfirmed);
  const error = useSelector(actor, join.error);
  const finding = useSelector(actor, join.lostAnswerFinding);
  const loadingCards = useSelector(actor, join.isLoadingCards);
  const total = useSelector(actor, (s) => joinTotals(s)?.orderDetail);
  const methodName = useMethodName();
  const cardName = useCardName();
  const [popup, setPopup] = useState<'method' | 'card' | null>(null);
  const id = useId();
  const cardChoice = useCardChoice(actor);
  const cardPopupOpen = popup === 'card' || step === 'addCard';
  const chooseMethod = (next: PaymentMethod) => {
    actor.send({ type: 'SELECT_METHOD', method: next });
    setPopup(next === 'CreditCard' ? 'card' : null);
  };
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Payment</Trans>
      </h2>
      {!hasOrder && <CouponField actor={actor} />}
      <div className="checkout-row">
        <div>
          <p className="checkout-label">
            <Trans>Payment method</Trans>
          </p>
          <p className="checkout-value">{method ? methodName(method) : <span className="muted">{t`Not chosen yet`}</span>}</p>
        </div>
        <button type="button" className="button small" disabled={step === 'placing'} onClick={() => setPopup('method')}>
          {method ? <Trans>Change</Trans> : <Trans>Choose payment method</Trans>}
        </button>
      </div>
      {method === 'CreditCard' && (
        <div className="checkout-row">
          <div>
            <p className="checkout-label">
              <Trans>Card</Trans>
            </p>
            <p className="checkout-value">
              {loadingCards ? (
                <span className="muted">{t`Loading your cards…`}</span>
              ) : card ? (
                cardName(card)
              ) : (
                <span className="muted">{t`No card chosen`}</span>
              )}
            </p>
          </div>
          <button type="button" className="button small" disabled={step === 'placing' || loadingCards} onClick={() => setPopup('card')}>
            {card ? <Trans>Change card</Trans> : <Trans>Choose card</Trans>}
          </button>
        </div>
      )}
      {method === 'FPS' && (
        <p className="muted small">
          <Trans>After you place the order, scan the FPS QR code with your banking app within 10 minutes. Your seats are held until then.</Trans>
        </p>
      )}
      {method === 'Alipay' && (
        <p className="muted small">
          <Trans>After you place the order, you will go to Alipay to pay.</Trans>
        </p>
      )}
      {needsAge && (
        <label className="checkout-choice event-age" data-checked={ageConfirmed}>
          <input type="checkbox" checked={ageConfirmed} onChange={(e) => actor.send({ type: 'CONFIRM_AGE', confirmed: e.target.checked })} />
          <span className="checkout-choice-text">
            <span>
              <Trans>I confirm that I and every guest are 18 or over.</Trans>
            </span>
            <span className="muted small">
              <Trans>This tasting serves alcohol. Under the law of Hong Kong, intoxicating liquor must not be sold or supplied to a minor.</Trans>
            </span>
          </span>
        </label>
      )}
      {step !== 'addCard' &&
        (finding ? (
          <p className="form-error" role="alert">
            {finding === 'notPlaced' ? (
              <Trans>Your booking was not placed and nothing was charged. You can place it again.</Trans>
            ) : (
              <Trans>Your booking is placed, but its payment did not go through and nothing was charged. Choose how to pay and try again.</Trans>
            )}
          </p>
        ) : (
          <ErrorNote error={error} />
        ))}
      <div className="checkout-actions">
        <button type="button" className="button primary wide" disabled={!canPlace} onClick={() => actor.send({ type: 'PLACE_ORDER' })}>
          {step === 'placing' ? (
            <Trans>Placing your order…</Trans>
          ) : hasOrder ? (
            <Trans>Pay now</Trans>
          ) : total ? (
            <Trans>
              Place order · <Price amount={total.Total} currency={total.Currency} />
            </Trans>
          ) : (
            <Trans>Place order</Trans>
          )}
        </button>
        {canBack && (
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'BACK' })}>
            <Trans>Back</Trans>
          </button>
        )}
      </div>
      {popup === 'method' && <PaymentMethodPopup value={method} onChoose={chooseMethod} onClose={() => setPopup(null)} />}
      {cardPopupOpen && <CardSelection choice={cardChoice} onClose={() => setPopup(null)} />}
    </section>
  );
}

/** The shared card popup, driven by the event join flow. */
function useCardChoice(actor: JoinActor): CardChoice {
  return {
    adding: useSelector(actor, join.isAddingCard),
    cards: useSelector(actor, join.cards),
    selected: useSelector(actor, join.selectedCard),
    loading: useSelector(actor, join.isLoadingCards),
    canAdd: useSelector(actor, join.canAddCard),
    busy: useSelector(actor, join.isBusy),
    error: useSelector(actor, join.error),
    select: (cardID) => actor.send({ type: 'SELECT_CARD', cardID }),
    add: () => actor.send({ type: 'ADD_CARD' }),
    submitCard: (card) => actor.send({ type: 'SUBMIT_CARD', ...card }),
    cancelAdding: () => {
      if (actor.getSnapshot().matches({ payment: { addingCard: 'editing' } })) actor.send({ type: 'CANCEL' });
    },
  };
}

function Finished(props: { outcome: string | undefined; orderID: string | undefined; headingRef: HeadingRef }) {
  const { popups } = useServices();
  if (props.outcome === 'fps' && props.orderID) {
    const orderID = props.orderID;
    return (
      <section className="checkout-section">
        <h2 ref={props.headingRef} tabIndex={-1} className="checkout-title">
          <Trans>Pay with FPS</Trans>
        </h2>
        <p>
          <Trans>Your booking is placed and your seats are held. Scan the QR code with your banking app to pay within 10 minutes.</Trans>
        </p>
        <button type="button" className="button primary" onClick={() => popups.open('fpsPayment', { orderID, kind: 'event' })}>
          <Trans>Show the QR code</Trans>
        </button>
      </section>
    );
  }
  if (props.outcome === 'cancelled') {
    return (
      <section className="checkout-section">
        <h2 ref={props.headingRef} tabIndex={-1} className="checkout-title">
          <Trans>Booking cancelled</Trans>
        </h2>
        <p role="status">
          <Trans>This booking was cancelled and nothing was charged. Its seats were given back.</Trans>
        </p>
        <Link to="/home" className="button primary">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    );
  }
  return (
    <p className="muted" role="status">
      <Trans>One moment…</Trans>
    </p>
  );
}

/** Seats, price per person and the totals (EventCalculate's answer). */
function JoinSummary({ actor }: { actor: JoinActor }) {
  const { t } = useLingui();
  const totals = useSelector(actor, joinTotals);
  const seats = useSelector(actor, join.seats);
  const couponError = useSelector(actor, join.couponError);
  const id = useId();
  if (!totals) return null;
  const detail = totals.orderDetail;
  const code = couponError?.couponID ?? '';
  return (
    <section className="checkout-summary" aria-labelledby={id}>
      <h2 id={id} className="checkout-title">
        <Trans>Summary</Trans>
      </h2>
      <p className="event-summary-seats">
        <span>
          <Plural value={detail.NumberOfSeat || seats} one="# seat" other="# seats" /> ×{' '}
          <Price amount={detail.PricePerPerson} currency={detail.Currency} />
        </span>
      </p>
      {couponError && (
        <p className="field-error" role="alert">
          {couponError.message || t`Coupon ${code} could not be applied and was removed.`}
        </p>
      )}
      <OrderTotals detail={detail} live shipping={false} />
    </section>
  );
}
