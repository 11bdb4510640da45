import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import {
  cancelSubscription,
  getPaymentMehtod,
  updateSubscriptionDelivery,
  updateSubscriptionPeyment,
  type DeliveryAddress,
  type PaymentMethod,
  type SubscriptionBill,
  type SubscriptionOrder,
  type SubscriptionRecord,
} from '../../../contract/index.ts';
import { user } from '../../../machines/session/session.selectors.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { ApiError } from '../../api/client.ts';
import { useServices } from '../../app/services.ts';
import { AddressSummary } from '../../ui/AddressSummary.tsx';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { useMethodName } from '../../ui/OrderDetails.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { Price } from '../../ui/Price.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';
import { useDurationWords, useStatusWords } from './subscription-words.tsx';
import './subscriptions.css';

type OrderAndRecord = { Order: SubscriptionOrder; Record: SubscriptionRecord };

/** Spec §2 subscription_record/{orderID}: where a subscription stands, its bills, and what the member can change. */
export function SubscriptionRecordScreen() {
  const { orderID } = useParams({ from: '/subscription_record/$orderID' });
  const { api } = useServices();
  const read = useQuery(subscriptionQueries.order(api, orderID, false));
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

/** Keeps the page's read and the popup's lists in step with a record the server answered. */
function useRecordAnswer(orderID: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return (record: SubscriptionRecord) => {
    queryClient.setQueryData(subscriptionQueries.order(api, orderID, false).queryKey, (old: OrderAndRecord | undefined) =>
      old ? { ...old, Record: record } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['member', 'subscriptionRecords'] });
  };
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

function useErrorWords() {
  const { i18n } = useLingui();
  return (error: unknown) => i18n._(paymentMessage(error instanceof ApiError ? error.code : 'NetworkError'));
}

/** The account's delivery addresses; the chosen one becomes where the next boxes go (update-subscription-delivery). */
function AddressDialog({ orderID, record, onClose }: { orderID: string; record: SubscriptionRecord; onClose: () => void }) {
  const services = useServices();
  const member = useSelector(services.session, user);
  const addresses = member?.deliveryAddress ?? [];
  const current = addresses.findIndex((a) => sameAddress(a, record.DeliveryAddress));
  const [chosen, setChosen] = useState(current >= 0 ? current : undefined);
  const answered = useRecordAnswer(orderID);
  const errorWords = useErrorWords();
  const name = useId();
  const save = useMutation({
    mutationFn: (address: DeliveryAddress) =>
      services.api.call(updateSubscriptionDelivery, {
        SubscriptionID: record.RecordID,
        DeliveryAddress: {
          name: `${address.firstName} ${address.lastName}`.trim(),
          phone: address.phone,
          countryCallingCode: address.countryCallingCode,
          firstName: address.firstName,
          lastName: address.lastName,
          CountryID: address.CountryID,
          city: address.city,
          district: address.district ?? '',
          address1: address.address1,
          address2: address.address2 ?? '',
          postalCode: address.postalCode,
          label: address.label,
        },
      }),
    onSuccess: (answer) => {
      answered(answer.Record);
      onClose();
    },
    meta: { handlesErrors: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = chosen === undefined ? undefined : addresses[chosen];
    if (address) save.mutate(address);
  };
  return (
    <Popup title={<Trans>Change delivery address</Trans>} onClose={onClose}>
      <form className="subscription-dialog" onSubmit={submit}>
        {addresses.length === 0 ? (
          <p className="muted">
            <Trans>You have no delivery address yet.</Trans>
          </p>
        ) : (
          <fieldset className="checkout-choices subscription-choices">
            <legend className="visually-hidden">
              <Trans>Delivery addresses</Trans>
            </legend>
            {addresses.map((address, i) => (
              <label key={i} className="subscription-choice" data-checked={chosen === i}>
                <input type="radio" name={name} checked={chosen === i} onChange={() => setChosen(i)} />
                <AddressSummary address={address} />
              </label>
            ))}
          </fieldset>
        )}
        <button type="button" className="link-button" onClick={() => services.popups.open('deliveryAddresses')}>
          {addresses.length === 0 ? <Trans>Add a delivery address</Trans> : <Trans>Add or edit delivery addresses</Trans>}
        </button>
        {save.isError && <FormError>{errorWords(save.error)}</FormError>}
        <div className="subscription-dialog-actions">
          <button type="submit" className="button primary" disabled={chosen === undefined || save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : <Trans>Deliver here</Trans>}
          </button>
          <button type="button" className="link-button" onClick={onClose}>
            <Trans>Keep the current address</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}

const sameAddress = (a: DeliveryAddress, b: SubscriptionRecord['DeliveryAddress']) =>
  a.CountryID === b.CountryID && a.address1 === b.address1 && a.city === b.city && a.phone === b.phone && a.firstName === b.firstName;

/** How renewals are paid: a saved card (charged off-session), or Alipay / FPS by a mailed link (update-subscription-peyment). */
function PaymentDialog({ orderID, record, onClose }: { orderID: string; record: SubscriptionRecord; onClose: () => void }) {
  const services = useServices();
  const cardName = useCardName();
  const methodName = useMethodName();
  const cards = useQuery({
    queryKey: ['member', 'paymentMethods'],
    queryFn: ({ signal }) => services.api.call(getPaymentMehtod, {}, { signal }).then((r) => r.PaymentMethodList),
    meta: { handlesErrors: true },
  });
  const currentValue = record.PaymentMethod === 'CreditCard' ? `card:${record.Card?.id ?? ''}` : record.PaymentMethod;
  const [choice, setChoice] = useState(currentValue);
  const answered = useRecordAnswer(orderID);
  const errorWords = useErrorWords();
  const name = useId();
  const save = useMutation({
    mutationFn: (value: string) => {
      const card = value.startsWith('card:') ? value.slice('card:'.length) : undefined;
      const method: PaymentMethod = card ? 'CreditCard' : (value as PaymentMethod);
      return services.api.call(updateSubscriptionPeyment, { SubscriptionID: record.RecordID, PaymentMethod: method, ...(card ? { PaymentMethodID: card } : {}) });
    },
    onSuccess: (answer) => {
      answered(answer.Record);
      onClose();
    },
    meta: { handlesErrors: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(choice);
  };
  const others: PaymentMethod[] = ['Alipay', 'FPS'];
  return (
    <Popup title={<Trans>How renewals are paid</Trans>} onClose={onClose}>
      <form className="subscription-dialog" onSubmit={submit}>
        {cards.isPending ? (
          <p className="muted" role="status">
            <Trans>Loading your cards…</Trans>
          </p>
        ) : cards.isError ? (
          <FormError>
            <Trans>Your cards could not be loaded.</Trans>
          </FormError>
        ) : null}
        <fieldset className="checkout-choices subscription-choices">
          <legend className="visually-hidden">
            <Trans>Payment method</Trans>
          </legend>
          {(cards.data ?? []).map((card) => (
            <label key={card.id} className="subscription-choice" data-checked={choice === `card:${card.id}`}>
              <input type="radio" name={name} checked={choice === `card:${card.id}`} onChange={() => setChoice(`card:${card.id}`)} />
              <span>{cardName(card)}</span>
            </label>
          ))}
          {others.map((method) => (
            <label key={method} className="subscription-choice" data-checked={choice === method}>
              <input type="radio" name={name} checked={choice === method} onChange={() => setChoice(method)} />
              <span>
                {methodName(method)}
                <span className="muted small subscription-choice-note">
                  <Trans>A payment link by e-mail before each billing date</Trans>
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="button" className="link-button" onClick={() => services.popups.open('wallet')}>
          <Trans>Add a card in your wallet</Trans>
        </button>
        {save.isError && <FormError>{errorWords(save.error)}</FormError>}
        <div className="subscription-dialog-actions">
          <button type="submit" className="button primary" disabled={choice === currentValue || choice === 'card:' || save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </button>
          <button type="button" className="link-button" onClick={onClose}>
            <Trans>Keep it as it is</Trans>
          </button>
        </div>
      </form>
    </Popup>
  );
}

/** Cancelling stops further renewals; the box keeps coming until the end date (cancel-subscription). */
function CancelDialog({ orderID, record, onClose }: { orderID: string; record: SubscriptionRecord; onClose: () => void }) {
  const { api } = useServices();
  const answered = useRecordAnswer(orderID);
  const errorWords = useErrorWords();
  const until = formatDate(record.EndDate ?? record.NextBillingDate ?? '');
  const cancel = useMutation({
    mutationFn: () => api.call(cancelSubscription, { OrderID: record.OrderID }),
    onSuccess: (answer) => {
      answered(answer.Record);
      onClose();
    },
    meta: { handlesErrors: true },
  });
  return (
    <Popup
      role="alertdialog"
      title={<Trans>Cancel your subscription?</Trans>}
      description={until ? <Trans>Your box keeps coming until {until}</Trans> : undefined}
      onClose={onClose}
    >
      <div className="subscription-dialog">
        <p className="muted">
          <Trans>No further renewals will be billed. You stay an SVIP member until then.</Trans>
        </p>
        {cancel.isError && <FormError>{errorWords(cancel.error)}</FormError>}
        <div className="subscription-dialog-actions">
          <button type="button" className="button primary danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? <Trans>Cancelling…</Trans> : <Trans>Cancel subscription</Trans>}
          </button>
          <button type="button" className="link-button" onClick={onClose}>
            <Trans>Keep my subscription</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
