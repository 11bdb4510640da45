import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import * as fps from '../../../machines/fps-payment/fps-payment.selectors.ts';
import { PAYMENT_FAILED_TRY_AGAIN, paymentMessage } from '../../api/payment-messages.ts';
import { confirmLocation, orderKinds, type OrderKind } from '../../app/order-kinds.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { formatMoney } from '../../ui/format.ts';
import type { FpsQr } from '../../../machines/fps-payment/fps-payment.types.ts';
import { createFpsPaymentFlow } from './fps-payment.actors.ts';
import { saveQrImage, type SavedQr } from './fps-qr-image.ts';
import './checkout.css';

/** mm:ss */
export function formatCountdown(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The current time, once a second while `on`. */
function useNow(on: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!on) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * What the live region says: each whole minute, then at 30 and 10 seconds. Announcing every second
 * would drown everything else a screen reader says.
 */
export function announcedMoment(seconds: number): number | undefined {
  if (seconds <= 0) return 0;
  if (seconds % 60 === 0) return seconds;
  if (seconds === 30 || seconds === 10) return seconds;
  return undefined;
}

/**
 * For an order in another currency: FPS moves Hong Kong dollars, so the page says in words what the
 * HKD amount is next to the order's own total (issue 11: the member pays the HKD price, not a conversion).
 */
function FpsCurrencyNote({ amountHkd, orderTotal }: { amountHkd: number; orderTotal: NonNullable<FpsQr['OrderTotal']> }) {
  const { i18n } = useLingui();
  const hkd = formatMoney(amountHkd, 'HKD', i18n.locale);
  const total = formatMoney(orderTotal.Amount, orderTotal.Currency, i18n.locale);
  // What one unit of the order's currency came to (both amounts are minor units of two-decimal currencies).
  const rate = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(amountHkd / orderTotal.Amount);
  const unit = formatMoney(100, orderTotal.Currency, i18n.locale);
  return (
    <p className="notice fps-currency-note">
      {orderTotal.AmountHKDBasis === 'HKDPrices' ? (
        <Trans>FPS pays in Hong Kong dollars: {hkd} is this order at our HKD prices (order total {total}).</Trans>
      ) : (
        <Trans>
          FPS pays in Hong Kong dollars: {hkd} is this order’s total of {total} at our exchange rate of HK${rate} to {unit}.
        </Trans>
      )}
    </p>
  );
}

/** "Save QR image": the QR as a PNG for a banking app's "scan from album" (see fps-qr-image.ts), and what came of it. */
function SaveQrImage({ svg, reference }: { svg: string; reference: string }) {
  const { t } = useLingui();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedQr | 'failed' | undefined>(undefined);
  const save = () => {
    setSaving(true);
    saveQrImage(svg, reference, t`FPS QR code for order ${reference}`)
      .then(setSaved, () => setSaved('failed'))
      .finally(() => setSaving(false));
  };
  return (
    <div className="fps-save">
      <p className="muted small">
        <Trans>Paying on this phone? Save the QR image, then open your banking app and scan it from your photos.</Trans>
      </p>
      <button type="button" className="button wide" onClick={save} disabled={saving} aria-describedby="fps-save-status">
        {saving ? <Trans>Saving…</Trans> : <Trans>Save QR image</Trans>}
      </button>
      <p id="fps-save-status" className="small" role="status">
        {saved === 'downloaded' && <Trans>The QR image is saved to your downloads.</Trans>}
        {saved === 'shared' && <Trans>The QR image is shared.</Trans>}
        {saved === 'failed' && <Trans>The QR image could not be saved. Take a screenshot of the code instead.</Trans>}
      </p>
    </div>
  );
}

/** Where an unpaid order leads back to (the bag, home, the plans: the kind's own). */
function BackLink({ kind }: { kind: OrderKind }) {
  const { i18n } = useLingui();
  const { back } = orderKinds[kind];
  return (
    <Link to={back.to} className="button primary wide">
      {i18n._(back.label)}
    </Link>
  );
}

/** Spec §2 FPS QR payment popup, §4: pay within 10 minutes; paid shows the order confirmation by itself; cancel voids the QR. */
export function FpsQrPopup({ orderID, kind = 'product', onClose }: { orderID: string; kind?: OrderKind | undefined; onClose: () => void }) {
  const services = useServices();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [machine] = useState(() => createFpsPaymentFlow(services.api, kind));
  const actor = useFlow(machine, { input: { OrderID: orderID } });
  const showingQr = useSelector(actor, fps.isShowingQr);
  const qr = useSelector(actor, fps.qr);
  const busy = useSelector(actor, fps.isBusy);
  const failed = useSelector(actor, fps.hasFailed);
  const error = useSelector(actor, fps.error);
  const canCancel = useSelector(actor, fps.canCancel);
  const cancelling = useSelector(actor, fps.isCancelling);
  const result = useSelector(actor, fps.result);
  const now = useNow(showingQr);
  const secondsLeft = useSelector(actor, (s) => fps.secondsLeft(s, now));
  const [announced, setAnnounced] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (result?.outcome !== 'paid') return;
    void navigate(confirmLocation(kind, result.OrderID));
  }, [result, navigate, kind]);
  useEffect(() => {
    if (!showingQr) return;
    const moment = announcedMoment(secondsLeft);
    if (moment !== undefined) setAnnounced(moment);
  }, [secondsLeft, showingQr]);

  const minutes = announced !== undefined ? Math.ceil(announced / 60) : 0;
  const announcement =
    announced === undefined
      ? ''
      : announced >= 60
        ? plural(minutes, { one: '# minute left to pay', other: '# minutes left to pay' })
        : plural(announced, { one: '# second left to pay', other: '# seconds left to pay' });

  return (
    <Popup title={<Trans>Pay with FPS</Trans>} onClose={onClose}>
      {busy && !showingQr && (
        <p className="muted fps-busy" role="status">
          {cancelling ? <Trans>Cancelling…</Trans> : qr ? <Trans>Checking your payment…</Trans> : <Trans>Getting your QR code…</Trans>}
        </p>
      )}
      {failed && (
        <div className="fps-result">
          <FormError>{i18n._(PAYMENT_FAILED_TRY_AGAIN)}</FormError>
          {error && <p className="muted small">{i18n._(paymentMessage(error.code))}</p>}
          <button type="button" className="button primary wide" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {showingQr && qr && (
        <div className="fps-qr">
          <p>
            <Trans>Scan this QR code with your banking app and confirm the transfer.</Trans>
          </p>
          <img
            className="fps-qr-image"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.QRImage)}`}
            alt={t`FPS QR code for order ${qr.Reference}`}
            width={240}
            height={240}
          />
          <dl className="fps-facts">
            <div>
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd>
                <Price amount={qr.AmountHKD} currency="HKD" />
                {qr.OrderTotal && (
                  <span className="muted fps-order-total">
                    {' '}
                    (<Price amount={qr.OrderTotal.Amount} currency={qr.OrderTotal.Currency} />)
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Reference</Trans>
              </dt>
              <dd className="fps-reference">{qr.Reference}</dd>
            </div>
            <div>
              <dt>
                <Trans>Time left</Trans>
              </dt>
              <dd>
                <span role="timer" aria-live="off" className="fps-countdown" data-testid="fps-countdown">
                  {formatCountdown(secondsLeft)}
                </span>
              </dd>
            </div>
          </dl>
          {qr.OrderTotal && <FpsCurrencyNote amountHkd={qr.AmountHKD} orderTotal={qr.OrderTotal} />}
          <SaveQrImage svg={qr.QRImage} reference={qr.Reference} />
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          <p className="muted small" role="status">
            <Trans>This window updates by itself when your payment arrives.</Trans>
          </p>
          {error && <FormError>{i18n._(paymentMessage(error.code))}</FormError>}
          <button type="button" className="button wide" disabled={!canCancel} onClick={() => actor.send({ type: 'CANCEL' })}>
            {cancelling ? <Trans>Cancelling…</Trans> : <Trans>Cancel payment</Trans>}
          </button>
        </div>
      )}
      {result?.outcome === 'expired' && (
        <div className="fps-result" role="alert">
          <p className="form-error">{i18n._(PAYMENT_FAILED_TRY_AGAIN)}</p>
          <p>
            <Trans>The 10 minutes to pay are over and the QR code is no longer valid. Your order was not paid.</Trans>
          </p>
          <BackLink kind={kind} />
        </div>
      )}
      {result?.outcome === 'cancelled' && (
        <div className="fps-result" role="status">
          <p>
            <Trans>Payment cancelled. The QR code is no longer valid and your order was cancelled.</Trans>
          </p>
          <BackLink kind={kind} />
        </div>
      )}
      {result?.outcome === 'paid' && (
        <p role="status">
          <Trans>Payment received. Showing your order…</Trans>
        </p>
      )}
    </Popup>
  );
}
