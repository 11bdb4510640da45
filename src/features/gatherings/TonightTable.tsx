import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { Actor } from 'xstate';
import type { Currency, GatheringProduct } from '../../../contract/index.ts';
import type { gatheringMachine } from '../../../machines/gathering/gathering.machine.ts';
import * as tonight from '../../../machines/gathering/gathering.selectors.ts';
import type { TablePaymentMethod } from '../../../machines/gathering/gathering.types.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { productTasteQueries } from '../../api/taste-queries.ts';
import { GATHERING_KEY, gatheringQueries } from './queries.ts';
import { useGatheringEvents } from './use-gathering-events.ts';
import { DeliveryChoice, MethodChoice } from './TableChoices.tsx';
import { TonightOrders } from './TonightOrders.tsx';
import { TonightError } from './tonight-words.tsx';

type GatheringActor = Actor<typeof gatheringMachine>;

/** In the room: tonight's pours, the member's cart, Order and pay, Leave. */
export function TonightTable({ flow, currency }: { flow: GatheringActor; currency: Currency }) {
  const { api, queryClient } = useServices();
  const { t } = useLingui();
  const pick = useBilingual();
  const gathering = useSelector(flow, tonight.gathering)!;
  const busy = useSelector(flow, tonight.isBusy);
  const placing = useSelector(flow, tonight.isPlacingOrder);
  const leaving = useSelector(flow, tonight.isLeaving);
  const cartError = useSelector(flow, tonight.cartError);
  const orderError = useSelector(flow, tonight.orderError);
  const orderToPay = useSelector(flow, tonight.orderToPay);
  const pours = useQuery({ ...gatheringQueries.pours(api, gathering.GatheringID, currency), meta: { handlesErrors: true } });
  const carts = useQuery({ ...gatheringQueries.cart(api, currency), meta: { handlesErrors: true } });
  const cart = carts.data?.find((c) => c.GatheringID === gathering.GatheringID);
  const lines = cart?.ProductList ?? [];
  const hasSpirits = lines.some((l) => l.IsAlcohol);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [delivery, setDelivery] = useState(false);
  const [method, setMethod] = useState<TablePaymentMethod>('CreditCard');
  const ageId = useId();
  // Live: what is left of each pour changes as the room orders.
  useGatheringEvents(gathering.GatheringID, true, () => void queryClient.invalidateQueries({ queryKey: GATHERING_KEY }));
  const change = (productID: string, kind: 'add' | 'set', quantity: number) => flow.send({ type: 'CHANGE_CART', change: { kind, productID, quantity } });

  return (
    <div className="tonight-table">
      <p className="tonight-where">
        <strong>{pick(gathering.Title)}</strong> · {pick(gathering.Venue)} ·{' '}
        <Trans>{gathering.AttendeeCount} in the room</Trans>
      </p>
      <section aria-labelledby="pours-title">
        <h2 id="pours-title">
          <Trans>Poured tonight</Trans>
        </h2>
        {!pours.data ? (
          <p className="muted" role="status">
            {pours.isError ? <Trans>Tonight’s list could not be loaded.</Trans> : <Trans>Loading tonight’s list…</Trans>}
          </p>
        ) : (
          <ul className="pour-list">
            {pours.data.map((p) => (
              <PourItem key={p.ProductID} pour={p} disabled={busy || p.Remaining === 0} onAdd={() => change(p.ProductID, 'add', 1)} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cart-title" className="tonight-cart">
        <h2 id="cart-title">
          <Trans>Your order</Trans>
        </h2>
        {lines.length === 0 ? (
          <p className="muted">
            <Trans>Nothing yet: add from tonight’s list.</Trans>
          </p>
        ) : (
          <ul className="cart-lines">
            {lines.map((l) => {
              const name = pick(l.Name);
              return (
                <li key={l.ProductID}>
                  <span className="cart-line-name">
                    {name} <span className="muted">{pick(l.VarianceName)}</span>
                  </span>
                  <span className="stepper">
                    <button type="button" className="icon-button" disabled={busy} aria-label={t`One less ${name}`} onClick={() => change(l.ProductID, 'set', l.Quantity - 1)}>
                      −
                    </button>
                    <span aria-label={t`Quantity of ${name}`}>{l.Quantity}</span>
                    <button type="button" className="icon-button" disabled={busy} aria-label={t`One more ${name}`} onClick={() => change(l.ProductID, 'add', 1)}>
                      +
                    </button>
                  </span>
                  <Price amount={l.LineTotal} currency={l.Currency} />
                </li>
              );
            })}
          </ul>
        )}
        <TonightError code={cartError} />
        {cart && lines.length > 0 && (
          <p className="cart-total">
            <Trans>Total</Trans> <Price amount={cart.SubTotal} currency={cart.Currency} />
          </p>
        )}
        {lines.length > 0 && !orderToPay && (
          <>
            <DeliveryChoice delivery={delivery} onChange={setDelivery} disabled={busy} />
            <MethodChoice method={method} onChange={setMethod} disabled={busy} />
          </>
        )}
        {hasSpirits && (
          <p className="check-row">
            <input id={ageId} type="checkbox" checked={ageConfirmed} onChange={(e) => setAgeConfirmed(e.target.checked)} />
            <label htmlFor={ageId}>
              <Trans>I am 18 or over</Trans>
            </label>
          </p>
        )}
        <TonightError code={orderError} />
        {orderToPay ? (
          <button type="button" className="button wide" onClick={() => flow.send({ type: 'ORDER_MORE' })}>
            <Trans>Order more</Trans>
          </button>
        ) : (
          <button
            type="button"
            className="button primary wide"
            disabled={busy || lines.length === 0}
            onClick={() => flow.send({ type: 'PLACE_ORDER', ageConfirmed: !hasSpirits || ageConfirmed, delivery, method })}
          >
            {placing ? <Trans>Placing your order…</Trans> : <Trans>Order and pay</Trans>}
          </button>
        )}
      </section>

      <TonightOrders gatheringID={gathering.GatheringID} />

      <button type="button" className="link-button tonight-leave" disabled={busy} onClick={() => flow.send({ type: 'LEAVE' })}>
        {leaving ? <Trans>Leaving…</Trans> : <Trans>Leave the gathering</Trans>}
      </button>
    </div>
  );
}

function PourItem({ pour: p, disabled, onAdd }: { pour: GatheringProduct; disabled: boolean; onAdd: () => void }) {
  const { t } = useLingui();
  const pick = useBilingual();
  const name = pick(p.Name);
  return (
    <li className="pour">
      <img src={p.Image} alt="" width={72} height={72} loading="lazy" />
      <div className="pour-body">
        <strong>{name}</strong>
        <span className="muted">{pick(p.VarianceName)}</span>
        <span>
          <Price amount={p.Price} currency={p.Currency} />{' '}
          {p.OnlinePrice > p.Price && (
            <s className="muted" aria-label={t`Online price`}>
              <Price amount={p.OnlinePrice} currency={p.Currency} />
            </s>
          )}
        </span>
        <span className="muted small">{p.Remaining > 0 ? <Trans>{p.Remaining} left tonight</Trans> : <Trans>All poured</Trans>}</span>
        <PourTaste productID={p.ProductID} />
      </div>
      <button type="button" className="button small" disabled={disabled} aria-label={t`Add ${name}`} onClick={onAdd}>
        <Trans>Add</Trans>
      </button>
    </li>
  );
}

/**
 * What the pour tastes of (the notes most named on its published cards) and how well it suits the member (their
 * match): read beside each pour, and left out quietly when there is none yet or it cannot be read.
 */
function PourTaste({ productID }: { productID: string }) {
  const { api } = useServices();
  const { t } = useLingui();
  const pick = useBilingual();
  const profile = useQuery(productTasteQueries.profile(api, productID));
  const match = useQuery(productTasteQueries.match(api, productID));
  const notes = profile.data?.TopTasteNotes.slice(0, 3).map(({ TasteNote }) => pick(TasteNote.Name)) ?? [];
  const score = match.data?.Score;
  if (notes.length === 0 && score === undefined) return null;
  return (
    <span className="pour-taste small">
      {notes.length > 0 && <span aria-label={t`Tasting notes`}>{notes.join(' · ')}</span>}
      {score !== undefined && (
        <span className="pour-match">
          <Trans>{Math.round(score)}% match</Trans>
        </span>
      )}
    </span>
  );
}
