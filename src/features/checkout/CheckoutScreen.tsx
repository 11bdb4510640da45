import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { UserDetail } from '../../../contract/index.ts';
import * as checkoutState from '../../../machines/checkout/checkout.selectors.ts';
import type { CheckoutInput, CheckoutStep } from '../../../machines/checkout/checkout.types.ts';
import type { PaymentStepName } from '../../../machines/payment-step/payment-step.types.ts';
import { useServices } from '../../app/services.ts';
import { useStore } from '../../app/store.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { contentLanguage } from '../../i18n/i18n.ts';
import { AddressSummary } from '../../ui/AddressSummary.tsx';
import { useAddressLabel } from '../../ui/address-label.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { Price } from '../../ui/Price.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { ErrorNote, sendToPaymentStep, type CheckoutActor, type HeadingRef } from './checkout-parts.tsx';
import { CheckoutFrame, CheckoutPage, mainAddressIndex } from './CheckoutFrame.tsx';
import { checkoutBag, createCheckoutFlow } from './checkout.actors.ts';
import { preloadPaymentStep } from './payment-step-chunk.ts';
import type { CreatePaymentStep } from './payment-step.actors.ts';
import './checkout.css';
import { productOrderQuery } from '../../api/order-queries.ts';

// The over-18 popup, the payment step (with its payment method and card popups; Radix Dialog comes
// with them) and what follows placing the order are chunks of their own, fetched once the screen shows, so that the screen's first load
// stays within its budget (issue 14, Fast).
const AgeWarningPopup = preloadable(() => import('./AgeWarningPopup.tsx').then((m) => m.AgeWarningPopup));
const PaymentStep = preloadable(() =>
  import('./ProductPaymentStep.tsx').then((m) => {
    m.prefetchPopups();
    return m.PaymentStep;
  }),
);

// The payment step's machines, which the flow needs to start: fetched as soon as this chunk runs (also when
// the router preloads it on a link's intent), not in its first load.
preloadPaymentStep().catch(() => {});

const AfterPlacing = preloadable(() => import('./CheckoutEnd.tsx').then((m) => m.AfterPlacing));
const StepFailed = preloadable(() => import('./StepFailed.tsx').then((m) => m.StepFailed));

function prefetchPopups() {
  for (const part of [AgeWarningPopup, PaymentStep, AfterPlacing, StepFailed]) part.preload().catch(() => {});
}

/** Spec §2 checkout_product: delivery and billing address, the over-18 confirmation, payment method, summary, place order. */
export function CheckoutScreen() {
  useEffect(prefetchPopups, []);
  return (
    <CheckoutPage
      className=""
      title={<Trans>Checkout</Trans>}
      member
      loading={<LoadingOrder />}
      flow={(visit, member, createPaymentStep) => member && <CheckoutFlow key={visit} member={member} createPaymentStep={createPaymentStep} />}
    />
  );
}

function CheckoutFlow({ member, createPaymentStep }: { member: UserDetail; createPaymentStep: CreatePaymentStep }) {
  const services = useServices();
  const search = useSearch({ from: '/checkout_product' });
  const { locale, currency } = useStore(services.preferences);
  const [machine] = useState(() => createCheckoutFlow(services.api, services.session, createPaymentStep));
  const [input] = useState<CheckoutInput>(() => ({
    currency: currency ?? 'HKD',
    language: contentLanguage(locale),
    couponID: search.coupon,
    // Paying an order placed before: its address was chosen with it.
    addressIndex: search.orderID ? undefined : mainAddressIndex(member),
    resume: search.orderID && search.method ? { OrderID: search.orderID, PaymentMethod: search.method } : undefined,
  }));
  const actor = useFlow(machine, { input });
  useFollowMainAddress(actor, member);
  return (
    <CheckoutFrame
      kind="product"
      actor={actor}
      view={checkoutState}
      quiet={['loading']}
      summary={<BagOrOrderSummary actor={actor} orderID={search.orderID} />}
      ownStep={(step, heading) => <OwnStep step={step} actor={actor} member={member} headingRef={heading} />}
      payment={(heading) => (
        <>
          <ChosenAddresses actor={actor} member={member} orderID={search.orderID} />
          <PaymentStep actor={actor} headingRef={heading} />
        </>
      )}
      afterPlacing={(step, result, heading) => <AfterPlacing step={step} actor={actor} result={result} headingRef={heading} />}
    />
  );
}

/**
 * Shipping and taxes follow the member's main delivery address. Picked here, the flow saves it and
 * reads the totals itself; added or edited in the address popup, the flow is told (the totals are
 * read again for it).
 */
