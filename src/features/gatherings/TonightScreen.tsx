import { Trans } from '@lingui/react/macro';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import * as tonight from '../../../machines/gathering/gathering.selectors.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useFlow } from '../../app/use-flow.ts';
import { contentLanguage } from '../../i18n/i18n.ts';
import { createGatheringFlow } from './gathering.actors.ts';
import { GATHERING_KEY } from './queries.ts';
import './tonight.css';

// The table and the way in are chunks of their own, fetched as this screen loads, while Tonight is read: the
// screen's first load is its flow and its loading state, and only one of the two is ever shown at a time.
const TonightTable = preloadable(() => import('./TonightTable.tsx').then((m) => m.TonightTable));
const OngoingGatherings = preloadable(() => import('./OngoingGatherings.tsx').then((m) => m.OngoingGatherings));
for (const part of [TonightTable, OngoingGatherings]) part.preload().catch(() => {});

/**
 * Tonight (issue 31; machines/gathering): the gathering the member is in now. In the room: tonight's pours at
 * the gathering's price, the cart, ordering (picked up or delivered) and paying, leaving. Out of it: the gatherings going on.
 */
export function TonightScreen() {
  const services = useServices();
  const { preferences, popups, queryClient } = services;
  const { currency, locale } = useStore(preferences);
  const machine = useMemo(() => createGatheringFlow(services, contentLanguage(locale), currency ?? 'HKD'), [services, locale, currency]);
  const flow = useFlow(machine);
  const loading = useSelector(flow, tonight.isLoading);
  const failed = useSelector(flow, tonight.loadFailed);
  const outside = useSelector(flow, tonight.isOutside);
  const left = useSelector(flow, tonight.hasLeft);
  const ended = useSelector(flow, tonight.hasEnded);
  const orderToPay = useSelector(flow, tonight.orderToPay);
  const payMethod = useSelector(flow, tonight.payMethod);
  const placeToPay = useSelector(flow, tonight.placeToPay);
  const navigate = useNavigate();
  const router = useRouter();

  // The order placed: by FPS its QR pays it here and shows the receipt once paid; by card or Alipay the shared
  // payment step pays it (the product checkout, paying the order placed).
  useEffect(() => {
    if (!orderToPay || !payMethod) return;
    if (payMethod === 'FPS') popups.open('fpsPayment', { orderID: orderToPay, kind: 'product' });
    else void navigate({ to: '/checkout_product', search: { orderID: orderToPay, method: payMethod } });
  }, [orderToPay, payMethod, popups, navigate]);

  // A walk-in's place placed: the FPS popup pays it. Paid, the popup leads back here (the kind's confirmation is
  // /tonight), and Tonight reads again: the member is in the room and their table opens.
  useEffect(() => {
    if (!placeToPay) return;
    popups.open('fpsPayment', { orderID: placeToPay, kind: 'gathering' });
    return router.subscribe('onResolved', ({ toLocation }) => {
      if (toLocation.pathname !== '/tonight') return;
      // The floating Tonight button and the gatherings going on are read again too.
      void queryClient.invalidateQueries({ queryKey: GATHERING_KEY });
      flow.send({ type: 'PLACE_PAID' });
    });
  }, [placeToPay, popups, router, flow, queryClient]);

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
      ) : outside ? (
        <OngoingGatherings flow={flow} currency={currency ?? 'HKD'} />
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
