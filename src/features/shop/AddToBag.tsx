import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { ProductCard, Variance } from '../../../contract/index.ts';
import * as bagState from '../../../machines/bag/bag.selectors.ts';
import { MAX_LINE_QUANTITY, type ChangeOutcome } from '../../../machines/bag/bag.types.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { shopQueries } from './queries.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { useBagActor, type BagActor } from '../../app/bag.ts';
import { useFailureText, useNoticeText } from '../../ui/bag-words.tsx';
import '../../ui/stepper.css';
import './add-to-bag.css';

const available = (v: Variance) => v.StockStatus !== 'OutOfStock' && !v.StopSell;

/**
 * "Add to bag" with a variance and a quantity. On the product page the page's own size picker
 * chooses the variance; on a product card the button opens a small form that loads the sizes.
 * A visitor is asked to sign in first (the login popup).
 */
export function AddToBag({ product, variance }: { product: ProductCard; variance?: Variance | undefined }) {
  const { session, popups } = useServices();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const bag = useBagActor();
  const [open, setOpen] = useState(false);
  const pick = useBilingual();
  const { t } = useLingui();
  const name = pick(product.Name);
  const soldOut = product.StopSell || product.StockStatus === 'OutOfStock';

  if (!loggedIn || !bag) {
    return (
      <button
        type="button"
        className="button primary add-to-bag-button"
        disabled={soldOut || (loggedIn && !bag)}
        onClick={() => popups.open('login')}
        aria-label={variance ? undefined : t`Add ${name} to bag`}
      >
        <Trans>Add to bag</Trans>
      </button>
    );
  }
  if (variance) return <AddForm bag={bag} product={product} variances={[variance]} fixed />;
  if (!open) {
    return (
      <button type="button" className="button small add-to-bag-button" disabled={soldOut} onClick={() => setOpen(true)} aria-expanded={false} aria-label={t`Add ${name} to bag`}>
        <Trans>Add to bag</Trans>
      </button>
    );
  }
  return <CardAddForm bag={bag} product={product} onClose={() => setOpen(false)} />;
}

/** On a card: the sizes come from the product (getProduct). */
function CardAddForm({ bag, product, onClose }: { bag: BagActor; product: ProductCard; onClose: () => void }) {
  const { api, preferences } = useServices();
  const currency = useStore(preferences).currency ?? 'HKD';
  const detail = useQuery(shopQueries.product(api, product.ProductID, currency));
  if (!detail.data) {
    return (
      <p className="muted small" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return <AddForm bag={bag} product={product} variances={detail.data.Variances} onClose={onClose} />;
}

function AddForm(props: { bag: BagActor; product: ProductCard; variances: readonly Variance[]; fixed?: boolean; onClose?: () => void }) {
  const { bag, product, variances, fixed, onClose } = props;
  const pick = useBilingual();
  const { t } = useLingui();
  const id = useId();
  const name = pick(product.Name);
  const [chosenID, setChosenID] = useState<string>();
  const [quantity, setQuantity] = useState(1);
  const canChange = useSelector(bag, bagState.canChange);
  const adding = useSelector(bag, bagState.pendingVariance);
  const outcome = useAddOutcome(bag, name);
  const variance = variances.find((v) => v.VarianceID === chosenID) ?? variances.find(available) ?? variances[0];
  const canAdd = canChange && variance !== undefined && available(variance);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canAdd || !variance) return;
    outcome.sent(variance.VarianceID);
    bag.send({ type: 'ADD', varianceID: variance.VarianceID, quantity });
  };
  const busyHere = adding !== undefined && adding === variance?.VarianceID;
  return (
    <form className="add-to-bag" onSubmit={submit} aria-label={fixed ? t`Add to bag` : t`Add ${name} to bag`}>
      {!fixed && <p className="add-to-bag-title">{name}</p>}
      {!fixed && (
        <div className="field">
          <label htmlFor={`${id}-variance`}>
            <Trans>Size</Trans>
          </label>
          <select id={`${id}-variance`} value={variance?.VarianceID} onChange={(e) => setChosenID(e.target.value)}>
            {variances.map((v) => (
              <option key={v.VarianceID} value={v.VarianceID} disabled={!available(v)}>
                {pick(v.Name)}
                {available(v) ? '' : ` (${v.StopSell ? t`No longer available` : t`Out of stock`})`}
              </option>
            ))}
          </select>
          {variance && <Price amount={variance.Price} currency={variance.Currency} />}
        </div>
      )}
      <div className="add-to-bag-row">
        <QuantityField label={t`Quantity`} value={quantity} onChange={setQuantity} />
        <button type="submit" className="button primary add-to-bag-submit" disabled={!canAdd} aria-busy={busyHere}>
          {busyHere ? <Trans>Adding…</Trans> : <Trans>Add to bag</Trans>}
        </button>
        {onClose && (
          <button type="button" className="link-button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        )}
      </div>
      {variance && !available(variance) && (
        <p className="muted small">
          {variance.StopSell ? <Trans>This size is no longer available.</Trans> : <Trans>This size is out of stock.</Trans>}
        </p>
      )}
      <p className="add-to-bag-outcome" role="status" aria-live="polite">
        {outcome.text}
      </p>
    </form>
  );
}

/** A quantity from 1 to 99: − and + buttons around a labelled number field. */
export function QuantityField({ label, value, onChange }: { label: string; value: number; onChange: (quantity: number) => void }) {
  const { t } = useLingui();
  const id = useId();
  const clamp = (n: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(n) || 1));
  return (
    <div className="stepper" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="visually-hidden">
        {label}
      </span>
      <button type="button" className="stepper-button" disabled={value <= 1} onClick={() => onChange(clamp(value - 1))} aria-label={t`Decrease quantity`}>
        <span aria-hidden="true">−</span>
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        value={value}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
        aria-label={label}
        className="stepper-input"
      />
      <button type="button" className="stepper-button" disabled={value >= MAX_LINE_QUANTITY} onClick={() => onChange(clamp(value + 1))} aria-label={t`Increase quantity`}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

/**
 * What became of this form's last add, once the bag has settled: added, capped at stock, refused
 * or failed, as the bag machine recorded it (its change outcome) since the add was sent.
 */
function useAddOutcome(bag: BagActor, name: string) {
  const { t } = useLingui();
  const [sent, setSent] = useState<{ varianceID: string; before: ChangeOutcome | undefined }>();
  const outcome = useSelector(bag, bagState.changeOutcome);
  const settled = useSelector(bag, bagState.canChange);
  const lines = useSelector(bag, bagState.lines);
  const noticeText = useNoticeText(lines, name);
  const failureText = useFailureText();
  let text = '';
  if (sent && settled && outcome && outcome !== sent.before && outcome.change === 'add') {
    switch (outcome.kind) {
      case 'failed':
        text = failureText({ call: 'addShoppingBag', code: outcome.code });
        break;
      case 'refused':
        text = noticeText({ kind: 'addRefused', VarianceID: sent.varianceID, change: 'add', code: outcome.code });
        break;
      case 'cappedAtStock':
        if (outcome.VarianceID === sent.varianceID)
          text = noticeText({ kind: 'cappedAtStock', VarianceID: outcome.VarianceID, quantity: outcome.quantity, requested: outcome.requested });
        break;
      case 'changed':
        if (outcome.VarianceID === sent.varianceID) text = t`Added to your bag.`;
        break;
    }
  }
  return { text, sent: (varianceID: string) => setSent({ varianceID, before: bagState.changeOutcome(bag.getSnapshot()) }) };
}
