import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { MAX_SEATS_PER_ORDER, type EventDetail, type EventVariance } from '../../../contract/index.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { askToSignIn, useIntentResult } from '../../app/sign-in-intent.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { hongKongDateTime, sessionWhen } from '../../ui/event-dates.ts';
import { eventQueries } from './queries.ts';
import { ShareButton } from '../../ui/ShareButton.tsx';
import { SvipEarlyAccess } from '../../ui/SvipEarlyAccess.tsx';
import './events.css';

const route = getRouteApi('/event/$eventID');


const onSale = (v: EventVariance) => v.SaleStatus === 'OnSale' && v.SpacesLeft > 0;
/** In its SVIP early-access window (issue 18): only Subscribed members may book it yet. */
const svipOnly = (v: EventVariance) => v.SaleStatus === 'NotOpen' && v.SvipEarlyAccess === true;
/** The member may book the session now: on sale, or in its SVIP window for a Subscribed member (an SVIP, spec §1). */
const bookable = (v: EventVariance, svip: boolean) => onSale(v) || (svip && svipOnly(v) && v.SpacesLeft > 0);

/** Spec §3: "{n} spaces left", "Sold out", "Sale opens …", "Sale closed". */
export function SessionStatus({ session }: { session: EventVariance }) {
  switch (session.SaleStatus) {
    case 'OnSale': {
      const left = session.SpacesLeft;
      return left > 0 ? (
        <span className="session-status" data-few={left <= 3}>
          <Plural value={left} one="# space left" other="# spaces left" />
        </span>
      ) : (
        <span className="session-status" data-out="true">
          <Trans>Sold out</Trans>
        </span>
      );
    }
    case 'SoldOut':
      return (
        <span className="session-status" data-out="true">
          <Trans>Sold out</Trans>
        </span>
      );
    case 'NotOpen': {
      const opens = hongKongDateTime(session.SaleOpenAt);
      return (
        <span className="session-status">
          <Trans>Sale opens {opens}</Trans>
        </span>
      );
    }
    case 'Closed':
    case 'Past':
      return (
        <span className="session-status" data-out="true">
          <Trans>Sale closed</Trans>
        </span>
      );
  }
}

/** Spec §2 event/{eventID}: an event with its sessions; choose a session and seats, then Join. */
export function EventScreen() {
  const { api } = useServices();
  const { eventID } = route.useParams();
  const currency = useCurrency();
  const event = useQuery(eventQueries.detail(api, eventID, currency));
  if (!event.data) return null;
  return <EventPage event={event.data} />;
}

