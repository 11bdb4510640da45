import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { BagLine } from '../../../machines/bag/bag.types.ts';
import * as bagState from '../../../machines/bag/bag.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { OrderTotals } from '../../ui/OrderTotals.tsx';
import { Price } from '../../ui/Price.tsx';
import { QuantityStepper } from '../../ui/QuantityStepper.tsx';
import { useBagActor, type BagActor } from '../../app/bag.ts';
import { useCouponErrorText, useFailureText, useNoticeText } from '../../ui/bag-words.tsx';
import './bag.css';

/** Spec §2 shopping_bag: lines, notices, coupon, summary and the way to checkout. */
export function ShoppingBagScreen() {
  const bag = useBagActor();
  return (
    <div className="page bag-page">
      <header className="page-head">
        <h1>
          <Trans>Shopping bag</Trans>
        </h1>
      </header>
      {bag ? (
        <BagContents bag={bag} />
      ) : (
        <p className="muted" role="status">
          <Trans>Loading your bag…</Trans>
        </p>
      )}
    </div>
  );
}

function BagContents({ bag }: { bag: BagActor }) {
  const loading = useSelector(bag, bagState.isLoading);
  const failed = useSelector(bag, bagState.hasFailed);
  const failure = useSelector(bag, bagState.failure);
  const lines = useSelector(bag, bagState.lines);
  const empty = useSelector(bag, bagState.isEmpty);
  const busy = useSelector(bag, bagState.isBusy);
  const failureText = useFailureText();
  return (
    <div className="bag-layout" aria-busy={busy}>
      <div className="bag-main">
        <BagNotices bag={bag} />
        {failed && failure && (
          <div className="form-error bag-failure" role="alert">
            <span>{failureText(failure)}</span>{' '}
            <button type="button" className="link-button" onClick={() => bag.send({ type: 'REFRESH' })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
        {loading ? (
          <p className="muted" role="status">
            <Trans>Loading your bag…</Trans>
          </p>
        ) : empty ? (
          <div className="empty-state bag-empty">
            <p>
              <Trans>Your bag is empty.</Trans>
            </p>
            <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: undefined }} className="button primary">
              <Trans>Browse new arrivals</Trans>
            </Link>
          </div>
        ) : (
          lines.length > 0 && <BagLines bag={bag} lines={lines} />
        )}
      </div>
      {!loading && !empty && lines.length > 0 && (
        <aside className="bag-side">
          <CouponSection bag={bag} />
          <BagSummary bag={bag} />
        </aside>
      )}
    </div>
  );
}

function BagNotices({ bag }: { bag: BagActor }) {
  const notices = useSelector(bag, bagState.notices);
  const lines = useSelector(bag, bagState.lines);
  const text = useNoticeText(lines);
  const { t } = useLingui();
  return (
    <section className="bag-notices" aria-live="polite" aria-label={t`Bag notices`}>
      {notices.length > 0 && (
        <div className="notice bag-notice">
          <ul>
            {notices.map((n, i) => (
              <li key={i}>{text(n)}</li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => bag.send({ type: 'DISMISS_NOTICES' })}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

function BagLines({ bag, lines }: { bag: BagActor; lines: readonly BagLine[] }) {
  const hasAlcohol = useSelector(bag, bagState.hasAlcohol);
  const { t } = useLingui();
  return (
    <>
      <ul className="bag-lines" aria-label={t`Items in your bag`}>
        {lines.map((line) => (
          <BagLineItem key={line.VarianceID} bag={bag} line={line} />
        ))}
      </ul>
      {hasAlcohol && (
        <p className="notice bag-alcohol-note">
          <Trans>Your bag holds alcohol. At checkout you will be asked to confirm that you are 18 or over.</Trans>
        </p>
      )}
    </>
  );
}

function BagLineItem({ bag, line }: { bag: BagActor; line: BagLine }) {
  const pick = useBilingual();
  const { t } = useLingui();
  const canChange = useSelector(bag, bagState.canChange);
  const name = pick(line.Name);
  const quantity = line.SelectedQuantity;
  const stockLeft = line.StockLeft;
  const set = (next: number) => bag.send({ type: 'SET', varianceID: line.VarianceID, quantity: next });
  return (
    <li className="bag-line">
      <img src={line.Image} alt="" width={88} height={88} loading="lazy" className="bag-line-image" />
      <div className="bag-line-info">
        <Link to="/product/$productID" params={{ productID: line.ProductID }} className="bag-line-name">
          {name}
        </Link>
        <span className="bag-line-variance">{pick(line.VarianceName)}</span>
        <span className="bag-line-meta">
          <Price amount={line.Price} currency={line.Currency} />
          {line.IsAlcohol && (
            <span className="badge bag-alcohol" title={t`Alcohol: for persons aged 18 or over`}>
              <span aria-hidden="true">18+</span>
              <span className="visually-hidden">
                <Trans>Alcohol, 18 or over</Trans>
              </span>
            </span>
          )}
          {line.StockStatus === 'LowStock' && stockLeft !== undefined && (
            <span className="stock stock-low">
              <Trans>Last {stockLeft} left</Trans>
            </span>
          )}
        </span>
      </div>
      <QuantityStepper
        name={name}
        value={quantity}
        disabled={!canChange}
        onChange={set}
        // Spec §3 "last {count} left": no more than that (the server would lower it anyway).
        max={line.StockStatus === 'LowStock' ? stockLeft : undefined}
      />
      <span className="bag-line-total">
        <span className="visually-hidden">
          <Trans>Line total</Trans>
        </span>
        <Price amount={line.LineTotal} currency={line.Currency} />
      </span>
      <button type="button" className="link-button bag-line-remove" disabled={!canChange} onClick={() => set(0)} aria-label={t`Remove ${name} from bag`}>
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}

function CouponSection({ bag }: { bag: BagActor }) {
  const { popups } = useServices();
  const pick = useBilingual();
  const couponCode = useSelector(bag, bagState.couponCode);
  const couponError = useSelector(bag, bagState.couponError);
  const applied = useSelector(bag, (s) => bagState.summary(s)?.Coupon);
  const canChange = useSelector(bag, bagState.canChange);
  const applying = useSelector(bag, bagState.isMutating);
  const errorText = useCouponErrorText();
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();
  const apply = (e: FormEvent) => {
    e.preventDefault();
    // Spec §5: an empty code does nothing (the machine ignores it too).
    bag.send({ type: 'APPLY_COUPON', code });
  };
  return (
    <section className="bag-coupon" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="bag-side-title">
        <Trans>Coupon</Trans>
      </h2>
      {couponCode && (
        <p className="bag-coupon-applied" role="status">
          <span>
            <Trans>
              Coupon <strong>{couponCode}</strong> applied
            </Trans>
            {applied && <span className="muted"> · {pick(applied.Name)}</span>}
          </span>
          <button type="button" className="link-button" disabled={!canChange} onClick={() => bag.send({ type: 'REMOVE_COUPON' })}>
            <Trans>Remove coupon</Trans>
          </button>
        </p>
      )}
      <form className="bag-coupon-form" onSubmit={apply} aria-busy={applying}>
        <div className="field" data-invalid={!!couponError}>
          <label htmlFor={inputId}>
            <Trans>Coupon code</Trans>
          </label>
          <div className="bag-coupon-row">
            <input
              id={inputId}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              aria-invalid={!!couponError}
              aria-describedby={couponError ? errorId : undefined}
            />
            <button type="submit" className="button small" disabled={!canChange}>
              <Trans>Apply</Trans>
            </button>
          </div>
        </div>
      </form>
      <div aria-live="assertive">
        {couponError && (
          <p id={errorId} className="field-error bag-coupon-error" role="alert">
            {errorText(couponError)}
          </p>
        )}
      </div>
      <button type="button" className="link-button" onClick={() => popups.open('coupons')}>
        <Trans>See my coupons</Trans>
      </button>
    </section>
  );
}

function BagSummary({ bag }: { bag: BagActor }) {
  const summary = useSelector(bag, bagState.summary);
  const canCheckout = useSelector(bag, bagState.canCheckout);
  const couponCode = useSelector(bag, bagState.couponCode);
  const busy = useSelector(bag, bagState.isBusy);
  const id = useId();
  if (!summary) return null;
  return (
    <section className="bag-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bag-side-title">
        <Trans>Summary</Trans>
      </h2>
      <OrderTotals detail={summary} live />
      {summary.FreeShippingThreshold !== undefined && summary.ShippingFee > 0 && (
        <p className="muted small bag-free-shipping">
          <Trans>
            Free shipping from <Price amount={summary.FreeShippingThreshold} currency={summary.Currency} />
          </Trans>
        </p>
      )}
      {canCheckout ? (
        // The applied coupon goes along: checkout prices the order with it.
        <Link to="/checkout_product" search={{ coupon: couponCode }} className="button primary wide bag-checkout">
          <Trans>Checkout</Trans>
        </Link>
      ) : (
        <>
          <button type="button" className="button primary wide bag-checkout" disabled aria-describedby={`${id}-why`}>
            <Trans>Checkout</Trans>
          </button>
          <p id={`${id}-why`} className="muted small">
            {busy ? <Trans>Updating your bag…</Trans> : <Trans>Your bag must be up to date before checkout.</Trans>}
          </p>
        </>
      )}
    </section>
  );
}
