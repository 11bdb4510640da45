import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode, type UserDetail } from '../../../../contract/index.ts';
import * as subscribe from '../../../../machines/subscription-checkout/subscription-checkout.selectors.ts';
import type { PaymentStepName } from '../../../../machines/payment-step/payment-step.types.ts';
import type { SubscriptionCheckoutInput, SubscriptionCheckoutStep } from '../../../../machines/subscription-checkout/subscription-checkout.types.ts';
import { useServices } from '../../../app/services.ts';
import { useStore } from '../../../app/store.ts';
import { preloadable } from '../../../app/preloadable.tsx';
import { useFlow } from '../../../app/use-flow.ts';
import { contentLanguage } from '../../../i18n/i18n.ts';
import { AddressSummary } from '../../../ui/AddressSummary.tsx';
import { useAddressLabel } from '../../../ui/address-label.ts';
import { useBilingual } from '../../../ui/Bilingual.tsx';
import { Price } from '../../../ui/Price.tsx';
import '../checkout.css';
import './subscription-checkout.css';
import { CheckoutSummary } from '../CheckoutSummary.tsx';
import { ErrorNote, type HeadingRef, type SubscribeActor } from './subscription-checkout-parts.tsx';
import { checkoutPlan, checkoutTotals, createSubscriptionCheckoutFlow } from './subscription-checkout.actors.ts';
import { CheckoutFrame, CheckoutPage, mainAddressIndex } from '../CheckoutFrame.tsx';
import { preloadPaymentStep } from '../payment-step-chunk.ts';
import type { CreatePaymentStep } from '../payment-step.actors.ts';

// The payment step (with its method and card popups and Radix Dialog) and what follows placing the order
// are chunks of their own, fetched once the checkout shows, as the product and event checkouts do (issue 14, Fast).
const PaymentStep = preloadable(() =>
  import('./SubscriptionPaymentStep.tsx').then((m) => {
    m.prefetchPopups();
    return m.PaymentStep;
  }),
);
// The payment step's machines, which the flow needs to start: fetched as soon as this chunk runs (also when
// the router preloads it on a link's intent), not in its first load.
preloadPaymentStep().catch(() => {});

const AfterPlacing = preloadable(() => import('./SubscriptionCheckoutEnd.tsx').then((m) => m.AfterPlacing));
const StepFailed = preloadable(() => import('../StepFailed.tsx').then((m) => m.StepFailed));

function prefetchSteps() {
  for (const step of [PaymentStep, AfterPlacing, StepFailed]) step.preload().catch(() => {});
}

/** Spec §2 checkout_subscription: the plan, the delivery address, the totals with a coupon, the payment method, subscribe. */
export function SubscriptionCheckoutScreen() {
  const search = useSearch({ from: '/checkout_subscription' });
  useEffect(prefetchSteps, []);
  return (
    <CheckoutPage
      className="subscription-checkout"
      title={search.orderID ? <Trans>Pay your subscription</Trans> : <Trans>Subscribe</Trans>}
      ready={search.orderID !== undefined || search.plan !== undefined}
      missing={
        <section className="checkout-section">
          <p role="alert">
            <Trans>Choose a plan first.</Trans>
          </p>
          <Link to="/subscription" className="button primary">
            <Trans>See the plans</Trans>
          </Link>
        </section>
      }
      member
      loading={<LoadingPlan />}
      flow={(visit, member, createPaymentStep) => member && <SubscribeFlow key={visit} member={member} createPaymentStep={createPaymentStep} />}
    />
  );
}

function SubscribeFlow({ member, createPaymentStep }: { member: UserDetail; createPaymentStep: CreatePaymentStep }) {
  const services = useServices();
  const search = useSearch({ from: '/checkout_subscription' });
  const { locale, currency } = useStore(services.preferences);
  const [machine] = useState(() => createSubscriptionCheckoutFlow(services.api, services.session, createPaymentStep));
  const [input] = useState<SubscriptionCheckoutInput>(() => ({
    currency: currency ?? 'HKD',
    language: contentLanguage(locale),
    subscriptionID: search.plan,
    addressIndex: search.orderID ? undefined : mainAddressIndex(member),
    resume: search.orderID ? { OrderID: search.orderID } : undefined,
  }));
  const actor = useFlow(machine, { input });
  useFollowMainAddress(actor, member);
  return (
    <CheckoutFrame
      kind="subscription"
      actor={actor}
      view={subscribe}
      quiet={['loading', 'totals']}
      summary={<PlanSummary actor={actor} />}
      ownStep={(step, heading) => <OwnStep step={step} actor={actor} member={member} headingRef={heading} />}
      payment={(heading) => <PaymentStep actor={actor} headingRef={heading} />}
      afterPlacing={(step, result, heading) => <AfterPlacing step={step} actor={actor} result={result} headingRef={heading} />}
    />
  );
}

/**
 * The totals follow the member's selected delivery address. Picked here, the flow saves it itself;
 * added or edited in the address popup, the flow is told.
 */
function useFollowMainAddress(actor: SubscribeActor, member: UserDetail) {
  const index = mainAddressIndex(member);
  const key = JSON.stringify([index, index === undefined ? undefined : member.deliveryAddress[index]]);
  const last = useRef(key);
  const choosing = useSelector(actor, subscribe.canChooseAddress);
  const chosen = useSelector(actor, subscribe.addressIndex);
  useEffect(() => {
    if (last.current === key || !choosing || index === undefined) return;
    last.current = key;
    if (index !== chosen || chosen === undefined) actor.send({ type: 'CHOOSE_ADDRESS', index });
  }, [actor, key, index, choosing, chosen]);
}

