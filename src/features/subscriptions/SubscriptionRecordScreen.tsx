import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { SubscriptionBill, SubscriptionRecord } from '../../../contract/index.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useServices } from '../../app/services.ts';
import { AddressSummary } from '../../ui/AddressSummary.tsx';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { useMethodName } from '../../ui/order-words.ts';
import { Price } from '../../ui/Price.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import { useDurationWords, useStatusWords } from './subscription-words.tsx';
import './subscriptions.css';

// The dialogs (with Radix Dialog) are a chunk of their own, fetched once the record shows (issue 14, Fast).
const AddressDialog = preloadable(() => import('./RecordDialogs.tsx').then((m) => m.AddressDialog));
const PaymentDialog = preloadable(() => import('./RecordDialogs.tsx').then((m) => m.PaymentDialog));
const CancelDialog = preloadable(() => import('./RecordDialogs.tsx').then((m) => m.CancelDialog));

/** Spec §2 subscription_record/{orderID}: where a subscription stands, its bills, and what the member can change. */
export function SubscriptionRecordScreen() {
  const { orderID } = useParams({ from: '/subscription_record/$orderID' });
  const { api } = useServices();
  const read = useQuery(subscriptionQueries.order(api, orderID, false));
  useEffect(() => {
    for (const dialog of [AddressDialog, PaymentDialog, CancelDialog]) dialog.preload().catch(() => {});
  }, []);
  return (
    <div className="page subscription-record-page">
      {read.data ? (
        <RecordView orderID={orderID} record={read.data.Record} />
      ) : read.isError ? (
        <>
          <header className="page-head">
            <h1>
              <Trans>My subscription</Trans>
            </h1>
          </header>
          <FormError>
            <Trans>This subscription could not be found.</Trans>
          </FormError>
          <Link to="/subscription" className="button small">
            <Trans>See the plans</Trans>
          </Link>
        </>
      ) : (
        <p className="muted" role="status">
          <Trans>Loading your subscription…</Trans>
        </p>
      )}
    </div>
  );
}