function useFollowMainAddress(actor: CheckoutActor, member: UserDetail) {
  const index = mainAddressIndex(member);
  const list = JSON.stringify(member.deliveryAddress);
  const address = index === undefined ? undefined : member.deliveryAddress[index];
  const key = JSON.stringify([index, address]);
  const last = useRef({ key, list });
  // Changes made while paying are taken up when the member is back at the address step.
  const choosing = useSelector(actor, checkoutState.canChooseAddress);
  const chosen = useSelector(actor, checkoutState.addressIndex);
  useEffect(() => {
    if (last.current.key === key || !choosing || index === undefined) return;
    const ownPick = index === chosen && list === last.current.list;
    last.current = { key, list };
    // The flow's own pick, saved: it has read the totals for it already.
    if (!ownPick) actor.send({ type: 'CHOOSE_ADDRESS', index });
  }, [actor, key, list, index, choosing, chosen]);
}

/** The first step, and the page while the payment step's chunk loads. */
function LoadingOrder() {
  return (
    <p className="muted" role="status">
      <Trans>Loading your order…</Trans>
    </p>
  );
}

/** The product checkout's own steps: loading, the bag changed, the delivery address, the over-18 confirmation. */
function OwnStep(props: { step: Exclude<CheckoutStep, PaymentStepName | 'done'>; actor: CheckoutActor; member: UserDetail; headingRef: HeadingRef }) {
  const { step, actor, member, headingRef: heading } = props;
  const error = useSelector(actor, checkoutState.error);
  switch (step) {
    case 'loading':
      return <LoadingOrder />;
    case 'loadFailed':
      return (
        <StepFailed
          title={<Trans>Your order could not be loaded</Trans>}
          error={error}
          headingRef={heading}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: <Trans>Back to shopping bag</Trans>, onClick: () => actor.send({ type: 'BACK_TO_BAG' }), button: true }}
        />
      );
    case 'bagProblem':
      return <BagProblem actor={actor} headingRef={heading} />;
    case 'address':
      return <DeliveryStep actor={actor} member={member} headingRef={heading} />;
    case 'age':
      return (
        <>
          <ChosenAddresses actor={actor} member={member} headingRef={heading} />
          <AgeWarningPopup
            onConfirm={() => actor.send({ type: 'CONFIRM_AGE' })}
            onDecline={() => actor.send({ type: 'DECLINE_AGE' })}
            onBack={() => actor.send({ type: 'BACK' })}
          />
        </>
      );
  }
}

function BagProblem({ actor, headingRef }: { actor: CheckoutActor; headingRef: HeadingRef }) {
  const error = useSelector(actor, checkoutState.error);
  return (
    <section className="checkout-section">
      <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Your bag has changed</Trans>
      </h2>
      <ErrorNote error={error} />
      <button type="button" className="button primary" onClick={() => actor.send({ type: 'BACK_TO_BAG' })}>
        <Trans>Back to shopping bag</Trans>
      </button>
    </section>
  );
}

