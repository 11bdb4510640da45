import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { EventCard as Card } from '../../contract/index.ts';
import { useBilingual } from './Bilingual.tsx';
import { sessionWhen } from './event-dates.ts';
import { LazyImage } from './LazyImage.tsx';
import { Price } from './Price.tsx';
import { Rail } from './Rail.tsx';
import './event-card.css';

/** A tasting event as a card (search results, home): its picture, next session, place, price per person and seats. */
export function EventCard({ event }: { event: Card }) {
  const pick = useBilingual();
  const { i18n } = useLingui();
  const next = event.NextSession;
  const left = event.SpacesLeft;
  // The card's next session is the first not started, full or not, while its spaces are every session's: a full
  // next date beside "22 spaces left" says the opposite of the badge (issue 29, 10), so it is not shown as the date.
  const nextIsFull = next !== undefined && next.SpacesLeft === 0 && left > 0;
  return (
    <li className="event-card">
      <Link to="/event/$eventID" params={{ eventID: event.EventID }} className="event-card-link">
        <LazyImage src={event.Image} width={480} height={320} className="event-card-image" />
        <span className="event-card-name">{pick(event.Title)}</span>
        {next &&
          (nextIsFull ? (
            <span className="event-card-when">
              <Trans>Next date full · later dates have spaces</Trans>
            </span>
          ) : (
            <span className="event-card-when">{sessionWhen(next, i18n.locale)}</span>
          ))}
        <span className="event-card-place">
          {pick(event.Venue)} · {pick(event.District)}
        </span>
        <span className="event-card-meta">
          <Price amount={event.PricePerPerson} currency={event.Currency} from={event.SessionCount > 1} />
          {left > 0 ? (
            <span className="badge muted">
              <Plural value={left} one="# space left" other="# spaces left" />
            </span>
          ) : (
            <span className="badge muted">
              <Trans>Sold out</Trans>
            </span>
          )}
          {event.IsAlcohol && <span className="badge">18+</span>}
        </span>
      </Link>
    </li>
  );
}

/** A horizontally scrolling row of event cards, with a heading (home, search results). */
export function EventRail({ events, label }: { events: readonly Card[]; label: string }) {
  return (
    <Rail label={label} className="event-rail">
      {events.map((e) => (
        <EventCard key={e.EventID} event={e} />
      ))}
    </Rail>
  );
}
