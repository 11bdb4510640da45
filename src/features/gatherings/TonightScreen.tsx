import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as tonight from '../../../machines/gathering/gathering.selectors.ts';
import { messageFor } from '../../api/error-messages.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useFlow } from '../../app/use-flow.ts';
import { contentLanguage } from '../../i18n/i18n.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { hongKongDateTime } from '../../ui/event-dates.ts';
import { createGatheringFlow } from './gathering.actors.ts';
import { TonightTable } from './TonightTable.tsx';
import { gatheringQueries } from './queries.ts';
import './tonight.css';


/**
 * Tonight (issue 31; machines/gathering): the gathering the member is in now. In the room: tonight's pours at
 * the gathering's price, the cart, ordering and paying by FPS, leaving. Out of it: the gatherings going on.
 */
export function TonightScreen() {
  const services = useServices();
  const { preferences, popups } = services;
  const { currency, locale } = useStore(preferences);
  const machine = useMemo(() => createGatheringFlow(services, contentLanguage(locale), currency ?? 'HKD'), [services, locale, currency]);
  const flow = useFlow(machine);
  const loading = useSelector(flow, tonight.isLoading);
  const failed = useSelector(flow, tonight.loadFailed);
  const notIn = useSelector(flow, tonight.isNotIn);
  const left = useSelector(flow, tonight.hasLeft);
  const ended = useSelector(flow, tonight.hasEnded);
  const orderToPay = useSelector(flow, tonight.orderToPay);

  // The order placed: the FPS QR pays it, and shows the receipt once paid.
  useEffect(() => {
    if (orderToPay) popups.open('fpsPayment', { orderID: orderToPay, kind: 'product' });
  }, [orderToPay, popups]);

  return (
    <div className="page tonight-page">
      <h1>
        <Trans>Tonight</Trans>
      </h1>
      {loading ? (
        <p className="muted" role="status">
          <Trans>Loading tonight…</Trans>
        </p>
      ) : failed ? (
        <section className="state-page">
          <p role="alert">
            <Trans>Tonight could not be loaded. Check your connection and try again.</Trans>
          </p>
          <button type="button" className="button primary" onClick={() => flow.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </section>
      ) : notIn ? (
        <OngoingGatherings onCheckedIn={() => flow.send({ type: 'RETRY' })} />
      ) : left || ended ? (
        <section className="tonight-note" role="status">
          <p>{left ? <Trans>You have left the gathering. Thank you for coming!</Trans> : <Trans>This gathering has ended, or you are no longer checked in.</Trans>}</p>
          <div className="tonight-actions">
            <button type="button" className="button" onClick={() => popups.open('orders')}>
              <Trans>My orders</Trans>
            </button>
            <Link to="/home" className="button primary">
              <Trans>Back to the shop</Trans>
            </Link>
          </div>
        </section>
      ) : (
        <TonightTable flow={flow} currency={currency ?? 'HKD'} />
      )}
    </div>
  );
}

/** Not checked in: the gatherings going on now, the member's own first, and how to get in. */
function OngoingGatherings({ onCheckedIn }: { onCheckedIn: () => void }) {
  const { api } = useServices();
  const { i18n } = useLingui();
  const pick = useBilingual();
  const list = useQuery({ ...gatheringQueries.ongoing(api), meta: { handlesErrors: true } });
  return (
    <section className="tonight-note">
      <p>
        <Trans>You are not checked in at a gathering. At the venue, show the host your ticket: once it is checked in, your table is here.</Trans>
      </p>
      {list.data && list.data.length > 0 && (
        <>
          <h2>
            <Trans>Going on now</Trans>
          </h2>
          <ul className="tonight-gatherings">
            {list.data.map((g) => (
              <li key={g.GatheringID}>
                <strong>{pick(g.Title)}</strong>
                <span className="muted">
                  {pick(g.Venue)} · {hongKongDateTime(g.StartAt)}
                </span>
                {g.HasTicket && (
                  <span className="badge">
                    <Trans>You have a ticket</Trans>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {list.isError && <p className="muted">{i18n._(messageFor('NetworkError'))}</p>}
      <button type="button" className="button" onClick={onCheckedIn}>
        <Trans>I have checked in</Trans>
      </button>
    </section>
  );
}