/** The first step, and the page while the payment step's chunk loads. */
function LoadingPlan() {
  return (
    <p className="muted" role="status">
      <Trans>Loading the plan…</Trans>
    </p>
  );
}

/** The subscription checkout's own steps: loading the plan, the delivery address, working out the total. */
function OwnStep(props: { step: Exclude<SubscriptionCheckoutStep, PaymentStepName | 'done'>; actor: SubscribeActor; member: UserDetail; headingRef: HeadingRef }) {
  const { step, actor, member, headingRef: heading } = props;
  const error = useSelector(actor, subscribe.error);
  switch (step) {
    case 'loading':
      return <LoadingPlan />;
    case 'loadFailed':
      // A plan that is not on offer is said as such: trying again cannot help.
      return error?.code === ErrorCode.ObjectNotFound ? (
        <StepFailed
          title={<Trans>This plan is not on offer</Trans>}
          error={undefined}
          headingRef={heading}
          back={{ label: <Trans>Back to the plans</Trans>, onClick: () => actor.send({ type: 'LEAVE' }) }}
        />
      ) : (
        <StepFailed
          title={<Trans>The plan could not be loaded</Trans>}
          error={error}
          headingRef={heading}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: <Trans>Back to the plans</Trans>, onClick: () => actor.send({ type: 'LEAVE' }) }}
        />
      );
    case 'address':
      return <AddressStep actor={actor} member={member} headingRef={heading} />;
    case 'totals':
      return (
        <p className="muted" role="status">
          <Trans>Working out your total…</Trans>
        </p>
      );
    case 'totalsFailed':
      return (
        <StepFailed
          title={<Trans>Your total could not be worked out</Trans>}
          error={error}
          headingRef={heading}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: <Trans>Change address</Trans>, onClick: () => actor.send({ type: 'BACK' }) }}
        />
      );
  }
}

/** Where the boxes go. Picking an address makes it the selected one, which the totals are for (spec §5). */
function AddressStep({ actor, member, headingRef }: { actor: SubscribeActor; member: UserDetail; headingRef: HeadingRef }) {
  const services = useServices();
  const { t } = useLingui();
  const canContinue = useSelector(actor, subscribe.canContinue);
  const chosen = useSelector(actor, subscribe.addressIndex);
  const saving = useSelector(actor, subscribe.isSavingAddress);
  const saveFailed = useSelector(actor, subscribe.addressNotSaved);
  const refused = useSelector(actor, subscribe.addressRefused);
  const error = useSelector(actor, subscribe.error);
  const name = useId();
  const list = member.deliveryAddress;
  const labelText = useAddressLabel();
  return (
    <section className="checkout-section" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} ref={headingRef} tabIndex={-1} className="checkout-title">
        <Trans>Delivery address</Trans>
      </h2>
      {list.length === 0 ? (
        <p className="muted">
          <Trans>Add the address your boxes should go to. The totals depend on it.</Trans>
        </p>
      ) : (
        <fieldset className="checkout-choices" disabled={saving}>
          <legend className="visually-hidden">{t`Deliver to`}</legend>
          {list.map((address, i) => (
            <label key={i} className="checkout-choice" data-checked={i === chosen}>
              <input type="radio" name={name} checked={i === chosen} onChange={() => actor.send({ type: 'PICK_ADDRESS', index: i })} />
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
      {refused ? (
        <p className="form-error" role="alert">
          <Trans>We cannot deliver subscription boxes to this address. Please choose or add another one.</Trans>
        </p>
      ) : (
        <ErrorNote error={error} />
      )}
      <button type="button" className="link-button" onClick={() => services.popups.open('deliveryAddresses')}>
        {list.length === 0 ? <Trans>Add a delivery address</Trans> : <Trans>Add or edit delivery addresses</Trans>}
      </button>
      <div className="checkout-actions">
        <button type="button" className="button primary wide" disabled={!canContinue || saving} onClick={() => actor.send({ type: 'CONTINUE' })}>
          <Trans>Continue to payment</Trans>
        </button>
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'LEAVE' })}>
          <Trans>Back to the plans</Trans>
        </button>
      </div>
    </section>
  );
}

/** The plan chosen and, once worked out, what a cycle costs delivered to the selected address. */
function PlanSummary({ actor }: { actor: SubscribeActor }) {
  const pick = useBilingual();
  const plan = useSelector(actor, checkoutPlan);
  const totals = useSelector(actor, checkoutTotals);
  const couponError = useSelector(actor, subscribe.couponError);
  if (!plan) return null;
  return (
    <CheckoutSummary
      couponError={couponError}
      detail={totals?.orderDetail}
      note={<Trans>The first box is billed now; then each cycle renews on its own until you cancel. A coupon applies to the first box only.</Trans>}
    >
      <div className="subscription-checkout-plan">
        {plan.Image && <img src={plan.Image} alt="" width={72} height={72} className="subscription-checkout-image" />}
        <div>
          <p className="subscription-checkout-name">{pick(plan.Name)}</p>
          <p className="muted small">
            <Price amount={plan.Price} currency={plan.Currency} />{' '}
            {plan.Months === 1 ? <Trans>every month</Trans> : plan.Months === 12 ? <Trans>every year</Trans> : <Trans>every {plan.Months} months</Trans>}
          </p>
        </div>
      </div>
    </CheckoutSummary>
  );
}
