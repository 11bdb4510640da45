import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import {
  cancelSubscription,
  updateSubscriptionDelivery,
  updateSubscriptionPeyment,
  type DeliveryAddress,
  type PaymentMethod,
  type SubscriptionOrder,
  type SubscriptionRecord,
} from '../../../contract/index.ts';
import { user } from '../../../machines/session/session.selectors.ts';
import { savedCardsQuery } from '../../api/card-queries.ts';
import { ApiError } from '../../api/client.ts';
import { paymentMessage } from '../../api/payment-messages.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { useServices } from '../../app/services.ts';
import { AddressSummary } from '../../ui/AddressSummary.tsx';
import { FormError } from '../../ui/Field.tsx';
import { formatDate } from '../../ui/format.ts';
import { useMethodName } from '../../ui/order-words.ts';
import { Popup } from '../../ui/Popup.tsx';
import { useCardName } from '../../ui/SavedCardLabel.tsx';

/**
 * The record page's dialogs (change the delivery address, how renewals are paid, cancel): a chunk of
 * their own with Radix Dialog, fetched once the record shows, so that the page's first load stays within
 * its budget (issue 14, Fast).
 */

type OrderAndRecord = { Order: SubscriptionOrder; Record: SubscriptionRecord };

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

function useErrorWords() {
  const { i18n } = useLingui();
  return (error: unknown) => i18n._(paymentMessage(error instanceof ApiError ? error.code : 'NetworkError'));
}

/** The account's delivery addresses; the chosen one becomes where the next boxes go (update-subscription-delivery). */
export function AddressDialog({ orderID, record, onClose }: { orderID: string; record: SubscriptionRecord; onClose: () => void }) {
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
export function PaymentDialog({ orderID, record, onClose }: { orderID: string; record: SubscriptionRecord; onClose: () => void }) {
  const services = useServices();
  const cardName = useCardName();
  const methodName = useMethodName();
  const cards = useQuery({ ...savedCardsQuery(services.api), meta: { handlesErrors: true } });
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
export function CancelDialog({ orderID, record, onClose }: { orderID: string; record: SubscriptionRecord; onClose: () => void }) {
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
