import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import type { Actor } from 'xstate';
import type { Currency, Gathering, SavedCard } from '../../../contract/index.ts';
import type { gatheringMachine } from '../../../machines/gathering/gathering.machine.ts';
import * as tonight from '../../../machines/gathering/gathering.selectors.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { useMethodName } from '../../ui/order-words.ts';
import { Price } from '../../ui/Price.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import { savedCardsQuery } from '../../api/card-queries.ts';
import { gatheringQueries } from './queries.ts';
import { PLACE_WORDS, TonightError } from './tonight-words.tsx';

type GatheringActor = Actor<typeof gatheringMachine>;

/**
 * Not checked in: the gatherings going on now, the member's own first, and how to get in: a ticket shown to the
 * host, or a place bought at the door (a walk-in; machines/gathering), paid with a saved card there and then or by
 * FPS in the shop's FPS popup.
 */
export function OngoingGatherings({ flow, currency }: { flow: GatheringActor; currency: Currency }) {
  const { api } = useServices();
  const { i18n } = useLingui();
  const list = useQuery({ ...gatheringQueries.ongoing(api), meta: { handlesErrors: true } });
  // Cards that cannot be read leave FPS to pay by; the list waits for them, so the way to pay does not change under a tap.
  const cards = useQuery({ ...savedCardsQuery(api), meta: { handlesErrors: true } });
  const savedCards = cards.data ?? [];
  const cardStep = useSelector(flow, tonight.cardStepURL);
  // The card's extra step: the provider's page, which comes back to /tonight (the place's confirmPath), read afresh there.
  useEffect(() => {
    if (cardStep) window.location.assign(cardStep);
  }, [cardStep]);
  return (
    <section className="tonight-note">
      <p>
        <Trans>You are not checked in at a gathering. At the venue, show the host your ticket or buy a place below: once you are in, your table is here.</Trans>
      </p>
      {list.data && list.data.length > 0 && !cards.isPending && (
        <>
          <h2>
            <Trans>Going on now</Trans>
          </h2>
          <ul className="tonight-gatherings">
            {list.data.map((g) => (
              <OngoingGathering key={g.GatheringID} gathering={g} flow={flow} currency={currency} cards={savedCards} />
            ))}
          </ul>
        </>
      )}
      {list.isError && <p className="muted">{i18n._(messageFor('NetworkError'))}</p>}
      <button type="button" className="button" onClick={() => flow.send({ type: 'RETRY' })}>
        <Trans>I have checked in</Trans>
      </button>
    </section>
  );
}

/** How the place is paid: `card:<id>` for a saved card, or FPS. */
type PayChoice = `card:${string}` | 'FPS';
const cardChoice = (card: SavedCard): PayChoice => `card:${card.id}`;