function EventPage({ event }: { event: EventDetail }) {
  const pick = useBilingual();
  const { t } = useLingui();
  const title = pick(event.Title);
  const description = pick(event.Description);
  const remark = pick(event.Remark);
  return (
    <div className="page event-page">
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <Link to="/home">
          <Trans>Home</Trans>
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: event.ProductTypeID }}>
          {pick(event.ProductTypeName)}
        </Link>
      </nav>

      <div className="event-layout">
        {/* The page's largest picture: at once and first. */}
        <img src={event.Image} alt={title} className="event-cover" width={1200} height={800} loading="eager" fetchPriority="high" />

        <section className="event-info" aria-labelledby="event-title">
          <p className="event-kind">
            <Trans>Tasting event</Trans> · {pick(event.ProductTypeName)}
          </p>
          <h1 id="event-title">{title}</h1>
          <dl className="event-facts">
            <div>
              <dt>
                <Trans>Host</Trans>
              </dt>
              <dd>{pick(event.Host.Name)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Place</Trans>
              </dt>
              <dd>
                {pick(event.Location.Name)} · {pick(event.Location.District)}
              </dd>
            </div>
            {event.Variances.length > 0 && (
              <div>
                <dt>
                  <Trans>Price per person</Trans>
                </dt>
                <dd>
                  <Price amount={event.PricePerPerson} currency={event.Currency} from={new Set(event.Variances.map((v) => v.PricePerPerson)).size > 1} />
                </dd>
              </div>
            )}
          </dl>
          {event.IsAlcohol && (
            <p className="notice">
              <Trans>This spirits tasting is for persons aged 18 or over. You will be asked to confirm your age at checkout.</Trans>
            </p>
          )}
          <JoinForm event={event} />
          <ShareButton url={typeof location === 'undefined' ? '' : location.href} title={title} className="link-button">
            <Trans>Share this event</Trans>
          </ShareButton>
        </section>
      </div>

      <section className="section event-section" aria-labelledby="about-title">
        <h2 id="about-title">
          <Trans>About this tasting</Trans>
        </h2>
        {description.split(/\n+/).map((para, i) => (
          <p key={i}>{para}</p>
        ))}
      </section>

      <div className="event-columns">
        <section className="section event-section" aria-labelledby="host-title">
          <h2 id="host-title">
            <Trans>Your host</Trans>
          </h2>
          <p className="event-host-name">{pick(event.Host.Name)}</p>
          <p>{pick(event.Host.Bio)}</p>
        </section>

        <section className="section event-section" aria-labelledby="place-title">
          <h2 id="place-title">
            <Trans>Place</Trans>
          </h2>
          <address className="event-place">
            <span className="event-venue">{pick(event.Location.Name)}</span>
            <span>{pick(event.Location.Address)}</span>
            <span>{pick(event.Location.District)}</span>
          </address>
          <a href={event.Location.MapURL} target="_blank" rel="noopener noreferrer" className="button small">
            <Trans>Open in maps</Trans>
            <span className="visually-hidden">
              {' '}
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        </section>
      </div>

      {remark && (
        <section className="section event-section" aria-labelledby="remark-title">
          <h2 id="remark-title">
            <Trans>Good to know</Trans>
          </h2>
          {remark.split(/\n+/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </section>
      )}
    </div>
  );
}

/** The sessions, the seats and Join; a member who has joined a session is told so, with a link to their record. */
function JoinForm({ event }: { event: EventDetail }) {
  const services = useServices();
  const { api, session } = services;
  const member = useSelector(session, sessionState.isLoggedIn);
  const svip = useSelector(session, sessionState.isSubscribed);
  const navigate = useNavigate();
  const pick = useBilingual();
  const { t, i18n } = useLingui();
  const sessions = event.Variances;
  const [chosenId, setChosenId] = useState<string>();
  const group = useId();
  const [seats, setSeats] = useState(1);
  const chosen = sessions.find((v) => v.VarianceID === chosenId) ?? sessions.find((v) => bookable(v, svip));
  const canJoin = chosen !== undefined && bookable(chosen, svip);
  const records = useQuery({ ...eventQueries.allRecords(api), enabled: member });
  const joined = new Map(
    (records.data ?? []).filter((r) => r.EventID === event.EventID && r.Tab !== 'cancelled').map((r) => [r.VarianceID, r]),
  );

  // Joined as a visitor, then signed in: on to the checkout with what they chose.
  const { result, done } = useIntentResult();
  useEffect(() => {
    if (result?.kind !== 'joinEvent' || result.EventID !== event.EventID) return;
    done();
    void navigate({ to: '/checkout_event', search: { eventID: result.EventID, varianceID: result.VarianceID, seats: result.seats } });
  }, [result, done, event.EventID, navigate]);

  // Join takes a member to the checkout: its screen (and the chunks it starts) is fetched once Join shows, as
  // a link's preload does when it comes into view, not after the tap (issue 30: Join → the checkout took 1 s).
  const router = useRouter();
  const joinShown = member && canJoin;
  useEffect(() => {
    if (joinShown) router.preloadRoute({ to: '/checkout_event', search: { eventID: event.EventID } }).catch(() => {});
  }, [joinShown, router, event.EventID]);

  if (sessions.length === 0) {
    return (
      <p className="notice">
        <Trans>There are no upcoming sessions of this event.</Trans>
      </p>
    );
  }

  const maxSeats = chosen ? Math.max(1, Math.min(MAX_SEATS_PER_ORDER, chosen.SpacesLeft)) : 1;
  const seatCount = Math.min(seats, maxSeats);
  const chosenRecord = chosen ? joined.get(chosen.VarianceID) : undefined;
  const title = pick(event.Title);

  const join = () => {
    if (!chosen || !canJoin) return;
    if (!member) {
      askToSignIn(services, { kind: 'joinEvent', EventID: event.EventID, Title: event.Title, VarianceID: chosen.VarianceID, seats: seatCount });
      return;
    }
    void navigate({ to: '/checkout_event', search: { eventID: event.EventID, varianceID: chosen.VarianceID, seats: seatCount } });
  };

  return (
    // A group, not a form: nothing is sent from here (Join goes on to the checkout).
    <div className="join-form" role="group" aria-label={t`Join ${title}`}>
      <fieldset className="session-picker">
        <legend id={`${group}-legend`}>
          <Trans>Choose a session</Trans>
        </legend>
        {/* Native radios (one group by name, arrow keys move and choose, skipping sessions not on sale), as the
            product page's size picker: Radix RadioGroup would cost the page's first load some 10 kB gzip. */}
        <div role="radiogroup" aria-labelledby={`${group}-legend`} className="session-options">
          {sessions.map((v) => {
            const when = sessionWhen(v, i18n.locale);
            const checked = v.VarianceID === chosen?.VarianceID;
            const open = bookable(v, svip);
            return (
              <label key={v.VarianceID} className="session-option" data-unavailable={!open} data-svip={svipOnly(v) || undefined}>
                <input
                  type="radio"
                  name={group}
                  value={v.VarianceID}
                  checked={checked}
                  disabled={!open}
                  onChange={() => setChosenId(v.VarianceID)}
                  className="choice-radio native-radio"
                  data-state={checked ? 'checked' : 'unchecked'}
                />
                <span className="session-label">
                  <span className="session-when">{when}</span>
                  {svipOnly(v) ? <SvipEarlyAccess session={v} svip={svip} /> : <SessionStatus session={v} />}
                  {joined.has(v.VarianceID) && (
                    <span className="session-joined">
                      <Trans>You have joined</Trans>
                    </span>
                  )}
                </span>
                <span className="session-price">
                  <Price amount={v.PricePerPerson} currency={v.Currency} />
                  <span className="muted small">
                    <Trans>per person</Trans>
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {chosenRecord && (
        <p className="notice success">
          <Trans>You have joined this session.</Trans>{' '}
          <Link to="/event_record/$eventID/$varianceID" params={{ eventID: event.EventID, varianceID: chosenRecord.VarianceID }}>
            <Trans>See your booking and tickets</Trans>
          </Link>
        </p>
      )}

      {canJoin ? (
        <div className="join-row">
          <div className="join-seats">
            <span className="join-seats-label" aria-hidden="true">
              <Trans>Seats</Trans>
            </span>
            <QuantityStepper
              value={seatCount}
              onChange={setSeats}
              max={maxSeats}
              live
              label={t`Number of seats`}
              limitNote={
                chosen.SpacesLeft <= MAX_SEATS_PER_ORDER ? (
                  <Plural value={chosen.SpacesLeft} one="Only # space left" other="Only # spaces left" />
                ) : (
                  <Trans>At most {MAX_SEATS_PER_ORDER} seats per order</Trans>
                )
              }
            />
          </div>
          <button type="button" className="button primary join-button" onClick={join}>
            {chosenRecord ? <Trans>Buy more seats</Trans> : <Trans>Join</Trans>}
          </button>
        </div>
      ) : (
        <p className="muted">
          <Trans>No session of this event is on sale now.</Trans>
        </p>
      )}
    </div>
  );
}

export function EventNotFound() {
  return (
    <section className="page state-page">
      <h1>
        <Trans>Event not found</Trans>
      </h1>
      <p>
        <Trans>This event does not exist or is no longer listed.</Trans>
      </p>
      <Link to="/home" className="button primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