function RecordView({ orderID, record }: { orderID: string; record: SubscriptionRecord }) {
  const pick = useBilingual();
  const words = useDurationWords();
  const status = useStatusWords();
  const methodName = useMethodName();
  const cardName = useCardName();
  const [dialog, setDialog] = useState<'address' | 'payment' | 'cancel' | null>(null);
  const next = record.NextBillingDate ? formatDate(record.NextBillingDate) : undefined;
  const end = record.EndDate ? formatDate(record.EndDate) : undefined;
  const due = record.DuePayment;
  return (
    <>
      <header className="page-head subscription-record-head">
        <img src={record.Plan.Image} alt="" width={96} height={96} className="subscription-record-image" />
        <div>
          <p className="plan-duration">{words.every(record.Plan.Duration)}</p>
          <h1>{pick(record.Plan.Name)}</h1>
          <p>
            <span className="subscription-status" data-status={record.Status}>
              {status(record.Status)}
            </span>
          </p>
        </div>
      </header>
      {due && (
        <section className="notice warning subscription-due" aria-labelledby="subscription-due">
          <h2 id="subscription-due" className="subscription-section-title">
            <Trans>A payment is due</Trans>
          </h2>
          <p>
            <Trans>
              Cycle {due.Cycle} costs <Price amount={due.Total} currency={due.Currency} />.
            </Trans>{' '}
            {due.PayBefore && <Trans>Please pay before {formatDate(due.PayBefore)}, or the subscription ends.</Trans>}
          </p>
          <Link to="/checkout_subscription" search={{ orderID: due.OrderID }} className="button primary">
            <Trans>Pay now</Trans>
          </Link>
        </section>
      )}
      <div className="subscription-record-layout">
        <section className="subscription-section" aria-labelledby="subscription-facts">
          <h2 id="subscription-facts" className="subscription-section-title">
            <Trans>Subscription</Trans>
          </h2>
          <dl className="subscription-facts">
            {record.StartDate && (
              <div>
                <dt>
                  <Trans>Started</Trans>
                </dt>
                <dd>{formatDate(record.StartDate)}</dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>Next billing date</Trans>
              </dt>
              <dd>{next ?? <span className="muted">{record.Tab === 'ended' ? <Trans>None: it has ended</Trans> : <Trans>None: no further renewals</Trans>}</span>}</dd>
            </div>
            {end && (
              <div>
                <dt>{record.Tab === 'ended' ? <Trans>Ended</Trans> : record.Status === 'Cancelled' ? <Trans>End date</Trans> : <Trans>Paid until</Trans>}</dt>
                <dd>{end}</dd>
              </div>
            )}
            <div>
              <dt>
                <Trans>Price</Trans>
              </dt>
              <dd>
                <Price amount={record.Plan.Price} currency={record.Plan.Currency} /> {words.perBox(record.Plan.Duration)}
              </dd>
            </div>
          </dl>
          {record.CanCancel && (
            <button type="button" className="button" onClick={() => setDialog('cancel')}>
              <Trans>Cancel subscription</Trans>
            </button>
          )}
          {record.Status === 'Cancelled' && end && (
            <p className="muted">
              <Trans>Cancelled: your box keeps coming until {end}.</Trans>
            </p>
          )}
        </section>
        <section className="subscription-section" aria-labelledby="subscription-delivery">
          <h2 id="subscription-delivery" className="subscription-section-title">
            <Trans>Delivery address</Trans>
          </h2>
          <AddressSummary address={record.DeliveryAddress} />
          {record.CanUpdate && (
            <button type="button" className="button small" onClick={() => setDialog('address')}>
              <Trans>Change delivery address</Trans>
            </button>
          )}
        </section>
        <section className="subscription-section" aria-labelledby="subscription-payment">
          <h2 id="subscription-payment" className="subscription-section-title">
            <Trans>Payment</Trans>
          </h2>
          <p>{record.PaymentMethod === 'CreditCard' && record.Card ? cardName(record.Card) : methodName(record.PaymentMethod)}</p>
          {record.PaymentMethod !== 'CreditCard' && (
            <p className="muted small">
              <Trans>We e-mail you a payment link 3 days before each billing date.</Trans>
            </p>
          )}
          {record.CanUpdate && (
            <button type="button" className="button small" onClick={() => setDialog('payment')}>
              {record.PaymentMethod === 'CreditCard' ? <Trans>Change card</Trans> : <Trans>Change payment method</Trans>}
            </button>
          )}
        </section>
        <BillingHistory bills={record.BillingHistory} />
      </div>
      {dialog === 'address' && <AddressDialog orderID={orderID} record={record} onClose={() => setDialog(null)} />}
      {dialog === 'payment' && <PaymentDialog orderID={orderID} record={record} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog orderID={orderID} record={record} onClose={() => setDialog(null)} />}
    </>
  );
}

function usePaymentStatusWords() {
  const { t } = useLingui();
  const words: Record<SubscriptionBill['PaymentStatus'], string> = {
    WaitForPayment: t`Waiting for payment`,
    Paid: t`Paid`,
    PaymentFailed: t`Payment failed`,
    Cancelled: t`Cancelled`,
    Expired: t`Not paid in time`,
  };
  return (status: SubscriptionBill['PaymentStatus']) => words[status];
}

/** Spec §3 billing history: each cycle's order, newest first. */
function BillingHistory({ bills }: { bills: readonly SubscriptionBill[] }) {
  const statusText = usePaymentStatusWords();
  return (
    <section className="subscription-section subscription-history" aria-labelledby="subscription-history">
      <h2 id="subscription-history" className="subscription-section-title">
        <Trans>Billing history</Trans>
      </h2>
      {bills.length === 0 ? (
        <p className="muted">
          <Trans>No bills yet.</Trans>
        </p>
      ) : (
        <ul className="subscription-bills">
          {bills.map((bill) => (
            <li key={bill.OrderID} className="subscription-bill">
              <span className="subscription-bill-date">{formatDate(bill.PaidAt ?? bill.CreatedAt)}</span>
              <span className="subscription-bill-cycle muted small">
                <Trans>
                  Cycle {bill.Cycle} · {formatDate(bill.PeriodStart)} – {formatDate(bill.PeriodEnd)}
                </Trans>
              </span>
              <span className="subscription-bill-amount">
                <Price amount={bill.Total} currency={bill.Currency} />
              </span>
              <span className="subscription-bill-status" data-status={bill.PaymentStatus}>
                {statusText(bill.PaymentStatus)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