/** Step 1: where the order goes. Picking an address makes it the main one, which the totals are for. */
function DeliveryStep({ actor, member, headingRef }: { actor: CheckoutActor; member: UserDetail; headingRef: HeadingRef }) {
  const services = useServices();
  const { t } = useLingui();
  const canContinue = useSelector(actor, checkoutState.canContinue);
  const busy = useSelector(actor, checkoutState.isBusy);
  const chosen = useSelector(actor, checkoutState.addressIndex);
  const saving = useSelector(actor, checkoutState.isSavingAddress);
  const saveFailed = useSelector(actor, checkoutState.addressNotSaved);
  const name = useId();
  const list = member.deliveryAddress;
  const labelText = useAddressLabel();
  // The flow saves the pick as the member's main address, then reads the totals for it.
  const choose = (index: number) => actor.send({ type: 'PICK_ADDRESS', index });

  return (
    <>
      <section className="checkout-section" aria-labelledby={`${name}-title`}>
        <h2 id={`${name}-title`} ref={headingRef} tabIndex={-1} className="checkout-title">
          <Trans>Delivery address</Trans>
        </h2>
        {list.length === 0 ? (
          <p className="muted">
            <Trans>Add the address we should deliver to.</Trans>
          </p>
        ) : (
          <fieldset className="checkout-choices" disabled={saving || busy}>
            <legend className="visually-hidden">{t`Deliver to`}</legend>
            {list.map((address, i) => (
              <label key={i} className="checkout-choice" data-checked={i === chosen}>
                <input type="radio" name={name} checked={i === chosen} onChange={() => choose(i)} />
                {/* Each choice says which it is (Home, Office): two alike would otherwise read the same. */}
                <span className="checkout-choice-text">
                  <span className="chip static">{labelText(address.label)}</span>
                  <AddressSummary address={address} />
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {saveFailed && (
          <p className="form-error" role="alert">
            <Trans>The address could not be chosen. Please try again.</Trans>
          </p>
        )}
        <button type="button" className="link-button" onClick={() => services.popups.open('deliveryAddresses')}>
          {list.length === 0 ? <Trans>Add a delivery address</Trans> : <Trans>Add or edit delivery addresses</Trans>}
        </button>
      </section>
      <BillingSection member={member} />
      <div className="checkout-actions">
        <button type="button" className="button primary wide" disabled={!canContinue || saving} onClick={() => actor.send({ type: 'CONTINUE' })}>
          <Trans>Continue to payment</Trans>
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'BACK_TO_BAG' })}>
          <Trans>Back to shopping bag</Trans>
        </button>
      </div>
    </>
  );
}

function BillingSection({ member }: { member: UserDetail }) {
  const { popups } = useServices();
  const id = useId();
  return (
    <section className="checkout-section" aria-labelledby={id}>
      <h2 id={id} className="checkout-title">
        <Trans>Billing address</Trans>
      </h2>
      {member.billingAddress ? (
        <AddressSummary address={member.billingAddress} />
      ) : (
        <p className="muted">
          <Trans>Same as the delivery address.</Trans>
        </p>
      )}
      <button type="button" className="link-button" onClick={() => popups.open('billingAddress')}>
        <Trans>Edit billing address</Trans>
      </button>
    </section>
  );
}

/** The addresses chosen in step 1, shown while paying, with a way back while nothing is ordered. */
function ChosenAddresses(props: { actor: CheckoutActor; member: UserDetail; orderID?: string | undefined; headingRef?: HeadingRef }) {
  const { actor, member, orderID, headingRef } = props;
  const { api } = useServices();
  const index = useSelector(actor, checkoutState.addressIndex);
  const canGoBack = useSelector(actor, checkoutState.canGoBack);
  // An order placed before keeps the address it was placed with, whatever the member's main one is now.
  const order = useQuery({ ...productOrderQuery(api, orderID ?? '', false), enabled: orderID !== undefined });
  const address = orderID !== undefined ? order.data?.DeliveryAddress : index === undefined ? undefined : member.deliveryAddress[index];
  const id = useId();
  // Ordered at a gathering's table and not delivered: picked up there.
  if (order.data?.GatheringID && !address)
    return (
      <section className="checkout-section checkout-chosen" aria-labelledby={id}>
        <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="checkout-title">
          <Trans>Pick-up</Trans>
        </h2>
        <p>
          <Trans>Picked up at the gathering’s venue, from the host’s table.</Trans>
        </p>
      </section>
    );
  return (
    <section className="checkout-section checkout-chosen" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="checkout-title">
        <Trans>Delivery address</Trans>
      </h2>
      {address ? (
        <AddressSummary address={address} />
      ) : (
        <p className="muted">
          <Trans>The delivery address of your order.</Trans>
        </p>
      )}
      {canGoBack && (
        <button type="button" className="link-button" onClick={() => sendToPaymentStep(actor, { type: 'BACK' })}>
          <Trans>Change address</Trans>
        </button>
      )}
    </section>
  );
}

/** The bag's lines and totals; when paying an order placed earlier, that order's. */
function BagOrOrderSummary({ actor, orderID }: { actor: CheckoutActor; orderID: string | undefined }) {
  const { api } = useServices();
  const pick = useBilingual();
  const { t } = useLingui();
  const bag = useSelector(actor, checkoutBag);
  const couponError = useSelector(actor, checkoutState.couponError);
  const order = useQuery({ ...productOrderQuery(api, orderID ?? '', false), enabled: !bag && orderID !== undefined });
  const lines = bag?.productList ?? order.data?.ProductList.map((l) => ({ ...l, SelectedQuantity: l.Quantity })) ?? [];
  const detail = bag?.orderDetail ?? order.data?.orderDetail;
  if (!detail) return null;
  return (
    <CheckoutSummary couponError={couponError} detail={detail} note={<Trans>Standard delivery within 4-7 working days.</Trans>}>
      <ul className="checkout-lines" aria-label={t`Items`}>
        {lines.map((line) => (
          <li key={line.VarianceID} className="checkout-line">
            <img src={line.Image} alt="" width={56} height={56} loading="lazy" />
            <span className="checkout-line-name">
              {pick(line.Name)}
              <span className="muted small"> · {pick(line.VarianceName)}</span>
              {line.IsAlcohol && (
                <span className="badge checkout-alcohol">
                  <span aria-hidden="true">18+</span>
                  <span className="visually-hidden">
                    <Trans>Alcohol, 18 or over</Trans>
                  </span>
                </span>
              )}
            </span>
            <span className="checkout-line-qty">× {line.SelectedQuantity}</span>
            <Price amount={line.LineTotal} currency={detail.Currency} />
          </li>
        ))}
      </ul>
    </CheckoutSummary>
  );
}
