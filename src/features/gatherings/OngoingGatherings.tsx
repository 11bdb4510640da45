import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { Currency, Gathering } from '../../../contract/index.ts';
import type { gatheringMachine } from '../../../machines/gathering/gathering.machine.ts';
import * as tonight from '../../../machines/gathering/gathering.selectors.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { Price } from '../../ui/Price.tsx';
import { gatheringQueries } from './queries.ts';
import { PLACE_WORDS, TonightError } from './tonight-words.tsx';

type GatheringActor = Actor<typeof gatheringMachine>;

/**
 * Not checked in: the gatherings going on now, the member's own first, and how to get in: a ticket shown to the
 * host, or a place bought at the door (a walk-in, paid by FPS in the shop's FPS popup; machines/gathering).
 */
export function OngoingGatherings({ flow, currency }: { flow: GatheringActor; currency: Currency }) {
  const { api } = useServices();
  const { i18n } = useLingui();
  const list = useQuery({ ...gatheringQueries.ongoing(api), meta: { handlesErrors: true } });
  return (
    <section className="tonight-note">
      <p>
        <Trans>You are not checked in at a gathering. At the venue, show the host your ticket or buy a place below: once you are in, your table is here.</Trans>
      </p>
      {list.data && list.data.length > 0 && (
        <>
          <h2>
            <Trans>Going on now</Trans>
          </h2>
          <ul className="tonight-gatherings">
            {list.data.map((g) => (
              <OngoingGathering key={g.GatheringID} gathering={g} flow={flow} currency={currency} />
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

/** One gathering going on: a ticket held, or a place to buy at its price in the member's currency. */
function OngoingGathering({ gathering: g, flow, currency }: { gathering: Gathering; flow: GatheringActor; currency: Currency }) {
  const pick = useBilingual();
  const title = pick(g.Title);
  const here = useSelector(flow, (s) => tonight.placeGathering(s) === g.GatheringID);
  const busy = useSelector(flow, tonight.isBusy);
  const buying = useSelector(flow, (s) => here && tonight.isBuyingPlace(s));
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
          <BuyPlaceButton title={title} busy={busy} buying={buying} onBuy={() => flow.send({ type: 'BUY_PLACE', gatheringID: g.GatheringID })} />
          <TonightError code={placeError} words={PLACE_WORDS} />
        </div>
      )}
      {toPay && <PlaceToPay flow={flow} orderID={toPay} />}
    </li>
  );
}

function BuyPlaceButton({ title, busy, buying, onBuy }: { title: string; busy: boolean; buying: boolean; onBuy: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button primary" disabled={busy} aria-label={t`Buy a place · pay by FPS: ${title}`} onClick={onBuy}>
      {buying ? <Trans>Getting your place…</Trans> : <Trans>Buy a place · pay by FPS</Trans>}
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