/** One gathering going on: a ticket held, or a place to buy at its price in the member's currency. */
function OngoingGathering({ gathering: g, flow, currency, cards }: { gathering: Gathering; flow: GatheringActor; currency: Currency; cards: readonly SavedCard[] }) {
  const pick = useBilingual();
  const title = pick(g.Title);
  const here = useSelector(flow, (s) => tonight.placeGathering(s) === g.GatheringID);
  const busy = useSelector(flow, tonight.isBusy);
  const buying = useSelector(flow, (s) => here && tonight.isBuyingPlace(s));
  const payingByCard = useSelector(flow, (s) => here && tonight.isPayingPlaceByCard(s));
  const toCardStep = useSelector(flow, (s) => here && tonight.cardStepURL(s) !== undefined);
  // The first saved card unless the member chose otherwise (a card deleted meanwhile falls back to it, or to FPS).
  const [chosen, choose] = useState<PayChoice>();
  const fallback: PayChoice = cards[0] ? cardChoice(cards[0]) : 'FPS';
  const choice = chosen === 'FPS' || cards.some((c) => cardChoice(c) === chosen) ? chosen! : fallback;
  const buy = () => {
    const card = cards.find((c) => cardChoice(c) === choice);
    flow.send(card ? { type: 'BUY_PLACE', gatheringID: g.GatheringID, method: 'CreditCard', cardID: card.id } : { type: 'BUY_PLACE', gatheringID: g.GatheringID, method: 'FPS' });
  };
  const placeError = useSelector(flow, (s) => (here ? tonight.placeError(s) : undefined));
  const toPay = useSelector(flow, (s) => (here ? tonight.placeToPay(s) : undefined));
  const canBuy = !g.HasTicket && g.PlacesLeft > 0;
  return (
    <li>
      <strong>{title}</strong>
      <span className="muted">
        {pick(g.Venue)} · {hongKongDateTime(g.StartAt)}
      </span>
      {g.HasTicket && (
        <span className="badge">
          <Trans>You have a ticket</Trans>
        </span>
      )}
      {!g.HasTicket && g.PlacesLeft <= 0 && (
        <span className="muted">
          <Trans>No place is left tonight.</Trans>
        </span>
      )}
      {canBuy && !toPay && (
        <div className="tonight-place">
          <span>
            <Trans>
              A place tonight: <Price amount={g.PlacePrice[currency]} currency={currency} />
            </Trans>
          </span>
          <PayChoiceFields cards={cards} choice={choice} onChoose={choose} disabled={busy} />
          <BuyPlaceButton title={title} busy={busy} buying={buying} payingByCard={payingByCard} onBuy={buy} />
          {toCardStep && (
            <p className="muted" role="status">
              <Trans>Your bank asks you to confirm the payment: taking you there…</Trans>
            </p>
          )}
          <TonightError code={placeError} words={PLACE_WORDS} />
        </div>
      )}
      {toPay && <PlaceToPay flow={flow} orderID={toPay} />}
    </li>
  );
}

/** How to pay the place: the member's saved cards, then FPS (native radios, as the table's cart); no card yet, a way to add one. */
function PayChoiceFields({ cards, choice, onChoose, disabled }: { cards: readonly SavedCard[]; choice: PayChoice; onChoose: (choice: PayChoice) => void; disabled: boolean }) {
  const { popups } = useServices();
  const cardName = useCardName();
  const methodName = useMethodName();
  const name = useId();
  const choices: { value: PayChoice; label: string }[] = [...cards.map((c) => ({ value: cardChoice(c), label: cardName(c) })), { value: 'FPS', label: methodName('FPS') }];
  return (
    <fieldset className="table-choice" disabled={disabled}>
      <legend>
        <Trans>Pay by</Trans>
      </legend>
      <div className="table-radios">
        {choices.map((c) => (
          <label key={c.value} className="table-radio">
            <input type="radio" name={name} value={c.value} checked={choice === c.value} onChange={() => onChoose(c.value)} />
            {c.label}
          </label>
        ))}
      </div>
      {cards.length === 0 && (
        <p className="muted small">
          <Trans>No saved card yet: add one to pay by card, or pay by FPS.</Trans>{' '}
          <button type="button" className="button" onClick={() => popups.open('wallet')}>
            <Trans>Add a card</Trans>
          </button>
        </p>
      )}
    </fieldset>
  );
}

function BuyPlaceButton({ title, busy, buying, payingByCard, onBuy }: { title: string; busy: boolean; buying: boolean; payingByCard: boolean; onBuy: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button primary" disabled={busy} aria-label={t`Buy a place at ${title}`} onClick={onBuy}>
      {buying ? <Trans>Getting your place…</Trans> : payingByCard ? <Trans>Paying with your card…</Trans> : <Trans>Buy a place</Trans>}
    </button>
  );
}

/** The place placed: the FPS popup pays it (opened by Tonight); paid, Tonight reads again and the table opens. */
function PlaceToPay({ flow, orderID }: { flow: GatheringActor; orderID: string }) {
  const { popups } = useServices();
  return (
    <div className="tonight-place" role="status">
      <p>
        <Trans>Paid? Your table opens here.</Trans>
      </p>
      <div className="tonight-actions">
        <button type="button" className="button primary" onClick={() => flow.send({ type: 'PLACE_PAID' })}>
          <Trans>I have paid</Trans>
        </button>
        <button type="button" className="button" onClick={() => popups.open('fpsPayment', { orderID, kind: 'gathering' })}>
          <Trans>Show the QR code again</Trans>
        </button>
        <button type="button" className="button" onClick={() => flow.send({ type: 'BACK' })}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </div>
  );
}
