import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ProductCard, Variance } from '../../../contract/index.ts';
import * as bagState from '../../../machines/bag/bag.selectors.ts';
import { MAX_LINE_QUANTITY, type BagLine, type ChangeOutcome } from '../../../machines/bag/bag.types.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { queries } from '../../api/queries.ts';
import { useServices } from '../../app/services.ts';
import { addOnceBagIsRead, askToSignIn, useIntentResult } from '../../app/sign-in-intent.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { useBagActor, type BagActor } from '../../app/bag.ts';
import { useFailureText, useNoticeText } from '../../ui/bag-words.tsx';
import './add-to-bag.css';

const NO_LINES: readonly BagLine[] = [];

const available = (v: Variance) => v.StockStatus !== 'OutOfStock' && !v.StopSell;

/**
 * "Add to bag" with a variance and a quantity. On the product page the page's own size picker
 * chooses the variance; on a product card the button opens a small form that loads the sizes.
 * A visitor chooses as a member does; "Add to bag" then asks them to log in (the login popup says
 * why), and the add is made once they have (src/app/sign-in-intent.ts).
 */
export function AddToBag({ product, variance }: { product: ProductCard; variance?: Variance | undefined }) {
  const { session } = useServices();
  const member = useSelector(session, sessionState.isLoggedIn);
  const bag = useBagActor();
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const pick = useBilingual();
  const name = pick(product.Name);
  const soldOut = product.StopSell || product.StockStatus === 'OutOfStock';
  // An add made for this card's product as the visitor signed in: the form shows how it went.
  const { result } = useIntentResult();
  const addedAfterSignIn = result?.kind === 'addToBag' && result.ProductID === product.ProductID;
  useEffect(() => {
    if (addedAfterSignIn) setOpen(true);
  }, [addedAfterSignIn]);

  if (variance) return <AddForm bag={bag} member={member} product={product} variances={[variance]} fixed />;
  if (!open && !addedAfterSignIn) {
    return (
      <button type="button" className="button small add-to-bag-button" disabled={soldOut} onClick={() => setOpen(true)} aria-expanded={false} aria-label={t`Add ${name} to bag`}>
        <Trans>Add to bag</Trans>
      </button>
    );
  }
  return <CardAddForm bag={bag} member={member} product={product} onClose={() => setOpen(false)} />;
}

/** On a card: the sizes come from the product (getProduct). */
function CardAddForm({ bag, member, product, onClose }: { bag: BagActor | undefined; member: boolean; product: ProductCard; onClose: () => void }) {
  const { api } = useServices();
  const currency = useCurrency();
  const detail = useQuery(queries.product(api, product.ProductID, currency));
  if (!detail.data) {
    return (
      <p className="muted small" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return <AddForm bag={bag} member={member} product={product} variances={detail.data.Variances} onClose={onClose} />;
}

function AddForm(props: {
  /** The member's bag; undefined for a visitor, and for a member until it has loaded. */
  bag: BagActor | undefined;
  member: boolean;
  product: ProductCard;
  variances: readonly Variance[];
  fixed?: boolean;
  onClose?: () => void;
}) {
  const { bag, member, product, variances, fixed, onClose } = props;
  const services = useServices();
  const pick = useBilingual();
  const { t } = useLingui();
  const id = useId();
  const name = pick(product.Name);
  const [chosenID, setChosenID] = useState<string>();
  const [quantity, setQuantity] = useState(1);
  const canChange = useSelector(bag, (s) => (s ? bagState.canChange(s) : false));
  // A member's bag not read yet (its part loads on sign-in): a tap then is kept and made once it has been.
  const unread = useSelector(bag, (s) => (s ? bagState.isLoading(s) : true));
  const [waiting, setWaiting] = useState(false);
  const adding = useSelector(bag, (s) => (s ? bagState.pendingVariance(s) : undefined));
  const outcome = useAddOutcome(bag, name, product.ProductID);
  const variance = variances.find((v) => v.VarianceID === chosenID) ?? variances.find(available) ?? variances[0];
  const inBag = useSelector(bag, (s) => (s && variance ? (bagState.line(s, variance.VarianceID)?.SelectedQuantity ?? 0) : 0));
  // Spec §3 "last {count} left": the stepper stops at what is left beside what the bag holds already.
  const stockLeft = variance?.StockStatus === 'LowStock' ? variance.StockLeft : undefined;
  const left = stockLeft === undefined ? undefined : Math.max(0, stockLeft - inBag);
  const shown = Math.max(1, Math.min(quantity, left ?? MAX_LINE_QUANTITY));
  const canAdd = variance !== undefined && available(variance) && left !== 0 && (member ? !waiting && (canChange || unread) : true);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canAdd || !variance) return;
    if (!member) {
      askToSignIn(services, { kind: 'addToBag', ProductID: product.ProductID, Name: product.Name, VarianceID: variance.VarianceID, quantity: shown });
      return;
    }
    if (!bag || !canChange) {
      setWaiting(true);
      const done = () => setWaiting(false);
      addOnceBagIsRead(services, { kind: 'addToBag', ProductID: product.ProductID, Name: product.Name, VarianceID: variance.VarianceID, quantity: shown }).then(done, done);
      return;
    }
    outcome.sent(variance.VarianceID);
    bag.send({ type: 'ADD', varianceID: variance.VarianceID, quantity: shown });
  };
  const busyHere = (member && waiting) || (adding !== undefined && adding === variance?.VarianceID);
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
        {left === 0 ? (
          <p className="add-to-bag-all-in muted small">
            <Plural value={inBag} one="The last one left is in your bag." other="All # left are in your bag." />
          </p>
        ) : (
          <QuantityStepper
            value={shown}
            onChange={setQuantity}
            max={left}
            disabled={variance !== undefined && !available(variance)}
            live
            limitNote={left !== undefined && inBag > 0 ? t`Only ${left} more: ${inBag} already in your bag` : undefined}
          />
        )}
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

/**
 * What became of this form's last add, once the bag has settled: added, capped at stock, refused
 * or failed, as the bag machine recorded it (its change outcome) since the add was sent.
 */
function useAddOutcome(bag: BagActor | undefined, name: string, productID: string) {
  const { t } = useLingui();
  const [sent, setSent] = useState<{ varianceID: string; before: ChangeOutcome | undefined }>();
  const outcome = useSelector(bag, (s) => (s ? bagState.changeOutcome(s) : undefined));
  const settled = useSelector(bag, (s) => (s ? bagState.canChange(s) : false));
  const lines = useSelector(bag, (s) => (s ? bagState.lines(s) : NO_LINES));
  // The add a visitor asked for here, made as they signed in: this form says how it went.
  const { result, done } = useIntentResult();
  const afterSignIn = result?.kind === 'addToBag' && result.ProductID === productID ? result : undefined;
  useEffect(() => {
    if (!afterSignIn) return;
    setSent({ varianceID: afterSignIn.VarianceID, before: afterSignIn.before });
    done();
  }, [afterSignIn, done]);
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
  return { text, sent: (varianceID: string) => bag && setSent({ varianceID, before: bagState.changeOutcome(bag.getSnapshot()) }) };
}
